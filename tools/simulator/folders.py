"""Folders for frames and emulated saves, with the os calls MicroPython's unix port has."""

import os


def make_dirs(path):
    """mkdir -p."""
    cur = "" if path.startswith("/") else "."
    for p in path.split("/"):
        if not p:
            continue
        cur = cur + "/" + p
        try:
            os.mkdir(cur)
        except OSError:
            pass


def clear_dir(path):
    """Remove everything inside `path` (which stays); nothing when it does not exist."""
    try:
        names = os.listdir(path)
    except OSError:
        return
    for name in names:
        p = path + "/" + name
        try:
            os.remove(p)
        except OSError:
            clear_dir(p)
            try:
                os.rmdir(p)
            except OSError:
                pass
