"""A console's link uid kept across its restarts (link.net.uid), and the host's record of its
consoles' uids beside its game (ui.model.link_ids)."""

import pytest


def test_a_console_s_uid_is_drawn_once_and_kept_in_its_data_folder(tmp_path):
    """A board without a unique id (the simulator's, the unix port's): its link uid is
    drawn from its entropy once and read back at the next boot; a damaged file is drawn
    again."""
    from link.net import uid

    class Entropy:
        def __init__(self, b):
            self.b = b

        def read(self, n):
            return bytes([self.b]) * n

    class Board:
        def __init__(self, b):
            self.data_dir = str(tmp_path)
            self.entropy = Entropy(b)

    first = uid(Board(1))
    assert first == bytes([1]) * 8
    assert uid(Board(2)) == first, "the same console after its restart"
    (tmp_path / "link_uid").write_bytes(b"xyz")
    assert uid(Board(3)) == bytes([3]) * 8


@pytest.mark.parametrize("flash_id, kept", [
    (b"\x00" * 8, True), (b"\xff" * 8, True), (b"", True), (bytes(range(8)), False)])
def test_a_flash_with_no_unique_id_gives_a_drawn_uid_not_one_every_console_shares(
        tmp_path, flash_id, kept):
    """Two consoles whose flash answers no unique ID (all zeros, all ones) had the same link
    uid, and the host took them for one console (the second joined as the first, and the
    first never got its seat): such a uid counts as none, one is drawn and kept instead."""
    from link.net import uid

    class Board:
        def __init__(self, folder, b):
            folder.mkdir()
            self.data_dir = str(folder)
            self.entropy = type("E", (), {"read": lambda self, n: bytes([b]) * n})()

    a = uid(Board(tmp_path / "a", 1), lambda: flash_id)
    b = uid(Board(tmp_path / "b", 2), lambda: flash_id)
    if kept:
        assert (a, b) == (bytes([1]) * 8, bytes([2]) * 8)
    else:
        assert a == b == flash_id, "a real unique ID is the uid"


def test_link_ids_records_round_trip_and_refuse_damage():
    from ui.model import link_ids

    ids = {1: b"\xc0\x01", 3: bytes(range(16))}
    assert link_ids.decode(link_ids.encode(ids)) == ids
    assert link_ids.decode(b"") == {}
    for bad in (b"\x01\x05ab", b"\x09\x01a", b"\x01"):
        with pytest.raises(ValueError):
            link_ids.decode(bad)
