"""Fixtures for the Qt tests: the bundled sample encounter in a document or a window."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from tracker.engine import Session
from tracker.qt.app import sample_session
from tracker.qt.dialogs import messages as plain_messages
from tracker.qt.document import EncounterDocument
from tracker.qt.main_window import MainWindow


@pytest.fixture
def document(qapp) -> EncounterDocument:
    return EncounterDocument(sample_session())


@pytest.fixture(autouse=True)
def questions(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A modal question would hang an offscreen test: record it and answer Discard."""
    asked: list[str] = []

    def answer(_parent, _title, text, *_args, **_kwargs):
        asked.append(text)
        return QMessageBox.StandardButton.Discard

    monkeypatch.setattr(plain_messages, "question", answer)
    return asked


def shown_window(
    qtbot, session: Session, journal: Path, size: tuple[int, int] | None = None
) -> Iterator[MainWindow]:
    """The main window on `session`, shown (at `size` if given) until the test ends;
    closed without asking about unsaved changes."""
    main_window = MainWindow(session, None, journal)
    if size is not None:
        main_window.resize(*size)
    main_window.show()
    qtbot.waitExposed(main_window)
    yield main_window
    main_window.document.undo_stack.set_clean()
    main_window.close()
    main_window.deleteLater()


def counted_reading_sorts(monkeypatch: pytest.MonkeyPatch) -> list[QWidget]:
    """The roots `reading_order.follow_reading_order` sorts from now on (a Tab order
    worked out from the widgets' places on screen), in the order it is asked."""
    from tracker.qt import reading_order

    sorted_roots: list[QWidget] = []
    follow = reading_order.follow_reading_order

    def counted(root: QWidget) -> list[QWidget]:
        sorted_roots.append(root)
        return follow(root)

    monkeypatch.setattr(reading_order, "follow_reading_order", counted)
    return sorted_roots


def counted_cell_paints(monkeypatch: pytest.MonkeyPatch, module: object) -> list[str]:
    """The names whose cell `module.paint_cell` draws from now on, in order."""
    drawn: list[str] = []
    original = module.paint_cell  # type: ignore[attr-defined]

    def counted(painter, rect, summary, *args, **kwargs):
        drawn.append(summary.name)
        return original(painter, rect, summary, *args, **kwargs)

    monkeypatch.setattr(module, "paint_cell", counted)
    return drawn


def show_pane(window: MainWindow, name: str, qtbot) -> None:
    """Show an optional pane ("combatants", "turn_order", "log"; off by default) and wait
    until it has painted."""
    toggle = window.actions_by_name[f"pane_{name}"]
    dock = window.dock(f"dock_{name}")
    if toggle.isChecked():
        return
    painted = PaintSeen()
    dock.installEventFilter(painted)
    toggle.trigger()
    qtbot.waitUntil(lambda: dock.isVisible() and painted.seen)
    dock.removeEventFilter(painted)
    QApplication.sendPostedEvents()  # its share given (a layout posted by the paint's pass)
    QApplication.processEvents()


class PaintSeen(QObject):
    """Notes the first paint of the widget it watches."""

    def __init__(self) -> None:
        super().__init__()
        self.seen = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.seen = True
        return False


@pytest.fixture
def window(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    yield from shown_window(qtbot, sample_session(), tmp_path / "journal")


def names(document: EncounterDocument) -> list[str]:
    return [c.name for c in document.encounter.combatants]


def by_name(document: EncounterDocument, name: str):
    return next(c for c in document.encounter.combatants if c.name == name)


def add_through_form(window: MainWindow, name: str | None = None, count: int = 1) -> list[str]:
    """Edit → Add combatant, as the GM does: the form opens (with its default name unless
    `name` is given) and OK adds. Returns the names added."""
    window.actions_by_name["add"].trigger()
    dialog = window.add_form
    assert dialog is not None and dialog.isVisible()
    if name is not None:
        dialog.name_edit.setText(name)
    dialog.count_box.setValue(count)
    before = {c.id for c in window.document.encounter.combatants}
    dialog.accept()
    assert not dialog.isVisible(), dialog.error.text()
    return [c.name for c in window.document.encounter.combatants if c.id not in before]


def focus_chain(window: QWidget) -> list[QWidget]:
    """The window's widgets in its Tab chain (which Tab follows), in order."""
    chain = []
    widget = window
    for _ in range(5000):
        widget = widget.nextInFocusChain()
        if widget is window:
            break
        chain.append(widget)
    return chain


class EventCounter(QObject):
    """Counts the events of one type its watched objects receive, while installed."""

    def __init__(self, kind: QEvent.Type) -> None:
        super().__init__()
        self.kind = kind
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if event.type() == self.kind:
            self.count += 1
        return False
