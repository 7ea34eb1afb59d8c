"""The main window's parts its first frame does without: the inspector and the optional
panes, with their models. `MainWindow.complete` imports this module (and the menus and
the window's keys) once the first frame is painted, so none of it is imported or built
before the GM sees the fight (see benchmarks/startup.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QObject

from tracker.qt.models.effects_model import EffectsModel
from tracker.qt.models.log_model import LogModel
from tracker.qt.models.roster_model import RosterModel
from tracker.qt.views.quiet_focus import quiet_focus
from tracker.qt.views.side_tables import log_table, roster_list, turn_order_table
from tracker.qt.widgets.banner import Banner
from tracker.qt.widgets.combatant_editor import CombatantEditor
from tracker.qt.widgets.effects_panel import EffectCalls, EffectsPanel, effect_actions
from tracker.qt.widgets.health_box import HealthBox
from tracker.qt.widgets.prompt_panel import PromptPanel
from tracker.qt.window_panes import inspector_pane, roster_pane

if TYPE_CHECKING:
    from tracker.qt.main_window import MainWindow


def build_parts(window: MainWindow) -> None:
    """The models of the inspector and the panes, then the inspector and the panes."""
    build_models(window)
    build_panes(window)
    quiet_focus(window)  # the fight view's and the panes' views


def build_models(window: MainWindow) -> None:
    document = window.document
    window.roster_model = RosterModel(document, window)
    window.log_model = LogModel(document, window)
    window.effects_model = EffectsModel(document, window)


def build_panes(window: MainWindow) -> None:
    """The inspector beside the fight and the optional panes, in their docks (built
    with the first frame, `WindowPanes.add_docks`)."""
    window.roster_view = roster_list(window.roster_model)
    window.editor = CombatantEditor(window.document)
    window.health_box = HealthBox(window.document, window.selected_combatant_ids)
    health_box = window.health_box
    window.roster_view.selectionModel().selectionChanged.connect(
        lambda *_: health_box.show_targets()
    )
    window.effects_panel = EffectsPanel(
        window.effects_model,
        effect_actions(window.document.ruleset),
        EffectCalls(
            window.add_effect,
            window.edit_selected_effect,
            window.end_selected_effect,
            window.effect_action,
        ),
    )
    window.effects_view = window.effects_panel.view
    window.banner = Banner()
    window.prompt_panel = PromptPanel(window.document)
    inspector = inspector_pane(
        window.banner, window.prompt_panel, window.health_box, window.editor, window.effects_panel
    )
    window.inspector = inspector.widget()
    window.fill_pane("dock_inspector", inspector)
    window.fill_pane("dock_combatants", roster_pane(window.roster_view))
    LaterPanes(window)


# The optional panes' views the GM sees only once their pane is on (off by default),
# by the window's attribute: built when the pane is first shown, or asked for
# (`MainWindow.__getattr__`), not with the window (~2-3 ms, the turn order's rows).
LATER_PANES = {"turn_order_view": "dock_turn_order", "log_view": "dock_log"}


def build_later_pane(window: MainWindow, attribute: str) -> None:
    """The view of `attribute` (of `LATER_PANES`) in its dock, unless it is built."""
    if attribute in window.__dict__:
        return
    if attribute == "turn_order_view":
        window.turn_order_view = view = turn_order_table(window.turn_order_model)
        window.turn_order_model.follow(view)  # its whole list while shown
    else:
        window.log_view = view = log_table(window.log_model)
    window.fill_pane(LATER_PANES[attribute], view)
    quiet_focus(view)


class LaterPanes(QObject):
    """Builds each of `LATER_PANES` now if its pane is on (the GM's saved layout), else
    when it is first shown."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)  # (the window is its parent: no reference kept to it)
        for attribute, name in LATER_PANES.items():
            dock = window.dock(name)
            if dock.isHidden():
                dock.visibilityChanged.connect(self._on_visibility)
            else:
                build_later_pane(window, attribute)

    def _on_visibility(self, visible: bool) -> None:
        window = cast("MainWindow", self.parent())
        if visible:
            for attribute, name in LATER_PANES.items():
                if not window.dock(name).isHidden():
                    build_later_pane(window, attribute)
