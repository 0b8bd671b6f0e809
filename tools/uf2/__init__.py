"""The UF2 wing: the UF2 block format (blocks.py), read by the emulated Pico and written by `make uf2`
(make_uf2.py), and the Pico's file system as a littlefs image (fs_image.py)."""
