"""The link game's host keeps in RAM only what its game needs (issue 48: the host's least
free heap in a six-seat linked game): not the consoles' code (their session, the state
rebuilt from the host's view), nor what it used once as the game began (its bus made, its
consoles' ids saved): the unix port, the host alone on an emulated line."""

from test_link_game import case

CONSOLE_ONLY = ("ui.games.remote", "link.rebuild", "link.console", "link.console_bus")
ONCE = ("link.net", "ui.model.link_ids")  # (ui.memory.LINK_ONCE_CODE)
LOBBY = ("ui.screens.link", "ui.screens.link_setup")


def test_a_hosts_linked_game_holds_neither_the_consoles_code_nor_its_lobbys(micropython):
    r = case(micropython, "host_memory()")
    held = set(r["in_game"])
    assert {"link.host", "link.host_bus", "link.view", "ui.games.linked"} <= held, held
    assert not held & set(CONSOLE_ONLY + ONCE + LOBBY), held
    assert r["linked_has_session"] is False and r["view_has_rebuild"] is False
    # a console first seen in its seat: its id saved at the frame's end, the code let go
    assert not set(r["after_keep"]) & set(ONCE), r["after_keep"]
