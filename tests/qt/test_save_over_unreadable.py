"""Save As onto a file Roundkeeper could not open (a ruleset not installed, a damaged
record, NaN) asks first, defaulting to No: declined, the file is left as it was;
accepted, it is kept beside, byte for byte, and the new file opens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from tracker.persistence import paths
from tracker.persistence.files import envelope, load_encounter
from tracker.qt.main_window import MainWindow

SHOTS = Path("/tmp/loading-shots")


def _unreadable(window: MainWindow, case: str) -> Path:
    document = envelope(window.document.encounter)
    data = document["encounter"]
    if case == "ruleset":
        data["ruleset_id"] = "lost_ruleset"
    elif case == "record":
        data["combatants"][0]["runtime"] = "broken"
    else:
        data["combatants"][0]["stats"]["mood"] = float("nan")
    target = paths.encounters_dir() / "campaign <b>night.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(document, allow_nan=True), encoding="utf-8")
    return target


def _answer(button: QMessageBox.StandardButton, seen: list[QMessageBox]) -> None:
    """Answer the question the window is about to ask with `button`."""

    def press() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):  # the save's own steps run events first
            QTimer.singleShot(10, press)
            return
        seen.append(box)
        SHOTS.mkdir(exist_ok=True)
        box.grab().save(str(SHOTS / "replace_unreadable.png"))
        box.button(button).click()

    QTimer.singleShot(0, press)


@pytest.fixture
def save_as_target(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    chosen: list[Path] = []
    monkeypatch.setattr(
        "PySide6.QtWidgets.QFileDialog.getSaveFileName",
        lambda *a, **k: (str(chosen[0]), ""),
    )
    return chosen


@pytest.mark.parametrize("case", ["ruleset", "record", "nan"])
def test_declined_leaves_the_file_as_it_was(window, save_as_target, case):
    target = _unreadable(window, case)
    save_as_target.append(target)
    before = target.read_bytes()
    seen: list[QMessageBox] = []
    _answer(QMessageBox.StandardButton.No, seen)
    assert window.save_as() is False
    (box,) = seen
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.No)
    assert "Replace “campaign <b>night.json” with this encounter?" in box.text()
    assert box.textFormat() == box.textFormat().PlainText
    assert target.read_bytes() == before
    assert sorted(p.name for p in target.parent.iterdir()) == [target.name]
    assert window.document.path != target


@pytest.mark.parametrize("case", ["ruleset", "record", "nan"])
def test_accepted_keeps_the_original_and_saves(window, save_as_target, case):
    target = _unreadable(window, case)
    save_as_target.append(target)
    before = target.read_bytes()
    _answer(QMessageBox.StandardButton.Yes, [])
    assert window.save_as() is True
    (kept,) = [p for p in target.parent.iterdir() if p != target]
    assert kept.name.startswith("campaign <b>night.unreadable-")
    assert kept.read_bytes() == before
    assert load_encounter(target).to_dict() == window.document.encounter.to_dict()
    assert window.document.path == target
    assert kept.name in window.statusBar().currentMessage()


def test_a_readable_file_is_replaced_without_a_question(window, save_as_target):
    target = paths.encounters_dir() / "fine.json"
    save_as_target.append(target)
    assert window.save_as() is True
    assert window.save_to(target) is True  # over itself: no question, no copy
    assert [p.name for p in target.parent.iterdir()] == ["fine.json"]
