"""The page's state as JSON (`PageState.to_json`, on the server's thread): the same
data as `dataclasses.asdict` gives, and worked out by each value's type, each type's
fields looked up once, not asked of every value at every state."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import namedtuple
from typing import Any

import pytest
from PySide6.QtWidgets import QWidget

from benchmarks.fights import add_effects, build, next_step
from tracker.engine.state import SIDES
from tracker.qt.document import EncounterDocument
from tracker.qt.share import page_state
from tracker.qt.share.feed import PageFeed
from tracker.qt.widgets.turn_timer import TurnTimerSetting

RULESETS = (
    "classic_d20",
    "initiative_ticks",
    "priority",
    "war_scroll",
    "ap_countdown",
    "stamina_battle",
)


def fed(qtbot: Any, ruleset_id: str) -> tuple[PageFeed, QWidget, EncounterDocument]:
    session = build(ruleset_id, 30)
    add_effects(session, session.apply, 10, random.Random(5))
    document = EncounterDocument(session)
    holder = QWidget()
    qtbot.addWidget(holder)
    feed = PageFeed(document, holder, health=("exact",) * len(SIDES), timer=TurnTimerSetting())
    for _ in range(3):
        assert document.apply(next_step(document.session))
    return feed, holder, document  # (kept: the feed's models go with them)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_json_is_asdicts_and_no_value_is_asked_what_it_is(qtbot, monkeypatch, ruleset_id):
    feed, _holder, _document = fed(qtbot, ruleset_id)
    state = feed.state()
    sent = json.loads(state.to_json())
    asdict = dataclasses.asdict
    assert sent["turns"] == [asdict(card) for card in state.board.turns]
    assert sent["effects"] == [asdict(card) for card in state.board.effects]
    assert sent["panel"] == (json.loads(json.dumps(asdict(state.panel))) if state.panel else None)
    assert sent["timer"] == (asdict(state.timer) if state.timer else None)
    asked: list[object] = []
    is_dataclass = page_state.is_dataclass
    monkeypatch.setattr(
        page_state, "is_dataclass", lambda kind: asked.append(kind) or is_dataclass(kind)
    )
    assert state.to_json() == json.dumps(sent, separators=(",", ":")).encode("ascii")
    assert asked == []  # every type met before: its fields known


def test_any_tuple_is_an_array_and_a_dataclass_without_fields_an_object():
    Pair = namedtuple("Pair", "a b")

    @dataclasses.dataclass(frozen=True)
    class Empty:
        pass

    value = (Pair(1, "x"), [Empty(), None, True, 2.5])
    assert page_state.plain(value) == [[1, "x"], [{}, None, True, 2.5]]
