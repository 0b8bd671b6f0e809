"""Scenarios of the game screens, run under the MicroPython unix port on the emulated board
by host_tests/test_game_*.py; each returns a dict the test asserts on (printed as JSON)."""

import json
import sys

from simulator.driver import Driver, find_text
from simulator.game_play import BOT_STEPS, engine_game, play

from lama import codec, codec_read
from lama.rng import SeededRng
from lama.seats import of
from ui.loop.screen import Screen
from ui.text import lang

NAMES = ["ANA", "BOB", "CAT", "DAN", "EVE", "FOX"]


def out(obj):
    print(json.dumps(obj))


def full_game(game, bots, seed, speed=True):
    """A whole game through the screens; what the panel showed at each kind of step."""
    d = Driver.in_game(game, NAMES[: len(bots)], bots, seed=seed)
    seen = {}
    texts = {}
    vt = d.emu.time

    def shots(dd, tag):
        seen[tag] = seen.get(tag, 0) + 1
        img = dd.image()
        scr = dd.screen()
        if tag == "person" and game == 1:
            from ui.games import dice as D

            if scr.mode == D.M_TURN and "person" not in texts:
                texts["person"] = find_text(img, "Roll", inverted=scr.opt == 0) is not None
            elif scr.mode == D.M_DISCARD and "discard" not in texts:
                texts["discard"] = dd.says("Discard " + str(sum(scr.sel)))
            elif scr.mode == D.M_TAKE and "take" not in texts:
                texts["take"] = dd.says("Take")
        elif tag == "person" and "person" not in texts:
            pile = str(len(dd.session.state.pile))
            texts["person"] = dd.says("Pile " + pile)
        elif tag == "round_end" and "round_end" not in texts:
            texts["round_end"] = dd.says("R" + str(dd.session.round_no()) + ": ")
        elif tag == "game_over":
            texts["game_over"] = find_text(img, "Game over") is not None
        elif tag == "curtain":
            texts["curtain"] = find_text(img, "Pass the device") is not None
            # the next person's name, big: nothing of the previous hand is on screen
            texts["curtain_no_hand"] = not dd.says("HAND HIDDEN", ("mid", "small"))
        elif tag == "wait" and game == 2 and dd.session.people() >= 2:
            # while computer players move, no hand is on screen but that of the person
            # who last passed the curtain (and only when they are the next to play)
            hs = scr.hand_seat()
            if hs < 0:
                ok = dd.says("HAND HIDDEN")
            else:
                ok = hs == scr.shown_seat and hs == dd.session.state.turn
            texts["hidden"] = texts.get("hidden", True) and ok

    t0 = vt.now
    play(d, speed=speed, shots=shots)
    res = d.session.result
    sc, win, acts = engine_game(game, bots, seed)
    out({"ui": res[1], "ui_win": res[2], "eng": sc, "eng_win": win,
         "same": d.session.record == acts, "seen": seen, "texts": texts,
         "vms": vt.now - t0, "bot_steps": BOT_STEPS[0]})


def dice_illegal(seed):
    """Inputs that mean nothing, and an empty discard: the state does not change."""
    from lama import dice
    from ui.games import dice as D

    d = Driver.in_game(1, NAMES[:3], [None, "cautious", "cautious"], seed=seed)
    ses = d.session
    res = {}
    before = codec.encode(ses.state)
    d.press("DOWN")  # the table of every player
    res["turn_table"] = d.says("Name") and d.says("Pts")
    d.press("DOWN")  # back to the table of the game
    res["turn_unchanged"] = codec.encode(ses.state) == before and not d.screen().panels
    # roll until a discard choice comes up on a person's turn (skip the others)
    for _ in range(400):
        scr = d.screen()
        if scr.mode == D.M_DISCARD:
            break
        if scr.panels:
            d.press("A")
        elif ses.person_to_act() and scr.mode == D.M_TURN:
            if scr.opt:
                d.press("LEFT")
            d.press("A")
        else:
            d.press("A")
    scr = d.screen()
    res["discard"] = scr.mode == D.M_DISCARD
    before = codec.encode(ses.state)
    for s in range(7):  # DOWN held on every column: at least one card stays chosen
        if scr.allowed[s]:
            while scr.cursor != s:
                d.press("RIGHT")
            for _ in range(scr.allowed[s] + 1):
                d.press("DOWN")
    res["empty_unchanged"] = codec.encode(ses.state) == before
    res["empty_phase"] = ses.state.phase == dice.CHOOSE_DISCARD
    res["empty_note"] = d.says("AT LEAST ONE CARD")
    res["still_chosen"] = sum(scr.sel)  # a held DOWN never leaves nothing chosen
    d.press("A")
    res["then_ok"] = ses.state.phase != dice.CHOOSE_DISCARD
    out(res)


def dice_alone(seed):
    """D12: alone in the round, the screen says a miss now busts."""
    from lama import dice

    rng = SeededRng(seed)
    st = dice.new_game(2, None, 1, rng)
    dice.apply(st, (dice.QUIT,), rng)
    d = Driver.in_game(1, NAMES[:2], [None, "cautious"], seed=seed, state=st)
    out({"alone": d.says("ALONE: A MISS BUSTS")})


