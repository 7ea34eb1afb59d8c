"""Why each greyed-out action of the palette cannot be taken now, worked out lazily: a
refresh knows which actions are out (the ruleset's `legal_actions` does not offer them)
and the reasons that cost nothing (select a combatant, nobody has a turn); the rules'
own refusal text of the others is asked for only when the GM points at the action or
presses it, and then kept until the next refresh."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping


class Reasons(Mapping[str, str]):
    """Action name → why it cannot be taken now, for the greyed-out actions only (a
    name missing: the action can be taken). `known` reasons are given; each of `lazy`
    is worked out the first time it is read."""

    def __init__(
        self,
        known: Mapping[str, str] | None = None,
        lazy: Mapping[str, Callable[[], str]] | None = None,
    ) -> None:
        self._known = dict(known or {})
        self._lazy = dict(lazy or {})
        self._names = [*self._known, *(name for name in self._lazy if name not in self._known)]

    def __getitem__(self, name: str) -> str:
        if name not in self._known:
            work_out = self._lazy.pop(name)  # KeyError: not greyed out
            self._known[name] = work_out()
        return self._known[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._known or name in self._lazy

    def known(self, name: str) -> str | None:
        """The reason if it is worked out already (None: not yet, or not greyed out)."""
        return self._known.get(name)
