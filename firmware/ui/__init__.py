"""The device's screens: frame loop, screen stack, menus, drawing helpers and string tables."""