def cards_no_draw(seed):
    """C5 and C7: drawing shown unavailable with the reason; trying it changes nothing."""
    from lama import cards

    res = {}
    # C7: the other player has quit
    rng = SeededRng(seed)
    st = cards.new_game(2, None, 1, rng)
    cards.apply(st, (cards.QUIT,), rng)
    d = Driver.in_game(2, NAMES[:2], [None, "cautious"], seed=seed, state=st)
    scr = d.screen()
    while scr.items[scr.cursor] != -1:
        d.press("RIGHT")
    res["alone_reason"] = d.says("ALONE: NO DRAWING")
    before = codec.encode(d.session.state)
    d.press("A")
    res["alone_unchanged"] = codec.encode(d.session.state) == before
    res["alone_note"] = d.says("ALONE: NO DRAWING")
    # C5: the pile is empty (everyone drew it empty)
    for first in (0, 1):
        rng = SeededRng(seed)
        st = cards.new_game(2, None, first, rng)
        while st.pile:
            cards.apply(st, (cards.DRAW,), rng)
        if st.turn == 0:
            break
    d = Driver.in_game(2, NAMES[:2], [None, "cautious"], seed=seed, state=st)
    if d.session.person_to_act():
        scr = d.screen()
        while scr.items[scr.cursor] != -1:
            d.press("RIGHT")
        before = codec.encode(d.session.state)
        d.press("A")
        res["empty_unchanged"] = codec.encode(d.session.state) == before
        res["empty_note"] = d.says("PILE EMPTY: NO DRAW")
        d.press("DOWN")  # the table of every player, then back
        res["up_note"] = d.says("Name")
        d.press("DOWN")
        res["up_unchanged"] = codec.encode(d.session.state) == before and not d.screen().panels
    out(res)


def menu_and_hint(game, seed):
    """Long press of B: the in-game menu, the scoreboard, the hint, quit to menu (asks)."""
    d = Driver.in_game(game, NAMES[:3], [None, "cautious", "expert"], seed=seed)
    d.app.stack.insert(0, Screen(d.app))  # a stand-in for the main menu below the game
    ses = d.session
    res = {}
    before = codec.encode(ses.state)
    d.press("B")  # short: the hint
    img = d.image()
    res["hint"] = d.says("Expert:")
    from ui.text import lang

    res["reasons_kept"] = "G_WHY" in lang.s._memo  # (all of them: let go once worded)
    res["thinking_kept"] = d.screen().panels[-1].steps is not None  # (once the hint is out)
    d.press("A")
    d.press("B", 700)  # long: the menu
    img = d.image()
    res["menu"] = find_text(img, "Game menu") is not None
    d.press("DOWN")
    d.press("A")
    res["scores"] = d.says("Table R1")
    d.press("B")
    res["back_to_table"] = not d.screen().panels
    d.press("B", 700)
    for _ in range(7):
        d.press("DOWN")
    d.press("A")
    res["confirm"] = d.says("Abandon this")
    d.press("B")  # no
    res["still_menu"] = find_text(d.image(), "Game menu") is not None
    res["unchanged"] = codec.encode(ses.state) == before
    d.press("A")
    d.press("A")  # yes
    res["home"] = d.app.top() is d.app.stack[0] and len(d.app.stack) == 1
    out(res)


def tie_game_over():
    """S5: equal lowest scores share the win on the game-over page."""
    from ui.games.panel_game_over import GameOverPanel

    d = Driver.in_game(1, NAMES[:3], [None, "cautious", "cautious"], seed=1)
    scr = d.screen()
    d.session.result = ("game_end", [12, 12, 41], [0, 1])
    scr.push_panel(GameOverPanel(scr))
    d.wait(30)
    res = {"share": d.says("1.ANA") and d.says("1.BOB") and d.says("3.CAT")}
    res["place"] = d.says("You placed 1st of 3")
    d = Driver.in_game(1, NAMES[:3], [None, None, "cautious"], seed=1)  # two people: who won
    scr = d.screen()
    d.session.result = ("game_end", [12, 12, 41], [0, 1])
    scr.push_panel(GameOverPanel(scr))
    d.wait(30)
    res["people"] = d.says("SHARE THE WIN")
    out(res)


def resumed(game, seed, cut):
    """Save after every action; stop after `cut` actions, resume from the saved bytes in a
    new session: the game ends exactly as the uninterrupted one."""
    bots = [None, "cautious", "random"]
    d = Driver.in_game(game, NAMES[:3], bots, seed=seed)
    saved = []

    def on_press(dd, name):
        if len(dd.session.record) >= cut and not saved:
            s = dd.session
            saved.append((codec.encode(s.state), s.rng.state, s.bot_rng.state,
                          len(s.record)))

    try:
        play(d, on_press=on_press, max_presses=cut * 4 + 50)
    except RuntimeError:
        pass
    data, r1, r2, done = saved[0]
    st = codec_read.decode(data)
    d2 = Driver.in_game(game, NAMES[:3], bots, seed=seed, state=st)
    d2.session.rng.state = r1
    d2.session.bot_rng.state = r2
    play(d2)
    sc, win, acts = engine_game(game, bots, seed)
    out({"ui": d2.session.result[1], "eng": sc, "rest_same": d2.session.record == acts[done:]})


def _wipe(path):
    import os

    try:
        names = os.listdir(path)
    except OSError:
        os.mkdir(path)
        return
    for n in names:
        os.remove(path + "/" + n)


def saved_and_resumed(game, seed, cut, data_dir):
    """Through ui.model.saves: every action saved; after `cut` actions the device 'loses power'
    (everything dropped), boots, loads the saved game and resumes it on a new screen; the
    game ends as the uninterrupted one. At game over the save is gone."""
    from ui.games.launch import resume
    from ui.model.saves import Saves
    from ui.model.saves_menu import SavedGames, reset_stats  # noqa: F401

    _wipe(data_dir)
    bots = [None, "cautious", "random"]
    d = Driver.in_game(game, NAMES[:3], bots, seed=seed, store=Saves(data_dir), data_dir=data_dir)
    try:
        play(d, max_presses=cut)
    except RuntimeError:
        pass
    done = len(d.session.record)
    d = None
    got = SavedGames(Saves(data_dir)).load()
    state, seats, rngs = got
    d2 = Driver.in_game(game, NAMES[:3], bots, seed=seed, data_dir=data_dir)
    d2.app.game_store = Saves(data_dir)
    resume(d2.app, state, seats, rngs)
    import sys

    reader_kept = "ui.model.saved_log_read" in sys.modules  # (read once at Continue)
    d2.session = d2.app.top().session
    d2.session.record = []
    play(d2)
    sc, win, acts = engine_game(game, bots, seed)
    left = SavedGames(Saves(data_dir)).load()
    out({"ui": d2.session.result[1], "eng": sc, "seats": [list(s) for s in seats],
         "rest_same": d2.session.record == acts[done:], "done": done,
         "cleared": left is None, "reader_kept": reader_kept})


