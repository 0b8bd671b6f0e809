"""Seats with a kind (lama/seats.py): a person here, a computer player, a person at a linked
console; saved with their kind, older saves (name, bot or None) read as before, and a saved
game naming a seat this firmware cannot seat asks on the panel (ui/screens/seat_question.py).

host_tests/fixtures/store_v1/ holds files written by the firmware before seat kinds
(commit fc9aaaa): data/ (statistics of six games, a LAMA Dice and a L.L.A.M.A. game in
progress), unknown_bot/ (a L.L.A.M.A. game whose seat BOB names the bot "grandma"), and
expect.json, what that firmware read back from them."""

import json
import os

import pytest

from lama import codec, codec_read, dice, records, seats
from lama.errors import CodecError
from lama.rng import SeededRng

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "fixtures", "store_v1")


def expect():
    with open(os.path.join(FIXTURES, "expect.json")) as f:
        return json.load(f)


def slot(name):
    """The payload of the newest copy of a fixture record (hal/store.py's frame)."""
    from hal import store

    best = None
    for s in store.SLOTS:
        path = os.path.join(FIXTURES, name + "." + s)
        if os.path.exists(path):
            with open(path, "rb") as f:
                data = f.read()
            got = store.unframe(data, data[3], data[4], 2000)
            assert got is not None, path
            if best is None or store.newer(got[0], best[0]):
                best = (got[0], data[4], got[1])
    return best[1], best[2]


def test_a_seat_is_name_kind_detail_made_and_read_in_one_place():
    assert seats.person("ANA") == ("ANA", seats.PERSON, None)
    assert seats.bot("BOB", "medium") == ("BOB", seats.BOT, "medium")
    assert seats.linked("CY", 3) == ("CY", seats.LINKED, 3)
    s = seats.linked("CY", 3)
    assert (seats.name(s), seats.kind(s), seats.detail(s)) == ("CY", seats.LINKED, 3)
    assert [seats.bot_name(x) for x in (seats.person("A"), seats.bot("B", "easy"),
                                        seats.linked("C", 2))] == [None, "easy", None]
    assert [seats.is_person(x) for x in (seats.person("A"), seats.bot("B", "easy"),
                                         seats.linked("C", 2))] == [True, False, True]
    assert [seats.is_here(x) for x in (seats.person("A"), seats.bot("B", "easy"),
                                       seats.linked("C", 2))] == [True, False, False]
    # an older firmware's pair
    assert seats.of(("ANA", None)) == seats.person("ANA")
    assert seats.of(("BOB", "cautious")) == seats.bot("BOB", "cautious")
    assert seats.of(seats.linked("CY", 1)) == seats.linked("CY", 1)


def test_playable_knows_the_kinds_bots_and_consoles_of_this_firmware():
    names = ("easy", "cautious")
    row = [seats.person("A"), seats.bot("B", "easy"), seats.bot("C", "grandma"),
           seats.linked("D", 5), seats.linked("E", 6), ("F", 9, b"x")]
    assert seats.unplayable(row, names) == [2, 4, 5]


def _state():
    rng = SeededRng(5)
    st = dice.new_game(3, None, 0, rng)
    return st


@pytest.mark.parametrize("row", [
    [seats.person("ANA"), seats.bot("BOB", "hard"), seats.linked("CY", 4)],
    [seats.person("ANA"), ("BOB", 7, b"\x01\x02"), seats.bot("CY", "cautious")],
    [seats.person("ANA"), ("BOB", 200, b""), seats.linked("CY", 9)],
])
def test_the_save_keeps_each_seats_kind_even_one_not_known_here(row):
    st = _state()
    prog = records.Progress(codec.encode(st), row, 12)
    data = records.encode_progress(prog)
    assert len(data) <= records.PROGRESS_MAX
    back, _ = codec_read.decode_progress(data)
    assert back.seats == row


def test_six_seats_with_the_longest_names_fit_the_bound():
    rng = SeededRng(5)
    st = dice.new_game(6, None, 0, rng)
    row = [("ABCDEFGH", 99, b"x" * 12)] * 6  # (a bot's name is 8 characters at most)
    data = records.encode_progress(records.Progress(codec.encode(st), row, 1, None, 0,
                                                    [5, 6]))
    assert len(data) == records.PROGRESS_MAX - records.MAX_STATE + len(codec.encode(st))


@pytest.mark.parametrize("row", [
    [seats.person("ANA"), seats.bot("BOB", "a" * 13), seats.person("CY")],
    [seats.person("ANA"), seats.linked("BOB", 300), seats.person("CY")],
    [seats.person("ANA"), ("BOB", 7, "text"), seats.person("CY")],
    [seats.person("ANA"), ("BOB", 7, b"x" * 13), seats.person("CY")],
    [seats.person("ANA"), ("BOB", 300, b""), seats.person("CY")],
])
def test_a_seat_the_format_cannot_hold_is_refused(row):
    prog = records.Progress(codec.encode(_state()), row)
    with pytest.raises(CodecError):
        records.encode_progress(prog)


