"""Linked L.L.A.M.A. games on emulated Picos running the official firmware (run when
PICO_FIRMWARE is set), with faults: three Picos on a line that flips bits and sends bursts
of noise; a console's cable pulled mid-game and put back, the host's own cable too; the
host's power cut mid-save.
Each game to game over, the same final scores on every console, no traceback, and every
frame the line carried read for a hand that is not its receiver's.

Each Pico starts from a flash whose settings already make the game short (one round to 10
points, computer players and the moves shown at once: link_game.preset_flash, set once
through one Pico's buttons): the emulated Picos run some times slower than real ones, and
the settings cost each console seconds of emulated time."""

import os
import shutil

import pytest

from paths import ROOT
from pico import firmware

pytestmark = [
    pytest.mark.skipif(not shutil.which("node")
                       or not os.path.isdir(os.path.join(ROOT, "node_modules", "rp2040js")),
                       reason="needs node and rp2040js (npm ci)"),
    pytest.mark.skipif(not os.environ.get(firmware.ENV), reason="PICO_FIRMWARE is not set"),
]

ERROR_RATE = 0.002  # a flipped bit in about one byte in 500 each console hears
BURST = (0.0005, 6)  # about one byte in 2,000 starts 6 bytes of noise at a console
GAME_MS = 120_000  # emulated


@pytest.fixture(scope="module")
def short_flash(tmp_path_factory):
    from pico import provision
    from pico.link_game import preset_flash

    tmp = tmp_path_factory.mktemp("preset")
    return preset_flash(provision.flashed(firmware.from_env(), probe=True),
                        str(tmp / "short.bin"), str(tmp))


def host_says(game, page):
    """Whether the host's probe names `page` as the top screen's panel."""
    return game.probes[0].screen().endswith(page)


def title_drawn(text):
    """The top 8 rows (128 MONO_VLSB bytes) of a page whose title is `text`, as the
    firmware's drawing kit draws it (ui.draw.gfx on the MicroPython unix port)."""
    import mp

    got = mp.run("import framebuf\nfrom ui.draw import gfx\nbuf = bytearray(1024)\n"
                 "fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)\n"
                 "gfx.mid_center(fb, gfx.fit(%r, gfx.MID_COLS), 1)\n"
                 "print(bytes(buf[:128]).hex())" % text)
    return bytes.fromhex(got.stdout.strip().splitlines()[-1])


def game_with_a_fault(short_flash, tmp_path, seed, fault):
    """A three-seat linked card game on two Picos (a person at each, a computer player)
    played to game over on a line that flips bits; `fault(g, seen)` runs once, as soon as
    each person has moved and both consoles are idle, and notes in `seen` what it saw.
    Returns (game, whether it ended, seen); the caller closes the game."""
    from pico.link_game import LinkGame

    game = LinkGame(short_flash, 2, tmp_path, error=ERROR_RATE, seed=seed)
    seen = {}

    def each(g):
        if not seen and len({k for k, _ in g.moves}) >= 2 and g.idle(0) and g.idle(1):
            fault(g, seen)

    try:
        game.set_table(3, preset=True)
        over = game.play_to_end(GAME_MS, each=each)
        assert seen, "no fault made: %r" % game.moves
    except BaseException:
        game.close()
        raise
    return game, over, seen


def check_game(game, seats):
    """Every console at game over with the same scores, the scores the line said last (a
    game_end event, or the state a console's return brought once the game was over), no
    traceback, no frame that gave a console a hand but its own; the messages the host
    sent, decoded off the wire."""
    from emu.link_audit import message_leaks, wire_messages
    from lama import cards
    from link import msg
    from link.rebuild import rebuild

    texts = game.texts()
    assert all("Traceback" not in t for t in texts), [t[-1500:] for t in texts]
    scores = game.final_scores()
    assert scores[0] is not None and len(scores[0]) == seats, scores
    assert all(s == scores[0] for s in scores), scores
    sent = wire_messages(game.wire.line.wire)
    assert message_leaks(sent) == []
    ends = [ev[1] for _, m in sent if m[0] == msg.EVENTS for ev in m[1][1]
            if ev[0] == "game_end"]
    if not ends:  # the game ended while a console was away (its person out of the round,
        # the others computer players): the STATE its return brought told it the end
        ends = [rebuild(cards, m[1]).scores for _, m in sent if m[0] == msg.STATE]
    assert ends and list(ends[-1]) == scores[0], "what the line said is what they show"
    return sent


def states_to(sent, since=0):
    """{console id: STATE messages of a card game it got} among sent[since:]."""
    from link import msg
    from link.rebuild import own_hand

    out = {}
    for dst, m in sent[since:]:
        if m[0] == msg.STATE and own_hand(m[1]):
            out[dst] = out.get(dst, 0) + 1
    return out


