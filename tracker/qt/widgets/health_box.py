"""The damage and healing box: the GM types "−7", "+3", "=20" or "−2d6+1" and presses
Enter; it applies to every selected combatant at once (area damage), in one undo step.

Dice are rolled here (the engine never rolls) and the faces travel in the command, so
undo, redo and a replayed journal give the same numbers. "Roll" rolls the acting
combatant's own damage dice (`HealthSpec.damage_dice`) against the selected. Bad text
gets its message under the box and changes nothing; the last change shows there for a
while ("−7 → Goblin 1 Hits 5/12")."""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tracker.engine.dice import RandomLike, roll_faces
from tracker.engine.errors import CommandError
from tracker.engine.health import health_of, is_defeated, parse_change
from tracker.engine.session import SessionEvent
from tracker.qt.appearance import is_dark
from tracker.qt.document import EncounterDocument
from tracker.qt.keyboard import hand_back
from tracker.qt.layout_items import add_layout
from tracker.qt.palette import ERROR_INK
from tracker.qt.widgets.steady import SteadyBox

SHOWN_MS = 10_000  # how long the last change stays under the box


class HealthBox(QWidget):
    """`selected()` gives the ids of the combatants a change applies to, in list order."""

    def __init__(
        self,
        document: EncounterDocument,
        selected: Callable[[], list[str]],
        parent: QWidget | None = None,
        rng: RandomLike | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("health_box")
        self._document = document
        self._selected = selected
        self.rng: RandomLike = rng if rng is not None else random.Random()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.setSpacing(2)
        row = QHBoxLayout()
        row.setSpacing(4)
        self.input = QLineEdit()
        self.input.setObjectName("health_input")
        self.input.setPlaceholderText("Harm −7, heal +3, set =20")
        self.input.setClearButtonEnabled(True)
        self.apply_button = QPushButton("Apply")
        self.apply_button.setObjectName("health_apply")
        self.roll_button = QPushButton("Roll")
        self.roll_button.setObjectName("health_roll")
        row.addWidget(self.input, 1)
        row.addWidget(self.apply_button)
        row.addWidget(self.roll_button)
        add_layout(layout, row)
        # Whom a change applies to, when several are selected (Ctrl/Shift+click).
        self.targets = QLabel()
        self.targets.setObjectName("health_targets")
        self.targets.setWordWrap(True)
        self.targets.setTextFormat(Qt.TextFormat.PlainText)  # names may hold < or &
        self.targets.hide()
        layout.addWidget(self.targets)
        # The last change, or why the text was refused, in full (wrapped: a refusal must
        # be read, not guessed from "…"). Its line keeps its room, empty or not: a line
        # shown and hidden again moved the inspector below it (the effects, the editor)
        # and repainted them at every change of health.
        self.feedback = QLabel()
        self.feedback.setObjectName("health_feedback")
        self.feedback.setWordWrap(True)
        self.feedback.setTextFormat(Qt.TextFormat.PlainText)
        self.feedback.setMinimumHeight(self.feedback.fontMetrics().lineSpacing())
        layout.addWidget(SteadyBox(self.feedback))
        self._fade = QTimer(self)
        self._fade.setSingleShot(True)
        self._fade.setInterval(SHOWN_MS)
        self._fade.timeout.connect(lambda: self._show("", error=False))
        self.input.returnPressed.connect(self._apply_and_leave)
        self.apply_button.clicked.connect(self.apply)
        self.roll_button.clicked.connect(self.roll)
        self.input.textEdited.connect(lambda _text: self._show("", error=False))
        # Escape leaves the box for the fight view (what was typed is dropped): Space then
        # ends the turn.
        leave = QAction("Leave the damage box", self.input)
        leave.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        leave.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        leave.triggered.connect(self.leave)
        self.input.addAction(leave)
        document.replaced.connect(self._follow_ruleset)
        document.changed.connect(self._follow_changes)
        self._follow_ruleset()

    # --- following the encounter ------------------------------------------------------
    def show_targets(self) -> None:
        """The selection changed: name the combatants a change would reach, if several."""
        ids = self._selected()
        encounter = self._document.encounter
        names = [c.name for c in map(encounter.find, ids) if c is not None]
        text = f"For {len(names)}: {', '.join(names)}" if len(names) > 1 else ""
        if text != self.targets.text():
            self.targets.setText(text)
            self.targets.setVisible(bool(text))

    def _follow_ruleset(self) -> None:
        spec = self._document.ruleset.health
        tracked = spec is not None
        for widget in (self.input, self.apply_button):
            widget.setEnabled(tracked)
        self.roll_button.setVisible(tracked and bool(spec.damage_dice if spec else ""))
        if spec is None:
            self.input.setToolTip(
                "This system tracks no health; combatants can still be marked defeated."
            )
        else:
            how = f"{spec.help} " if spec.help else ""
            self.input.setToolTip(
                f"{spec.label} of the selected combatants: {how}Type −7 to harm, +3 to heal, "
                "=20 to set, −2d6+1 to roll; Enter applies to all selected at once."
            )
            label = next(
                (f.label for f in self._document.ruleset.stat_fields if f.name == spec.damage_dice),
                "damage dice",
            )
            self.roll_button.setToolTip(
                f"Roll the acting combatant's {label} against the selected combatants"
            )
        self._show("", error=False)

    def _follow_changes(self, event: SessionEvent) -> None:
        if event.kind != "apply":  # an undo or redo: the last change shown is stale
            self._show("", error=False)

    # --- applying ---------------------------------------------------------------------
    def focus(self) -> None:
        """Edit → Damage or heal: type at once."""
        self.input.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.input.selectAll()

    def leave(self) -> None:
        """Drop what was typed and give the keyboard back to the fight view."""
        self.input.clear()
        self._show("", error=False)
        hand_back(self.input)

    def _apply_and_leave(self) -> None:
        """Enter: apply, then the keyboard goes back to the fight view (a refused text
        stays, with its reason, for the GM to mend)."""
        if self.apply():
            hand_back(self.input)

    def apply(self) -> bool:
        """Apply the text typed to the selected combatants; False (with the reason shown
        under the box) if it is refused."""
        return self._apply_text(self.input.text())

    def roll(self) -> bool:
        """Roll the acting combatant's damage dice against the selected combatants."""
        spec = self._document.ruleset.health
        turn = self._document.session.current_turn()
        actor = self._document.encounter.find(turn.combatant_id) if turn is not None else None
        if spec is None or not spec.damage_dice:
            return False
        if actor is None:
            return self._refuse("Nobody is acting: type the damage instead.")
        dice = str(actor.stats.get(spec.damage_dice, "")).strip()
        if not dice:
            return self._refuse(f"{actor.name} has no damage dice: type the damage instead.")
        return self._apply_text(f"-{dice}")

    def _apply_text(self, text: str) -> bool:
        ids = self._selected()
        try:
            change = parse_change(text)
        except CommandError as error:
            return self._refuse(error.message)
        faces: tuple[int, ...] = ()
        told = f"{change.sign}{change.amount}"
        if change.dice:
            try:
                rolled = roll_faces(change.dice, self.rng)
            except CommandError as error:
                return self._refuse(error.message)
            faces = rolled.faces
            told = f"{change.sign}{change.dice} = {max(rolled.total, 0)}"
        from tracker.engine.health_commands import ChangeHealth  # not at start-up

        command = ChangeHealth(tuple(ids), text, faces)
        refusal = self._document.session.refusal(command)
        if refusal is not None:
            return self._refuse(refusal.message)
        if self._document.try_apply(command) is not None:
            return False
        self.input.clear()
        self._show(f"{told} → {self._now(ids)}", error=False)
        self._fade.start()
        return True

    def _now(self, ids: list[str]) -> str:
        """ "Goblin 1 Hits 5/12, Goblin 2 Hits 0/12 (unconscious)"."""
        encounter, ruleset = self._document.encounter, self._document.ruleset
        parts = []
        for combatant_id in ids:
            combatant = encounter.find(combatant_id)
            health = health_of(ruleset, combatant) if combatant is not None else None
            if combatant is None or health is None:
                continue
            down = f" ({health.spec.defeated})" if is_defeated(ruleset, combatant) else ""
            parts.append(f"{combatant.name} {health.text()}{down}")
        return ", ".join(parts)

    def _refuse(self, message: str) -> bool:
        self._show(message, error=True)
        return False

    def _show(self, text: str, *, error: bool) -> None:
        self._fade.stop()
        if not text and not self.feedback.text():
            return  # clear already (every undo and redo clears it)
        dark = is_dark(QApplication.palette())
        self.feedback.setStyleSheet(
            f"color: {ERROR_INK[dark]}; font-weight: bold;" if error else ""
        )
        self.feedback.setText(text)
        self.feedback.setProperty("error", error)
