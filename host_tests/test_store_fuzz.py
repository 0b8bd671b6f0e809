"""10,000 mutated files of each kind (the old single saved game too, moved at start),
loaded by the firmware in a small heap: no crash."""

import json
import subprocess

import mp

HEAP = 256_000  # bytes; holds the 48 KB flash image and the compiler (.py sources) too (64-bit)
COUNT = 10_000


def run_kinds(kinds, count, seed):
    """Run host_tests/mp_store_fuzz.py for each kind at the same time (one process each)."""
    env = mp.paths.micropython_env()
    procs = []
    for k in kinds:
        cmd = [mp.micropython_path(), "-X", "heapsize=%d" % HEAP,
               "host_tests/mp_store_fuzz.py", k, str(count), str(seed)]
        procs.append(subprocess.Popen(cmd, cwd=mp.ROOT, env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True))
    out = {}
    for k, p in zip(kinds, procs):
        stdout, stderr = p.communicate(timeout=300)
        assert p.returncode == 0, stderr[-2000:]
        out[k] = json.loads(stdout.strip().splitlines()[-1])
    return out


def test_ten_thousand_mutated_files_of_each_kind_never_crash_and_are_set_aside():
    """Bit flips, truncations, random bytes, bad headers, and hostile payloads with a valid
    CRC: no exception escapes, a refused file is kept as .bad byte for byte with a
    message, a good older copy is used, an accepted file is exactly a valid encoding."""
    got = run_kinds(("settings", "stats", "game", "legacy"), COUNT, 1)
    for kind, r in got.items():
        assert r["failures"] == [], kind
        assert r["files"] == COUNT
        assert r["refused"] > COUNT // 2, kind
        assert r["older_used"] > COUNT // 10, kind
        for how in ("flip", "truncate", "extend", "random", "header", "hostile", "huge"):
            assert r["kinds"].get(how, 0) > 0, (kind, how)
        assert r["kinds"]["hostile"] > COUNT // 3
        assert r["free"] > 20_000  # nothing grew: the heap is as free at the end
