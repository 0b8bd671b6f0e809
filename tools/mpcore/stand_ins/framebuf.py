"""Import-only stand-in for framebuf on the core-only build (tools/mpcore): lets ui and hal modules be imported to weigh their code; draws nothing."""

MONO_VLSB = 0
MONO_HLSB = 3
MONO_HMSB = 4


class FrameBuffer:
    """Holds the buffer and size; no drawing (the core build has no framebuf module)."""

    def __init__(self, buf, width, height, fmt, stride=None):
        self.buf = buf
        self.width = width
        self.height = height
