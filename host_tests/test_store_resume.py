"""A game resumed from flash ends exactly as the same game played without a break."""

import pytest

RESUME = """
import json
from emu import ramflash
from lama import card_bots, cards, codec, dice, dice_bots
from lama.rng import SeededRng
from lama.seats import of
from ui.model.saves import Saves
from ui.model.saves_menu import SavedGames, reset_stats  # noqa: F401

GAME = %d
SEED = %d
mod, bots = (dice, dice_bots.BOTS) if GAME == 1 else (cards, card_bots.BOTS)
seats = [("ANA", "cautious"), ("BOB", "random"), ("CY", "cautious"), ("DEE", "random")]

def step(state, rng, bot_rng):
    if state.phase == mod.ROUND_OVER:
        mod.apply(state, (mod.NEXT,), rng)
        return
    fn = bots[seats[state.turn][1]]
    mod.apply(state, fn(mod.view(state, state.turn), mod.legal_actions(state), bot_rng), rng)

def finish(state, rng, bot_rng):
    while state.phase != mod.GAME_OVER:
        step(state, rng, bot_rng)
    return codec.encode(state)

dev = ramflash.RamFlash(48)
ramflash.mkfs(dev)
ramflash.mount(dev, "/f")
rng, bot_rng = SeededRng(SEED), SeededRng(SEED + 1)
whole = finish(mod.new_game(len(seats), None, 0, rng), rng, bot_rng)

rng, bot_rng = SeededRng(SEED), SeededRng(SEED + 1)
state = mod.new_game(len(seats), None, 0, rng)
saves = Saves("/f/data")
points = 0
differ = []
while state.phase != mod.GAME_OVER:
    step(state, rng, bot_rng)
    saves.save_progress(state, seats, (rng, bot_rng))
    # switched off here: a fresh boot loads the game and plays it to the end
    got = SavedGames(Saves("/f/data")).load()
    if state.phase == mod.GAME_OVER:
        break
    st2, seats2, rngs = got
    r2, b2 = SeededRng(), SeededRng()
    r2.state, b2.state = rngs
    points += 1
    if seats2 != [of(seat) for seat in seats] or finish(st2, r2, b2) != whole:
        differ.append(points)
print(json.dumps([points, differ, codec.encode(state) == whole]))
"""


@pytest.mark.parametrize("game", [1, 2])
def test_a_resumed_game_ends_exactly_as_the_uninterrupted_one(micropython, game):
    """Seeded dice/deals and the same choices (computer players): stopped after any
    action and resumed from flash, the game reaches the same final state and scores."""
    for seed in (3, 8):
        points, differ, same = micropython.run_json(RESUME % (game, seed))
        assert points > 20
        assert differ == []
        assert same
