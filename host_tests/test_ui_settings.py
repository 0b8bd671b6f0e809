"""ui.model.settings: defaults, ranges, validation, the byte encoding (untrusted input), rules;
on CPython (with hypothesis) and under the MicroPython unix port."""

from hypothesis import given
from hypothesis import strategies as st
from ui.model import settings as S
from ui.model.settings import FIELDS, Settings, from_bytes


def test_defaults_are_in_range_and_the_documented_ones():
    s = Settings()
    for name, lo, hi, default, step in FIELDS:
        assert lo <= default <= hi and (default - lo) % step == 0
        assert s.get(name) == default
    assert (s.target, s.rounds, s.komarami, s.language, s.sound) == (40, 0, 0, 0, 1)


def test_round_trip_of_every_field_value():
    for name, lo, hi, _default, step in FIELDS:
        for v in range(lo, hi + 1, step):
            s = Settings()
            s.set(name, v)
            t = from_bytes(s.to_bytes())
            assert t.get(name) == v
            assert t.to_bytes() == s.to_bytes()


def test_bad_bytes_give_defaults():
    default = Settings().to_bytes()
    for data in (None, b"", b"\x01", b"\x02" + default[1:], default + b"\x00", "text", 42):
        assert from_bytes(data).to_bytes() == default


def test_settings_saved_before_the_speed_field_still_load():
    """The bytes of the first firmware (8 fields, no computer-player speed) keep their values;
    the speed takes its default (normal)."""
    old = bytes([S.VERSION, 3, 0, 1, 2, 1, 55, 4, 1])  # contrast .. komarami, as saved then
    s = Settings()
    assert S.FIELDS_V1 == 8 and FIELDS[S.FIELDS_V1][0] == "speed"
    assert s.load(old) is True
    assert (s.contrast, s.sound, s.flip, s.repeat, s.language) == (3, 0, 1, 2, 1)
    assert (s.target, s.rounds, s.komarami, s.speed) == (55, 4, 1, 1)
    assert s.to_bytes() == old + b"\x01"  # saved again with the speed at the end


def test_out_of_range_field_gets_its_default_only():
    data = bytearray(Settings().to_bytes())
    i = [f[0] for f in FIELDS].index("target")
    data[1 + i] = 41  # not a multiple of 5 from 10
    data[1] = 3  # contrast 3: valid
    s = Settings()
    assert s.load(bytes(data)) is False
    assert s.target == 40 and s.contrast == 3


@given(st.binary(max_size=40))
def test_any_bytes_load_to_values_in_range(data):
    s = from_bytes(data)
    for name, lo, hi, _d, step in FIELDS:
        v = s.get(name)
        assert lo <= v <= hi and (v - lo) % step == 0


def test_set_refuses_wrong_types_and_values():
    s = Settings()
    assert s.set("contrast", 9) == 6
    assert s.set("contrast", "7") == 6
    assert s.set("contrast", 7) == 7
    assert s.set("nonsense", 1) is None


def test_step_wraps_at_both_ends():
    s = Settings()
    s.set("target", 100)
    assert s.step("target", 1) == 10
    assert s.step("target", -1) == 100
    assert s.step("repeat", 2) == 0


def test_S6_C12_rules_from_settings():
    s = Settings()
    s.set("target", 55)
    s.set("rounds", 7)
    s.set("komarami", 1)
    r = s.rules()
    assert (r.target, r.rounds, r.komarami) == (55, 7, True)


def test_contrast_levels_cover_the_panel_range():
    assert S.contrast_value(1) > 0 and S.contrast_value(8) == 255


def test_same_bytes_under_micropython(micropython):
    got = micropython.run_json(
        "import json\n"
        "from ui.model.settings import Settings, from_bytes\n"
        "s = Settings(); s.set('target', 65); s.set('language', 1); s.set('flip', 1)\n"
        "b = s.to_bytes()\n"
        "print(json.dumps([list(b), list(from_bytes(b'junk').to_bytes()), from_bytes(b).target]))"
    )
    s = Settings()
    s.set("target", 65)
    s.set("language", 1)
    s.set("flip", 1)
    assert got[0] == list(s.to_bytes())
    assert got[1] == list(Settings().to_bytes())
    assert got[2] == 65
