"""The L.L.A.M.A. hint's reasons: which card follows, what a draw may add, how close the
others are to going out (ui.games.hint asks this module through ui.model.games)."""

from lama.symbols import LLAMA, N_SYMBOLS, SYMBOLS, total
from ui.games.odds import R_QUIT_RACE, closest, tenths

# The reasons, filled in from the string table (G_WHY): (key, number, number).
R_PLAY = "play"  # cards left (nothing in the hand can follow it)
R_PLAY_SAME = "play_same"  # cards that still fit after it, cards left
R_PLAY_UP = "play_up"  # the same, after a card one value up
R_PLAY_LAST = "play_last"  # the hand's last card
R_DRAW_HIGH = "draw_high"  # hand points (too many to quit on)
R_DRAW = "draw"  # unseen cards that would add no points, unseen cards
R_QUIT_HAND = "quit_hand"  # hand points, tenths of draws that would add points
R_QUIT_HAND_ALL = "quit_hand_all"  # hand points (every draw would add points)
R_QUIT_FORCED = "quit_forced"  # nothing fits and drawing is not allowed (C8)
R_CLUE_DREW = "clue_drew"  # a seat (%n) drew on a top (%a): it held no %a or %b (lama.card_clues)
R_CLUE_QUIT = "clue_quit"  # the same for a quit


def think_clue(view, actions, rng, think, action):
    """Generator: None after each slice, returning what the expert inferred when that decided
    `action` (think's choice on `view`), or None: think again with the table's clues set
    aside (`view`'s are blanked); a different choice means they decided it, and the reason
    names the seat that tells most (lama.card_clues.telling): (R_CLUE_DREW or R_CLUE_QUIT,
    the top, the next value, the seat)."""
    from lama import card_clues

    seat = card_clues.telling(view)
    if seat < 0:
        return None
    last = view.clues[card_clues.LAST * view.n + seat]
    view.clues = card_clues.new(view.n)
    other = action
    for a in think(view, actions, rng):
        if a is not None:
            other = a
            break
        yield None
    if other == action:
        return None
    top = (last & 7) - 1
    key = R_CLUE_QUIT if last & card_clues.QUIT_BIT else R_CLUE_DREW
    return key, SYMBOLS[top], SYMBOLS[0 if top == LLAMA else top + 1], seat


def reason(mod, st, action):
    """Why, in expert's own terms (lama.card_expert): play whenever it can, the card after
    which more of the hand can follow; else draw or quit by what a draw may add."""
    from lama.card_playouts import ALWAYS_DRAW_POINTS

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
    for v in range(N_SYMBOLS):
        n += unseen[v]
        if hand[v] and not (v == LLAMA and st.rules.komarami):
            free += unseen[v]  # a card of a value already held adds no points (C10)
    if kind == mod.DRAW:
        if pts > ALWAYS_DRAW_POINTS:
            return R_DRAW_HIGH, pts, 0
        return R_DRAW, free, n
    close = closest(st, st.hands)
    if close <= 2:
        return R_QUIT_RACE, close, 0
    if n and free == 0:
        return R_QUIT_HAND_ALL, pts, 0
    return R_QUIT_HAND, pts, tenths(n - free, n) if n else 0


def words(T, mod, action):
    """The action in words from string table T, e.g. 'Play 4' (the llama drawn as the llama)."""
    from ui.games.pieces import FACES  # drawing code: loaded with the screens only

    k = action[0]
    if k == mod.PLAY:
        return T.G_PLAY + " " + FACES[action[1]]
    if k == mod.DRAW:
        return T.G_DRAW
    return T.G_QUIT
