"""The bus of a link game on the board's line: the host's or a console's (link.bus), made
only when a link game is chosen; None when the board has no link port (board.link None)."""


def has_link(board):
    """Whether the board has a link port (without making it: hal.Board.has_link)."""
    got = getattr(board, "has_link", None)
    return got() if got is not None else getattr(board, "link", None) is not None


def uid(board):
    """This console's unique id: the board's (machine.unique_id on the Pico), else 8 bytes
    of its entropy, kept for the boot (the same console back is known by it)."""
    got = getattr(board, "link_uid", None)
    if got is None:
        try:
            import machine

            got = machine.unique_id()
        except (ImportError, AttributeError):
            got = board.entropy.read(8)
        board.link_uid = got
    return got


def host_bus(board):
    if board.link is None:
        return None
    from link.bus import HostBus

    return HostBus(board.link, board.clock.ticks_ms)


def console_bus(board):
    if board.link is None:
        return None
    from link.bus import ConsoleBus

    return ConsoleBus(board.link, board.clock.ticks_ms, uid(board))
