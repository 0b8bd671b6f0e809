"""The solver wing: exact analysis and fitted constants behind the bots. `dice_optimum`
(tools/solve_dice.py) solves a LAMA Dice player alone in the round exactly;
`gen_dice_tables` turns that into the expert's value tables (firmware/lama/dice_values.py
and .bin); `fit_cards_expert` fits the card expert's weights on rollouts of real games.
Run from tools/: `python3 -m solver.gen_dice_tables`, `python3 -m solver.fit_cards_expert`."""
