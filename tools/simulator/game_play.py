"""Plays whole games through the game screens like a person would, pressing buttons on the
emulated board (simulator.driver), and the same game on the bare engine for comparison.

The person's choices come from a bot (default `cautious`) computed apart from the game's
generators, then turned into button presses; the screens do everything else."""

from lama.rng import BOT_SEED_SALT, SeededRng
from ui.games.base import M_ACK
from ui.games.launch import load
from ui.games.session import choose_bot


def person_choice(session, policy):
    mod = session.mod
    st = session.state
    fn = choose_bot(session.game.bots, policy)
    return fn(mod.view(st, st.turn), mod.legal_actions(st), SeededRng(7))


def keys_for_dice(scr, action):
    """The presses that make the dice screen take `action` from where it stands."""
    from lama import dice
    from ui.games import dice as D

    out = []
    k = action[0]
    if scr.mode == D.M_TURN:
        want = 1 if k == dice.QUIT else 0
        if scr.opt != want:
            out.append("RIGHT")
        out.append("A")
    elif scr.mode == D.M_DISCARD:
        cur = scr.cursor
        for s in range(7):
            if scr.allowed[s] and scr.sel[s] != action[1][s]:
                while cur != s:
                    out.append("RIGHT")
                    cur = scr.first_allowed(cur + 1, 1)
                diff = action[1][s] - scr.sel[s]
                out += ["UP"] * diff if diff > 0 else ["DOWN"] * (-diff)
        out.append("A")
    elif scr.mode == D.M_TAKE:
        i = scr.takes.index(action[1])
        out += ["RIGHT"] * i + ["A"]
    return out


def keys_for_cards(scr, action):
    from lama import cards

    if action[0] == cards.PLAY:
        target = action[1]
    elif action[0] == cards.DRAW:
        target = -1
    else:
        target = -2
    i = scr.items.index(target)
    return ["RIGHT"] * ((i - scr.cursor) % len(scr.items)) + ["A"]


class DriverGame:
    """play()'s view of the game a menu started on Driver d (one made by Driver.in_game is
    that view already): the session on screen, presses of 40 ms that first empty the
    emulated buzzer's record of notes (the emulator's, not the firmware's RAM)."""

    def __init__(self, d):
        self.d = d
        self.board = d.board
        self.session = d.app.top().session

    def screen(self):
        return self.d.app.top()

    def press(self, name):
        self.board.emu.pwm.log.clear()
        self.d.press(name, 40)

    def wait(self, ms):
        self.d.run(ms)


def play(d, policy="cautious", speed=True, shots=None, max_presses=20000, on_press=None):
    """Drive the game on Driver d to its game-over page. `speed`: press A through the
    computer players' steps and the dice animation (else wait for them). `shots(d, tag)`
    is called at each new kind of screen. Returns the number of presses."""
    scr = d.screen()
    ses = d.session
    if scr.session is not ses:
        raise RuntimeError("the driver's session is not the one on screen")
    presses = 0

    def press(name):
        d.press(name)
        if on_press is not None:
            on_press(d, name)

    while presses < max_presses:
        scr = d.screen()
        if scr.panels:
            p = scr.panels[-1]
            if type(p).__name__ == "GameOverPanel":
                if shots:
                    shots(d, "game_over")
                return presses
            if shots:
                shots(d, "round_end" if type(p).__name__ == "RoundEndPanel" else
                      ("curtain" if type(p).__name__ == "CurtainPanel" else "panel"))
            press("A" if type(p).__name__ in ("RoundEndPanel", "CurtainPanel") else "B")
        elif scr.mode == M_ACK:
            if shots:
                shots(d, "result")
            press("A")
        elif scr.due is not None:
            if shots:
                shots(d, "wait")
            if speed:
                press("A")
            else:
                d.wait(100)
                presses -= 1
        elif ses.person_to_act():
            if shots:
                shots(d, "person")
            action = person_choice(ses, policy)
            keys = keys_for_dice(scr, action) if ses.game.info.key == "dice" else keys_for_cards(scr, action)
            for k in keys:
                press(k)
                presses += 1
            presses -= 1
        else:
            d.wait(50)
            presses -= 1
        presses += 1
    raise RuntimeError("the game did not end within %d presses" % max_presses)


BOT_STEPS = [0]


def engine_game(game, bots, seed, policy="cautious", first=0, rules=None):
    """The same game on the bare engine: bots where the screens had bots, `policy` where
    they had a person. Returns (final scores, winners, actions); BOT_STEPS[0] is then
    how many of the actions were computer players' own."""
    from arenas.engine_play import play_to_end
    from lama.score import Rules, winners

    loaded = load(game)
    mod, table = loaded.mod, loaded.bots
    rng = SeededRng(seed)
    bot_rng = SeededRng(seed ^ BOT_SEED_SALT)
    st = mod.new_game(len(bots), rules or Rules(), first, rng)
    actions = []
    BOT_STEPS[0] = 0

    def choose(seat, legal):
        if bots[seat] is None:
            return choose_bot(table, policy)(mod.view(st, seat), legal, SeededRng(7))
        BOT_STEPS[0] += 1
        return choose_bot(table, bots[seat])(mod.view(st, seat), legal, bot_rng)

    play_to_end(mod, st, choose, rng, lambda action, events: actions.append(action))

    return list(st.scores), winners(st.scores), actions
