"""The LAMA Dice adapter of tools/arena.py (arenas.tournament): plays one game, or one round alone, between bots."""

from lama import dice
from lama.dice_bots import BOTS
from lama.rng import SeededRng
from lama.score import Rules

MAX_ACTIONS = 100000  # a game that long is a bug, not a game


def bots():
    """Every LAMA Dice bot by name: the device bots and the CPython-only `solo`."""
    from arenas.dice_solo import choose_solo

    out = dict(BOTS)
    out["solo"] = choose_solo
    return out


def _seed(*parts):
    """A 30-bit seed mixed from small integers (stable on every run)."""
    x = 0x2545F491
    for p in parts:
        x = (x * 1000003 + p * 7919 + 12345) & 0x3FFFFFFF
    return x


def _bot_rngs(names, seed):
    return [SeededRng(_seed(seed, 101, i)) for i in range(len(names))]


def _drive(state, fns, rngs, dice_rng, stop_at_round_end):
    """Ask each active seat's bot for actions until the game (or round) ends."""
    for _ in range(MAX_ACTIONS):
        ph = state.phase
        if ph == dice.GAME_OVER:
            return
        if ph == dice.ROUND_OVER:
            if stop_at_round_end:
                return
            dice.apply(state, (dice.NEXT,), dice_rng)
            continue
        seat = state.turn
        acts = dice.legal_actions(state)
        a = fns[seat](dice.view(state, seat), acts, rngs[seat])
        dice.apply(state, a, dice_rng)
    raise RuntimeError("game did not end after %d actions" % MAX_ACTIONS)


def play_game(names, seed, first=0):
    """One game with bots `names` in seat order; returns the final scores."""
    table = bots()
    fns = [table[n] for n in names]
    rng = SeededRng(_seed(seed, 1))
    state = dice.new_game(len(names), Rules(), first, rng)
    _drive(state, fns, _bot_rngs(names, seed), rng, False)
    return list(state.scores)


SOLO_START_SCORE = 1000  # high enough that every returned token is worth 10 (S4)
SOLO_RULES = Rules(target=9999)  # far away: no end-of-game consideration in a solo round


def play_solo_round(name, seed):
    """One round of bot `name` alone in the round (D12, the other seat has quit) from a
    random deal with a full llama row; returns round points - tokens returned."""
    fn = bots()[name]
    rng = SeededRng(_seed(seed, 2))
    state = dice.new_game(2, SOLO_RULES, 0, rng)
    state.quit[1] = 1
    state.scores[0] = SOLO_START_SCORE
    _drive(state, [fn, fn], _bot_rngs((name, name), seed), rng, True)
    return state.scores[0] - SOLO_START_SCORE


ADAPTER = {"bots": bots, "play_game": play_game, "play_solo_round": play_solo_round}
