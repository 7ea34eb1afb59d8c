"""Nothing the players may not know reaches them, for every installed ruleset: random
fights played twice in lock-step, once with hidden combatants ("with") and once
without them at all ("without"). The hidden ones only pass (their turns are ended,
their questions answered with the last answer: pass, no one acts now, ...).

The oracle is exact: whenever the fight "with" has a visible combatant's turn again,
the players' screen and the printed sheets show exactly what they show "without"
(same NOW, same numbering, same turns to come, same panel, same effects: no gap, count
or position gives the hidden ones away). While a hidden combatant acts, the players'
screen shows a neutral turn: nobody named or marked as acting, the turn timer
restarted as by any change of turn, the round, tick and count of the last visible turn;
the printed order starts from that last visible turn. Undo and redo are played alike. At
the end of each fight the two printed PDFs, read back with pdftotext, are alike too.
"""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QSettings

from tests.conformance.strategies import valid_field_values
from tests.qt.players_views import BoardView, board_view, first_difference, printed_view
from tracker.engine import (
    AddCombatant,
    AddEffect,
    ChangeHealth,
    Command,
    EndTurn,
    MarkDefeated,
    MoveCombatant,
    Revive,
    RulesetAction,
    Session,
    StartEncounter,
)
from tracker.engine.prompts import Prompt
from tracker.engine.registry import available_rulesets
from tracker.qt.document import EncounterDocument
from tracker.qt.players.board import PlayersBoard
from tracker.qt.players.themes import DARK
from tracker.qt.printing import export_pdf
from tracker.qt.widgets.turn_timer import TurnTimerSetting

RULESETS = sorted(available_rulesets())
BOARD_SIZE = (1280, 720)
SETTLE_LIMIT = 80  # hidden turns and questions passed in a row, at most
HIDDEN_PREFIX = "Lurker"
PDFTOTEXT = shutil.which("pdftotext")


class World:
    """One encounter, its document and a players' board on it."""

    def __init__(
        self, qtbot: Any, ruleset_id: str, options: dict[str, str], timer: Any, now: Any
    ) -> None:
        self.document = EncounterDocument(Session.new("Ambush", ruleset_id, options))
        self.board = PlayersBoard(self.document, DARK, timer=timer, now=now)
        qtbot.addWidget(self.board)
        self.board.resize(*BOARD_SIZE)
        self.board.show()
        self.groups: list[int] = []  # commands applied per lock-step move (for undo)
        self.undone: list[int] = []

    @property
    def session(self) -> Session:
        return self.document.session

    def apply(self, command: Command) -> bool:
        return self.document.apply(command)

    def shown(self) -> BoardView:
        return board_view(self.board)

    def ids_of_visible(self) -> list[str]:
        return [c.id for c in self.session.encounter.combatants if not c.hidden]

    def hidden_ids(self) -> set[str]:
        return {c.id for c in self.session.encounter.combatants if c.hidden}


