"""The game screens: the shared GameScreen and its panels, one screen per game, the session (state, seats, bots, saving), the hint and the launch hook."""
