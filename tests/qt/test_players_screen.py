"""Choosing where the players' screen goes: remembered across runs in Roundkeeper's own
settings file, a window on the one screen offscreen, full screen only on a screen of
the players' own; themes switch live."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog

from tracker.persistence import paths
from tracker.qt.players import (
    PlayersScreenSettings,
    PlayersWindow,
    choose_players_screen,
    open_players_screen,
    settings_store,
)
from tracker.qt.players.screen_dialog import PlayersScreenDialog
from tracker.qt.players.screens import can_be_full_screen, resolve_screen
from tracker.qt.players.themes import DARK, LIGHT


def test_the_choice_is_remembered_in_trackers_settings_file(qapp, tracker_home):
    assert PlayersScreenSettings.load() == PlayersScreenSettings()
    chosen = PlayersScreenSettings(screen="HDMI-1", fullscreen=False, theme="light")
    chosen.save()
    assert (paths.config_dir() / "tracker.ini").is_file()
    assert str(paths.config_dir()).startswith(str(tracker_home))
    assert PlayersScreenSettings.load() == chosen  # a fresh QSettings reads it back
    assert PlayersScreenSettings.load(settings_store()).fullscreen is False


def test_a_damaged_settings_file_falls_back_to_defaults(qapp):
    store = settings_store()
    store.setValue("players_screen/theme", "purple")
    store.setValue("players_screen/fullscreen", "maybe")
    store.sync()
    loaded = PlayersScreenSettings.load(QSettings(store.fileName(), QSettings.Format.IniFormat))
    assert loaded.theme == "dark"
    assert isinstance(loaded.fullscreen, bool)


def test_one_screen_means_a_window_on_it(qapp):
    screens = QGuiApplication.screens()
    assert len(screens) == 1  # offscreen
    assert resolve_screen("no such screen") == screens[0]
    assert resolve_screen(screens[0].name()) == screens[0]
    assert not can_be_full_screen(screens[0])


def test_the_dialog_offers_the_screens_and_keeps_the_choices(qtbot):
    dialog = PlayersScreenDialog(PlayersScreenSettings(fullscreen=True, theme="light"))
    qtbot.addWidget(dialog)
    assert dialog.screen_combo.count() == len(QGuiApplication.screens())
    assert not dialog.fullscreen_check.isEnabled()  # one screen: a window
    assert dialog.note.isVisibleTo(dialog)
    dialog.theme_combo.setCurrentIndex(dialog.theme_combo.findData("dark"))
    chosen = dialog.settings()
    assert chosen.theme == "dark"
    assert chosen.fullscreen is True  # kept for when a second screen is connected
    assert chosen.screen == QGuiApplication.screens()[0].name()


def test_choosing_saves_and_opening_uses_the_saved_choice(document, qtbot, monkeypatch):
    def accept(dialog: PlayersScreenDialog) -> int:
        dialog.theme_combo.setCurrentIndex(dialog.theme_combo.findData("light"))
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(PlayersScreenDialog, "exec", accept)
    chosen = choose_players_screen()
    assert chosen is not None and chosen.theme == "light"
    assert PlayersScreenSettings.load() == chosen

    window = open_players_screen(document, ask=False)
    assert window is not None
    qtbot.addWidget(window)
    assert window.isVisible() and not window.isFullScreen()
    assert window.screen() == QGuiApplication.screens()[0]
    assert window.board.theme == LIGHT

    dark = PlayersScreenSettings(theme="dark")
    dark.save()
    again = open_players_screen(document, ask=False, existing=window)
    assert again is window and window.board.theme == DARK  # moved and restyled, not doubled

    monkeypatch.setattr(PlayersScreenDialog, "exec", lambda _dialog: QDialog.DialogCode.Rejected)
    assert open_players_screen(document) is None


def test_theme_switches_live_and_f11_toggles_full_screen(document, qtbot):
    window = PlayersWindow(document, PlayersScreenSettings(theme="dark"))
    qtbot.addWidget(window)
    window.show_on_screen()
    assert window.board.theme == DARK
    window.apply_settings(PlayersScreenSettings(theme="light"))
    assert window.board.theme == LIGHT
    assert LIGHT.background in window.board.styleSheet()
    qtbot.keyClick(window, Qt.Key.Key_F11)
    assert window.isFullScreen()
    qtbot.keyClick(window, Qt.Key.Key_F11)
    assert not window.isFullScreen()
    qtbot.keyClick(window, Qt.Key.Key_F11)
    qtbot.keyClick(window, Qt.Key.Key_Escape)  # Escape leaves full screen, never closes
    assert not window.isFullScreen() and window.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.isVisible()


def test_a_screen_set_to_follow_the_gms_window_turns_light_or_dark_with_it(document, qtbot):
    from tracker.qt.appearance import appearance

    window = PlayersWindow(document, PlayersScreenSettings(theme="system"))
    qtbot.addWidget(window)
    try:
        appearance().choose("light")
        assert window.board.theme == LIGHT
        appearance().choose("dark")
        assert window.board.theme == DARK
        window.apply_settings(PlayersScreenSettings(theme="light"))
        appearance().choose("dark")
        assert window.board.theme == LIGHT  # a theme of its own stays
    finally:
        appearance().choose("system")
    dialog = PlayersScreenDialog(PlayersScreenSettings(theme="system"), None)
    qtbot.addWidget(dialog)
    assert dialog.theme_combo.currentData() == "system"
    assert "GM's window" in dialog.theme_combo.currentText()
