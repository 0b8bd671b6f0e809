"""Tests of the page (tools/web/link_game_check.mjs): what a tab's game screens drew and knew.

Off until watch() is called (the page's ordinary play keeps nothing). Then every hand the
L.L.A.M.A. screen draws (ui.games.cards' `grouped`, wrapped from the frame after its module
loads: what the first frame drew is not seen) is kept as it was drawn, and on a
host every hand its game held, seat by seat; seen() hands both over, with what a person may do
now (the tests' simple policy: A on the cursor's choice), this tab's seat and line id."""

import sys

_on = False
_drawn = []  # hands drawn since the last seen(), as hex, a repeat of the last one not kept
_held = {}  # seat -> hands the host's game held since the last seen(), as hex
_last = [None]
_wrappers = []


def watch():
    global _on
    _on = True


def _draw_kept(draw):
    def grouped(fb, hand, *rest):
        h = bytes(hand).hex()
        if h != _last[0]:
            _last[0] = h
            _drawn.append(h)
        return draw(fb, hand, *rest)

    _wrappers.append(grouped)  # (a function takes no attributes in MicroPython)
    return grouped


def step(app):
    """After each frame: the card screen's drawing wrapped (again, if its module was loaded
    anew), and a host's hands kept."""
    if not _on:
        return
    mod = sys.modules.get("ui.games.cards")
    if mod is not None and mod.grouped not in _wrappers:
        mod.grouped = _draw_kept(mod.grouped)
    ses = getattr(app.top(), "session", None)
    st = getattr(ses, "state", None)
    if st is None or not hasattr(st, "hands") or getattr(ses, "console", None) is not None:
        return
    for seat in range(len(st.hands)):
        h = bytes(st.hands[seat]).hex()
        got = _held.setdefault(str(seat), [])  # (JSON's keys are text)
        if h not in got:
            got.append(h)


def _own_seat(app, ses):
    console = getattr(ses, "console", None)
    if console is not None:
        return ses.own
    for i in range(ses.n()):
        if ses.here(i):
            return i
    return -1


def _todo(scr, ses):
    """What a person at this tab may do now: "turn" (a choice: A takes the cursor's),
    "ack", the name of the page on top, "wait" or ""."""
    panels = getattr(scr, "panels", None)
    if panels:
        return type(panels[-1]).__name__
    if getattr(scr, "mode", -1) == 2:  # M_ACK: A goes on
        return "ack"
    if getattr(scr, "due", None) is None and ses.person_to_act():
        return "turn"
    return "wait"


def seen(app):
    """The findings since the last call, as one JSON text."""
    import json

    global _drawn, _held
    scr = app.top()
    out = {"screen": type(scr).__name__ if scr is not None else "", "drawn": _drawn,
           "held": _held, "seat": -1, "todo": "", "scores": None, "cid": None}
    _drawn = []
    _held = {}
    link = getattr(app, "link", None)
    bus = getattr(link, "bus", None)
    if bus is not None:
        out["cid"] = getattr(bus, "console_id", None)
    if hasattr(link, "consoles"):  # a host: the consoles linked (and named)
        out["linked"] = len(link.consoles())
    if hasattr(link, "state"):  # a console: "searching", "linked" or "host lost"
        out["link"] = link.state()
    out["cursor"] = getattr(scr, "cursor", None)
    out["settings"] = [app.settings.get("rounds"), app.settings.get("speed")]
    if hasattr(scr, "n") and hasattr(scr, "kinds"):  # a setup: how many seats
        out["seats"] = scr.n
    ses = getattr(scr, "session", None)
    if ses is not None and hasattr(scr, "panels"):
        out["seat"] = _own_seat(app, ses)
        out["todo"] = _todo(scr, ses)
        out["turn"] = ses.state.turn
        if ses.result is not None:
            out["scores"] = list(ses.result[1])
    return json.dumps(out)
