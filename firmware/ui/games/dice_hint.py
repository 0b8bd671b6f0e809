"""The LAMA Dice hint's reasons: the odds of a roll, the points a quit keeps, the cards a
discard leaves or a take adds (ui.games.hint asks this module through ui.model.games)."""

from lama.score import round_points
from lama.symbols import LLAMA, N_SYMBOLS, total
from ui.games.odds import R_QUIT_RACE, closest, tenths

# The reasons, filled in from the string table (G_WHY): (key, number, number).
R_ROLL = "roll"  # tenths of rolls that discard something
R_ROLL_ALL = "roll_all"  # every roll discards something
R_ROLL_LAST = "roll_last"  # tenths of rolls that empty the row (one card left: a token back, S4)
R_QUIT_LOW = "quit_low"  # row points
R_QUIT_RISK = "quit_risk"  # tenths of rolls that bust or take
R_QUIT_RISK_ALL = "quit_risk_all"  # every roll busts or takes
R_DISCARD = "discard"  # points left, cards left
R_TAKE = "take"  # points the card adds


def roll_odds(row, llama_row, alone):
    """Out of the 216 equally likely rolls: (discard, three llamas, take, bust) counts."""
    from lama.dice import DICE_FACES

    a, b, c = DICE_FACES
    disc = lla = take = bust = 0
    for x in a:
        for y in b:
            for z in c:
                if x == LLAMA and y == LLAMA and z == LLAMA:
                    lla += 1
                elif row[x] or row[y] or row[z]:
                    disc += 1
                elif not alone and (llama_row[x] or llama_row[y] or llama_row[z]):
                    take += 1
                else:
                    bust += 1
    return disc, lla, take, bust


def reason(mod, st, action):
    """(reason key, a, b): why `action` is the expert's choice in state `st`."""
    row = st.rows[st.turn]
    kind = action[0]
    if kind == mod.ROLL or kind == mod.QUIT:
        disc, lla, take, bust = roll_odds(row, st.llama_row, mod.alone(st))
        if kind == mod.ROLL:
            if total(row) == 1:
                return R_ROLL_LAST, tenths(disc, 216), 0
            if disc == 216:
                return R_ROLL_ALL, 10, 0
            return R_ROLL, tenths(disc, 216), 0
        pts = round_points(row)
        if pts <= 5:
            return R_QUIT_LOW, pts, 0
        close = closest(st, st.rows)
        if close <= 2:
            return R_QUIT_RACE, close, 0
        if take + bust == 216:
            return R_QUIT_RISK_ALL, 10, 0
        return R_QUIT_RISK, tenths(take + bust, 216), 0
    if kind == mod.DISCARD:
        left = bytearray(row)
        for s in range(N_SYMBOLS):
            left[s] -= action[1][s]
        return R_DISCARD, round_points(left), total(left)
    s = action[1]
    gain = 0 if row[s] else (10 if s == LLAMA else s + 1)
    return R_TAKE, gain, 0


def words(T, mod, action):
    """The action in words from string table T, e.g. 'Discard 3 L' (the llama drawn as the llama)."""
    from ui.games.pieces import FACES, cards_text  # drawing code: loaded with the screens only

    k = action[0]
    if k == mod.ROLL:
        return T.G_ROLL
    if k == mod.DISCARD:
        return T.G_DISCARD + " " + " ".join(cards_text(action[1]))
    if k == mod.TAKE:
        return T.G_TAKE + " " + FACES[action[1]]
    return T.G_QUIT
