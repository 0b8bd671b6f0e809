"""Indexes of the 8x8 icons in ui.draw.glyphs (draw them with ui.draw.gfx.icon(fb, icons.LLAMA, x, y))."""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


LLAMA = const(0)
DIE1 = const(1)  # DIE1 + n - 1 is the face showing n (1..6)
DIE_LLAMA = const(7)
TOKEN_WHITE = const(8)  # 1 point
TOKEN_BLACK = const(9)  # 10 points
PERSON = const(10)
BOT = const(11)


def die(symbol):
    """The icon of a die face for symbol index 0..5 (numbers 1..6) or 6 (llama)."""
    return DIE_LLAMA if symbol >= 6 else DIE1 + symbol
