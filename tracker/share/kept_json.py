"""The JSON text of the parts of the last state published, kept for the next one by
identity: the page's turns to come and a panel's rows are mostly the very objects the
last state held (the projection keeps them: `projection.KeptCards`, the panels'
`RowMemo` and `ChangeMemo`), so their text is not made again at each publish.

One per writer, used on its thread alone. The parts are frozen data (dataclasses of
texts, numbers and tuples of such), so an object's text stays what it was; each is held
while its text is kept, so no other object can come to have its `id`."""

from __future__ import annotations

from collections.abc import Callable, Iterable


class KeptJson:
    def __init__(self) -> None:
        self._last: dict[int, tuple[object, str]] = {}  # the last state's parts
        self._now: dict[int, tuple[object, str]] = {}  # this state's, so far

    def texts(self, parts: Iterable[object], make: Callable[[object], str]) -> list[str]:
        """Each part's JSON: the last state's text if it held this very object, else
        `make(part)`; kept for the next state either way."""
        last, now = self._last, self._now
        texts = []
        for part in parts:
            key = id(part)
            kept = last.get(key)
            if kept is None or kept[0] is not part:
                kept = (part, make(part))
            now[key] = kept
            texts.append(kept[1])
        return texts

    def next_state(self) -> None:
        """The state is made: the parts it held are kept, the others' texts let go."""
        self._last, self._now = self._now, {}
