"""The main window's parts its first frame does without: the inspector and the optional
panes, with their models. `MainWindow.complete` imports this module (and the menus and
the window's keys) once the first frame is painted, so none of it is imported or built
before the GM sees the fight (see benchmarks/startup.py). Parts the whole window does
not show yet come later still (`LATER_PARTS`): the optional panes' views when their pane
is first on, the prompt panel when the rules first ask a question."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QItemSelectionModel, QObject
from PySide6.QtWidgets import QWidget

from tracker.qt.appearance import appearance
from tracker.qt.inspector_column import inspector_pane
from tracker.qt.models.effects_model import EffectsModel
from tracker.qt.models.log_model import LogModel
from tracker.qt.models.roster_model import RosterModel
from tracker.qt.views.quiet_focus import quiet_focus
from tracker.qt.widgets.banner import Banner
from tracker.qt.widgets.combatant_editor import CombatantEditor
from tracker.qt.widgets.effects_panel import EffectCalls, EffectsPanel, effect_actions
from tracker.qt.widgets.health_box import HealthBox
from tracker.qt.window_panes import roster_pane

if TYPE_CHECKING:
    from tracker.qt.main_window import MainWindow
    from tracker.qt.widgets.prompt_panel import PromptPanel


def build_parts(window: MainWindow) -> None:
    """The models of the inspector and the panes, then the inspector and the panes."""
    build_models(window)
    build_panes(window)
    # The fight view's and the effects' item views (the panes' views are made quiet as
    # they are built, the combo boxes' lists as they first open: `QuietCombo`): not a
    # walk over the window or its inspector, whose widgets' classes PySide would load
    # to rule them out (~1-2 ms).
    quiet_focus(window.central_view)
    quiet_focus(window.effects_view)


def build_models(window: MainWindow) -> None:
    document = window.document
    window.roster_model = RosterModel(document, window)
    # The combatants picked (the inspector's, the health box's targets): the side
    # list's selection, made before the list (`LATER_PANES`) and handed to it.
    window.roster_selection = QItemSelectionModel(window.roster_model, window)
    window.log_model = LogModel(document, window)
    window.effects_model = EffectsModel(document, window)


def build_panes(window: MainWindow) -> None:
    """The inspector beside the fight and the optional panes, in their docks (built
    with the first frame, `WindowPanes.add_docks`)."""
    window.editor = CombatantEditor(window.document)
    window.health_box = HealthBox(window.document, window.selected_combatant_ids)
    health_box = window.health_box
    window.roster_selection.selectionChanged.connect(lambda *_: health_box.show_targets())
    window.effects_panel = EffectsPanel(
        window.effects_model,
        effect_actions(window.document.ruleset, window.document.encounter),
        EffectCalls(
            window.add_effect,
            window.edit_selected_effect,
            window.end_selected_effect,
            window.effect_action,
        ),
    )
    window.effects_view = window.effects_panel.view
    window.effects_panel.follow_offers(window.document)
    window.banner = Banner()
    # The prompt panel: now if the rules wait for an answer, else when they first ask.
    asked = window.document.session.prompt() is not None
    window.inspector_column = inspector_pane(
        window.banner,
        window.health_box,
        window.editor,
        window.effects_panel,
        functools.partial(make_prompt_panel, window) if asked else None,
    )
    window.inspector = window.inspector_column.widget()
    window.fill_pane("dock_inspector", window.inspector_column)
    LaterPanes(window)
    if not asked:
        LaterPrompt(window)


# The optional panes' views the GM sees only once their pane is on (off by default),
# by the window's attribute: built when the pane is first shown, or asked for
# (`MainWindow.__getattr__`), not with the window (~2-3 ms, the turn order's rows;
# ~2.5 ms, the side list and its module), in this order.
LATER_PANES = {
    "roster_view": "dock_combatants",
    "turn_order_view": "dock_turn_order",
    "log_view": "dock_log",
}
# Every part of the whole window built when first needed, by the window's attribute: the
# optional panes' views and the prompt panel (`LaterPrompt`).
PROMPT_PANEL = "prompt_panel"
LATER_PARTS = frozenset({*LATER_PANES, PROMPT_PANEL})


def build_later_part(window: MainWindow, attribute: str) -> None:
    """The part of `LATER_PARTS` the window keeps as `attribute`, unless it is built."""
    if attribute == PROMPT_PANEL:
        build_prompt_panel(window)
    else:
        build_later_pane(window, attribute)


def build_later_pane(window: MainWindow, attribute: str) -> None:
    """The view of `attribute` (of `LATER_PANES`) in its dock, unless it is built."""
    if attribute in window.__dict__:
        return
    from tracker.qt.views.side_tables import log_table, roster_list, turn_order_table

    if attribute == "roster_view":
        window.roster_view = roster = roster_list(window.roster_model)
        roster.setSelectionModel(window.roster_selection)
        window.fill_pane(LATER_PANES[attribute], roster_pane(roster))
        quiet_focus(roster)
        if "actions_by_name" in window.__dict__:  # else added with the menus
            window.add_roster_menu()
        return
    # The side list first: it stands before the other panes' views in the Tab chain
    # (in the order the panes are filled), as when it was built with the window.
    build_later_pane(window, "roster_view")
    if attribute == "turn_order_view":
        window.turn_order_view = view = turn_order_table(window.turn_order_model)
        window.turn_order_model.follow(view)  # its whole list while shown
    else:
        window.log_view = view = log_table(window.log_model)
    window.fill_pane(LATER_PANES[attribute], view)
    quiet_focus(view)


def build_prompt_panel(window: MainWindow) -> None:
    """The prompt panel in the inspector, under the message, unless it is built. (Its
    widgets come last in the window's Tab chain, as the answers' rows a later question
    adds do: finding their place before the damage box's walks the window's Tab chain
    from Python, `nextInFocusChain`, which makes PySide 6.11 crash soon after.)"""
    if PROMPT_PANEL not in window.__dict__:
        window.inspector_column.add_prompt(make_prompt_panel(window, window.inspector))


def make_prompt_panel(window: MainWindow, column: QWidget) -> PromptPanel:
    """The window's prompt panel, made in its column (it shows itself there if the rules
    wait for an answer), styled for the scheme in force (`MainWindow._on_scheme_changed`
    restyles it from then on)."""
    from tracker.qt.widgets.prompt_look import prompt_colours
    from tracker.qt.widgets.prompt_panel import PromptPanel

    window.prompt_panel = panel = PromptPanel(window.document, column)
    if panel.colours != prompt_colours(appearance().dark):
        panel.set_scheme(appearance().dark)
    return panel


def prompt_panel_built(window: MainWindow) -> PromptPanel | None:
    """The window's prompt panel, if the rules asked a question since it opened (or a
    caller asked for the panel); None otherwise (not made for this)."""
    return cast("PromptPanel | None", window.__dict__.get(PROMPT_PANEL))


class LaterPrompt(QObject):
    """Builds the prompt panel at the first change or open that brings a question (none
    at the start of a set-up fight): its widgets, its module and its answers' (~0.4 MiB,
    ~2 ms of the whole window)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)  # (the window is its parent: no reference kept to it)
        self._document = window.document
        self._document.changed.connect(self._on_changed)
        self._document.replaced.connect(self._build_if_asked)

    def _on_changed(self, _event: object) -> None:
        self._build_if_asked()

    def _build_if_asked(self) -> None:
        if self._document.session.prompt() is None:
            return
        self._document.changed.disconnect(self._on_changed)
        self._document.replaced.disconnect(self._build_if_asked)
        build_prompt_panel(cast("MainWindow", self.parent()))


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
