"""The players' memory of the turns shown: a long fight keeps no `Turn` per step (issue
26: the Qt side holds no second copy of the history), and an undo however deep still
shows what was shown at that step."""

from __future__ import annotations

import gc

from tracker.engine import AddCombatant, EditCombatant, EndTurn, Session, StartEncounter
from tracker.engine.ruleset import Turn
from tracker.qt.document import EncounterDocument
from tracker.qt.players.turn_memory import RECENT, TurnMemory
from tracker.qt.players.visibility import Visibility

STEPS = 300


def round_robin() -> EncounterDocument:
    """War Scroll: Ayla (fastest), the hidden Witch, then Bren, Cato and Dara."""
    document = EncounterDocument(Session.new("Bridge", "war_scroll", {}))
    document.apply(AddCombatant("Ayla", "party", stats={"swiftness": 9, "speed": 1}))
    document.apply(AddCombatant("Witch", "enemy", hidden=True, stats={"swiftness": 8, "speed": 1}))
    for swiftness, name in enumerate(("Dara", "Cato", "Bren"), start=5):
        document.apply(AddCombatant(name, "party", stats={"swiftness": swiftness, "speed": 1}))
    return document


def shown_key(document: EncounterDocument) -> tuple[object, ...] | None:
    turn = TurnMemory.of(document).shown_turn(Visibility.of(document.encounter))
    return turn.key if turn is not None else None


def live_turns() -> int:
    gc.collect()
    return sum(isinstance(item, Turn) for item in gc.get_objects())


def test_a_long_fight_keeps_no_turn_per_step(qapp):
    document = round_robin()
    TurnMemory.of(document)
    document.apply(StartEncounter())
    before = live_turns()
    for _ in range(STEPS):
        document.apply(EndTurn())
    assert document.session.history_size > STEPS
    # The last steps' turns, and per round the turn shown during the hidden Witch's.
    rounds = STEPS // len(document.encounter.combatants) + 1
    assert live_turns() - before <= RECENT + rounds


def test_an_undo_however_deep_shows_what_was_shown_then(qapp):
    document = round_robin()
    TurnMemory.of(document)
    document.apply(StartEncounter())
    witch = document.encounter.combatants[1].id
    shown = {document.session.history_size: shown_key(document)}
    for _ in range(STEPS):
        document.apply(EndTurn())
        turn = document.session.current_turn()
        assert turn is not None
        if turn.combatant_id == witch:  # the players keep seeing the turn before hers
            assert shown_key(document) == shown[document.session.history_size - 1]
        else:
            assert shown_key(document) == turn.key
        shown[document.session.history_size] = shown_key(document)
    while document.session.history_size > min(shown):
        document.undo_stack.undo()
        assert shown_key(document) == shown[document.session.history_size]
    while document.session.can_redo:
        document.undo_stack.redo()
        assert shown_key(document) == shown[document.session.history_size]


def test_a_turn_whose_holder_is_hidden_since_gives_way_to_the_one_before(qapp):
    document = round_robin()
    TurnMemory.of(document)
    document.apply(StartEncounter())
    ids = {c.name: c.id for c in document.encounter.combatants}
    ayla, dara = ids["Ayla"], ids["Dara"]
    for _ in range(3 * RECENT):
        document.apply(EndTurn())
    while document.session.current_turn().combatant_id != dara:
        document.apply(EndTurn())
    ayla_turn = shown_key(document)
    document.apply(EndTurn())  # Ayla's
    assert shown_key(document) != ayla_turn
    ayla_turn = shown_key(document)
    document.apply(EndTurn())  # the Witch's: Ayla's still shown
    assert shown_key(document) == ayla_turn
    document.apply(EditCombatant(ayla, {"hidden": True}))
    turn = TurnMemory.of(document).shown_turn(Visibility.of(document.encounter))
    assert turn is not None and turn.combatant_id == dara


def test_a_text_naming_no_hidden_combatant_is_read_without_the_visible_names() -> None:
    """`leaks` takes the visible names out of a text only when a hidden name is in it:
    a large fight's thousands of visible names were replaced in every text painted while
    anyone was hidden. The answers stay those of the replacements."""
    shown = frozenset({"Shade 2", "Ann", "Bob"})
    visibility = Visibility(frozenset({"a", "b", "c"}), shown, frozenset({"Shade"}))
    assert not visibility.leaks("Ann strikes Bob")
    assert "visible_names" not in visibility.__dict__  # never ordered: never replaced
    assert not visibility.leaks("Shade 2 acts")  # a visible name holding the hidden one
    assert visibility.leaks("Shade acts")
    assert visibility.leaks("Shade 2 and Shade")
