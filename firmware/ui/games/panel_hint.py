"""The hint page: what the expert would do for the person to act, and why in a few words."""

from hal.buttons import A, B, PRESS
from ui.draw import gfx
from ui.games.hint import action_words, reasons, think_hint
from ui.games.panel import Panel
from ui.text import lang


class HintPanel(Panel):
    """What `expert` would do for the person to act, and why in a few words."""

    def __init__(self, screen):
        Panel.__init__(self, screen)
        reasons(screen.session)  # its words' module now, not in a frame of thought
        self.steps = think_hint(screen.session)
        self.h = None  # the hint once thought (False: nobody to hint)
        self.lines = None  # its move and its reason, in words, once thought (for table)
        self.table = None
        self.tick()

    def tick(self):
        """Think on (up to THINK_MS of the frame); True once the hint is ready (its words
        then made: thought while B is held, it shows at the release at once)."""
        if self.h is None:
            self.h = self.screen.think_for(self.steps.__next__)
            if self.h is not None:
                self.steps = None  # (the thinking's state, the expert's buffers: let go)
                self.worded()
            return self.h is not None
        return False

    def worded(self):
        """The hint's lines in the current language: the move, then up to four of its
        reason (None while it is thought; () when there is nobody to hint)."""
        T = lang.s
        if self.table is T or self.h is None:
            return self.lines
        self.table = T
        h = self.h
        if h is False:
            self.lines = ()
            return self.lines
        act = action_words(T, self.screen.session, h[0])
        line = T.G_HINT_EXPERT + " " + act
        if len(line) > gfx.MID_COLS:  # the whole move, without "Expert:", rather than cut
            line = act
        words = T.G_WHY[h[1]].replace("%s", "" if h[2] == 1 else "s")
        lang.drop("G_WHY")  # (all the reasons: about 1 KB, not kept once worded)
        words = words.replace("%u", "" if h[3] == 1 else "s")
        words = words.replace("%a", str(h[2])).replace("%b", str(h[3]))
        if len(h) > 4:  # a seat the reason names (what the expert inferred from its move)
            words = words.replace("%n", self.screen.session.name(h[4]))
        self.lines = [gfx.fit(line, gfx.MID_COLS)] + gfx.wrap(words, gfx.MID_COLS)[:4]
        return self.lines

    def draw(self, fb):
        T = lang.s
        gfx.header(fb, T.G_HINT)
        lines = self.worded()
        if lines is None:
            gfx.mid(fb, T.G_HINT_THINKING, 0, 16)
        elif not lines:
            gfx.text(fb, T.G_HINT_NONE, 0, 16)
        else:
            gfx.mid(fb, lines[0], 0, 11)
            fb.hline(0, 20, 128, 1)
            for i in range(1, len(lines)):
                gfx.mid(fb, lines[i], 0, 15 + 8 * i)
        gfx.footer(fb, T.G_K_HINT_BACK)

    def handle(self, ev):
        return ev[0] == PRESS and (ev[1] == A or ev[1] == B)
