"""The page's state as JSON (`PageState.to_json`, on the server's thread): the same
data as `dataclasses.asdict` gives, and worked out by each value's type, each type's
fields looked up once, not asked of every value at every state; the text of a card or
row the last state held not made again."""

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
from tracker.share.kept_json import KeptJson

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


@pytest.mark.parametrize("ruleset_id", ["classic_d20", "war_scroll", "initiative_ticks"])
def test_the_writer_makes_the_text_of_a_part_the_last_state_held_no_more(
    qtbot, monkeypatch, ruleset_id
):
    """The turns to come and a panel's rows are mostly the very objects the last state
    held (the projection keeps them): their text is kept from one state to the next
    (`KeptJson`, by identity), only the new parts made; the text is the same."""
    feed, _holder, document = fed(qtbot, ruleset_id)
    kept = KeptJson()
    before = feed.state()
    before.to_json(kept)
    assert document.apply(next_step(document.session))
    after = feed.state()
    made: list[object] = []
    whole = page_state._whole
    monkeypatch.setattr(page_state, "_whole", lambda part: made.append(part) or whole(part))
    text = after.to_json(kept)
    held = {id(part) for part in _parts(before)}
    parts = _parts(after)
    assert made == [part for part in parts if id(part) not in held]
    assert len(made) < len(parts) / 2  # most were the last state's
    assert text == after.to_json()  # the same as made from nothing


def _parts(state: page_state.PageState) -> list[object]:
    """The cards and rows of a state, as the writer meets them."""
    panel = state.panel
    if panel is None:
        return [*state.board.turns, *state.board.effects]
    grid = list(panel.grid.rows) if panel.grid is not None else []
    return [*state.board.turns, *state.board.effects, *panel.lines, *panel.rows, *grid]
