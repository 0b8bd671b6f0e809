"""Scenarios of host_tests/test_screen_fit.py, run under the MicroPython unix port: every
screen drawn with the worst cases (six seats, big hands and rows, two- and three-digit
numbers, the long round labels, both languages), each checked by simulator.fit (no glyph
off the panel or over another, no text cut, no 3x5 text). Each prints its faults as JSON:
[[where, fault...], ...]."""

import json

from simulator import fit
from simulator.driver import Driver

from lama.rng import SeededRng

NAMES = ["WMW", "MWM", "WWW", "MMM", "WMM", "MWW"]  # the widest letters, 3 a name
LIMIT = 40


def out(obj):
    print(json.dumps(obj))


def check(faults, tag, d):
    if len(faults) < LIMIT:
        f = fit.faults(d)
        if f:
            faults.append([tag] + f)


def set_language(d, language):
    d.app.settings.set("language", language)
    d.app.apply_settings()


def golden_scenes(language):
    """The game goldens' scenes (tools/simulator/game_golden.py) in one language."""
    from simulator import game_golden

    game_golden.LANGUAGE[0] = language
    faults = []
    for name, d in game_golden.scenes():
        d.wait(30)
        check(faults, name, d)
    out(faults)


def menu_screens(language):
    """The menu goldens' screens (tools/simulator/ui_golden.py), and each settings row,
    the statistics pages, the about screen, every page of the rules and of how to play."""
    from simulator import ui_golden

    faults = []
    for name, keys in ui_golden.SCREENS:
        d = Driver()
        set_language(d, language)
        d.keys(keys)
        check(faults, name, d)
    d = Driver()
    set_language(d, language)
    d.keys(ui_golden.TO_SETTINGS)
    for i in range(10):
        check(faults, "settings row %d" % i, d)
        d.keys("DOWN")
    for full in (False, True):
        d = Driver()
        set_language(d, language)
        if full:  # six players each, three-digit scores, ten best wins
            from lama import statistics

            st = d.saves.load_stats()
            seats = [(NAMES[i], None if i < 3 else "expert") for i in range(6)]
            for k in range(12):
                for g in (1, 2):
                    statistics.record_result(st, g, seats, [5 + k, 140, 99, 100, 7 + k, 120],
                                          12, [1, 0, 2, 0, 9, 0], 2 * k + g)
            d.saves.save_stats()
        d.keys("A,DOWN,DOWN,A")  # statistics
        for i in range(8):
            check(faults, "stats page %d%s" % (i, " full" if full else ""), d)
            d.keys("DOWN,DOWN")
            check(faults, "stats page %d%s scrolled" % (i, " full" if full else ""), d)
            d.keys("RIGHT")
    d.keys("A")
    check(faults, "stats reset?", d)
    d = Driver()
    set_language(d, language)
    d.keys("A,UP,UP,A")  # about
    check(faults, "about", d)
    from ui.screens.howto import HowToScreen
    from ui.screens.message import TextScreen
    from ui.text import lang

    for pages in ("HOWTO_DICE", "HOWTO_CARDS"):
        d = Driver()
        set_language(d, language)
        d.app.push(HowToScreen(d.app, pages))
        d.app.step()
        for i in range(len(getattr(lang.s, pages))):
            check(faults, "%s page %d" % (pages, i + 1), d)
            d.keys("RIGHT")
    for rules in ("RULES_DICE", "RULES_CARDS"):
        d = Driver()
        set_language(d, language)
        d.app.push(TextScreen(d.app, lambda s: s.M_RULES, lambda s, r=rules: getattr(s, r)))
        d.app.step()
        for i in range(40):
            check(faults, "%s line %d" % (rules, i), d)
            d.keys("DOWN")
    from ui.screens.message import ErrorScreen

    d = Driver()
    set_language(d, language)
    d.app.push(ErrorScreen(d.app, MemoryError("memory allocation failed, allocating 4096 bytes")))
    d.app.step()
    check(faults, "error", d)
    out(faults)


