"""Power cut at every erase and program of every kind of save: nothing is ever lost."""


def test_power_cut_at_every_flash_operation_loses_nothing(micropython):
    """host_tests/mp_store_cuts.py: settings, two whole games saved after every action,
    statistics (also growing past littlefs's inline limit), removing the saved game, and a
    record growing past one 4 KB block, and games played on until littlefs relocates a
    worn metadata pair (block_cycles); each erase and program cut not applied, half
    applied and fully applied; the copy mounts and loads the old or the new content."""
    import json

    proc = micropython.run_script("host_tests/mp_store_cuts.py", timeout=120)
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["failures"] == []
    assert got["points"] >= 1000
    assert got["erases"] > 20  # cuts during erases too, not only programs
    assert got["saves"] > 100
    assert got["most_erased"] >= 101  # a metadata pair reached block_cycles + 1 ...
    assert got["blocks_erased"] > got["blocks_before"] + 2  # ... and was moved