def test_three_official_firmware_picos_play_a_linked_game_on_a_noisy_line(short_flash,
                                                                            tmp_path):
    """The host's person, two consoles' persons and a computer player, on a line that flips
    a bit in about one byte in 500 and now and then garbles several bytes in a row."""
    from pico.link_game import LinkGame

    game = LinkGame(short_flash, 3, tmp_path, error=ERROR_RATE, seed=3, burst=BURST)
    try:
        game.set_table(4, preset=True)
        over = game.play_to_end(GAME_MS)
        assert over, ([p.screen() for p in game.probes], [t[-1500:] for t in game.texts()])
        sent = check_game(game, 4)
        assert {k for k, _ in game.moves} == {0, 1, 2}, "the three people played"
        assert set(states_to(sent)) == {1, 2}, "each console got its view"
        line = game.wire.line
        assert line.bursts > 0 and line.faults > line.bursts, "bursts and bit flips made"
    finally:
        game.close()


@pytest.mark.parametrize("offer", ["wait", "computer"])
def test_a_console_s_cable_pulled_mid_game_on_the_picos(short_flash, tmp_path, offer):
    """After each person has moved, the console's cable comes out: the host shows its page
    ("Q1's console is gone": wait, a computer player of a level, end) within the bus's
    lost time; its person picks Wait (or a medium computer player takes the seat); the
    cable goes back: the console rejoins (the page goes; its person plays its seat again)
    and gets its view; the game goes on to game over."""
    from link import msg
    from link.bus import LOST_MS
    from simulator import png

    def pull(g, seen):
        g.wire.run(300)  # (the move's frames out)
        seen["at"] = g.ms
        g.wire.unplug(1)
        gone = g.wire.run_until(lambda: host_says(g, "LinkLostPanel"), 4 * LOST_MS)
        seen["after_ms"] = g.ms - seen["at"]
        assert gone, game.probes[0].screen()
        png.write(str(tmp_path / "gone.png"), g.picos[0].image())
        seen["image"] = g.picos[0].image()
        g.keys(0, ["A"] if offer == "wait" else ["DOWN", "DOWN", "A"])  # Wait, or medium
        g.settle()  # (the keys pressed; a computer player's code then loads: a frame or two)
        g.wire.run_until(lambda: not g.probes[0].screen().endswith("LinkLostPanel"), 1000)
        seen["waiting"] = g.probes[0].screen()
        g.wire.run(2000)
        seen["since"] = len(wire_now(g))
        g.wire.replug(1)

        def start_back():  # the START that tells the console back its seat, and its index
            sent = wire_now(g)
            got = [k for k in range(seen["since"], len(sent))
                   if sent[k][0] == 1 and sent[k][1][0] == msg.START]
            return got[-1] if got else None

        # (a STATE of the next move may reach it before its START: the START and the STATE
        # after it are what its return brings)
        back = g.wire.run_until(lambda: not g.probes[0].screen().endswith("LinkLostPanel")
                                and start_back() is not None
                                and states_to(wire_now(g), start_back()).get(1), 8000)
        seen["back"] = back
        k = start_back()
        seen["start"] = None if k is None else wire_now(g)[k][1][1]

    game, over, seen = game_with_a_fault(short_flash, tmp_path, 4 + (offer == "computer"), pull)
    try:
        print("the host's page %d ms after the cable came out" % seen["after_ms"])
        assert seen["after_ms"] <= 2 * LOST_MS, seen["after_ms"]
        assert not seen["waiting"].endswith("LinkLostPanel"), "Wait closes the page"
        assert seen["back"], "the console back: the page gone, its view sent"
        # its seat again, played by its person (kind 1: a linked console's), told on its return
        assert seen["start"] and seen["start"][3][seen["start"][1]] == 1, seen["start"]
        assert over, ([p.screen() for p in game.probes], [t[-1500:] for t in game.texts()])
        check_game(game, 3)
        assert seen["image"][:128] == title_drawn("Q1's console is gone"), "its words"
        assert title_drawn("R1's console is gone") != title_drawn("Q1's console is gone")
    finally:
        game.close()