def rematch(game, seed):
    """Game over: A on Rematch starts a new game with the same seats; Menu goes home."""
    bots = [None, "cautious", "random"]
    d = Driver.in_game(game, NAMES[:3], bots, seed=seed)
    d.app.stack.insert(0, Screen(d.app))
    play(d)
    old = d.screen()
    res0 = old.panels[-1].choice == 1  # Menu preselected: a stray A starts no new game
    import sys

    info = old.session.game.info
    gone = not any(n in sys.modules for n in [info.bots] + list(info.experts))
    d.press("LEFT")
    d.press("A")
    new = d.app.top()
    s2 = new.session
    res = {"new_screen": new is not old and type(new) is type(old),
           "same_seats": s2.seats == [of(x) for x in zip(NAMES[:3], bots)],
           "fresh": s2.state.scores == [0, 0, 0] and s2.state.round_no == 1,
           "menu_first": res0, "bots_gone_at_game_over": gone,
           "bots_back": s2.game.bots is not None and info.bots in sys.modules}
    d.session = s2
    play(d)
    d.press("A")
    res["menu"] = len(d.app.stack) == 1
    out(res)


def round_end_keys(game, seed):
    """The round-end page: a key that means nothing says to press A and changes nothing;
    A deals the next round."""
    from lama.score import Rules
    from ui.games.launch import load
    from ui.games.session import choose_bot

    loaded = load(game)
    mod, table = loaded.mod, loaded.bots
    rng = SeededRng(seed)
    st = mod.new_game(3, Rules(), 0, rng)
    while st.phase != mod.ROUND_OVER:
        if st.phase == mod.GAME_OVER:
            st = mod.new_game(3, Rules(), 0, rng)
        fn = choose_bot(table, "cautious")
        mod.apply(st, fn(mod.view(st, st.turn), mod.legal_actions(st), rng), rng)
    d = Driver.in_game(game, NAMES[:3], [None, "cautious", "cautious"], seed=seed, state=st)
    scr = d.screen()
    res = {"page": bool(scr.panels) and type(scr.panels[-1]).__name__ == "RoundEndPanel"}
    before = codec.encode(d.session.state)
    d.press("LEFT")
    res["note"] = d.says("PRESS A TO GO ON")
    res["unchanged"] = codec.encode(d.session.state) == before and bool(scr.panels)
    rnd = d.session.round_no()
    d.press("A")
    res["next_round"] = d.session.round_no() == rnd + 1 and d.session.in_play()
    out(res)


def fuzz_keys(game, seed, presses):
    """Random buttons, short, long and held, through a game with two people (until a
    rematch): nothing raises, the state reached decodes (a state the rules allow), and
    the actions the screens applied replay on the bare engine to the same state."""
    from lama.score import Rules
    from ui.games.base import GameScreen
    from ui.games.launch import load

    rng = SeededRng(seed)
    bots = [None, "cautious", None, "random"]
    d = Driver.in_game(game, NAMES[:4], bots, seed=seed)
    kind = type(d.screen())
    d.app.stack.insert(0, Screen(d.app))
    names = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")
    for _ in range(presses):
        top = d.app.top()
        if not isinstance(top, GameScreen):
            d.app.push(kind(d.app, d.session))  # it quit to the menu: back to the game
        elif top.session is not d.session:
            break  # a rematch: the first game is over
        d.press(names[rng.randbelow(6)], (30, 90, 700)[rng.randbelow(3)])
        if rng.randbelow(4) == 0:
            d.wait(rng.randbelow(1500))
    st = d.session.state
    ok = codec.encode(codec_read.decode(codec.encode(st))) == codec.encode(st)
    mod = load(game).mod
    r = SeededRng(seed)
    replay = mod.new_game(4, Rules(), 0, r)
    for a in d.session.record:
        mod.apply(replay, a, r)
    out({"ok": ok, "actions": len(d.session.record),
         "replay": codec.encode(replay) == codec.encode(st)})


def dice_shown_are_the_actors(seed):
    """The dice in the header are always those of the player the table shows: after one
    computer player's roll, the next one's quit does not show them as its own."""
    from ui.games import dice as D

    d = Driver.in_game(1, NAMES[:4], [None, "cautious", "random", "cautious"], seed=seed)
    ses = d.session
    roller = [-1]
    act = ses.act

    def spy(a):
        seat = ses.state.turn
        ev = act(a)
        if ev and ev[0][0] == "roll":
            roller[0] = seat
        return ev

    ses.act = spy
    bad = []
    checked = [0]

    step = d.app.step

    def look():  # after every frame
        step()
        scr = d.screen()
        if not scr.panels and scr.roll != D.R_NONE and scr.mode != D.M_ANIM:
            checked[0] += 1
            if roller[0] != scr.active():
                bad.append((roller[0], scr.active(), scr.msg))

    d.app.step = look
    play(d, speed=False, max_presses=3000)
    out({"bad": bad[:3], "checked": checked[0]})


