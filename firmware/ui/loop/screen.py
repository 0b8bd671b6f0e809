"""The base of every screen: handles button events, draws itself when dirty, may animate."""


class Screen:
    """A screen on the app's stack.

    - `handle(ev)`: one button event `(kind, button)` (hal.buttons constants). B's PRESS
      comes at once where `b_at_press()` (by default, unless the screen sets `wants_long`):
      B goes back, and held on it goes back to the menu. Where a short and a long press
      of B mean two things, B's PRESS then RELEASE arrive when B is let go (so that a long
      press is never also a short one). A long press of B goes back to the menu unless the
      screen sets `wants_long = True`, in which case it gets the LONG event.
    - `tick(now_ms)`: called once a frame while on top, for timed things (animations,
      computer players' pace); set `self.dirty = True` when the picture changes.
    - `draw(fb)`: draw the whole picture on a cleared 128x64 canvas.
    - `after_frame()`: called once a frame while on top, after the picture was shown:
      work that must not delay the answer to a press (the game screens save here).
    - `resting()`: True while nothing but a press can change the screen (no tick work due);
      the frame loop then runs fewer frames (a press still ends its sleep at once).
    - `enter()`: called each time the screen comes on top (pushed, or uncovered by a pop);
      `leave()`: called when it is taken off the stack (pop, replace, home).
    Screens change the stack through `self.app.push/pop/replace/home`."""

    wants_long = False

    def __init__(self, app):
        self.app = app
        self.dirty = True

    def b_at_press(self):
        """True when B acts at its press: a long B means nothing else here (the frame loop
        asks at each press of B)."""
        return not self.wants_long

    def b_pending(self):
        """B was pressed and it is not yet known whether the press is short or long (the
        screen is not b_at_press): work a short press would need may start."""

    def enter(self):
        pass

    def leave(self):
        pass

    def handle(self, ev):
        pass

    def tick(self, now_ms):
        pass

    def draw(self, fb):
        pass

    def after_frame(self):
        pass

    def resting(self):
        return True