class Lockstep:
    def __init__(self, qtbot: Any, ruleset_id: str, options: dict[str, str]) -> None:
        # The turn timer on, both fights on one clock that moves a second a step (not
        # while hidden ones pass): a timer restarted by a hidden turn would show.
        self.seconds = 0.0
        self.folder = tempfile.TemporaryDirectory()
        store = QSettings(str(Path(self.folder.name) / "t.ini"), QSettings.Format.IniFormat)
        self.timer = TurnTimerSetting(store)
        self.timer.set_enabled(True)
        self.with_ = World(qtbot, ruleset_id, options, self.timer, self.now)
        self.without = World(qtbot, ruleset_id, options, self.timer, self.now)
        self.ruleset = self.with_.session.ruleset
        self.log: list[str] = []
        self.parted = False
        self.shared_answers = 0  # questions answered in both fights while settling

    def now(self) -> float:
        return self.seconds

    def tick(self) -> None:
        self.seconds += 1
        for world in (self.with_, self.without):
            world.board._show_timer()

    # --- translating commands from "without" to "with" --------------------------------
    def _id_map(self) -> dict[str, str]:
        """Ids of "without" → ids of the same visible combatant (by name: names are
        unique here) or effect (in the order made) "with"."""
        theirs_by_name = {c.name: c.id for c in self.with_.session.encounter.combatants}
        mapping = {c.id: theirs_by_name[c.name] for c in self.without.session.encounter.combatants}
        hidden = self.with_.hidden_ids()
        theirs = [
            e.id
            for e in self.with_.session.encounter.effects
            if e.carrier_id not in hidden and e.creator_id not in hidden
        ]
        mine = [e.id for e in self.without.session.encounter.effects]
        mapping.update(zip(sorted(mine, key=_made), sorted(theirs, key=_made), strict=False))
        return mapping

    def translate(self, command: Command) -> Command:
        mapping = self._id_map()

        def tr(value: Any) -> Any:
            if isinstance(value, str):
                return mapping.get(value, value)
            if isinstance(value, dict):
                return {k: tr(v) for k, v in value.items()}
            if isinstance(value, (list, tuple)):
                return type(value)(tr(v) for v in value)
            return value

        changes = {f.name: tr(getattr(command, f.name)) for f in dataclasses.fields(command)}
        return dataclasses.replace(command, **changes)

    # --- moving both --------------------------------------------------------------------
    def both(self, label: str, command: Command, command_with: Command | None = None) -> bool:
        """Apply to "without"; if accepted, the same (translated) to "with", which must
        accept it too, then let the hidden ones pass. Returns whether it was applied."""
        if not self.without.apply(command):
            return False
        self.log.append(f"{label}: {command!r}")
        other = command_with if command_with is not None else self.translate(command)
        before = self.with_.shown()
        printed_before = printed_view(self.with_.document)
        if not self.with_.apply(other):
            # The rules let hidden turns change what visible ones may do (a waiting
            # creature may act after any turn, a hidden one's included): the two fights
            # part here, which is no leak; compare no further.
            self.without.document.undo_stack.undo()
            self.parted = True
            return False
        self.shared_answers = 0
        count = 1 + self.settle(before, printed_before)
        self.with_.groups.append(count)
        self.without.groups.append(1 + self.shared_answers)
        self.with_.undone.clear()
        self.without.undone.clear()
        return True

    def hidden_to_move(self) -> bool:
        session = self.with_.session
        hidden = self.with_.hidden_ids()
        turn = session.current_turn()
        prompt = session.prompt()
        if prompt is not None and prompt.asks in hidden:
            return True
        return turn is not None and turn.combatant_id in hidden

    def shared_question(self, prompt: Prompt | None) -> Prompt | None:
        """The fight without the hidden ones' own open question, if it is `prompt` (the
        same title and words: a question about a visible one), else None."""
        mirror = self.without.session.prompt()
        if prompt is None or mirror is None or prompt.asks in self.with_.hidden_ids():
            return None
        same = (mirror.title, mirror.question) == (prompt.title, prompt.question)
        return mirror if same and not mirror.answers[-1].fields else None

    def settle(self, before: BoardView, printed_before: Any) -> int:
        """Pass every hidden turn and question; while they last, the players' screen shows
        a neutral turn (`BoardView.neutral`) and the printed order's first row stays."""
        steps = 0
        while self.hidden_to_move():
            assert steps < SETTLE_LIMIT, f"the hidden ones never stop acting\n{self.story()}"
            session = self.with_.session
            prompt = session.prompt()
            mirror = self.shared_question(prompt)
            if prompt is not None and mirror is not None:
                # A visible one's question, open in both fights during a hidden turn (a
                # concentration save owed from before): the GM answers it in both.
                assert self.without.apply(mirror.answers[-1].command), self.story()
                assert self.with_.apply(prompt.answers[-1].command), self.story()
                self.log.append(f"  (both) answered during a hidden turn: {mirror.key!r}")
                self.shared_answers += 1
                steps += 1
                continue
            if prompt is not None:
                answer = prompt.answers[-1]  # "pass", "no one acts now", ...
                command = answer.command
                if answer.fields:
                    values = {f.name: f.default for f in answer.fields}
                    command = dataclasses.replace(command, params={**command.params, **values})
            else:
                command = EndTurn()
            assert self.with_.apply(command), f"a hidden one could not pass: {command!r}"
            self.log.append(f"  (with) hidden passes: {command!r}")
            steps += 1
            turn = session.current_turn()
            if turn is not None and turn.combatant_id not in self.with_.hidden_ids():
                # A visible turn (the GM's own, say) while a hidden one answers: shown.
                before, printed_before = self.with_.shown(), printed_view(self.with_.document)
            elif self.hidden_to_move():  # still a hidden turn: the players see a neutral one
                shown, neutral = self.with_.shown(), before.neutral()
                turn = session.current_turn()
                hidden_turn = turn is not None and turn.combatant_id in self.with_.hidden_ids()
                if hidden_turn and self.with_.board.public.is_started():
                    assert shown.turn_part() == neutral.turn_part(), (
                        "the players' screen is not neutral during a hidden turn: "
                        f"{first_difference(shown.turn_part(), neutral.turn_part())}\n"
                        f"{self.story()}"
                    )
                else:  # no turn shown yet, or a question: the screen stays as it was
                    assert shown.turn_part() == before.turn_part(), self.story()
                now_rows = _now_rows(printed_view(self.with_.document))
                assert now_rows == _now_rows(printed_before), (
                    f"the printout moved during a hidden turn: {now_rows}\n{self.story()}"
                )
        return steps

    def undo(self) -> None:
        for world in (self.with_, self.without):
            count = world.groups.pop()
            for _ in range(count):
                world.document.undo_stack.undo()
            world.undone.append(count)
        self.log.append("undo")

    def redo(self) -> None:
        for world in (self.with_, self.without):
            count = world.undone.pop()
            for _ in range(count):
                world.document.undo_stack.redo()
            world.groups.append(count)
        self.log.append("redo")

    # --- the oracle -----------------------------------------------------------------
    def check_alike(self) -> None:
        with_, without = self.with_.shown(), self.without.shown()
        assert with_ == without, (
            f"players' screens differ: {first_difference(with_, without)}\n{self.story()}"
        )
        printed_with = printed_view(self.with_.document)
        printed_without = printed_view(self.without.document)
        assert printed_with == printed_without, (
            f"printouts differ: {first_difference(printed_with, printed_without)}\n{self.story()}"
        )

    def story(self) -> str:
        return "steps:\n" + "\n".join(self.log[-40:])


