"""The UF2 wing: the UF2 block format (blocks.py), read by the emulated Pico and written by `make uf2`."""