def big_round_end(game, n, language):
    """The round-end page of n seats with the biggest rows or hands, three-digit totals,
    a token given back by everyone, round 12 of 20, for each way a round ends; what A does
    is written in words at every seat count."""
    from lama import cards, dice
    from lama.score import Rules
    from lama.symbols import str_to_counts
    from ui.games.panel_round_end import RoundEndPanel

    faults = []
    mod = dice if game == 1 else cards
    rules = Rules()
    rules.rounds = 20
    st = mod.new_game(n, rules, 0, SeededRng(1))
    held = st.rows if game == 1 else st.hands
    for i in range(n):
        held[i][:] = str_to_counts("1112233445566LLL")
        st.scores[i] = 99
    st.round_no = 12
    d = Driver.in_game(game, NAMES[:n], [None] + ["cautious"] * (n - 1), seed=1, state=st,
                       language=language)
    scr = d.screen()
    for reason in ("empty", "bust", "row_taken", "quit"):
        for last in (False, True):
            d.session.last_round = ("round_end", 12, reason, [31] * n, [10] * n, [120] * n)
            d.session.result = ("game_end", [120] * n, [0]) if last else None
            scr.panels = [RoundEndPanel(scr)]
            tag = "round end %s %d seats%s" % (reason, n, " last" if last else "")
            check(faults, tag, d)
            from ui.text import lang

            words = lang.s.G_K_RESULT if last else lang.s.G_K_NEXT
            if not [r for r in d.drawn() if r[0] == "mid" and r[1] == words]:  # issue 50: not a lone "A"
                faults.append([tag, "what A does is not written: %r" % words])
    d.session.result = None
    scr.panels = []
    out(faults)


def round_end_cards_column(game, n):
    """Issue 50: the round end's cards column, a long hand among short ones: its head and
    rows; then every hand short."""
    from lama import cards, dice
    from lama.score import Rules
    from lama.symbols import str_to_counts
    from ui.games.panel_round_end import RoundEndPanel

    mod = dice if game == 1 else cards
    got = []
    for long_hand in (True, False):
        st = mod.new_game(n, Rules(), 0, SeededRng(1))
        held = st.rows if game == 1 else st.hands
        for i in range(n):
            held[i][:] = str_to_counts("1112233556LL" if long_hand and i == 1 else "1335L")
        d = Driver.in_game(game, NAMES[:n], [None] + ["cautious"] * (n - 1), seed=1, state=st)
        scr = d.screen()
        d.session.last_round = ("round_end", 1, "quit", [25] * n, [0] * n, [25] * n)
        scr.panels = [RoundEndPanel(scr)]
        recs = d.drawn()
        got.append([r[1] for r in recs if r[0] == "mid" and r[2] == 21])
    out(got)


def whole_game(game, n, language, seed):
    """A whole game through the screens, n seats (a person and computer players), each
    screen checked after every press; A hurries, so every kind of step shows."""
    from simulator.game_play import play

    faults = []
    bots = [None] + ["cautious", "expert", "random", "cautious", "expert"][: n - 1]
    d = Driver.in_game(game, NAMES[:n], bots, seed=seed, language=language)

    def look(dd, name):
        check(faults, "game %d, %d seats, after %s (round %d)" % (game, n, name, dd.session.round_no()), dd)

    play(d, on_press=look)
    check(faults, "game over", d)
    out(faults)


