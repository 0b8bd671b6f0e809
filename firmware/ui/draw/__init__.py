"""The drawing kit: fonts (the built-in 8x8 with accents, small capitals), icons and canvas helpers on the 128x64 MONO_VLSB framebuf."""
