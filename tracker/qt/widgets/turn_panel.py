"""The turn at a glance and the controls to run it: start, end the turn, and every
action the ruleset declares (buttons and inputs generated from its `ActionSpec`s)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tracker.engine import CommandError, EndTurn, RulesetAction, StartEncounter
from tracker.engine.dice import Rolled, roll_faces
from tracker.engine.fields import Field
from tracker.engine.legal import end_turn_refusal, plausible_values, remembered_refusal
from tracker.engine.ruleset import ActionSpec, Turn
from tracker.engine.session import SessionEvent
from tracker.engine.state import Encounter
from tracker.qt.document import EncounterDocument
from tracker.qt.layout_items import add_layout
from tracker.qt.rich_text import escape, plain_tip
from tracker.qt.widgets.action_inputs import param_value, set_param_value
from tracker.qt.widgets.action_palette import ActionPalette
from tracker.qt.widgets.action_reasons import Reasons
from tracker.qt.widgets.steady import SteadyBox
from tracker.qt.widgets.turn_allowed import AllowedSteps

NOW_POINTS = 20  # the acting combatant's name in the turn panel


class TurnPanel(QWidget):
    """`selected_combatant` tells which combatant "any"-actions (bonus AP, …) apply to."""

    def __init__(
        self,
        document: EncounterDocument,
        selected_combatant: Callable[[], str | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._document = document
        self._selected = selected_combatant
        self._rng = random.Random()
        # A click in the panel leaves the keyboard where it is (the fight view, mostly):
        # taken and handed back at each action, the view's focus out and in repainted
        # it twice; a box of the panel that has the keyboard hands it back (park_focus).
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.clock_label = QLabel()
        self.clock_label.setObjectName("clock_label")
        self.clock_label.setTextFormat(Qt.TextFormat.PlainText)  # a status may name names
        self.clock_label.setStyleSheet("font-size: 13pt; font-weight: bold;")
        self.turn_label = QLabel()
        self.turn_label.setObjectName("turn_label")
        self.turn_label.setStyleSheet("font-size: 13pt;")
        self.turn_label.setWordWrap(True)
        self.turn_label.setTextFormat(Qt.TextFormat.RichText)
        row = QHBoxLayout()
        labels = QVBoxLayout()
        # Both change at every step: in steady boxes, a new text repaints the label
        # alone (the window is laid out again only when the turn label needs another
        # line, or one less).
        labels.addWidget(SteadyBox(self.clock_label))
        labels.addWidget(SteadyBox(self.turn_label))
        add_layout(row, labels, 1)
        self.start_button = QPushButton("Start  [Ctrl+Enter]")
        self.end_turn_button = QPushButton("End Turn  [Space]")
        for button in (self.start_button, self.end_turn_button):
            button.setStyleSheet("font-weight: bold; font-size: 12pt; padding: 8px 18px;")
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)  # as the actions' (below)
        row.addWidget(self.start_button)
        row.addWidget(self.end_turn_button)
        add_layout(layout, row)
        self.start_button.clicked.connect(self._start)
        self.end_turn_button.clicked.connect(self._end_turn_clicked)
        self.palette_widget = ActionPalette(
            self._perform_named, self._roll_named, self._refresh_availability
        )
        layout.addWidget(self.palette_widget)
        self.action_buttons: dict[str, QPushButton] = {}
        self.shortcut_actions: list[QAction] = []
        self.action_inputs: dict[str, dict[str, QWidget]] = {}
        self.unavailable = Reasons()  # greyed-out action → why (worked out when asked)
        self._shortcut_text: dict[str, str] = {}
        self._keys_on = False  # the actions' keys made (`add_keys`, with the rest)
        self._build_actions()
        # Refreshed once a change has settled (the selection moved off a combatant
        # removed, onto one added), not at the change and again at the selection.
        self._stale = False  # a change told, not settled yet
        self.allowed = AllowedSteps()
        document.changed.connect(self._on_changed)
        document.settled.connect(self._on_settled)
        document.replaced.connect(self._rebuild)
        self.refresh()

    def _on_changed(self, event: SessionEvent) -> None:
        self._stale = True
        self.allowed.follow(event, self._document.undo_stack.index())

    def _on_settled(self) -> None:
        self._stale = False
        if self._specs() != self._built:  # an option changed what the rules offer
            self._build_afresh()
        self.refresh()

    def _specs(self) -> list[ActionSpec]:
        # Those offered in this encounter (a flavour's own); actions on an effect are
        # offered by the effects panel, on the selected effect; answers to a prompt by
        # the prompt panel.
        document = self._document
        offered = document.ruleset.offered_actions(document.encounter)
        return [s for s in offered if s.on not in ("effect", "prompt")]

    def _build_actions(self) -> None:
        specs = self._built = self._specs()
        # Keyboard-first: Alt+1 … Alt+9, in the order of the ruleset's list (as
        # `QKeySequence.toString` writes them; the keys themselves are made by `add_keys`).
        for position, spec in enumerate(specs[:9]):
            self._shortcut_text[spec.name] = f"  [Alt+{position + 1}]"
        self.palette_widget.build(specs, self._shortcut_text)
        for spec in specs:
            self.action_buttons[spec.name] = self.palette_widget.chips[spec.name].button
            self.action_inputs[spec.name] = self.palette_widget.chips[spec.name].inputs
        if self._keys_on:
            self._make_keys()

    def hold_actions(self) -> None:
        """The action chips left out of the window's first frame, their room kept
        (~4 ms less of painting before the GM sees the fight): `add_keys` shows them."""
        self.palette_widget.hold()

    def add_keys(self) -> None:
        """The actions' keys (Alt+1 … Alt+9), with the rest of the window: not in its first
        frame, whose keys build the rest first (`first_frame.EarlyKeys`), so that
        QKeySequence (and its enums) is not loaded before the GM sees the fight. The
        chips `hold_actions` left out are shown then too."""
        self.palette_widget.release()
        if not self._keys_on:
            self._keys_on = True
            self._make_keys()

    def _make_keys(self) -> None:
        from PySide6.QtGui import QKeySequence

        for position, spec in enumerate(self._built[:9]):
            shortcut = QAction(spec.label, self)
            shortcut.setShortcut(QKeySequence(f"Alt+{position + 1}"))
            shortcut.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.triggered.connect(lambda _=False, n=spec.name: self.trigger(n))
            self.addAction(shortcut)
            self.shortcut_actions.append(shortcut)

    def _rebuild(self) -> None:
        self._stale = False  # another fight: nothing of the old one left to settle
        self.allowed.forget()
        if self._specs() == self._built:  # the same actions (a fight of the same rules):
            # their inputs back to their defaults, as built afresh (50-80 ms less in the
            # swap's slot of the event loop, issue 26)
            for spec in self._built:
                for field in spec.params:
                    widget = self.action_inputs[spec.name].get(field.name)
                    if widget is not None:
                        set_param_value(widget, field.default)
            self.refresh()
            return
        self._build_afresh()
        self.refresh()

    def _build_afresh(self) -> None:
        """The actions' chips and keys built again, for another list of actions."""
        self.action_buttons.clear()
        self.action_inputs.clear()
        self._shortcut_text.clear()
        for shortcut in self.shortcut_actions:
            self.removeAction(shortcut)
            shortcut.deleteLater()
        self.shortcut_actions.clear()
        self._build_actions()

    def _target_now(
        self, spec: ActionSpec, started: bool, turn: Turn | None, selected: str | None
    ) -> tuple[str | None, str]:
        """(whom the action is for, why it cannot be taken whatever the rules say: "" if
        nothing stands in the way but the rules); `selected`: the selected combatant's id
        (asked of the window once, not once an action)."""
        gm_turn = turn is not None and turn.combatant_id is None
        if spec.on == "any" or (spec.on == "current" and gm_turn):
            return selected, "" if selected is not None else "Select a combatant first."
        if not started or turn is None:
            session = self._document.session
            return None, session.ruleset.no_turn_reason(session.encounter)
        return None, ""

    def _refused(self, spec: ActionSpec, target: str | None) -> str:
        """Why the rules refuse an action `legal_actions` does not offer: the engine
        tries it with the values in its inputs and rolls it back, so the reason is the
        rules' own; a value refused (a blank name) is tried again with a plausible one,
        to find what stands in the way whatever is typed. Asked only when the GM points
        at the action or presses it ("": these values apply after all)."""
        ask = remembered_refusal(self._document.session)
        params = {name: param_value(w) for name, w in self.action_inputs[spec.name].items()}
        fields = {field.name: field for field in spec.params}
        error = ask(RulesetAction(spec.name, target, params))
        while error is not None and error.field in fields:
            field = fields.pop(error.field)
            for value in plausible_values(field):
                candidate = {**params, field.name: value}
                other = ask(RulesetAction(spec.name, target, candidate))
                if other is None or other.field != field.name:
                    params, error = candidate, other
                    break
            else:
                break
        return "" if error is None else error.message

    def _availability(self) -> tuple[str | None, Reasons]:
        """Why End Turn (None: it is allowed) and each greyed-out action cannot be taken
        now. Worked out once per change of the encounter, of the selection or of the
        values typed, however many signals ask."""
        typed = tuple(
            (name, field, param_value(widget))
            for name, inputs in self.action_inputs.items()
            for field, widget in inputs.items()
        )
        key = ("turn panel availability", tuple(self.action_buttons), self._selected(), typed)
        encounter: Encounter = self._document.encounter
        return encounter.derived(key, self._work_out_availability)

    def _work_out_availability(self) -> tuple[str | None, Reasons]:
        """An action can be taken when `Ruleset.legal_actions` offers it on its target;
        the reason of one it does not offer is worked out when asked (`_refused`)."""
        session = self._document.session
        started = session.ruleset.is_started(session.encounter)
        allowed = self.allowed.at(self._document.undo_stack.index())
        turn = session.current_turn()
        end_reason: str | None = ""  # nobody has a turn to end
        if turn is not None and allowed.end_allowed:
            end_reason = None
        elif turn is not None:
            end_refusal = end_turn_refusal(session)
            end_reason = None if end_refusal is None else end_refusal.message
            allowed.end_allowed = end_refusal is None
        selected = self._selected()
        legal = allowed.offered.get(selected)
        if legal is None:
            offered = session.ruleset.legal_actions(
                session.encounter, () if selected is None else (selected,)
            )
            legal = frozenset((action.action, action.combatant_id) for action in offered)
            allowed.offered[selected] = legal
        known: dict[str, str] = {}
        lazy: dict[str, Callable[[], str]] = {}
        for name in self.action_buttons:
            spec = session.ruleset.action_spec(name)
            target, reason = self._target_now(spec, started, turn, selected)
            if reason:
                known[name] = reason
            elif (name, target) not in legal:
                lazy[name] = partial(self._refused, spec, target)
        return end_reason, Reasons(known, lazy)

    def trigger(self, name: str) -> bool:
        """The action's keyboard shortcut: take it, or, when it is not allowed now, say
        why at the top of the window (a greyed-out button says it on hover)."""
        if name in self.unavailable:
            reason = self.unavailable[name]
            if reason:
                self._document.refused.emit(reason, "")
                return False
            return self._perform_named(name)  # not offered, yet the values typed apply
        self.action_buttons[name].click()
        return True

    def _target(self, spec: ActionSpec) -> tuple[bool, str | None]:
        """Whom the action is for: (found, combatant id). "any" actions, and the
        current turn's actions when that turn is the GM's own, take the selection."""
        turn = self._document.session.current_turn()
        gm_turn = turn is not None and turn.combatant_id is None
        if spec.on == "any" or (spec.on == "current" and gm_turn):
            selected = self._selected()
            if selected is None:
                self._document.refused.emit(f"{spec.label}: select a combatant first.", "")
                return False, None
            return True, selected
        return True, None

    def _perform_named(self, name: str) -> bool:
        """An action's button, or Enter in one of its inputs."""
        done = self.perform(self._document.ruleset.action_spec(name))
        self.park_focus()
        return done

    def _roll_named(self, name: str, field: Field) -> bool:
        done = self.roll_and_perform(self._document.ruleset.action_spec(name), field)
        self.park_focus()
        return done

    def _start(self) -> None:
        self._document.apply(StartEncounter())
        self.park_focus()

    def _end_turn_clicked(self) -> None:
        self.end_turn()
        self.park_focus()

    def park_focus(self, only: tuple[QWidget, ...] = ()) -> None:
        """Hand the keyboard back to the fight view (where the arrows move through the
        combatants and Space ends the turn) if one of the panel's buttons or inputs has
        it; with `only`, if one of those has it (they are about to be hidden or greyed
        out, and Qt would hand the focus to whatever comes next, say a number box that
        Space empties)."""
        focus = QApplication.focusWidget()
        if focus is None:
            return
        holders = only or (self,)
        if any(holder is focus or holder.isAncestorOf(focus) for holder in holders):
            from tracker.qt.keyboard import hand_back  # the window's keys: after the first frame

            hand_back(focus)

    def perform(
        self,
        spec: ActionSpec,
        rolled: Rolled | None = None,
        field: str = "",
        by: str | None = None,
    ) -> bool:
        """Take the action with the values in its inputs; `rolled`: the roll behind the
        value of parameter `field` (`by` whom), which travels in the command with its
        faces."""
        found, target = self._target(spec)
        if not found:
            return False
        params = {name: param_value(w) for name, w in self.action_inputs[spec.name].items()}
        if rolled is not None and params.get(field) == rolled.total:
            roll: dict[str, object] = {"dice": rolled.expression, "faces": list(rolled.faces)}
            if by is not None and by != target:
                roll["by"] = by
            from tracker.engine.rolls import RolledAction  # a roll's command: not at start-up

            return self._document.apply(RolledAction(spec.name, target, params, {field: roll}))
        return self._document.apply(RulesetAction(spec.name, target, params))

    def roller(self, spec: ActionSpec, field: Field) -> str | None:
        """Whose dice a Roll for `field` rolls: the chosen combatant's, or with
        `Field.roll_acting` the one whose turn it is (None: nobody to roll for)."""
        if field.roll_acting:
            turn = self._document.session.current_turn()
            return turn.combatant_id if turn is not None else None
        return self._target(spec)[1]

    def roll_and_perform(self, spec: ActionSpec, field: Field) -> bool:
        """Roll the dice expression for `field` of the one it is rolled for (`roller`),
        show it, and take the action: the rolled number travels in the command, so a
        replay gives the same result."""
        found, _target = self._target(spec)
        roller = self.roller(spec, field) if found else None
        if roller is None:
            return False
        combatant = self._document.encounter.combatant(roller)
        expression = str(combatant.stats.get(field.roll_from, "")).strip()
        if not expression:
            self._document.refused.emit(f"{combatant.name} has no dice to roll.", "")
            return False
        try:
            rolled = roll_faces(expression, self._rng)
            result = field.clean(rolled.total)
        except CommandError as error:
            self._document.refused.emit(f"{combatant.name}: {error.message}", "")
            return False
        widget = self.action_inputs[spec.name][field.name]
        if isinstance(widget, QSpinBox):
            widget.setValue(result)
        return self.perform(spec, rolled, field.name, roller)

    def end_turn(self) -> bool:
        return self._document.apply(EndTurn())

    def _refresh_availability(self) -> None:
        """Grey out End Turn and every action the state does not allow, saying why."""
        session = self._document.session
        end_reason, reasons = self._availability()
        end_allowed = end_reason is None
        if not end_allowed:
            self.park_focus((self.end_turn_button,))
        if self.end_turn_button.isEnabled() != end_allowed:
            self.end_turn_button.setEnabled(end_allowed)
        tip = plain_tip(f"Not now: {end_reason}") if end_reason else "End the turn"
        if self.end_turn_button.toolTip() != tip:
            self.end_turn_button.setToolTip(tip)
        self.unavailable = reasons
        chips = self.palette_widget.chips
        self.park_focus(tuple(chips[name] for name in self.unavailable if name in chips))
        helps = {name: session.ruleset.action_spec(name).help for name in self.action_buttons}
        self.palette_widget.show_availability(reasons, helps)
        selected = session.encounter.find(self._selected())
        turn = session.current_turn()
        acting = session.encounter.find(turn.combatant_id if turn is not None else None)
        self.palette_widget.set_selected_name(
            selected.name if selected is not None else None,
            acting.name if acting is not None else None,
        )

    def refresh(self) -> None:
        """Show the turn and what can be done; between a change and its settling, left
        to the settling (the selection may still move)."""
        if self._stale:
            return
        session = self._document.session
        started = session.ruleset.is_started(session.encounter)
        turn = session.current_turn()
        if started:
            self.park_focus((self.start_button,))
        self.start_button.setVisible(not started)
        self.end_turn_button.setVisible(started)  # in Start's place once it is gone
        self._refresh_availability()
        if not started:
            self.clock_label.setText("Setting up")
            self.turn_label.setText("Add combatants, then press Start.")
            return
        if turn is None:
            status = session.status()
            self.clock_label.setText(status)
            # Why, in the ruleset's words (End Turn's refusal), unless the status says it.
            reason = session.ruleset.no_turn_reason(session.encounter)
            self.turn_label.setText("" if reason in status else escape(reason))
            return
        if turn.combatant_id is None:
            name = turn.title
        else:
            name = session.encounter.combatant(turn.combatant_id).name
        round_text = session.ruleset.round_text(session.encounter, turn)
        self.clock_label.setText(f"{round_text} · {turn.phase}")
        grant = f": {escape(turn.grant)}" if turn.grant else ""
        # The one acting, large enough to read at a glance from across the table.
        self.turn_label.setText(
            f'<span style="font-size: {NOW_POINTS}pt; font-weight: bold;">'
            f"▶ {escape(name)}</span>{grant}"
        )
