"""DeployError: a problem with the board or the build that the user can fix, its message saying how."""


class DeployError(Exception):
    """A problem the user can fix; the message says how."""
