"""Indexes of the 8x8 icons in ui.draw.glyphs (draw them with ui.draw.gfx.icon(fb, icons.LLAMA, x, y))."""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


LLAMA = const(0)