def curtain_keys(seed):
    """On the pass-the-device curtain only A goes on; other keys (a long B too) say so."""

    d = Driver.in_game(2, NAMES[:3], [None, None, "cautious"], seed=seed)
    res = {"curtain": type(d.screen().panels[-1]).__name__ == "CurtainPanel"}
    d.press("B")
    res["b_note"] = d.says("PRESS A TO GO ON")
    d.press("B", 700)
    res["long_b_note"] = d.says("PRESS A TO GO ON")
    res["still_curtain"] = type(d.screen().panels[-1]).__name__ == "CurtainPanel"
    d.press("A")
    res["gone"] = not d.screen().panels
    out(res)


def speed_noted(d):
    """The note "A: SPEED UP" is up, shown as the footer's "A:SPEED UP" lit (issue 50: it
    was also written on the move's line), its words drawn once."""
    T = lang.s
    keys = [(x, y) for f, t, x, y in d.drawn() if f == "mid" and t == T.G_K_SPEED]
    img = d.image()
    lit = [1 for x, y in keys if img[(y >> 3) * 128 + x - 1] >> (y & 7) & 1]  # on a lit bar
    return (d.screen().note_text == T.G_NOTE_SPEED and len(keys) == 1 and bool(lit)
            and not d.says(T.G_NOTE_SPEED))


def hint_during_own_roll(seed):
    """B while the person's own dice roll: not "not your turn", but how to hurry it."""
    d = Driver.in_game(1, NAMES[:2], [None, "cautious"], seed=seed)
    d.press("A")  # roll: the dice animation starts
    d.emu.buttons.press(5, 40)  # B, without waiting for the animation to end
    d.run_until(d.now + 60)
    out({"speed": speed_noted(d), "not_wait": not d.says("NOT YOUR TURN")})


def small_allowed(T):
    """The texts the game screens may draw in the 3x5 font: the scroll marks only (keys,
    heads and labels are read too: issue 27)."""
    return ["↑", "↓", "↑↓"]


def followed_game(game, bots, seed):
    """A whole game through the screens, waiting out every step (no A to hurry), each frame
    checked through the drawing kit: nothing small but keys and labels; while the dice
    spin, the roller's row and score as before the roll and no word of the outcome; a bust
    told as the dice that missed, then the cards it brings; the last-move line."""
    from ui.games import dice as D
    from ui.text import lang
    from ui.games.pieces import COUNT_DY, MSG_Y

    T = lang.s
    d = Driver.in_game(game, NAMES[: len(bots)], bots, seed=seed)
    ses = d.session
    allowed = small_allowed(T)
    res = {"frames": 0, "small_bad": [], "spoilers": [], "anim_frames": 0, "busts": 0,
           "bust_told": 0, "bust_bad": [], "last_move": 0, "last_move_bad": []}
    pre = [None]  # the roller's (row, score) before the action
    act = ses.act

    def spy(a):
        st = ses.state
        if game == 1:
            pre[0] = (list(st.rows[st.turn]), st.scores[st.turn])
        return act(a)

    ses.act = spy
    step = d.app.step
    outcome = (T.G_BUSTS, T.G_THREE_LLAMAS, T.G_ROLLED, T.G_TAKES)
    stage = {"seen_bust": False}

    def look():
        step()
        scr = d.screen()
        recs = d.drawn()
        res["frames"] += 1
        for font, text, _x, _y in recs:
            if font == "small" and text not in allowed:
                if len(res["small_bad"]) < 5:
                    res["small_bad"].append(text)
        if scr.panels or game != 1:
            return
        if scr.mode == D.M_ANIM:
            res["anim_frames"] += 1
            counts = [int(t) for f, t, x, y in recs if f == "8x8" and y == D.ROW_Y + COUNT_DY and x < 84]
            held = [n for n in pre[0][0] if n]
            texts = [t for f, t, x, y in recs]
            if counts != held or str(pre[0][1]) not in texts:
                res["spoilers"].append(["row", counts, held])
            for t in texts:
                for w in outcome:
                    if w in t:
                        res["spoilers"].append(t)
        line = [t for f, t, x, y in recs if y == MSG_Y and f == "mid"]
        if scr.mode in (D.M_WAIT, D.M_ACK) and T.G_BUSTS in scr.msg and not stage["seen_bust"]:
            stage["seen_bust"] = True
            res["busts"] += 1
            counts = [int(t) for f, t, x, y in recs if f == "8x8" and y == D.ROW_Y + COUNT_DY and x < 84]
            if counts != [n for n in pre[0][0] if n] or scr.roll == D.R_HITS:
                res["bust_bad"].append("row or dice changed with the miss")
        elif stage["seen_bust"] and T.G_TAKES in scr.msg and scr.roll == D.R_TOLD:
            stage["seen_bust"] = False
            res["bust_told"] += 1
            st = ses.state
            counts = [int(t) for f, t, x, y in recs if f == "8x8" and y == D.ROW_Y + COUNT_DY and x < 84]
            if counts != [n for n in st.rows[scr.actor] if n]:
                res["bust_bad"].append("the cards brought are not in the row")
        if scr.mode == D.M_TURN and scr.log and sum(ses.state.quit) < ses.n() - 1:
            res["last_move"] += 1
            if line != [scr.log[-1][:21]] and not scr.note_text:
                res["last_move_bad"].append([line, scr.log[-1]])

    d.app.step = look
    play(d, speed=False)
    d.app.step = step
    res["spoilers"] = res["spoilers"][:5]
    res["bust_bad"] = res["bust_bad"][:5]
    res["last_move_bad"] = res["last_move_bad"][:5]
    res["over"] = ses.result is not None
    out(res)


