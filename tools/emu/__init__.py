"""Emulated board parts for the host: I2C bus, OLED panels, scripted buttons, virtual time."""
