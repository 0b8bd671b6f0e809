"""Power cuts at every flash operation of a save, on copies of a RAM flash image.

`cut_points(dev, do_save, check)` runs do_save() with dev's operation log on, then, for
every logged erase and program and each of three flavours (not applied, half applied,
fully applied), rebuilds the flash image as it was at that moment on a copy, mounts the
copy (as the Pico's boot code would), and calls check(mount_point) to load from it. The
device itself is never made to fail: an exception inside a block device would tear
through littlefs instead of simulating anything. Runs under the MicroPython unix port.
"""

from emu import ramflash

FLAVOURS = (0, 0.5, 1)
CUT_POINT = "/cut"


class Result:
    """Counts of a batch of cuts: points tried, and failures (with a note each)."""

    def __init__(self):
        self.points = 0
        self.ops = 0
        self.erases = 0
        self.failures = []

    def fail(self, note):
        if len(self.failures) < 20:
            self.failures.append(note)
        else:
            self.failures[-1] = "... and more"


_scratch = []  # two image buffers reused by every call (no heap churn over thousands)


def _buffers(n):
    if not _scratch or len(_scratch[0]) != n:
        del _scratch[:]
        _scratch.append(bytearray(n))
        _scratch.append(bytearray(n))
    return _scratch[0], _scratch[1]


def cut_points(dev, mount_point, do_save, check, result, label="", erasing_only=False):
    """Cut power at every operation of do_save() on dev (mounted at mount_point, which is
    unmounted and remounted around the save so that no cache hides an operation).

    check(point) must return None when the copy loads correctly, else a note. With
    `erasing_only`, a save that erased no block is not cut (long runs that must reach
    littlefs's block relocation, which follows block_cycles = 100 erases)."""
    ramflash.umount(mount_point)
    run, snap = _buffers(len(dev.image))
    run[:] = dev.image
    ramflash.mount(dev, mount_point)
    dev.log = []
    do_save()
    ramflash.umount(mount_point)
    log = dev.log
    dev.log = None
    erases = 0
    for entry in log:
        if entry[0] == ramflash.ERASE:
            erases += 1
    if erasing_only and not erases:
        ramflash.mount(dev, mount_point)
        return
    result.ops += len(log)
    result.erases += erases
    for k in range(len(log)):
        for f in FLAVOURS:
            snap[:] = run
            ramflash.apply(snap, log[k], f)
            result.points += 1
            copy = ramflash.RamFlash(image=snap)
            try:
                ramflash.mount(copy, CUT_POINT)
            except OSError as e:
                result.fail("%s op %d/%d x%s: mount failed %r" % (label, k, len(log), f, e))
                continue
            try:
                note = check(CUT_POINT)
            except Exception as e:  # noqa: BLE001 - counted as a loss, not a crash
                note = "raised %r" % (e,)
            ramflash.umount(CUT_POINT)
            if note is not None:
                result.fail("%s op %d/%d x%s: %s" % (label, k, len(log), f, note))
        ramflash.apply(run, log[k], 1)
    if run != dev.image:
        result.fail(label + ": replayed log differs from the device")
    ramflash.mount(dev, mount_point)