def save_leave_resume(game, seed, moves):
    """Game menu, Save and leave after `moves` actions: the menu is home, the save is kept;
    a new app's "Continue the game?" (A) resumes the very same state and seats."""
    import os

    from ui.screens.resume import ContinueScreen
    from ui.model.saves import Saves
    from ui.model.saves_menu import SavedGames, reset_stats  # noqa: F401

    data_dir = "/tmp/game-save-leave-%d" % game
    if _exists(data_dir):
        for f in os.listdir(data_dir):
            os.remove(data_dir + "/" + f)
    bots = [None, "cautious", "expert"]
    d = Driver.in_game(game, NAMES[:3], bots, seed=seed, store=Saves(data_dir), data_dir=data_dir)
    d.app.stack.insert(0, Screen(d.app))  # a stand-in for the main menu below the game
    ses = d.session
    while len(ses.record) < moves or not ses.person_to_act() or d.screen().panels:
        d.press("A")
    d.press("B", 700)  # the game menu
    menu = d.screen().panels[-1]
    while menu.items()[menu.cursor] != menu.items()[6]:
        d.press("DOWN")
    res = {"label": menu.items()[menu.cursor]}
    before = codec.encode(ses.state)
    res["moves"] = list(d.screen().log)
    res["last"] = d.screen().msg
    d.press("A")
    res["home"] = len(d.app.stack) == 1
    saved = SavedGames(Saves(data_dir)).load()
    res["kept"] = saved is not None
    # a new app on the same console's flash (not a game dealt there: since issue 53 a new
    # game is saved at its first frame, and would replace the saved one and its moves)
    d2 = Driver(seed=seed + 1, data_dir=data_dir, fresh=False)
    d2.app.stack = [Screen(d2.app)]
    d2.app.push(ContinueScreen(d2.app, [saved]))
    d2.press("A")
    top = d2.app.top()
    res["same_state"] = codec.encode(top.session.state) == before
    res["same_seats"] = top.session.seats == [of(x) for x in zip(NAMES[:3], bots)]
    res["resumed_shows"] = d2.says(NAMES[top.session.state.turn])
    res["log"] = list(top.log)  # the moves before the save, then where it resumed (issue 50)
    res["resumed_last"] = top.msg
    out(res)


def _exists(path):
    import os

    try:
        os.stat(path)
        return True
    except OSError:
        return False


def bot_pace(game, speed, quit_first):
    """Virtual ms from the person's first move until it is their turn again (or the round
    ends), waiting without A, at computer-player speed `speed`. `quit_first`: the person
    quits at once (the rest of the round then plays at once, whatever the speed)."""
    from ui.games.base import M_ACK, GameScreen

    d = Driver.in_game(game, NAMES[:4], [None, "cautious", "cautious", "cautious"], seed=11)
    d.app.settings.set("speed", speed)
    scr = d.screen()
    assert isinstance(scr, GameScreen)
    while scr.panels:
        d.press("A")
    if quit_first:
        while scr.items[scr.cursor] != -2 if game == 2 else scr.opt != 1:
            d.press("RIGHT")
    t0 = d.now
    moves = len(d.session.record)
    d.press("A")  # roll (or play the first card) / quit
    ses = d.session

    def turn_again():
        return ses.person_to_act() and scr.due is None and (game == 2 or ses.state.phase == 0)

    while not scr.panels and not turn_again():
        if scr.mode == M_ACK or (ses.person_to_act() and scr.due is None):
            d.press("A")  # what the roll did, or a discard or take choice: as proposed
        d.wait(10)
    out({"ms": d.now - t0, "moves": len(d.session.record) - moves,
         "round_over": bool(scr.panels)})


def high_score_notice(game, seed):
    """A whole game with a fresh store: the game-over page says "new high score" exactly
    when the person won (an empty table takes any win), with the person's place."""
    import os

    from ui.model.saves import Saves
    from ui.model.saves_menu import SavedGames, reset_stats  # noqa: F401
    from ui.text import lang

    data_dir = "/tmp/game-high-%d-%d" % (game, seed)
    if _exists(data_dir):
        for f in os.listdir(data_dir):
            os.remove(data_dir + "/" + f)
    d = Driver.in_game(game, NAMES[:3], [None, "random", "random"], seed=seed, store=Saves(data_dir),
               data_dir=data_dir)
    play(d)
    res = d.session.result
    T = lang.s
    readers = [m for m in ("lama.statistics", "lama.codec_read") if m in sys.modules]
    out({"person_won": 0 in res[2], "notice": d.says(T.G_NEW_HIGH),
         "place": d.says(T.G_YOU_PLACED.split(" %p")[0]), "readers": readers,
         "counted": d.session.store.load_stats().game(game).games})


def thinking_cue(seed, ms_a_reading):
    """Four card experts through the screens at the instant speed, on a clock that moves
    `ms_a_reading` ms at each reading (a slow device: thinking spans frames): whether some frame said "NAME
    THINKS..." for the seat to move, with that seat shown as the active one, whether
    every such frame was followed by that seat's move, and the actions of the first round."""
    from ui.games.base import GameScreen

    d = Driver.in_game(2, NAMES[:4], ["expert"] * 4, seed=seed)
    d.app.settings.set("speed", 3)  # instant: no wait to think ahead in
    scr = d.screen()
    assert isinstance(scr, GameScreen)
    t = d.emu.time

    def moving():
        t.now += ms_a_reading
        return t.now

    if ms_a_reading:
        d.app.clock.ticks_ms = moving
    ses = d.session
    cues = 0
    right_seat = True
    waiting = None  # the seat said to be thinking, until its move is recorded
    moves = 0
    for _ in range(20000):
        if scr.panels:  # the round is over
            break
        d.app.step()
        if waiting is not None and len(ses.record) > moves:
            waiting = None
        if d.says(NAMES[ses.state.turn] + " THINKS..."):
            cues += 1
            right_seat = right_seat and scr.active() == ses.state.turn and scr.thinking
            if waiting is None:
                waiting, moves = ses.state.turn, len(ses.record)
        t.advance(1)
    out({"cues": cues, "right_seat": right_seat, "moved": waiting is None and bool(scr.panels),
         "actions": [list(a) for a in ses.record]})


