"""The hook from the new-game setup to the game screens: `launch(app, setup)` replaces the
setup screen with the game's screen for a ui.setup.GameSetup.

The game screens (issue 5) are not written yet: until then a notice shows the setup."""


def launch(app, setup):
    from lama.codec import GAME_DICE
    from ui.message import TextScreen

    seats = tuple(name + " " + kind for name, kind in setup.seats)

    def title(s):
        return s.GAME_DICE if setup.game == GAME_DICE else s.GAME_CARDS

    app.replace(TextScreen(app, title, lambda s: (s.GAME_LATER, "") + seats))
