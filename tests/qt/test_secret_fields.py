"""A field the GM marks secret never reaches the players, and the mark is undoable,
saved with the encounter, and refused for fields the ruleset does not have."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from tests.qt.conftest import by_name
from tracker.engine import CommandError, SetSecretFields, StartEncounter
from tracker.persistence.files import load_encounter, save_encounter
from tracker.qt.dialogs.secret_fields_dialog import SecretFieldsDialog
from tracker.qt.players import PlayersScreenSettings, PlayersWindow
from tracker.qt.rulesets.war_scroll.players_panel import WarScrollPanel


def _players_text(players: PlayersWindow) -> str:
    texts = [label.text() for label in players.findChildren(QLabel)]
    panel = players.board.panel
    assert isinstance(panel, WarScrollPanel)
    for proxy in (players.board.turn_proxy, panel.grid_proxy):
        for row in range(proxy.rowCount()):
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                texts.append(str(proxy.headerData(row, Qt.Orientation.Vertical, role) or ""))
                for column in range(proxy.columnCount()):
                    texts.append(str(proxy.index(row, column).data(role) or ""))
    return "\n".join(texts)


def test_marked_fields_leave_the_players_screen(window, qtbot):
    document = window.document
    players = PlayersWindow(document, PlayersScreenSettings(fullscreen=False))
    qtbot.addWidget(players)
    players.show()
    document.apply(StartEncounter())
    QApplication.processEvents()
    assert "Swiftness 9" in _players_text(players)  # public by default
    dialog = SecretFieldsDialog(document, window)
    qtbot.addWidget(dialog)
    dialog.boxes["swiftness"].setChecked(True)
    dialog.accept()
    assert document.encounter.secret_fields == ["swiftness"]
    QApplication.processEvents()
    assert "Swiftness" not in _players_text(players)
    document.undo_stack.undo()
    assert document.encounter.secret_fields == []
    assert "Swiftness 9" in _players_text(players)


def test_secret_fields_are_saved_and_validated(document, tmp_path):
    document.apply(SetSecretFields(("speed", "allegiance")))
    path = tmp_path / "secret.json"
    save_encounter(document.encounter, path)
    assert load_encounter(path).secret_fields == ["speed", "allegiance"]
    before = document.encounter.to_dict()
    with pytest.raises(CommandError, match="no field mana"):
        document.session.apply(SetSecretFields(("mana",)))
    with pytest.raises(CommandError, match="already"):
        document.session.apply(SetSecretFields(("allegiance", "speed")))
    assert document.encounter.to_dict() == before
    assert by_name(document, "Echthra").stats["speed"] == 17  # the GM still sees it