def honest_bust():
    """A person's roll that busts, frame by frame (issue 27): until the outcome is told,
    the table shows the roller's row, their count in the CARDS column and their score as
    before the roll; then the cards the bust brought. Returns what each frame showed."""
    from lama import dice
    from ui.games import dice as D
    from ui.games.base import M_ACK
    from ui.games.pieces import COUNT_DY

    from simulator.game_golden import dice_state

    for seed in range(1, 400):
        st = dice_state(["2", "1334L", "6"], "6", scores=[15, 9, 20])
        d = Driver.in_game(1, NAMES[:3], [None, "cautious", "cautious"], seed=seed, state=st)
        ses = d.session
        before = {"row": [1], "held": "1", "score": "15"}
        frames = []
        got = []
        act = ses.act

        def spy(a, act=act, got=got):
            ev = act(a)
            got.extend([e[0] for e in ev])
            return ev

        ses.act = spy

        def look(d=d, frames=frames):
            scr = d.screen()
            recs = d.drawn()
            row = [int(t) for f, t, x, y in recs if f == "8x8" and y == D.ROW_Y + COUNT_DY and x < 84]
            held = [t for f, t, x, y in recs if f == "mid" and y == D.ROW_Y + 7 and x > D.PANEL_X + 20]
            score = [t for f, t, x, y in recs if f == "mid" and y == 2 and x > 20 and t.isdigit()]
            frames.append({"mode": scr.mode, "roll": scr.roll, "row": row, "held": held[:1],
                           "score": score[:1], "msg": scr.msg})

        d.press("A", hold_ms=20, gap_ms=0)  # roll: every frame from here on is looked at
        for _ in range(200):
            d.app.step()
            look()
            scr = d.screen()
            if scr.mode == M_ACK and scr.roll == D.R_BUST:
                break
        if "bust" not in got:
            continue
        while d.app._soon is not None or d.screen().panels:  # the bust's moment (issue 50) first
            d.run(20)
        d.press("A", hold_ms=20, gap_ms=0)  # what the bust brought
        d.app.step()
        look()
        out({"seed": seed, "before": before, "frames": frames, "spin": D.M_ANIM,
             "told": D.R_TOLD, "after_row": [n for n in ses.state.rows[0] if n],
             "after_held": str(sum(ses.state.rows[0])), "phase_over": ses.state.phase != dice.TURN})
        return
    out({"seed": None})


def moves_since(game, seed):
    """At a person's turn after the others moved, UP shows the move log from the first
    move after the person's own last one; A goes back; DOWN shows the table, which says
    how to go back."""

    d = Driver.in_game(game, NAMES[:4], [None, "cautious", "cautious", "cautious"], seed=seed)
    ses = d.session
    scr = d.screen()
    while scr.panels:
        d.press("A")
    mine = []
    act = ses.act

    def spy(a):
        seat = ses.state.turn
        ev = act(a)
        if ses.bot(seat) is None:
            mine.append(len(scr.log))
        return ev

    ses.act = spy
    for _ in range(200):  # the person's moves (as proposed) until the others have moved
        d.press("A")
        if scr.panels:
            d.press("A")
            continue
        if mine and ses.person_to_act() and scr.due is None and len(scr.log) > mine[-1] + 1:
            from ui.games.base import M_TURN

            if scr.mode == M_TURN:
                break
    log = list(scr.log)
    d.press("UP")
    p = scr.panels[-1] if scr.panels else None
    res = {"log_panel": type(p).__name__ == "LogPanel", "top": p.top if p else None,
           "mark": scr.marks[0], "since": log[scr.marks[0]:],
           "shown_first": d.says(log[min(scr.marks[0], max(0, len(log) - 5))])}
    d.press("A")
    res["back"] = not scr.panels
    d.press("DOWN")
    res["table"] = bool(scr.panels) and type(scr.panels[-1]).__name__ == "TablePanel"
    res["table_says_back"] = d.says("A/B:BACK")  # four rows: room for how to go back
    out(res)


def table_says_back(n):
    """The table page (DOWN) with n seats says how to go back (six: on its title's line)."""
    d = Driver.in_game(2, NAMES[:n], [None] + ["cautious"] * (n - 1), seed=1)
    while d.screen().panels:
        d.press("A")
    d.press("DOWN")
    out({"back": d.says("A/B:BACK")})


def note_gone_at_round_end(seed):
    """A key that did nothing during the computer player's moves left a note; the round-end
    page that follows shows its own title, not that note."""

    d = Driver.in_game(1, NAMES[:2], [None, "cautious"], seed=seed)
    d.press("RIGHT")
    d.press("A")  # the person quits: the computer player plays the round out
    noted = False
    for _ in range(400):
        scr = d.screen()
        if scr.panels and type(scr.panels[-1]).__name__ == "RoundEndPanel":
            break
        d.press("LEFT")  # does nothing while it moves: the note says how to hurry it
        noted = noted or speed_noted(d)
        d.wait(200)
    scr = d.screen()
    out({"noted": noted, "page": bool(scr.panels) and type(scr.panels[-1]).__name__ == "RoundEndPanel",
         "note_gone": not d.says("A: SPEED UP") and not d.screen().note_text})



