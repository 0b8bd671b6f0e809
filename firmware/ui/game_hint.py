"""The hint: what the `expert` bot would do for the person to act, and why in a few words."""

from lama.rng import SeededRng
from lama.score import round_points
from lama.symbols import LLAMA, SYMBOLS, total

from ui.game_session import choose_bot, engine

# The reasons, filled in from the string table: (key, number, number).
R_ROLL = "roll"  # tenths of rolls that discard something
R_QUIT_LOW = "quit_low"  # row points
R_QUIT_RISK = "quit_risk"  # tenths of rolls that bust or take
R_QUIT_RACE = "quit_race"  # cards held by the closest other player
R_DISCARD = "discard"  # points left, cards left
R_TAKE = "take"  # points the card adds
R_PLAY = "play"  # cards left (nothing in the hand can follow it)
R_PLAY_SAME = "play_same"  # cards that still fit after it, cards left
R_PLAY_UP = "play_up"  # the same, after a card one value up
R_PLAY_LAST = "play_last"  # the hand's last card
R_DRAW_HIGH = "draw_high"  # hand points (too many to quit on)
R_DRAW = "draw"  # unseen cards that would add no points, unseen cards
R_QUIT_HAND = "quit_hand"  # hand points, tenths of draws that would add points
R_QUIT_FORCED = "quit_forced"  # nothing fits and drawing is not allowed (C8)


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


def tenths(k, n):
    """k/n to the nearest tenth, as an int 0..10."""
    return (k * 10 + n // 2) // n


def hint(session):
    """(action, reason key, a, b) for the person to act, or None when nobody is."""
    if not session.person_to_act():
        return None
    mod, table = engine(session.game)
    st = session.state
    fn = choose_bot(table, "expert")
    action = fn(mod.view(st, st.turn), mod.legal_actions(st), SeededRng(st.turn + 1))
    if session.game == 1:
        return (action,) + _dice_reason(mod, st, action)
    return (action,) + _cards_reason(mod, st, action)


def _dice_reason(mod, st, action):
    row = st.rows[st.turn]
    kind = action[0]
    if kind == mod.ROLL or kind == mod.QUIT:
        disc, lla, take, bust = roll_odds(row, st.llama_row, mod.alone(st))
        if kind == mod.ROLL:
            return R_ROLL, tenths(disc, 216), 0
        pts = round_points(row)
        if pts <= 5:
            return R_QUIT_LOW, pts, 0
        close = 99
        for i in range(st.n):
            if i != st.turn and not st.quit[i]:
                close = min(close, total(st.rows[i]))
        if close <= 2:
            return R_QUIT_RACE, close, 0
        return R_QUIT_RISK, tenths(take + bust, 216), 0
    if kind == mod.DISCARD:
        left = bytearray(row)
        for s in range(7):
            left[s] -= action[1][s]
        return R_DISCARD, round_points(left), total(left)
    s = action[1]
    gain = 0 if row[s] else (10 if s == LLAMA else s + 1)
    return R_TAKE, gain, 0


def _cards_reason(mod, st, action):
    """Why, in expert's own terms (lama.card_expert): play whenever it can, the card after
    which more of the hand can follow; else draw or quit by what a draw may add."""
    from lama.card_bots import ALWAYS_DRAW_POINTS

    hand = st.hands[st.turn]
    kind = action[0]
    if kind == mod.PLAY:
        v = action[1]
        left = total(hand) - 1
        if left == 0:
            return R_PLAY_LAST, 0, 0
        fit = hand[v] - 1 + hand[mod.next_value(v)]
        if fit == 0:
            return R_PLAY, left, 0
        return (R_PLAY_SAME if v == st.top else R_PLAY_UP), fit, left
    pts = mod.hand_points(hand, st.rules)
    if kind == mod.QUIT and not mod.may_draw(st):
        return R_QUIT_FORCED, 0, 0
    unseen = mod.unseen(mod.view(st, st.turn))
    n = free = 0
    for v in range(7):
        n += unseen[v]
        if hand[v] and not (v == LLAMA and st.rules.komarami):
            free += unseen[v]  # a card of a value already held adds no points (C10)
    if kind == mod.DRAW:
        if pts > ALWAYS_DRAW_POINTS:
            return R_DRAW_HIGH, pts, 0
        return R_DRAW, free, n
    close = 99
    for i in range(st.n):
        if i != st.turn and not st.quit[i]:
            close = min(close, total(st.hands[i]))
    if close <= 2:
        return R_QUIT_RACE, close, 0
    return R_QUIT_HAND, pts, tenths(n - free, n) if n else 0


def action_words(T, game, action):
    """The action in words from string table T, e.g. 'Discard 3 L'."""
    from ui.game_layout import cards_text

    from ui.game_session import engine

    mod = engine(game)[0]
    k = action[0]
    if game == 1:
        if k == mod.ROLL:
            return T.G_ROLL
        if k == mod.DISCARD:
            return T.G_DISCARD + " " + " ".join(cards_text(action[1]))
        if k == mod.TAKE:
            return T.G_TAKE + " " + SYMBOLS[action[1]]
        return T.G_QUIT
    if k == mod.PLAY:
        return T.G_PLAY + " " + SYMBOLS[action[1]]
    if k == mod.DRAW:
        return T.G_DRAW
    return T.G_QUIT
