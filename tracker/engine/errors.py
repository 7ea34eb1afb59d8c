"""Typed errors the engine raises; each carries a message fit to show a game master."""


class TrackerError(Exception):
    """Base of every error Roundkeeper raises on purpose."""


class CommandError(TrackerError):
    """A command was refused; nothing changed. `field` names the offending input, if any."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class RulesetNotFoundError(TrackerError):
    """No installed ruleset has the requested id."""
