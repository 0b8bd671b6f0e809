"""The battery mark (title, main menu, a game's header): a cell with four bars, or a bolt while charging; nothing when no cell is fitted (the gauge is board.power.battery)."""

W = 12  # the mark's size: the cell 11x7 and its tip
H = 7
GAUGE = None  # hal.battery.Gauge of the board (ui.boot.make_app sets it), None: no mark


def mark(fb, x, y, limit=128, c=1):
    """The mark at (x, y) when a gauge reads and it fits left of `limit`; returns its width
    (0 when none was drawn)."""
    g = GAUGE
    if g is None or x + W > limit:
        return 0
    bars = g.bars()
    if bars is None:
        return 0
    fb.rect(x, y, W - 1, H, c)
    fb.vline(x + W - 1, y + 2, 3, c)
    if bars < 0:  # charging: a bolt
        fb.line(x + 6, y + 1, x + 4, y + 3, c)
        fb.hline(x + 4, y + 3, 3, c)
        fb.line(x + 6, y + 3, x + 4, y + 5, c)
        return W
    for i in range(bars):
        fb.vline(x + 2 + 2 * i, y + 2, 3, c)
    return W
