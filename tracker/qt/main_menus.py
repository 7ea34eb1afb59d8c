"""The main window's menus and toolbar: every command a game master can reach by menu
or key, named so that tests and the shortcuts list can find it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QObject, Qt, SignalInstance
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu

from tracker.qt.action_icons import set_icon
from tracker.qt.appearance import appearance
from tracker.qt.indicator_style import outlined
from tracker.qt.rich_text import plain_tip
from tracker.qt.ruleset_ui import ui_for
from tracker.qt.settings_file import enemies_start_hidden, settings_store
from tracker.qt.widgets.recent_menu import RecentMenu
from tracker.qt.widgets.turn_timer import turn_timer_action
from tracker.qt.window_panes import OPTIONAL_PANES

if TYPE_CHECKING:
    from tracker.qt.main_window import MainWindow


# Menu and toolbar actions with a bundled icon (tracker/assets/icons/actions).
ICONS = {
    "new": "new",
    "open": "open",
    "save": "save",
    "undo": "undo",
    "redo": "redo",
    "add": "add_combatant",
    "add_effect": "add_effect",
    "players_screen": "players_screen",
    "start": "start",
    "end_turn": "end_turn",
    "print": "print",
    "options": "options",
}


def build_menus(window: MainWindow) -> dict[str, QAction]:
    """The window's menus and toolbar; returns every named action."""
    menus = _Menus(window)
    _file_menu(menus)
    undo, redo = _edit_menu(menus)
    _play_menu(menus)
    _players_menu(menus)
    _library_menu(menus)
    _help_menu(menus)
    _view_menu(menus)  # its title stands before Players from the first frame on
    for name, icon_name in ICONS.items():
        set_icon(menus.named[name], icon_name)
    _toolbar(window, menus.named, undo, redo)
    # The panes' and the options' check boxes (each menu named: a search of the window's
    # children would make PySide load the class of every object in it).
    for menu in (*window.top_menus.values(), window.recent_menu, window.sample_menu):
        outlined(menu)
    return menus.named


