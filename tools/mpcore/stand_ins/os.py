"""Import-only stand-in for os on the core-only build (tools/mpcore): getenv only, so modules that import os can be weighed."""


def getenv(name, default=None):
    """No environment on the core build: always the default."""
    return default
