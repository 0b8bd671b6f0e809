"""The main game screens on the emulated panel, for host_tests/golden/game_*.bin/.png.

  from tools/:
    micropython -m simulator.game_golden           prints {"name": hex of the 1,024 bytes}
    micropython -m simulator.game_golden --write   (re)writes host_tests/golden/game_*.bin/.png
    micropython -m simulator.game_golden --fr [--write]   the same screens in French (game_*_fr)

Each scene is a real game position (some set up directly in the engine state so that
six players, thirteen cards in a row, or a rare roll are on screen). Look at every image
once by eye after a change."""

import json
import sys

import paths  # firmware/ and tools/ on sys.path
from lama import cards, dice
from lama.rng import SeededRng
from simulator.driver import Driver

NAMES = ["ANA", "BOB", "CAT", "DAN", "EVE", "FOX"]
LANGUAGE = [0]  # 0 English, 1 French (--fr: the French pictures, to look at)


def drv(*args, **kw):
    return Driver.in_game(*args, language=LANGUAGE[0], **kw)
BOTS6 = [None, "cautious", "expert", "random", "cautious", "expert"]
SCORES6 = [12, 7, 31, 0, 25, 39]


def counts(text):
    from lama.symbols import str_to_counts

    return str_to_counts(text)


def dice_state(rows, llama_row="123456L", quit_=(), scores=SCORES6, turn=0, phase=None,
               roll=None):
    """A LAMA Dice position for the picture (display only: never saved)."""
    n = len(rows)
    st = dice.new_game(n, None, turn, SeededRng(1))
    for i in range(n):
        st.rows[i][:] = counts(rows[i])
        st.scores[i] = scores[i]
    st.llama_row[:] = counts(llama_row)
    for i in quit_:
        st.quit[i] = 1
    if roll is not None:
        for i in range(3):
            st.dice[i] = "123456L".find(roll[i])
        st.phase = phase
    return st


def cards_state(hands, top, pile=23, quit_=(), scores=SCORES6, turn=0):
    n = len(hands)
    st = cards.new_game(n, None, turn, SeededRng(1))
    for i in range(n):
        st.hands[i][:] = counts(hands[i])
        st.scores[i] = scores[i]
    st.top = "123456L".find(top)
    st.pile = st.pile[:pile]
    for i in quit_:
        st.quit[i] = 1
    return st


ROWS6 = ["1335LL", "22466", "145", "1112345566LLL", "3", "26L"]


def scenes():
    """(name, Driver in position) for each picture."""
    # LAMA Dice: a person's roll-or-quit, six players, one of them quit
    st = dice_state(ROWS6, "1245L", quit_=(4,))
    yield "game_dice_turn", drv(1, NAMES, BOTS6, seed=1, state=st)
    # thirteen cards in the active row (DAN's, a computer player busts at the end)
    st = dice_state(ROWS6, "3", turn=3)
    yield "game_dice_13_cards", drv(1, NAMES, [None, "cautious", "cautious", "cautious",
                                                 "cautious", "cautious"], seed=1, state=st)
    # the discard choice after 3 L 5: the matching dice marked
    st = dice_state(ROWS6[:3], phase=dice.CHOOSE_DISCARD, roll="3L5")
    yield "game_dice_discard", drv(1, NAMES[:3], BOTS6[:3], seed=1, state=st)
    # the take choice: 1, 2 or 4 from the llama row
    st = dice_state(["3356", "145", "22"], "124L", phase=dice.CHOOSE_TAKE, roll="124")
    yield "game_dice_take", drv(1, NAMES[:3], BOTS6[:3], seed=1, state=st)
    # alone in the round (D12)
    st = dice_state(["25", "1334L", "6"], "1346L", quit_=(1, 2))
    yield "game_dice_alone", drv(1, NAMES[:3], BOTS6[:3], seed=1, state=st)
    # a bust: first the dice that missed (the row as it was), then the cards it brings
    d = roll_driver("bust", ["2", "1334L", "6"], "6")
    yield "game_dice_bust", d
    d.press("A")
    yield "game_dice_bust_taken", d
    # three llamas: a token returned (D8)
    yield "game_dice_llamas", roll_driver("token", ["2", "1334L", "6"], "12346")
    # the end of a round, six players
    d = end_of_round(1)
    yield "game_dice_round_end", d
    # L.L.A.M.A.: a person's turn, six players, playable 3 and 4 picked out
    hands = ["1334456L", "22", "156LL", "3", "1122334455", "6"]
    st = cards_state(hands, "3", quit_=(5,))
    yield "game_cards_turn", drv(2, NAMES, BOTS6, seed=1, state=st)
    # draw unavailable: the pile is empty (C5), the cursor on Draw says why
    st = cards_state(["256L", "14", "33"], "3", pile=0)
    d = drv(2, NAMES[:3], BOTS6[:3], seed=1, state=st)
    d.press("LEFT")
    yield "game_cards_no_draw", d
    # two people: the curtain before the second one's private hand
    st = cards_state(["256L", "14", "33"], "5", turn=1)
    yield "game_cards_curtain", drv(2, NAMES[:3], [None, None, "cautious"], seed=1, state=st)
    yield "game_cards_round_end", end_of_round(2)
    # the in-game menu, the scoreboard, the hint, the game over page
    st = dice_state(ROWS6, "1245L", quit_=(4,))
    d = drv(1, NAMES, BOTS6, seed=1, state=st)
    d.press("B", 700)
    yield "game_menu", d
    d.press("DOWN")
    d.press("A")
    yield "game_scores", d
    d.press("B")
    d.press("B")
    yield "game_hint", d
    d.press("A")
    # the move log after a few computer moves (the person rolls, the others play)
    st = dice_state(ROWS6[:4], "1245L", scores=SCORES6[:4])
    d4 = drv(1, NAMES[:4], BOTS6[:4], seed=2, state=st)
    for _ in range(12):
        d4.press("A")
        if d4.screen().panels:
            break
    d4.press("B", 700)
    for _ in range(3):
        d4.press("DOWN")
    d4.press("A")
    yield "game_log", d4
    from ui.games.panel_game_over import GameOverPanel

    scr = d.screen()
    d.session.result = ("game_end", [12, 7, 31, 7, 25, 44], [1, 3])
    scr.push_panel(GameOverPanel(scr))
    d.wait(30)
    yield "game_over", d