def pdf_text(document: EncounterDocument) -> str:
    with tempfile.TemporaryDirectory() as folder:
        path = export_pdf(document, Path(folder) / "sheets.pdf")
        command = [str(PDFTOTEXT), "-layout", str(path), "-"]
        return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def _made(item_id: str) -> int:
    return int(item_id[1:])


def _now_rows(printed: tuple[Any, ...]) -> Any:
    """The printed turn order's rows shaded as now (the ruleset's sheets show the
    state of the fight, which a hidden turn may change: a new Cycle dealt, say)."""
    _title, _subtitle, _columns, rows = printed[-1]
    return tuple(row for row in rows if any(cell[2] == "now" for cell in row))


# --- drawing a fight ------------------------------------------------------------------
def cast_of(ruleset_id: str) -> st.SearchStrategy[Any]:
    ruleset = available_rulesets()[ruleset_id]
    stats = valid_field_values(ruleset.stat_fields)
    visible = st.lists(
        st.tuples(st.sampled_from(("party", "enemy", "ally")), stats), min_size=1, max_size=3
    )
    hidden = st.lists(st.tuples(st.sampled_from(("enemy", "ally")), stats), min_size=1, max_size=3)
    return st.tuples(
        st.tuples(stats, stats),  # a party member and an enemy, at least
        visible,
        hidden,
    )


def set_up(fight: Lockstep, data: st.DataObject, ruleset_id: str) -> None:
    (party, enemy), more, hidden = data.draw(cast_of(ruleset_id), label="cast")
    visible = [("party", party), ("enemy", enemy), *more]
    for number, (side, stats) in enumerate(visible, start=1):
        name = f"Hero {number}" if side == "party" else f"Foe {number}"
        command = AddCombatant(name, side, stats=stats)
        assert fight.without.apply(command) and fight.with_.apply(command)
    for number, (side, stats) in enumerate(hidden, start=1):
        name = f"{HIDDEN_PREFIX} {number}"
        assert fight.with_.apply(AddCombatant(name, side, hidden=True, stats=stats))
        hidden_id = next(c.id for c in fight.with_.session.encounter.combatants if c.name == name)
        places = len(fight.with_.session.encounter.combatants)
        to = data.draw(st.integers(0, places - 1), label="hidden place")
        fight.with_.apply(MoveCombatant(hidden_id, to))  # where the rules allow
        # An effect the players must never see. (One by a hidden combatant on the party
        # acts on someone, which the rules let show: a stun delays a lesser one, say.)
        durations = valid_field_values(fight.ruleset.duration_fields)
        fight.with_.apply(AddEffect("Shroud", hidden_id, None, data.draw(durations)))
    fight.with_.groups.clear()
    fight.log.append(f"cast: {visible} / hidden {hidden}")


def candidate_actions(fight: Lockstep) -> list[RulesetAction]:
    """Declared actions on the current (visible) combatant or on any visible one."""
    session = fight.without.session
    turn = session.current_turn()
    ids = fight.without.ids_of_visible()
    actions: list[RulesetAction] = []
    for spec in fight.ruleset.actions:
        if spec.on == "current":
            targets: list[str | None] = [None]
        elif spec.on == "any":
            targets = [None, *ids]
        else:
            continue
        if spec.on == "current" and turn is not None and turn.combatant_id is not None:
            targets.append(turn.combatant_id)
        actions += [RulesetAction(spec.name, target, {}) for target in targets]
    return [a for a in actions if _allowed(session, a)]


