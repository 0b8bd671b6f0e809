"""What os.stat's mode says of a path, said once for codepack.py (which reads it before
the code pack is mounted: a top-level file) and hal/store.py."""

from micropython import const

S_IFDIR = const(0x4000)  # a folder
S_IFREG = const(0x8000)  # a file
