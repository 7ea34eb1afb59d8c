"""The pages' writer's texts of the cards and rows met before (`KeptJson`): by identity,
each made once, and a bounded number of them."""

from __future__ import annotations

from dataclasses import dataclass

from tracker.share.kept_json import LIMIT, KeptJson


@dataclass(frozen=True)
class Card:
    name: str


def test_a_part_met_again_keeps_its_text_until_many_others_were_met_since():
    kept, made = KeptJson(), []

    def make(part: object) -> str:
        assert isinstance(part, Card)
        made.append(part)
        return part.name

    first, second = Card("first"), Card("second")
    assert kept.texts([first], make) is None  # never met: the list is made at once
    assert kept.texts([first, second], make) == ["first", "second"]  # met: a part at a time
    assert kept.texts([second, first], make) == ["second", "first"]
    assert made == [first, second]  # each made once
    assert kept.texts([Card(str(number)) for number in range(LIMIT)], make) is None
    assert kept.texts([first], make) == ["first"]  # kept still, and kept again
    for _ in range(2):  # twice as many others met since
        assert kept.texts([Card(str(number)) for number in range(LIMIT)], make) is None
    assert kept.texts([first], make) is None  # let go
    assert made == [first, second]
