"""The JSON text of the parts of the states published, kept for the next ones by
identity: the page's turns to come and a panel's rows are mostly the very objects an
earlier state held (the projection keeps them: `projection.KeptCards`, the panels'
`RowMemo` and `ChangeMemo`; after an undo, those of the state before), so their text is
not made again at each publish.

One per writer, used on its thread alone. The parts are frozen data (dataclasses of
texts, numbers and tuples of such), so an object's text stays what it was; each is held
while its text is kept, so no other object can come to have its `id`. About `LIMIT`
parts are kept, in two generations: the parts met since the last turnover, and those
met before it (let go at the next, unless met again meanwhile)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

LIMIT = 2048  # parts kept, about

Entry = tuple[object, str | None]  # a part and its text (None while not made)


class KeptJson:
    def __init__(self) -> None:
        self._young: dict[int, Entry] = {}  # by id: met since the last turnover
        self._old: dict[int, Entry] = {}  # met before it

    def texts(self, parts: Sequence[object], make: Callable[[object], str]) -> list[str] | None:
        """Each part's JSON: the text kept if this very object was met before, else
        `make(part)`, then kept. None when none of them was met before (a list made
        anew at each state: the caller makes it at once, cheaper than a part at a
        time); they are noted all the same, so that a state that holds them again
        makes their texts then, and the next keeps them."""
        young, old = self._young, self._old
        if not any(id(part) in young or id(part) in old for part in parts):
            for part in parts:
                young[id(part)] = (part, None)
            self._turn_over()
            return None
        texts = []
        for part in parts:
            key = id(part)
            entry = young.get(key) or old.get(key)
            text = entry[1] if entry is not None and entry[0] is part else None
            if text is None:
                text = make(part)
            young[key] = (part, text)
            texts.append(text)
        self._turn_over()
        return texts

    def _turn_over(self) -> None:
        """Once half the parts kept were met since the last turnover, those met only
        before it are let go."""
        if len(self._young) > LIMIT // 2:
            self._old, self._young = self._young, {}
