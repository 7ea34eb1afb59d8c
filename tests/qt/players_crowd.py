"""Crowded fights from the bundled samples, for the players' screen: each sample with
enough visible combatants added to overflow a 1080p board, played on to a hidden
combatant's turn (every sample has a hidden one) or to a visible one."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from tracker.engine import AddCombatant, EndTurn, Session, StartEncounter
from tracker.engine.commands import Command
from tracker.persistence.files import load_encounter
from tracker.qt.document import EncounterDocument
from tracker.qt.players.turn_memory import TurnMemory

SAMPLES = Path(__file__).resolve().parents[2] / "tracker" / "assets" / "samples"
RULESETS = sorted(path.name.removesuffix("_sample.json") for path in SAMPLES.glob("*.json"))
CROWD = 25  # visible combatants added to each sample
STEP_LIMIT = 400


def crowd_document(ruleset_id: str, extra: int = CROWD) -> EncounterDocument:
    """The ruleset's sample with `extra` visible combatants added (alternately foes and
    allies, each with the default stats)."""
    session = Session(load_encounter(SAMPLES / f"{ruleset_id}_sample.json"))
    document = EncounterDocument(session)
    TurnMemory.of(document)  # as the GM's window does: it remembers the turns shown
    for number in range(1, extra + 1):
        side = "enemy" if number % 2 else "ally"
        name = f"Raider {number}" if side == "enemy" else f"Guard {number}"
        assert document.apply(AddCombatant(name, side))
    return document


def hidden_ids(document: EncounterDocument) -> set[str]:
    return {c.id for c in document.encounter.combatants if c.hidden}


def is_hidden_turn(document: EncounterDocument) -> bool:
    turn = document.session.current_turn()
    return turn is not None and turn.combatant_id in hidden_ids(document)


def step(document: EncounterDocument) -> None:
    """One move of the fight: start it, answer the pending question (its last answer:
    pass, no one acts now, … with the fields' defaults), or end the turn."""
    session = document.session
    if not session.ruleset.is_started(session.encounter):
        assert document.apply(StartEncounter())
        return
    prompt = session.prompt()
    command: Command = EndTurn()
    if prompt is not None:
        answer = prompt.answers[-1]
        command = answer.command
        if answer.fields:
            values = {f.name: f.default for f in answer.fields}
            command = dataclasses.replace(command, params={**command.params, **values})  # type: ignore[call-arg]
    assert document.apply(command), f"refused: {command!r}"


def play_until(document: EncounterDocument, done, *, after_visible: bool = False) -> None:
    """Step until `done(document)`; with `after_visible`, only once a visible
    combatant's turn was seen first (so a hidden turn follows a visible one)."""
    seen_visible = not after_visible
    for _ in range(STEP_LIMIT):
        turn = document.session.current_turn()
        if document.session.ruleset.is_started(document.encounter) and turn is not None:
            if turn.combatant_id is not None and not is_hidden_turn(document):
                seen_visible = True
            if seen_visible and done(document):
                return
        step(document)
    raise AssertionError("the fight never got there")


def play_to_hidden_turn(document: EncounterDocument) -> None:
    """On to a hidden combatant's turn that follows a visible combatant's."""
    play_until(document, is_hidden_turn, after_visible=True)


def play_to_visible_turn(document: EncounterDocument) -> None:
    """On to a visible combatant's turn."""

    def visible(doc: EncounterDocument) -> bool:
        turn = doc.session.current_turn()
        return turn is not None and turn.combatant_id is not None and not is_hidden_turn(doc)

    play_until(document, visible)