def dice_cards_column(bots, seed):
    """A LAMA Dice game with len(bots) seats played through the screens, every frame's CARDS
    column read through the drawing kit (issue 27): which seats it names, in which order,
    the counts beside them, and whether it marks that the table (DOWN) has more; first, at
    the person's roll-or-quit, whether DOWN's table names every seat with its cards."""
    from ui.games import dice as D

    d = Driver.in_game(1, NAMES[: len(bots)], bots, seed=seed)
    ses = d.session
    res = {"frames": 0, "bad": [], "seen": [], "table": table_of_all(d)}
    step = d.app.step

    def look():
        step()
        scr = d.screen()
        if scr.panels or not ses.in_play() and scr.actor < 0:
            return
        st = ses.state
        recs = d.drawn()
        res["frames"] += 1
        places = D.seat_places(st.n)  # (issue 50: every seat beside the rows, at any count)
        names = []
        counts = []
        for x0, y, x1 in places:
            names += [t for f, t, x, yy in recs if f == "mid" and x == x0 + 1 and yy == y]
            counts += [t for f, t, x, yy in recs if f == "mid" and yy == y and x0 + 18 < x < x1]
        mark = [t for f, t, x, y in recs if f == "small"]
        want = list(range(st.n))
        held = ["-" if st.quit[i] else str(scr.held(i)) for i in want]
        bad = res["bad"]
        if len(bad) < 5 and (names != [NAMES[i] for i in want] or counts != held):
            bad.append([names, counts, [NAMES[i] for i in want], held])
        if len(bad) < 5 and mark != []:
            bad.append(["mark", mark])
        for i in want:
            if i not in res["seen"]:
                res["seen"].append(i)

    d.app.step = look
    play(d, speed=False)
    d.app.step = step
    res["seen"].sort()
    out(res)


def table_of_all(d):
    """At the person's first roll-or-quit, DOWN: whether the table page lists every seat
    with its cards (name, kind, cards, points a line), and B goes back to the game."""
    from ui.games import dice as D

    while d.screen().panels or d.screen().mode != D.M_TURN:
        d.press("A")
    d.press("DOWN")
    scr = d.screen()
    ok = bool(scr.panels) and type(scr.panels[-1]).__name__ == "TablePanel"
    recs = d.drawn()
    st = d.session.state
    for i in range(st.n):
        y = [yy for f, t, x, yy in recs if f == "mid" and t == NAMES[i]]
        line = [t for f, t, x, yy in recs if f == "mid" and y and yy == y[0]]
        ok = ok and len(line) == 4 and line[2] == str(sum(st.rows[i]))
    d.press("B")
    return ok and not d.screen().panels


def press_crossings(game, seed):
    """A person's A at their turn (a roll, a card played or drawn): the files the press runs
    through, the game screen's (ui/games/dice.py or cards.py: "game") and the shared turn
    flow's (ui/games/base.py: "base"), in the order control passes between them until the
    engine answers (Session.try_act), and whether it did."""
    from ui.games import base

    d = Driver.in_game(game, NAMES[:2], [None, "cautious"], seed=seed)
    ses = d.session
    for _ in range(400):
        scr = d.screen()
        if (ses.person_to_act() and scr.mode == base.M_TURN and not scr.panels
                and scr.due is None and getattr(scr, "opt", 0) == 0):
            break
        d.press("A")
    scr = d.screen()
    trail = []
    stack = [None]
    reached = []

    def wrap(fn, where):
        def traced(*args, **kw):
            if not reached:
                stack.append(where)
                trail.append(where)
            try:
                return fn(*args, **kw)
            finally:
                if not reached:
                    stack.pop()
                    trail.append(stack[-1])

        return traced

    for cls, where in ((type(scr), "game"), (base.GameScreen, "base")):
        for name in list(cls.__dict__):
            fn = cls.__dict__[name]
            if type(fn).__name__ in ("function", "closure", "bound_method") and name != "__init__":
                setattr(cls, name, wrap(fn, where))
    act = ses.try_act

    def try_act(action):
        reached.append(action)
        return act(action)

    ses.try_act = try_act
    d.press("A")
    path = []
    for where in trail:
        if where is not None and (not path or path[-1] != where):
            path.append(where)
    out({"path": path, "crossings": len(path) - 1, "engine": len(reached) == 1})


def notes_during_computer_moves(game, seed):
    """Issue 50: B at a computer player's turn ("NOT YOUR TURN") and LEFT ("A: SPEED UP")
    while the computer players move: each note lasts about a second at most, never stands
    on the move's line, and "A:SPEED UP" is written once; every move is shown."""
    from ui.games.pieces import KEY_Y, MSG_Y
    from ui.text import lang

    d = Driver.in_game(game, NAMES[:3], [None, "cautious", "cautious"], seed=seed, first=1)
    scr = d.screen()
    T = lang.s
    res = {"note_on_move_line": 0, "note_frames": [], "speed_twice": 0, "moves": [], "shown": [],
           "note_at_key": 0, "lit_key": 0}
    step = d.app.step

    def look():
        step()
        recs = d.drawn()
        texts = [(t, y) for f, t, x, y in recs if f == "mid"]
        if [1 for t, y in texts if y == MSG_Y and t in (T.G_NOTE_WAIT, T.G_NOTE_SPEED)]:
            res["note_on_move_line"] += 1
        if [1 for t, y in texts if y == KEY_Y and t == T.G_NOTE_WAIT]:
            res["note_at_key"] += 1
        if len([1 for t, y in texts if "SPEED UP" in t]) > 1:
            res["speed_twice"] += 1
        for t, y in texts:
            if y == MSG_Y and t and (not res["shown"] or res["shown"][-1] != t):
                res["shown"].append(t)

    d.app.step = look
    for key in ("B", "LEFT", "B", "LEFT"):
        t0 = d.now
        d.press(key)
        seen = d.now
        while scr.note_text and d.now - t0 < 3000:
            d.run(20)
            seen = d.now
        res["note_frames"].append(seen - t0)
        d.run(400)
    while scr.session.in_play() and not scr.session.person_to_act() and not scr.panels:
        d.run(100)
    d.app.step = step
    res["moves"] = [scr.log[i][:21] for i in range(len(scr.log))]
    out(res)