def roll_driver(kind, rows, llama_row):
    """A person's roll that brings event `kind` ("bust", "token"): seeds are tried until
    the roll does."""
    from ui.games.base import M_ACK

    for seed in range(1, 400):
        st = dice_state(rows, llama_row, scores=[15, 9, 20])
        d = drv(1, NAMES[:3], [None, "cautious", "cautious"], seed=seed, state=st)
        got = []
        ses = d.session
        act = ses.act

        def spy(a, act=act, got=got):
            ev = act(a)
            got.extend([e[0] for e in ev])
            return ev

        ses.act = spy
        d.press("A")
        d.press("A")  # skip the animation
        while d.app._soon is not None or d.screen().panels:  # the event's moment plays out
            d.run(20)
        if d.screen().mode == M_ACK and kind in got:
            return d
    raise RuntimeError("no such roll found: " + kind)


def end_of_round(game):
    """Six players at a round's end (a real round played by bots from seed 3)."""
    from lama.score import Rules

    bots = ["cautious", "expert", "random", "cautious", "expert", "cautious"]
    if game == 2:  # expert1: the card expert that played this round before issue 16
        bots = ["expert1" if b == "expert" else b for b in bots]
    mod = dice if game == 1 else cards
    rng = SeededRng(3)
    st = mod.new_game(6, Rules(), 0, rng)
    from ui.games.launch import load
    from ui.games.session import choose_bot

    from arenas.engine_play import bot_chooser, play_to_end

    table = load(game).bots
    for i in range(6):
        st.scores[i] = SCORES6[i]
    fns = [choose_bot(table, b) for b in bots]
    play_to_end(mod, st, bot_chooser(mod, st, fns, [rng] * 6), rng, round_only=True)
    return drv(game, NAMES, [None] + bots[1:], seed=3, state=st)


def main(argv):
    write = "--write" in argv
    if "--fr" in argv:
        LANGUAGE[0] = 1
    out = {}
    for name, d in scenes():
        d.wait(30)
        img = d.image()
        if LANGUAGE[0]:
            name += "_fr"
        out[name] = img
        if write:
            from simulator import png

            base = paths.ROOT + "/host_tests/golden/" + name
            with open(base + ".bin", "wb") as f:
                f.write(img)
            png.write(base + ".png", img)
    if not write:
        print(json.dumps({k: "".join("%02x" % b for b in v) for k, v in out.items()}))
    else:
        print("wrote %d images" % len(out))


if __name__ == "__main__":
    main(sys.argv)