class _Menus:
    """The window's menu bar being built, and its actions by name."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.bar = window.menuBar()
        self.named: dict[str, QAction] = {}

    def item(
        self,
        menu: QMenu,
        text: str,
        slot: Callable[..., object],
        shortcut: QKeySequence.StandardKey | str | None = None,
        name: str = "",
    ) -> QAction:
        """A menu item calling `slot`, kept in `named` under `name`."""
        action = QAction(text, self.window)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        if name:
            action.setObjectName(name)
            self.named[name] = action
        menu.addAction(action)
        return action


def _file_menu(menus: _Menus) -> None:
    window, item = menus.window, menus.item
    file_menu = window.top_menus["file"]  # made, with its title, in the first frame
    item(
        file_menu,
        "&New encounter…",
        window.new_encounter,
        QKeySequence.StandardKey.New,
        "new",
    )
    item(
        file_menu,
        "&Open…",
        window.open_encounter,
        QKeySequence.StandardKey.Open,
        "open",
    )
    window.recent_menu = RecentMenu(window)
    file_menu.addMenu(window.recent_menu)
    window.add_sample_menu(file_menu)  # File → Open sample (see window_files)
    item(file_menu, "&Save", window.save, QKeySequence.StandardKey.Save, "save")
    item(
        file_menu,
        "Save &As…",
        window.save_as,
        QKeySequence.StandardKey.SaveAs,
        "save_as",
    )
    file_menu.addSeparator()
    item(file_menu, "&Quit", window.close, QKeySequence.StandardKey.Quit, "quit")


def _edit_menu(menus: _Menus) -> tuple[QAction, QAction]:
    """Edit; returns its Undo and Redo (the toolbar keeps them steady)."""
    window, item = menus.window, menus.item
    edit_menu = window.top_menus["edit"]  # made, with its title, in the first frame
    stack = window.document.undo_stack
    undo = _step_action(window, stack.undo, stack.can_undo(), stack.can_undo_changed)
    undo.setShortcut(QKeySequence.StandardKey.Undo)
    redo = _step_action(window, stack.redo, stack.can_redo(), stack.can_redo_changed)
    redo_keys = [
        QKeySequence(QKeySequence.StandardKey.Redo),
        QKeySequence("Ctrl+Shift+Z"),
        QKeySequence("Ctrl+Y"),
    ]
    redo.setShortcuts(list(dict.fromkeys(k for k in redo_keys if not k.isEmpty())))
    undo.setObjectName("undo")
    redo.setObjectName("redo")
    _StepText(undo, "Undo", stack.undo_text(), stack.undo_text_changed)
    _StepText(redo, "Redo", stack.redo_text(), stack.redo_text_changed)
    # The toolbar's buttons keep a fixed word (see PlayToolBar).
    undo.setIconText("Undo")
    redo.setIconText("Redo")
    menus.named.update(undo=undo, redo=redo)
    edit_menu.addAction(undo)
    edit_menu.addAction(redo)
    edit_menu.addSeparator()
    item(edit_menu, "&Add combatant…", window.add_combatant, "Ctrl+Shift+N", "add")
    item(
        edit_menu,
        "&Duplicate combatant",
        window.duplicate_combatant,
        "Ctrl+D",
        "duplicate",
    )
    item(
        edit_menu,
        "&Remove combatant",
        window.remove_combatant,
        "Ctrl+Delete",
        "remove",
    )
    edit_menu.addSeparator()
    item(edit_menu, "Damage or &heal…", window.focus_health_box, "H", "health")
    item(edit_menu, "Mark de&feated", window.mark_selected_defeated, "Ctrl+K", "mark_defeated")
    item(edit_menu, "Re&vive", window.revive_selected, "Ctrl+Shift+K", "revive")
    edit_menu.addSeparator()
    item(edit_menu, "Re&name encounter…", window.rename_encounter, None, "rename")
    item(edit_menu, "Encounter &options…", window.edit_options, "Ctrl+,", "options")

    return undo, redo


def _play_menu(menus: _Menus) -> None:
    window, item = menus.window, menus.item
    play_menu = window.top_menus["play"]  # made, with its title, in the first frame
    item(
        play_menu,
        "&Start",
        window.turn_panel.start_button.click,
        "Ctrl+Return",
        "start",
    )
    end_turn = item(play_menu, "&End turn", window.turn_panel.end_turn, "Space", "end_turn")
    end_turn.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    item(
        play_menu,
        "Move &earlier in the order",
        lambda: window.move_selected(-1),
        "Ctrl+Up",
        "move_up",
    )
    item(
        play_menu,
        "Move &later (delay)",
        lambda: window.move_selected(1),
        "Ctrl+Down",
        "move_down",
    )
    play_menu.addSeparator()
    item(play_menu, "Add &effect…", window.add_effect, "Ctrl+E", "add_effect")
    item(
        play_menu,
        "Edit effec&t…",
        window.edit_selected_effect,
        "Ctrl+Shift+E",
        "edit_effect",
    )
    item(play_menu, "Saved &conditions…", window.manage_saved_conditions, None, "saved_conditions")


def _players_menu(menus: _Menus) -> None:
    window, item = menus.window, menus.item
    players_menu = window.top_menus["players"]  # made, with its title, in the first frame
    item(
        players_menu,
        "Players' &screen…",  # "Close players' screen" while it is shown
        window.toggle_players_screen,
        "Ctrl+Shift+P",
        "players_screen",
    )
    item(
        players_menu,
        "Players' screen se&ttings…",
        window.open_players_screen,
        None,
        "players_screen_settings",
    )
    item(
        players_menu,
        "&Reveal selected now",
        window.reveal_selected,
        "Ctrl+R",
        "reveal",
    )
    reveal_later = item(
        players_menu,
        "Reveal selected at its &first turn",
        window.toggle_first_turn_reveal,
        "Ctrl+Shift+R",
        "reveal_first_turn",
    )
    reveal_later.setCheckable(True)
    hide_new = item(
        players_menu,
        "New &enemies start hidden",
        window.toggle_enemies_hidden,
        None,
        "enemies_start_hidden",
    )
    hide_new.setCheckable(True)
    hide_new.setChecked(enemies_start_hidden(settings_store()))
    item(
        players_menu,
        "Secret &fields…",
        window.edit_secret_fields,
        None,
        "secret_fields",
    )
    share = lambda: _share_on_network(window)  # noqa: E731
    item(players_menu, "Share on the local &network…", share, None, "share_on_network")
    players_menu.addSeparator()
    item(
        players_menu,
        ui_for(window.document.ruleset).print_action_text,
        window.print_sheets,
        QKeySequence.StandardKey.Print,
        "print",
    )
    item(players_menu, "Print pre&view…", window.preview_sheets, None, "preview")
    item(players_menu, "Export &PDF…", window.export_sheets, None, "export_pdf")


def _share_on_network(window: MainWindow) -> None:
    from tracker.qt.share.menu import share_on_network  # when chosen, not with the menus

    share_on_network(window)


def _library_menu(menus: _Menus) -> None:
    window, item = menus.window, menus.item
    library_menu = window.top_menus["library"]  # made, with its title, in the first frame
    item(library_menu, "&Library…", window.open_library_dialog, "Ctrl+L", "library")
    item(
        library_menu,
        "&Save selected to library",
        window.save_selected_to_library,
        None,
        "save_to_library",
    )
    item(library_menu, "Save &party to library", window.save_party_to_library, None, "save_party")
    library_menu.addSeparator()
    item(library_menu, "&Import combatants…", window.import_to_library, None, "import_library")
    item(library_menu, "&Export library…", window.export_library, None, "export_library")


def _help_menu(menus: _Menus) -> None:
    window, item = menus.window, menus.item
    help_menu = window.top_menus["help"]  # made, with its title, in the first frame
    item(
        help_menu,
        "&Keyboard shortcuts",
        window.show_shortcuts,
        QKeySequence.StandardKey.HelpContents,
        "shortcuts",
    )
    item(help_menu, "&About Roundkeeper", window.show_about, None, "about")
    item(help_menu, "&Rulesets", window.show_rulesets, None, "rulesets")


def _view_menu(menus: _Menus) -> None:
    window, item = menus.window, menus.item
    view_menu = window.top_menus["view"]  # made, with its title, in the first frame
    scheme_menu = outlined(view_menu.addMenu("&Appearance"))
    schemes = QActionGroup(window)
    current = appearance().choice
    for scheme, text in (("system", "As the &system"), ("light", "&Light"), ("dark", "&Dark")):
        action = QAction(text, schemes)
        action.setCheckable(True)
        action.setChecked(scheme == current)
        action.setObjectName(f"scheme_{scheme}")
        action.triggered.connect(lambda _=False, s=scheme: appearance().choose(s))
        scheme_menu.addAction(action)
        menus.named[f"scheme_{scheme}"] = action
    view_menu.addSeparator()
    for pane in OPTIONAL_PANES:
        toggle = window.dock(pane.name).toggleViewAction()
        toggle.setText(f"{pane.title} pane")
        toggle.setObjectName(f"pane_{pane.name.removeprefix('dock_')}")
        menus.named[toggle.objectName()] = toggle
        view_menu.addAction(toggle)
    item(view_menu, "&Reset layout", window.reset_layout, None, "reset_layout")
    view_menu.addSeparator()
    timer = turn_timer_action(window)
    view_menu.addAction(timer)
    menus.named["turn_timer"] = timer


def _toolbar(window: MainWindow, named: dict[str, QAction], undo: QAction, redo: QAction) -> None:
    toolbar = window.play_toolbar  # in the first frame, holding its place
    toolbar.clear()
    for entry in ("undo", "redo", None, "add", "add_effect", None, "players_screen"):
        if entry is None:
            toolbar.addSeparator()
        else:
            toolbar.addAction(named[entry])
    toolbar.hold_steady((undo, redo))


def _step_action(
    window: MainWindow, step: Callable[[], None], enabled: bool, possible: SignalInstance
) -> QAction:
    """Undo or Redo: runs `step`, enabled while the undo history says it can."""
    action = QAction(window)
    action.triggered.connect(step)
    action.setEnabled(enabled)
    possible.connect(action.setEnabled)
    return action


class _StepText(QObject):
    """Undo's or Redo's text, following the undo history's: the step ("End Rock & Roll's
    turn") quotes names as they are, so its "&" is doubled (else a mnemonic) and the
    tooltip is plain (else "<b>…" in a name is guessed to be rich text). A child of the
    action: gone with it."""

    def __init__(self, action: QAction, verb: str, step: str, changed: SignalInstance) -> None:
        super().__init__(action)
        self._action, self._verb = action, verb
        self.follow(step)
        changed.connect(self.follow)

    def follow(self, step: str) -> None:
        if not shiboken6.isValid(self._action):
            return  # the window is being deleted
        verb = self._verb
        self._action.setText(f"&{verb} {step.replace('&', '&&')}" if step else f"&{verb}")
        self._action.setToolTip(plain_tip(f"{verb} {step}" if step else verb))
