"""Hardware drivers and policies behind small interfaces (display, buttons, sound, power, clock)."""
