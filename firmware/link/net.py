"""The bus of a link game on the board's line: the host's or a console's (link.bus), made
only when a link game is chosen; None when the board has no link port (board.link None)."""


def has_link(board):
    """Whether the board has a link port (without making it: hal.Board.has_link)."""
    got = getattr(board, "has_link", None)
    return got() if got is not None else getattr(board, "link", None) is not None


def uid(board, unique_id=None):
    """This console's unique id: the board's (machine.unique_id on the Pico, or
    `unique_id()`), else 8 bytes of its entropy kept in its data folder (stored_uid): the
    same console back, even restarted, is known by it. A flash without a unique ID (some
    boards' chips answer all zeros or all ones: every such console alike) counts as none."""
    got = getattr(board, "link_uid", None)
    if got is None:
        try:
            if unique_id is None:
                import machine

                unique_id = machine.unique_id
            got = bytes(unique_id())
        except (ImportError, AttributeError):
            got = b""
        if not got or got.count(got[:1]) == len(got):
            got = stored_uid(board)
        board.link_uid = got
    return got


def stored_uid(board):
    """8 bytes of the board's entropy, drawn once and kept in its data folder (the same
    console after a restart is the same console to its host); drawn again if unreadable."""
    path = board.data_dir + "/link_uid"
    try:
        with open(path, "rb") as f:
            got = f.read(9)
        if len(got) == 8:
            return got
    except OSError:
        pass
    got = bytes(board.entropy.read(8))
    try:
        with open(path, "wb") as f:
            f.write(got)
    except OSError:
        pass  # (a read-only folder: this boot's)
    return got


def host_bus(board, known=None):
    """The host's bus; `known`: {console id: uid} of a saved game's consoles (each gets its
    id back, and with it its seat)."""
    if board.link is None:
        return None
    from link.host_bus import HostBus

    uids = {}
    if known:
        for cid, uid in known.items():
            uids[uid] = cid
    return HostBus(board.link, board.clock.ticks_ms, uids)


def console_bus(board):
    if board.link is None:
        return None
    from link.console_bus import ConsoleBus

    return ConsoleBus(board.link, board.clock.ticks_ms, uid(board))
