"""Exceptions of the engine: an illegal action names the rule it breaks."""


class RuleError(ValueError):
    """An action the rules do not allow; `rule` is its id in docs/rules.md (e.g. "D9")."""

    def __init__(self, rule, message):
        super().__init__(rule + ": " + message)
        self.rule = rule


class CodecError(ValueError):
    """Bytes that do not decode to a valid state (truncated, corrupt, unknown version)."""
