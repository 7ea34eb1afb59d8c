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
from tracker.engine.commands import EditCombatant
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
def test_the_writer_makes_the_text_of_a_card_or_row_once(qtbot, monkeypatch, ruleset_id):
    """The turns to come and a panel's rows are mostly the very objects an earlier state
    held (the projection keeps them): the writer keeps their text (`KeptJson`, by
    identity) and makes only the new ones' (a list of which nothing was met before,
    made anew at each state, is made at once). The text is the same."""
    feed, _holder, document = fed(qtbot, ruleset_id)
    made: list[object] = []  # (held: no other object comes to have one's id)
    whole = page_state._whole
    monkeypatch.setattr(page_state, "_whole", lambda part: made.append(part) or whole(part))
    kept, earlier = KeptJson(), []  # (the states kept: their parts' ids stay theirs)
    for _ in range(3):
        earlier.append(feed.state())
        earlier[-1].to_json(kept)
        assert document.apply(next_step(document.session))
    before, made[:] = list(made), []
    met = {id(part) for state in earlier for parts in _lists(state) for part in parts}
    state = feed.state()
    lists = [parts for parts in _lists(state) if any(id(part) in met for part in parts)]
    parts = {id(part) for parts in lists for part in parts}  # those made a part at a time
    plained: list[object] = []
    plain = page_state.plain
    monkeypatch.setattr(page_state, "plain", lambda value: plained.append(value) or plain(value))
    text = state.to_json(kept)
    assert not {id(part) for part in made} & {id(part) for part in before}  # made once
    assert [value for value in plained if id(value) in parts] == made  # the rest kept
    assert len(parts) > 20 and len(made) < len(parts) / 3
    assert text == state.to_json()  # the same as made from nothing


def _lists(state: page_state.PageState) -> list[tuple[object, ...]]:
    """The lists of cards and rows of a state, as the writer meets them."""
    panel = state.panel
    lists: list[tuple[object, ...]] = [state.board.turns, state.board.effects]
    if panel is not None:
        lists += [panel.lines, panel.rows, panel.grid.rows if panel.grid is not None else ()]
    return lists


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_writers_text_is_the_wholes_through_steps_undo_renames_and_hiding(qtbot, ruleset_id):
    """Kept texts and all, the writer's JSON of each state is the very text `json.dumps`
    makes of the whole state (as `plain` spells it), state after state."""
    feed, _holder, document = fed(qtbot, ruleset_id)
    rng = random.Random(3)
    kept = KeptJson()
    for _ in range(40):
        state = feed.state()
        assert state.to_json(kept) == _whole_text(state)
        combatant = rng.choice(document.encounter.combatants)
        chance = rng.random()
        if chance < 0.15:
            document.undo_stack.undo()
        elif chance < 0.2:
            document.undo_stack.redo()
        elif chance < 0.3:
            assert document.apply(EditCombatant(combatant.id, {"name": f"{combatant.name}'"}))
        elif chance < 0.35:
            assert document.apply(EditCombatant(combatant.id, {"hidden": not combatant.hidden}))
        else:
            assert document.apply(next_step(document.session))


def _whole_text(state: page_state.PageState) -> bytes:
    board, plain = state.board, page_state.plain
    whole = {
        "title": board.title,
        "round": board.round,
        "now": {"caption": board.now_caption, "name": board.now_name, "detail": board.now_detail},
        "next_caption": board.next_caption,
        "up_next": board.up_next if state.timer is not None else "",
        "turns": plain(board.turns),
        "effects": plain(board.effects),
        "panel": plain(state.panel),
        "timer": plain(state.timer),
    }
    return json.dumps(whole, separators=(",", ":")).encode("ascii")
