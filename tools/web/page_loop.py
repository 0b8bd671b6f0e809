"""The page's entry (MicroPython WebAssembly): boots firmware/ on the browser board, one frame
per call of step(), which the page's timer makes (tools/web/console.js).

ui.start.load_board() builds the board from /board.py (tools/web/board.py) as on the device;
ui.boot.run(board, frames=0) does the device's boot (saved settings, "Continue the
game?", notices) and returns the App without running a frame; each step() then runs one
frame through App.run (which shows an error screen for a screen that raises), sends the
glass to the page when the panel received anything, and returns how long to wait."""

import page_watch
from page_parts import glass

_app = None
_board = None
_bytes_seen = -1


def start():
    """Boot; True when the app runs (False: ui.start.load_board printed why not)."""
    global _app, _board
    from ui.start import load_board

    _board = load_board()
    if _board is None:
        return False
    from ui import boot

    _app = boot.run(_board, frames=0)
    _app.wake_ms = 0  # the page's timer waits between frames, woken by no press
    return True


def press(button, down):
    """A key or on-screen button: level 0 while held, as a button to ground."""
    _board.page.pins[button].set(0 if down else 1)


def step():
    """One frame; returns the milliseconds to wait before the next one."""
    global _bytes_seen
    page = _board.page
    _app.run(1)
    page_watch.step(_app)
    bus = page.bus
    if bus.bytes != _bytes_seen:
        _bytes_seen = bus.bytes
        import lama_page

        panel = page.panel
        lama_page.show(glass(panel), panel.contrast if panel.lit() else -1)
    return page.time.take_wait()


def screen():
    """The class name of the screen on top, with that of its top panel if it has panels
    ("DiceScreen/GameOverPanel"): what the page's tests wait for."""
    top = _app.top()
    if top is None:
        return ""
    name = type(top).__name__
    panels = getattr(top, "panels", None)
    if panels:
        name += "/" + type(panels[-1]).__name__
    return name


def link_send(hex_bytes):
    """Tests: the bytes (hex) written through the board's link port, as the firmware does."""
    _board.link.write(bytes.fromhex(hex_bytes))


def link_heard():
    """Tests: what the board's link port heard since the last read, as hex."""
    return _board.link.read().hex()


def watch():
    """Tests: keep what the game screens draw from now on (tools/web/page_watch.py)."""
    page_watch.watch()


def seen():
    """Tests: what this tab drew and knew since the last call, as JSON (page_watch.seen)."""
    return page_watch.seen(_app)