def _allowed(session: Session, command: RulesetAction) -> bool:
    refusal = session.refusal(command)
    if refusal is None:
        return True
    params = {f.name for f in session.ruleset.action_spec(command.action).params}
    return refusal.field is not None and refusal.field in params


def play_step(fight: Lockstep, data: st.DataObject) -> None:
    session = fight.without.session
    kinds = ["end turn", "end turn", "action", "action", "effect", "move", "health", "defeat"]
    if fight.without.groups:
        kinds.append("undo")
    if fight.without.undone:
        kinds.append("redo")
    if session.prompt() is not None:
        kinds += ["answer", "answer", "answer"]
    if not fight.ruleset.is_started(session.encounter):
        kinds += ["start", "start"]
    kind = data.draw(st.sampled_from(kinds), label="kind")
    if kind == "start":
        fight.both(kind, StartEncounter())
    elif kind == "end turn":
        fight.both(kind, EndTurn())
    elif kind == "answer":
        prompt = session.prompt()
        assert prompt is not None
        number = data.draw(st.integers(0, len(prompt.answers) - 1), label="answer")
        answer = prompt.answers[number]
        command = answer.command
        if answer.fields:
            values = data.draw(valid_field_values(answer.fields), label="fields")
            command = dataclasses.replace(command, params={**command.params, **values})
        fight.both(f"answer {answer.label!r}", command)
    elif kind == "action":
        actions = candidate_actions(fight)
        if actions:
            action = data.draw(st.sampled_from(actions), label="action")
            spec = fight.ruleset.action_spec(action.action)
            params = data.draw(valid_field_values(spec.params), label="params")
            fight.both(kind, dataclasses.replace(action, params=params))
    elif kind == "effect":
        ids = fight.without.ids_of_visible()
        carrier = data.draw(st.sampled_from(ids), label="carrier")
        creator = data.draw(st.sampled_from([None, *ids]), label="creator")
        duration = data.draw(valid_field_values(fight.ruleset.duration_fields), label="duration")
        name = data.draw(st.sampled_from(("Blessed", "Haste", "Marked")), label="effect")
        fight.both(kind, AddEffect(name, carrier, creator, duration))
    elif kind == "move":
        move_visible(fight, data)
    elif kind == "health":  # area damage, healing or a set value on visible ones
        ids = fight.without.ids_of_visible()
        targets = data.draw(st.lists(st.sampled_from(ids), min_size=1, max_size=3), label="on")
        text = data.draw(st.sampled_from(("-3", "-7", "+2", "=1", "-2d6")), label="change")
        faces = (data.draw(st.integers(1, 6)), data.draw(st.integers(1, 6))) if "d" in text else ()
        fight.both(kind, ChangeHealth(tuple(dict.fromkeys(targets)), text, faces))
    elif kind == "defeat":
        target = data.draw(st.sampled_from(fight.without.ids_of_visible()), label="who")
        revive = data.draw(st.booleans(), label="revive")
        fight.both(kind, Revive(target) if revive else MarkDefeated(target))
    elif kind == "undo":
        fight.undo()
    elif kind == "redo":
        fight.redo()


def move_visible(fight: Lockstep, data: st.DataObject) -> None:
    """Drag a visible combatant just before another visible one (a delay, a swap of
    ties): in each fight to the index that other one has there."""
    ids = fight.without.ids_of_visible()
    if len(ids) < 2:
        return
    mover, onto = data.draw(st.permutations(ids), label="move")[:2]
    mapping = fight._id_map()
    without_to = fight.without.session.encounter.index_of(onto)
    with_to = fight.with_.session.encounter.index_of(mapping[onto])
    command = MoveCombatant(mover, without_to)
    fight.both("move", command, MoveCombatant(mapping[mover], with_to))


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_players_see_the_same_with_or_without_hidden_combatants(qtbot, ruleset_id):
    @settings(
        max_examples=12,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        derandomize=True,
        phases=[Phase.explicit, Phase.generate],  # no shrinking: the story says enough
        print_blob=False,
    )
    @given(data=st.data())
    def fight_alike(data: st.DataObject) -> None:
        fight = Lockstep(qtbot, ruleset_id, {})
        set_up(fight, data, ruleset_id)
        fight.check_alike()
        for _ in range(data.draw(st.integers(5, 30), label="steps")):
            fight.tick()
            play_step(fight, data)
            if fight.parted:
                break
            fight.check_alike()
        if PDFTOTEXT is not None:  # and the PDF itself, read back
            assert pdf_text(fight.with_.document) == pdf_text(fight.without.document), fight.story()
        for world in (fight.with_, fight.without):
            world.board.close()
            world.board.deleteLater()

    fight_alike()