def test_the_host_s_own_cable_pulled_and_put_back_on_the_picos(short_flash, tmp_path):
    """After each person has moved, the host's own cable comes out: the host shows the
    console's page within the bus's lost time; nobody touches it; the cable goes back: the
    page closes by itself, the console gets its view, the game goes on to game over."""
    from link.bus import LOST_MS

    def pull(g, seen):
        g.wire.run(300)
        at = g.ms
        g.wire.unplug(0)
        seen["page"] = g.wire.run_until(lambda: host_says(g, "LinkLostPanel"), 4 * LOST_MS)
        seen["after_ms"] = g.ms - at
        g.wire.run(3000)  # (the console says the host is lost after 2.5 s)
        seen["since"] = len(wire_now(g))
        g.wire.replug(0)
        seen["back"] = g.wire.run_until(
            lambda: not host_says(g, "LinkLostPanel")
            and states_to(wire_now(g), seen["since"]).get(1), 4 * LOST_MS + 5000)

    game, over, seen = game_with_a_fault(short_flash, tmp_path, 7, pull)
    try:
        assert seen["page"] and seen["after_ms"] <= 2 * LOST_MS, seen
        assert seen["back"], "the page closed by itself and the console got its view"
        assert over, ([p.screen() for p in game.probes], [t[-1500:] for t in game.texts()])
        check_game(game, 3)
    finally:
        game.close()


def wire_now(game):
    from emu.link_audit import wire_messages

    return wire_messages(game.wire.line.wire)


@pytest.mark.parametrize("when", ["mid_save", "now"])
def test_the_host_s_power_cut_on_the_picos(short_flash, tmp_path, when):
    """After each person has moved, the host's power dies halfway through its next flash
    operation (a save torn), or at once, wherever it is (between saves, or in a save it put
    off for a console's person); it stays off three seconds (the console says the host is
    lost), then boots: "Continue linked game?", A; the console rejoins to its seat; the
    game goes on to game over, the same on both."""
    def cut(g, seen):
        seen["cut"] = g.power_cut(0, at_flash_op=(1, True) if when == "mid_save" else None)
        assert seen["cut"], "no save within 20 s"
        seen["boot"] = g.wait_screen(0, lambda s: s.startswith("ContinueScreen"), 15000)
        seen["since"] = len(wire_now(g))
        g.keys(0, ["A"])
        g.settle()
        g.wait_screen(0, lambda s: s.startswith(("CardsScreen", "HowToScreen")), 15000)
        seen["rejoined"] = g.wire.run_until(
            lambda: states_to(wire_now(g), seen["since"]).get(1), 8000)

    game, over, seen = game_with_a_fault(short_flash, tmp_path, 5 + 3 * (when == "now"), cut)
    try:
        assert seen["boot"] == "ContinueScreen"
        assert seen["rejoined"], "the console got its view from the host's new run"
        assert over, ([p.screen() for p in game.probes], [t[-1500:] for t in game.texts()])
        assert [e for e in game.picos[0].events if e["ev"] == "cut"
                or (when == "now" and e["ev"] == "power" and not e["on"])]
        check_game(game, 3)
    finally:
        game.close()


def test_a_console_switched_off_mid_game_joins_again_to_its_own_seat_on_the_picos(
        short_flash, tmp_path):
    """After each person has moved, the console's power is cut (its RAM lost: its game is
    gone; its flash's unique ID stays); the host shows its page; three seconds later the
    console is on again and its person goes Link game > Join > its name, as at first: the
    host knows it by its ID and gives it its seat back (the page goes, its view comes); the
    game goes on to game over, the same on both."""
    from link.bus import LOST_MS

    def off(g, seen):
        g.wire.run(300)
        g.power_cut(1)  # (off OFF_MS: the host's page comes meanwhile)
        seen["page"] = host_says(g, "LinkLostPanel")
        g.keys(1, ["A"])  # the title
        g.settle()
        g.wait_screen(1, lambda s: s.startswith("MainMenu"))
        g.keys(1, ["UP", "A"])  # Link game
        g.settle()
        g.wait_screen(1, lambda s: s.startswith("LinkMenu"))
        g.keys(1, ["DOWN", "A"])  # Join
        g.settle()
        g.wait_screen(1, lambda s: s.startswith("NameScreen"))
        seen["since"] = len(wire_now(g))
        g.keys(1, ["UP", "A", "A", "A"])  # Q1, as before
        g.settle()
        seen["back"] = g.wire.run_until(
            lambda: g.probes[1].screen().startswith(("CardsScreen", "HowToScreen"))
            and not host_says(g, "LinkLostPanel"), 4 * LOST_MS + 5000)
        seen["views"] = states_to(wire_now(g), seen["since"])

    game, over, seen = game_with_a_fault(short_flash, tmp_path, 6, off)
    try:
        assert seen["page"], "the host said the console was gone"
        assert seen["back"], (game.probes[1].screen(), game.probes[0].screen())
        assert seen["views"].get(1), "its view came"
        assert over, ([p.screen() for p in game.probes], [t[-1500:] for t in game.texts()])
        check_game(game, 3)
    finally:
        game.close()
