"""Fixtures for the Qt tests: the bundled sample encounter in a document or a window."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from tracker.qt.app import sample_session
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

    monkeypatch.setattr(QMessageBox, "question", answer)
    return asked


@pytest.fixture
def window(qtbot, tmp_path: Path) -> MainWindow:
    main_window = MainWindow(sample_session(), None, tmp_path / "journal")
    main_window.show()
    qtbot.waitExposed(main_window)
    yield main_window
    main_window.close()
    main_window.deleteLater()


def names(document: EncounterDocument) -> list[str]:
    return [c.name for c in document.encounter.combatants]


def by_name(document: EncounterDocument, name: str):
    return next(c for c in document.encounter.combatants if c.name == name)
