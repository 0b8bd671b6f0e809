"""The menus and system screens: title, main menu, lists, text pages, names, setup, settings, statistics, about, resume."""