def test_a_bad_seat_detail_on_flash_is_damage():
    st = _state()
    good = records.encode_progress(records.Progress(codec.encode(st), [
        seats.person("ANA"), seats.linked("BOB", 2), seats.person("CY")]))
    data = bytearray(good)
    # the linked seat's detail: one byte, said by its length
    i = bytes(data).index(b"BOB") + 3
    assert data[i] == seats.LINKED and data[i + 1] == 1
    data[i + 1] = 2
    with pytest.raises(CodecError):
        codec_read.decode_progress(bytes(data))
    data[i + 1] = 1
    data[i] = seats.PERSON  # a person with a detail
    with pytest.raises(CodecError):
        codec_read.decode_progress(bytes(data))


def test_saved_games_of_the_firmware_before_seat_kinds_read_as_it_read_them():
    want = expect()
    for gid, key in ((1, "game_dice"), (2, "game_cards")):
        version, payload = slot("data/" + key)
        assert version == 1
        with pytest.raises(CodecError):  # not in today's format: read as version 1
            codec_read.decode_progress(payload)
        prog, state = codec_read.decode_progress(payload, version)
        row, state_bytes, rngs, game_no = want["saved"][str(gid)]
        assert prog.seats == [seats.of(s) for s in row]
        assert list(codec.encode(state)) == state_bytes
        assert prog.rng_states == rngs and prog.game_no == game_no


def test_the_session_tells_a_person_here_from_a_bot_and_a_linked_console():
    from ui.games.launch import load
    from ui.games.session import Session, choose_bot

    game = load(1)
    row = [seats.linked("ANA", 2), seats.bot("BOB", "cautious"), ("CY", None)]
    ses = Session(game, row, None, 0, SeededRng(1), SeededRng(2))
    assert ses.seats[2] == seats.person("CY")  # an older pair is read as a seat
    assert [ses.kind(i) for i in range(3)] == [seats.LINKED, seats.BOT, seats.PERSON]
    assert [ses.here(i) for i in range(3)] == [False, False, True]
    assert [ses.bot(i) for i in range(3)] == [None, "cautious", None]
    assert ses.people() == 1
    assert ses.state.turn == 0
    assert not ses.person_to_act()  # the linked console's turn: not taken here
    assert ses.think() is None and not ses.think_ahead()  # nor thought for
    with pytest.raises(KeyError):  # never played silently as another bot
        choose_bot(game.bots, "grandma")


STORE = """
import json, os
from emu import ramflash
dev = ramflash.RamFlash(48)
ramflash.mkfs(dev)
ramflash.mount(dev, "/f")
os.mkdir("/f/data")
FIX = %r
for n in os.listdir(FIX):
    with open(FIX + "/" + n, "rb") as f:
        data = f.read()
    with open("/f/data/" + n, "wb") as f:
        f.write(data)
out = {}
"""


def test_saves_load_the_older_firmwares_games_and_save_them_with_kinds(micropython):
    out = micropython.run_json(STORE % os.path.join(FIXTURES, "data") + """
from lama import codec
from ui.model.saves import Saves
from ui.model.saves_menu import SavedGames, reset_stats  # noqa: F401
saves = Saves("/f/data")
found = SavedGames(saves).all()
out["found"] = [[s.GAME, [list(x) for x in row], list(codec.encode(s)), rngs]
                for s, row, rngs in found]
out["messages"] = saves.waiting()
state, row, rngs = found[0]
out["saved"] = saves.save_progress(state, row)
with open("/f/data/" + sorted(n for n in os.listdir("/f/data") if n.startswith("game_" + ("dice" if state.GAME == 1 else "cards")))[-1], "rb") as f:
    pass
again = SavedGames(Saves("/f/data")).all()
out["again"] = [[s.GAME, [list(x) for x in r]] for s, r, _ in again]
out["files"] = sorted(os.listdir("/f/data"))
print(json.dumps(out))
""")
    want = expect()["saved"]
    got = {str(g): (row, state, rngs) for g, row, state, rngs in out["found"]}
    assert sorted(got) == ["1", "2"]
    for gid, (row, state_bytes, rngs, _) in want.items():
        assert got[gid][0] == [list(seats.of(s)) for s in row]
        assert got[gid][1] == state_bytes and got[gid][2] == rngs
    assert out["messages"] == [] and out["saved"]
    assert {str(g): r for g, r in out["again"]} == {g: got[g][0] for g in got}
    assert not any(n.endswith(".bad") for n in out["files"])


