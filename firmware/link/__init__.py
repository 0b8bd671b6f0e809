"""The link game: 2 to 6 consoles at one table, the host running the game (issue 48)."""
