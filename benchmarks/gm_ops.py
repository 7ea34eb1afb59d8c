"""The game master's operations on the real main window, through the path a click or a
key takes, each timed by an `IdleClock`.

A `Table` is a main window (offscreen, 1,366 × 768) on a started fight of some size,
with a combatant selected, as at the table. Its `steps` drive it: every input is a key
sent with `QTest.keyClick` to the widget with the keyboard focus (Space, Ctrl+Z,
Ctrl+Shift+Z, Ctrl+E, Ctrl+Shift+N, Ctrl+Delete, Enter), a mouse click with
`QTest.mouseClick` on a button or on a row of the ruleset's own view, or the real
dialog filled in and accepted. What the GM types (a name, "-1") is put in untimed; the
key or click that sends it is timed. Between steps, untimed, the window is made active
again (offscreen, a closed dialog leaves no window active) and the keyboard focus is
put back on the fight view if it was left in a text box (where Space would type a space,
not end the turn). The steps leave the fight about as they found it (an action is
undone, Ctrl+Z timed as "undo"; a damage undone, untimed; the effect and the combatant
added are removed, timed), so every round measures the same fight, and End Turn moves
it on as at the table.

Every timed input is checked to have done what it stands for (one more step on the
undo stack, the selection moved, the dialog shown): one that did nothing is counted in
`Table.misses` and its time thrown away, never reported as a fast operation. An End
Turn after which the rules ask a new question is reported apart (`END_TURN_ASKING`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import partial
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTextEdit,
    QWidget,
)

from benchmarks.fights import add_effects, build
from benchmarks.idle_timer import IdleClock
from benchmarks.qt_setup import LAPTOP
from tracker.engine import ChangeHealth
from tracker.engine.health import health_of
from tracker.qt.main_window import MainWindow

LEFT = Qt.MouseButton.LeftButton
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
NONE = Qt.KeyboardModifier.NoModifier
Samples = list[tuple[str, float]]  # (operation, CPU ms) of one step
TEXT_INPUTS = (QLineEdit, QAbstractSpinBox, QPlainTextEdit, QTextEdit)
# An End Turn after which the rules ask a new question (a death save, a declaration): the
# question panel shows and the inspector's column is laid out and painted again, some
# 4 ms more than an End Turn that asks nothing. Reported on a line of its own, not
# hidden in the median of End Turns (in Classic d20 a third of them ask one).
END_TURN_ASKING = "End Turn, a question asked"


def key(widget: QWidget, code: Qt.Key, modifiers: Qt.KeyboardModifier = NONE) -> None:
    """A key pressed in `widget`'s window, where its keyboard focus is (a window: its
    focus widget, else the window itself)."""
    target = widget.focusWidget() or widget if widget.isWindow() else widget
    QTest.keyClick(target, code, modifiers)


def activate(window: QWidget, clock: IdleClock) -> None:
    """Make `window` the active one (keys and window shortcuts go there)."""
    if QApplication.activeWindow() is not window:
        window.activateWindow()
        clock.settle()
    if QApplication.activeWindow() is not window:
        raise RuntimeError(f"{window.windowTitle()!r} could not be made the active window")


def click(widget: QWidget, at: QPoint | None = None) -> None:
    QTest.mouseClick(widget, LEFT, NONE, at if at is not None else widget.rect().center())


def fill(edit: QLineEdit, text: str) -> None:
    """What the GM types, put in as typing does (untimed by the callers)."""
    edit.selectAll()
    edit.insert(text)


class Table:
    """The main window on a fight of `combatants` with `effects` active effects."""

    def __init__(
        self, ruleset_id: str, combatants: int, effects: int, folder: Path, clock: IdleClock
    ) -> None:
        self.label = f"{combatants}+{effects}"
        self.clock = clock
        self.misses: Counter[str] = Counter()
        self.reasons: dict[str, str] = {}  # operation → why its input did nothing
        session = build(ruleset_id, combatants)
        add_effects(session, session.apply, effects, random.Random(combatants))
        self.window = MainWindow(session, None, folder / f"journal-{ruleset_id}-{self.label}")
        self.window.resize(*LAPTOP)
        self.window.show()
        self.document = self.window.document
        self._picks = 0  # which of the two rows the next "select" clicks
        self._damage_way = 0  # which change the health box is given (see `damage`)
        self.ready()
        self._click_row(1)  # a combatant selected, as at the table
        clock.settle()

    # --- between steps (untimed) ------------------------------------------------------
    def ready(self) -> None:
        """The window active, the keyboard on the fight view (not in a text box), and a
        message of an input before dismissed (its Dismiss button), as the GM does once
        it is read: the next operation is not charged for the inspector closing up."""
        window = self.window
        activate(window, self.clock)
        banner = window.banner
        if banner.isVisible():
            dismiss = next(b for b in banner.findChildren(QPushButton) if b.text() == "Dismiss")
            click(dismiss)
        focus = QApplication.focusWidget()
        if focus is None or isinstance(focus, TEXT_INPUTS) or focus.window() is not window:
            self.window.central_view.setFocus(Qt.FocusReason.OtherFocusReason)
        self.clock.settle()

    def _missed(self, name: str) -> None:
        """Count an input that did nothing; keep the first reason the window gave."""
        self.misses[name] += 1
        banner = self.window.banner
        feedback = self.window.health_box.feedback
        said = [w.text() for w in (banner.label, feedback) if w.isVisible() and w.text()]
        self.reasons.setdefault(name, said[0] if said else "")

    def _steps_done(self) -> int:
        return self.document.undo_stack.index()

    def _question(self) -> tuple[object, ...] | None:
        """The key of the question the rules ask now (None: none)."""
        prompt = self.document.session.prompt()
        return None if prompt is None else prompt.key

    def _timed_step(self, name: str, operation: Callable[[], object], steps: int = 1) -> Samples:
        """Time `operation`; kept if it put `steps` more on the undo stack (-1: undone)."""
        before = self._steps_done()
        spent = self.clock.timed(operation)
        if self._steps_done() - before != steps:
            self._missed(name)
            return []
        return [(name, spent)]

    def _row_view(self) -> QAbstractItemView:
        """The ruleset's view of the combatants (the first list or table with rows in the
        central view: Stamina battle's has one a side)."""
        central = self.window.central_view
        views = [central] if isinstance(central, QAbstractItemView) else []
        views += central.findChildren(QAbstractItemView)
        for view in views:
            model = view.model()
            if not isinstance(view, QHeaderView) and model is not None and model.rowCount() > 3:
                return view
        raise LookupError("the central view shows no rows of combatants")

    def _row_at(self, row: int) -> tuple[QWidget, QPoint]:
        """Where to click `row` of the ruleset's view (scrolled into sight, untimed)."""
        view = self._row_view()
        index = view.model().index(row, 0)
        view.scrollTo(index)
        self.clock.settle()
        return view.viewport(), view.visualRect(index).center()

    def _click_row(self, row: int) -> None:
        click(*self._row_at(row))

    # --- the steps, each one or more timed operations -----------------------------------
    def steps(self) -> list[Callable[[], Samples]]:
        """The round's steps, each begun with the window made ready (untimed)."""
        steps = [
            self.select,
            self.end_turn,
            self.actions,
            self.rename,
            self.damage,
            self.effect,
            self.combatant,
        ]
        return [partial(self._ready_then, step) for step in steps]

    def _ready_then(self, step: Callable[[], Samples]) -> Samples:
        self.ready()
        return step()

    def select(self) -> Samples:
        """Click another row of the ruleset's view (rows 1 and 3 in turn)."""
        self._picks += 1
        row = 3 if self._picks % 2 else 1
        before = self.window.selected_combatant_id()
        where = self._row_at(row)
        spent = self.clock.timed(lambda: click(*where))
        if self.window.selected_combatant_id() == before:
            self._missed("select")
            return []
        return [("select", spent)]

    def end_turn(self) -> Samples:
        """Space (or the open question's first answer the rules take), then Ctrl+Z and
        Ctrl+Shift+Z (not when the step did nothing: Ctrl+Z would undo something else)."""
        samples: Samples = []
        prompt = self.window.prompt_panel
        answers = [b for b in getattr(prompt, "answer_buttons", []) if b.isVisible()]
        answers = [b for b in answers if b.isEnabled()]
        asked = self._question()
        if asked is not None and answers:
            samples += self._timed_step("answer prompt", lambda: click(answers[0]))
        else:
            samples += self._timed_step("End Turn", lambda: key(self.window, Qt.Key.Key_Space))
            if samples and self._question() not in (None, asked):
                samples[-1] = (END_TURN_ASKING, samples[-1][1])
        if not samples:
            return samples
        self.ready()
        samples += self._timed_step("undo", lambda: key(self.window, Qt.Key.Key_Z, CTRL), -1)
        self.ready()
        samples += self._timed_step("redo", lambda: key(self.window, Qt.Key.Key_Z, CTRL | SHIFT))
        return samples

    def actions(self) -> Samples:
        """Each action of the turn panel the state allows now: its button, then Ctrl+Z
        (timed as undo) so that the fight stays as it was."""
        samples: Samples = []
        panel = self.window.turn_panel
        for name in list(panel.action_buttons):
            button = panel.action_buttons.get(name)
            if button is None or not (button.isVisible() and button.isEnabled()):
                continue
            label = self.document.ruleset.action_spec(name).label
            self.ready()
            for box in panel.action_inputs.get(name, {}).values():
                if isinstance(box, QLineEdit) and not box.text():
                    fill(box, "Benchmarked")  # a name the action asks for, typed
            done = self._timed_step(f"action {label}", partial(click, button))
            samples += done
            if done:
                self.ready()
                samples += self._timed_step(
                    "undo", lambda: key(self.window, Qt.Key.Key_Z, CTRL), -1
                )
        return samples

    def rename(self) -> Samples:
        """The inspector's name field, then Enter."""
        editor = self.window.editor
        name_input = editor.form.editors["name"].input
        combatant = editor.combatant
        if combatant is None or not isinstance(name_input, QLineEdit):
            self._missed("rename")
            return []
        base = combatant.name.removesuffix(" (renamed)")
        fill(name_input, base if base != combatant.name else f"{base} (renamed)")
        name_input.setFocus()
        return self._timed_step("rename", lambda: key(name_input, Qt.Key.Key_Return))

    def damage(self) -> Samples:
        """The health box: a change typed, Enter (timed); then Ctrl+Z (untimed) so the
        fight stays as it was. The change is "-1", unless that changed nothing here
        before (Stamina battle's armour turns it away): then a value set one off the
        present one, or 0, or a heal, the first the rules take."""
        box = self.window.health_box
        chosen = self.document.encounter.find(self.window.selected_combatant_id())
        health = health_of(self.document.ruleset, chosen) if chosen is not None else None
        if not box.input.isEnabled() or chosen is None or health is None:
            return []  # the system tracks no health
        shown = health.shown
        tries = ["-1", f"={shown - 1}", f"={shown + 1}", "=0", "+1"][self._damage_way :]
        session = self.document.session
        text = next(
            (t for t in tries if session.refusal(ChangeHealth((chosen.id,), t)) is None),
            tries[0],  # all refused: the refusal is counted as a miss
        )
        box.input.setFocus()
        fill(box.input, text)
        done = self._timed_step("damage", lambda: key(box.input, Qt.Key.Key_Return))
        if done:
            self.ready()
            key(self.window, Qt.Key.Key_Z, CTRL)
        else:
            self._damage_way = min(self._damage_way + 1, 4)
        return done

    def effect(self) -> Samples:
        """Ctrl+E to the dialog shown and idle; a name typed; OK; then the effect picked
        in the inspector's list and ended with its End button."""
        samples: Samples = []
        before = self._steps_done()
        split = self.clock.split()
        times: dict[str, float] = {}

        def inside(dialog: QDialog) -> None:
            times["ready"] = split.pause()
            name_edit = getattr(dialog, "name_edit", None)
            assert isinstance(name_edit, QLineEdit), "the effect dialog has no name box"
            fill(name_edit, "Benchmarked")
            buttons = dialog.findChild(QDialogButtonBox)
            assert buttons is not None
            ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
            split.resume()
            click(ok)

        with ModalDrive(inside):
            split.resume()
            key(self.window, Qt.Key.Key_E, CTRL)
            times["ok"] = split.pause()
        if "ready" not in times:
            self._missed("Ctrl+E ready")
            return []
        samples.append(("Ctrl+E ready", times["ready"]))
        if self._steps_done() - before != 1:
            self._missed("add effect")
            return samples
        samples.append(("add effect", times["ok"]))
        self.ready()
        panel = self.window.effects_panel
        view = panel.view
        rows = range(view.model().rowCount())
        row = next((r for r in rows if (e := panel.effect_at(r)) and e.name == "Benchmarked"), -1)
        if row < 0:
            self._missed("remove effect")
            return samples
        view.scrollTo(view.model().index(row, 0))
        click(view.viewport(), view.visualRect(view.model().index(row, 0)).center())
        end = next(b for b in panel.findChildren(QPushButton) if b.text() == "End")
        return samples + self._timed_step("remove effect", lambda: click(end))

    def combatant(self) -> Samples:
        """Ctrl+Shift+N to the Add form shown and idle; Enter adds (its default name);
        Ctrl+Delete removes the one added (selected); the first pick selected again."""
        samples: Samples = []
        before = self._steps_done()
        ready = self.clock.timed(lambda: key(self.window, Qt.Key.Key_N, CTRL | SHIFT))
        dialog = self.window.add_form
        if dialog is None or not dialog.isVisible():
            self._missed("Add ready")
            return []
        samples.append(("Add ready", ready))
        focus = QApplication.focusWidget()
        target = focus if focus is not None and dialog.isAncestorOf(focus) else dialog
        samples += self._timed_step("add combatant", lambda: key(target, Qt.Key.Key_Return))
        if self._steps_done() != before + 1:
            return samples
        self.ready()
        samples += self._timed_step(
            "remove combatant", lambda: key(self.window, Qt.Key.Key_Delete, CTRL)
        )
        self.ready()
        self._click_row(1 if self._picks % 2 == 0 else 3)
        self.clock.settle()
        return samples

    def close(self) -> None:
        self.document.undo_stack.set_clean()  # no question about unsaved changes
        self.window.close()
        self.window.deleteLater()
        self.clock.settle()


class ModalDrive(QObject):
    """Runs `inside(dialog)` in the loop of the next dialog shown (a modal dialog's
    `exec` does not return before the dialog closes), once, at its loop's first pass."""

    def __init__(self, inside: Callable[[QDialog], None]) -> None:
        super().__init__()
        self._inside = inside
        self.dialog: QDialog | None = None

    def __enter__(self) -> ModalDrive:
        app = QApplication.instance()
        assert app is not None
        app.installEventFilter(self)
        return self

    def __exit__(self, *_exc: object) -> None:
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        first = self.dialog is None and event.type() == QEvent.Type.Show
        if first and isinstance(watched, QDialog):
            dialog = self.dialog = watched
            QTimer.singleShot(0, lambda: self._inside(dialog))
            # Found: off the application at once. A filter on the application is a call
            # into Python for every event, and a dialog's closing sends one to each
            # widget of the window (unblocked, activated): the harness's, not the app's.
            self.__exit__()
        return False
