"""Indexes of the 8x8 icons in ui.draw.glyphs (draw them with ui.draw.gfx.icon(fb, icons.LLAMA, x, y))."""

from micropython import const


LLAMA = const(0)