QUESTION = """
from emu.board import configure, make_board
from ui import boot
from hal.buttons import A, B, DOWN, LEFT, RIGHT, PRESS
configure(data_dir="/f/data", seed=3)
b = make_board()
app = boot.run(b, frames=3)
def press(k, frames=3):
    app.top().handle((PRESS, k))
    app.run(frames)
def shows(w):
    import framebuf
    from ui.draw import gfx
    fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
    gfx.record = []
    try:
        app.top().draw(fb)
        return any(w in r[1] for r in gfx.record)
    finally:
        gfx.record = None
shots = {}
def shot(name):
    shots[name] = bytes(b.emu.panel.image()).hex()
out["first"] = type(app.top()).__name__
"""


def test_a_saved_bot_not_known_here_is_asked_about_then_played_at_the_level_chosen(
        micropython, tmp_path):
    out = micropython.run_json(STORE % os.path.join(FIXTURES, "unknown_bot") + QUESTION + """
press(A)
out["asked"] = type(app.top()).__name__
out["says"] = [shows(w) for w in ("Unknown player", "Play as", "Set save aside", "(grandma)")]
shot("en")
press(B)  # back: the offer, the save as it was
out["back"] = type(app.top()).__name__
press(A)
press(RIGHT)
out["hard"] = shows("hard")
from ui.text import lang
lang.use(1)
app.top().dirty = True
app.run(2)
out["fr"] = [shows(w) for w in ("Joueur inconnu", "Mettre de")]
shot("fr")
lang.use(0)
press(A, 80)
top = app.top()
out["playing"] = type(top).__name__
out["seats"] = [list(s) for s in top.session.seats]
print(json.dumps([out, shots]))
""")
    out, shots = out
    assert out["first"] == "ContinueScreen" and out["asked"] == "SeatQuestion"
    assert all(out["says"]), out["says"]
    assert out["back"] == "ContinueScreen"
    assert out["hard"] and all(out["fr"]), out
    assert out["playing"] == "CardsScreen"
    assert out["seats"] == [["ANA", 0, None], ["BOB", 1, "hard"], ["CY", 1, "cautious"]]
    _keep_shots(shots, "seat_question")


def test_a_saved_seat_kind_not_known_here_can_be_set_aside(micropython):
    out = micropython.run_json(STORE % os.path.join(FIXTURES, "unknown_bot") + """
from lama import seats
from ui.model.saves import Saves
from ui.model.saves_menu import SavedGames, reset_stats  # noqa: F401
saves = Saves("/f/data")
state, row, rngs = SavedGames(saves).load(2)
row[1] = ("BOB", 9, b"new")  # a kind of a newer firmware
assert saves.save_progress(state, row)
""" + QUESTION + """
press(A)
out["asked"] = type(app.top()).__name__
out["says"] = [shows(w) for w in ("BOB (kind 9)", "not")]
shot("kind")
press(DOWN)
press(A)
out["then"] = type(app.top()).__name__
out["files"] = sorted(os.listdir("/f/data"))
out["offered"] = SavedGames(Saves("/f/data")).all()
print(json.dumps([out, shots]))
""")
    out, shots = out
    _keep_shots(shots, "seat_question")
    assert out["first"] == "ContinueScreen" and out["asked"] == "SeatQuestion"
    assert all(out["says"]), out["says"]
    assert out["then"] == "TitleScreen"
    assert "game_cards.bad" in out["files"] and "game_cards.bad1" in out["files"]
    assert not any(n.startswith("game_cards.") and n[-2:] in (".a", ".b") for n in out["files"])
    assert out["offered"] == []


def test_continuing_from_the_menu_asks_about_the_unknown_bot_too(micropython):
    out = micropython.run_json(STORE % os.path.join(FIXTURES, "unknown_bot") + QUESTION + """
from ui.screens.saved_game import SavedGameQuestion
app.home()
app.push(SavedGameQuestion(app, 2))
app.run(3)
out["saved_q"] = type(app.top()).__name__
press(A, 80)  # continue it
out["asked"] = type(app.top()).__name__
out["says"] = shows("(grandma)")
press(A, 80)  # played at the level offered first: the middle one
top = app.top()
out["playing"] = type(top).__name__
out["seats"] = [list(s) for s in top.session.seats]
print(json.dumps(out))
""")
    assert out["saved_q"] == "SavedGameQuestion" and out["asked"] == "SeatQuestion"
    assert out["says"]
    assert out["playing"] == "CardsScreen"
    assert out["seats"] == [["ANA", 0, None], ["BOB", 1, "medium"], ["CY", 1, "cautious"]]


def _keep_shots(shots, name):
    """The question's pictures, for a look by eye (SEAT_SHOTS=folder writes them)."""
    folder = os.environ.get("SEAT_SHOTS")
    if not folder:
        return
    from simulator import png

    for lang_name, hexed in shots.items():
        image = bytes.fromhex(hexed)
        png.write(os.path.join(folder, name + "_" + lang_name + ".png"), image, scale=1)
        png.write(os.path.join(folder, name + "_" + lang_name + "-4x.png"), image, scale=4)
