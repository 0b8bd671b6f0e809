"""The hostile-file suite (host_tests/mp_store_hostile.py): valid-CRC nonsense in every byte
of every record kind, cuts at every byte, both copies bad, directories and files in the
wrong places. Each boot reaches the menu, the other saves stay byte for byte, every file
set aside comes with a notice, and saving works after it."""

import json

import mp


def test_hostile_save_files_never_cost_another_save_and_always_say_so():
    proc = mp.run_script("host_tests/mp_store_hostile.py", args=["40"], timeout=600)
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["failures"] == []
    assert got["cases"] > 1000
    assert got["refused"] > 500
    assert got["booted"] >= 30  # whole boots through the UI, to the main menu
    assert "/data was a file, moved to" in proc.stdout
