"""A link game's frame on the game screens (the line's traffic): on the host, a console
gone (its page) or back (play on); on a console, a new game, the host's end or the
host gone. The console's session is ui.games.remote's (which the host never loads)."""

from ui.text import lang


def frame(screen):
    """A frame of a link game under game screen `screen`: the line's traffic; on the host,
    a console gone opens its page (wait, a computer player, end); on a console, a new game
    (the host's rematch, or the seat again after a relink) takes the screen's place, and
    the host's end of the game leaves for the menu."""
    ses = screen.session
    if getattr(ses, "console", None) is not None:
        link = ses.console
        if link.state() != "linked":  # the host gone (or this cable): said till it is back
            line = lang.s.LINK_HOST_LOST
            if screen.note_text != line:
                screen.note_text = line
                screen.dirty = True
            # (a note goes at its note_end, NOTE_MS at most: this one is renewed every frame
            # till the line is back, then it goes at the next frame)
            screen.note_end = screen.app.clock.ticks_add(screen.now(), 1)
        if link.started and link.fields is not None:
            screen.leaving = True  # (this screen's tick stops here: the new one plays on)
            screen.app.pages(screen.app, "linked", link)  # (ui.screens.link: its new game)
        elif link.ended:
            screen.to_menu()
        elif screen.choosing() and link.has_update() and not screen.panels:
            # the host's word at this person's choice (its START again after a relink, then
            # the answer to the choice sent before it): shown first, as at any other wait
            screen.begin_turn()
        return
    host = ses.link
    seat = host.take_gone()
    if seat >= 0 and ses.result is None:  # (after the game over, a console may go)
        from ui.games.panel_link_lost import LinkLostPanel

        screen.push_panel(LinkLostPanel(screen, seat))
    seat = host.take_back()
    if seat >= 0:  # the same console back: its page goes (the seat is its person's again)
        for p in screen.panels:
            if getattr(p, "seat", -1) == seat and type(p).__name__ == "LinkLostPanel":
                screen.panels.remove(p)
                screen.dirty = True
                break