def game_over_keys(n):
    """Issue 50, point 2: on the game-over page an unused key (DOWN) replaced Rematch/Menu
    with its note, and RIGHT from Menu went round to Rematch (A then started a game)."""
    from simulator import fit
    from ui.games.panel_game_over import GameOverPanel
    from ui.games.pieces import BAR_Y

    d = Driver.in_game(1, NAMES[:n], [None] + ["cautious"] * (n - 1), seed=11)
    scr = d.screen()
    d.session.result = ("game_end", list(range(10, 10 + n)), [0])
    scr.push_panel(GameOverPanel(scr))
    d.wait(30)
    T = lang.s
    p = scr.panels[-1]

    def bar():
        return [t for f, t, x, y in fit.visible(d.drawn()) if f == "8x8" and y == BAR_Y + 1]

    res = {"start": [p.choice, bar()]}
    d.press("DOWN")
    res["down"] = [d.says(T.G_NOTE_CHOOSE), bar(), fit.faults(d)]
    d.wait(1200)
    res["later"] = d.says(T.G_NOTE_CHOOSE)
    d.press("RIGHT")
    d.press("RIGHT")
    res["right_right"] = p.choice
    d.press("LEFT")
    d.press("LEFT")
    res["left_left"] = p.choice
    out(res)


def event_moments():
    """Issue 50: the events get their moment. A bust's: a page of its own over the table
    with its sound, no longer than half a step at the pace, gone by itself; A skips it; the
    sound setting mutes it; the move's line stays in sight under it. The round's end: its
    moment (a player going out), then the round-end page."""
    from ui.games.base import STEP_TIMES

    d = Driver.in_game(1, NAMES[:3], [None, "cautious", "cautious"], seed=3)
    scr = d.screen()
    snd = d.app.board.sound
    played = []
    real = snd.play

    def spy(name):
        played.append([name, snd.is_muted()])
        real(name)

    snd.play = spy
    scr.msg = "ANA BUSTS 1 2 3"
    res = {"step": STEP_TIMES[d.app.settings.speed]}
    t0 = d.now
    scr.open_panel("event", "bust", "ANA")
    d.run(20)
    res["top"] = type(scr.panels[-1]).__name__ if scr.panels else None
    res["msg_seen"] = [t for f, t, x, y in d.drawn() if f == "mid" and t == scr.msg] != []
    while scr.panels and d.now - t0 < 5000:
        d.run(20)
    res["lasted"] = d.now - t0
    scr.open_panel("event", "bust", "ANA")
    d.run(20)
    d.press("A")
    res["skipped"] = not scr.panels
    d.app.board.sound.mute(True)
    scr.open_panel("event", "llamas", "ANA")
    d.run(2000)
    res["played"] = played
    d.app.board.sound.mute(False)
    ses = d.session
    ses.last_round = ("round_end", 1, "empty", [0, 5, 6], [0, 0, 0], [0, 5, 6])
    scr.open_panel("event", "round_end")
    d.run(20)
    ev = scr.panels[-1] if scr.panels else None
    res["round"] = [getattr(ev, "kind", None), getattr(ev, "then", None)]
    while scr.panels and type(scr.panels[-1]).__name__ == "EventPanel":
        d.run(20)
    d.run(40)
    res["after"] = type(scr.panels[-1]).__name__ if scr.panels else None
    out(res)


def press_answered_first(game, speed):
    """A person's move at their turn, a computer player next, at computer-player speed
    `speed` (3: instant): what the frame that applied it did (the moves applied, whether it
    drew, whose move its last-move line says, whether the next player thought ahead), then
    the frames until the computer player's move."""
    from simulator.keys import button
    from ui.games.base import M_TURN

    d = Driver.in_game(game, NAMES[:2], [None, "expert"], seed=5)
    d.app.settings.set("speed", speed)
    ses = d.session
    scr = d.screen()
    for _ in range(400):  # to the person's choice, nothing open over it
        if (ses.person_to_act() and scr.mode == M_TURN and not scr.panels
                and scr.due is None and getattr(scr, "opt", 0) == 0):
            break
        d.press("A")
    moves = len(ses.record)
    draws = d.app.draws
    d.emu.buttons.press(button("A"), 80)
    frames = 0
    while len(ses.record) == moves and frames < 20:
        d.app.step()
        frames += 1
    first = {"applied": len(ses.record) - moves, "drew": d.app.draws - draws,
             "says_person": scr.msg.startswith(NAMES[0]),
             "thought": ses.thought is not None or ses.ready is not None}
    while len(ses.record) < moves + 2 and frames < 400:
        d.app.step()
        frames += 1
    out({"first": first, "bot_moved": len(ses.record) >= moves + 2, "frames": frames})


def turn_collects(game, seed):
    """A game played by A every 200 ms (computer players at the instant pace): how many
    frames began a person's turn (start_person_turn), and in how many of them the heap was
    collected once the turn's picture was out (ui.games.base's gc.collect)."""
    from simulator.keys import button
    from ui.games import base

    d = Driver.in_game(game, NAMES[:3], [None, "cautious", "cautious"], seed=seed)
    d.app.settings.set("speed", 3)
    scr = d.screen()
    log = []
    real = base.gc

    class Counted:
        def collect(self):
            log.append(("gc", d.app.draws))
            real.collect()

        def __getattr__(self, name):
            return getattr(real, name)

    base.gc = Counted()
    start = scr.start_person_turn

    def started():
        log.append(("turn", d.app.draws))
        start()

    scr.start_person_turn = started
    turns = collected = 0
    next_press = 0
    try:
        while d.now < 60000 and d.session.result is None and turns < 12:
            if d.now >= next_press:
                next_press = d.emu.buttons.press(button("A"), 80) + 120
            n = len(log)
            d.app.step()
            new = log[n:]
            at = [v for k, v in new if k == "turn"]
            if at:
                turns += 1
                collected += any(k == "gc" and v > at[0] for k, v in new)
    finally:
        base.gc = real
    out({"turns": turns, "collected": collected})