def notes_and_moves(game, n, language):
    """Every note (why a key did nothing) over the table and over each page, and the
    longest move lines (a bust bringing all seven kinds, a discard of all seven; the hint
    of a discard of three cards)."""
    from lama import cards, dice
    from ui.games.panel_curtain import CurtainPanel
    from ui.games.panel_game_over import GameOverPanel
    from ui.games.panel_hint import HintPanel
    from ui.games.panel_log import LogPanel
    from ui.games.panel_menu import MenuPanel
    from ui.games.panel_round_end import RoundEndPanel
    from ui.games.panel_table import TablePanel
    from ui.text import lang

    faults = []
    mod = dice if game == 1 else cards
    st = mod.new_game(n, None, 0, SeededRng(1))
    d = Driver.in_game(game, NAMES[:n], [None] + ["cautious"] * (n - 1), seed=1, state=st,
                       language=language)
    scr = d.screen()
    ses = d.session
    T = lang.s
    notes = [getattr(T, k) for k in dir(T) if k.startswith("G_NOTE_") or k.startswith("G_NO_")]
    ses.last_round = ("round_end", 12, "empty", [31] * n, [10] * n, [120] * n)
    ses.result = ("game_end", [120] * n, [0])
    pages = (None, RoundEndPanel(scr), GameOverPanel(scr), TablePanel(scr), LogPanel(scr),
             MenuPanel(scr), CurtainPanel(scr, 0), HintPanel(scr))
    for p in pages:
        scr.panels = [] if p is None else [p]
        for note in notes:
            scr.note_text = note
            check(faults, "note %r over %s" % (note, type(p).__name__), d)
            if type(p).__name__ in ("RoundEndPanel", "TablePanel"):  # every seat's row still there
                shown = [r[1] for r in fit.visible(d.drawn())]
                for name in NAMES[:n]:
                    if name not in shown:
                        faults.append(["note %r over %s hides %s" % (note, type(p).__name__, name)])
                        break
    scr.panels = []
    # issue 50: while the computer players move, a note goes on the footer's line
    due, mode = scr.due, scr.mode
    scr.due, scr.mode = d.now + 60000, 0  # (ui.games.base.M_WAIT)
    for note in notes:
        scr.note_text = note
        check(faults, "note %r over the table, play going on" % note, d)
    scr.due, scr.mode = due, mode
    scr.note_text = ""
    ses.result = None
    if game == 1:
        from ui.games import dice as D

        from ui.games.base import M_WAIT

        scr.mode = M_WAIT  # a computer player's bust, as after its dice stopped
        scr.actor = n - 1
        scr.bust = bytes([1] * 7)
        scr.bust_told()
        check(faults, "a bust of all seven kinds told", d)
        scr.show_events(n - 1, [("discard", n - 1, bytes([2] * 7))])
        check(faults, "a discard of all seven kinds", d)
        scr.roll = D.R_NONE
        hint = HintPanel(scr)  # the longest moves a hint names: three dice, three cards
        for counts in (bytes([1, 1, 1, 0, 0, 0, 0]), bytes([0, 0, 2, 0, 0, 1, 0])):
            hint.h = ((dice.DISCARD, counts), "discard", 17, 4)
            scr.panels = [hint]
            check(faults, "the hint: discard %s" % list(counts), d)
        scr.panels = []
    out(faults)


def event_pages(game, n, language):
    """Issue 50: each event's moment (ui/games/panel_event.py), its band open, six seats
    of the widest names, both languages; the move's line under it."""
    from ui.games.panel_event import EventPanel

    d = Driver.in_game(game, NAMES[:n], [None] + ["cautious"] * (n - 1), seed=1, language=language)
    scr = d.screen()
    scr.msg = "WMW " + "M" * 16
    faults = []
    for kind in ("bust", "llamas", "out", "round", "game_over"):
        p = EventPanel(scr, kind, NAMES[0])
        p.ms = 100000  # (held open to look at)
        p.start -= 50000
        scr.panels = [p]
        check(faults, "event %s" % kind, d)
    scr.panels = []
    out(faults)


def link_screens(language, shots=None):
    """A link game's screens (three consoles on one emulated line): the host's lobby and
    table setup, a joining console's wait, the tables on the host and a console, the
    host's page for a console gone, a console's note with its host lost, and the host's
    "Continue linked game?" at power-on. `shots`: a folder for a PNG of each."""
    from simulator.link_play import LinkTable

    t = LinkTable(3, "/tmp/fit-link", seed=4)
    for nd in t.nodes:
        set_language(nd.d, language)
    faults = []

    def look(tag, nd):
        check(faults, tag, nd.d)
        if shots:
            nd.d.shot("%s/%s_%d.png" % (shots, tag, language))

    host = t.host
    t.to_link_menu(host)
    look("link_menu", host)
    t.keys(host, ["A"])
    t.until(lambda: host.top_name() == "HostScreen")
    look("host_lobby_empty", host)
    t.join(t.nodes[1])
    t.run(1500)
    look("join_wait", t.nodes[1])
    t.join(t.nodes[2])
    t.run(1500)
    look("host_lobby", host)
    look("join_wait_two", t.nodes[2])
    t.keys(host, ["DOWN", "A"])
    t.until(lambda: host.top_name() == "LinkSetupScreen")
    t.keys(host, ["RIGHT"])  # four seats: a computer player too
    look("link_setup", host)
    t.keys(host, ["DOWN", "DOWN"])
    look("link_setup_seat", host)
    t.keys(host, ["UP", "UP", "UP", "A"])
    t.until(lambda: all(t.in_game(nd) for nd in t.nodes))
    for _ in range(40):
        for nd in t.nodes:
            if nd.idle():
                t.person_step(nd)
        t.run(25)
    look("console_table", t.nodes[1])
    look("host_table", host)
    t.unplug(1)
    t.run(3000)
    look("host_console_gone", host)
    t.replug(1)
    t.run(3000)
    t.power_cut_host()
    look("host_continue", t.host)
    look("console_host_lost", t.nodes[1])
    out(faults)
