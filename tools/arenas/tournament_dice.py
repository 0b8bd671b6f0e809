"""The LAMA Dice adapter of tools/arena.py (arenas.tournament): plays one game, or one round alone, between bots."""

from arenas import bots as registry
from arenas.engine_play import bot_chooser, play_to_end
from arenas.refereed import play_refereed
from arenas.tournament import mix_seed
from lama import dice
from lama.rng import SeededRng
from lama.score import Rules


def bots():
    """Every LAMA Dice bot by name: the device bots and the CPython-only `solo`."""
    return registry.bots("dice")


def _bot_rngs(names, seed):
    return [SeededRng(mix_seed(seed, 101, i)) for i in range(len(names))]


def play_game(names, seed, first=0):
    """One game with bots `names` in seat order, refereed through its transcript
    (arenas.refereed); returns the final scores."""
    table = bots()
    fns = [table[n] for n in names]
    rng = SeededRng(mix_seed(seed, 1))
    rules = Rules()
    state = dice.new_game(len(names), rules, first, rng)
    choose = bot_chooser(dice, state, fns, _bot_rngs(names, seed))
    return play_refereed("dice", state, choose, rng, seed, names, first, rules)


SOLO_START_SCORE = 1000  # high enough that every returned token is worth 10 (S4)
SOLO_RULES = Rules(target=9999)  # far away: no end-of-game consideration in a solo round


def play_solo_round(name, seed):
    """One round of bot `name` alone in the round (D12, the other seat has quit) from a
    random deal with a full llama row; returns round points - tokens returned."""
    fn = bots()[name]
    rng = SeededRng(mix_seed(seed, 2))
    state = dice.new_game(2, SOLO_RULES, 0, rng)
    state.quit[1] = 1
    state.scores[0] = SOLO_START_SCORE
    choose = bot_chooser(dice, state, [fn, fn], _bot_rngs((name, name), seed))
    play_to_end(dice, state, choose, rng, round_only=True)
    return state.scores[0] - SOLO_START_SCORE


ADAPTER = {"bots": bots, "play_game": play_game, "play_solo_round": play_solo_round}
