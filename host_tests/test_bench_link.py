"""make bench BENCH=link's own-press figure (tools/benches/link.py): each person's press is
timed to the first panel frame of the Pico it was pressed on, the host's apart from the
consoles'."""

from benches.link import own_answers, spread


class Pico:
    def __init__(self, frame_ends_ms):
        self.panel_addr = 0x3C
        # one 10-byte I2C write ending at each time (ns), and one to another address
        self.i2c = [(int(t * 1e6), 0x3C, bytes(10)) for t in frame_ends_ms]
        self.i2c.append((int(1e6), 0x50, bytes(10)))


class Game:
    def __init__(self, picos, moves):
        self.picos = picos
        self.moves = moves


def test_each_press_is_timed_to_the_next_panel_frame_of_its_own_pico():
    host = Pico([5, 40, 100])
    console = Pico([7, 33, 300])
    game = Game([host, console], [(0, int(20e6)), (1, int(10e6)), (1, int(200e6)),
                                  (0, int(500e6))])  # (the last: no frame after it)
    got = own_answers(game)
    assert [round(x) for x in got["host"]] == [20]
    assert [round(x) for x in got["console"]] == [23, 100]
    s = spread("console_press_answer_ms", got["console"])
    assert round(s["console_press_answer_ms_max"]) == 100
    assert spread("x", []) == {"x_median": None, "x_p95": None, "x_max": None}
