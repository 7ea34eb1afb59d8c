"""The Qt side of a ruleset: what the GM's window, the players' screen and printing show
that only the ruleset knows how to show.

Every ruleset's UI, built-in ones included, registers through the entry-point group
`tracker.qt_rulesets`, named by the ruleset's id, e.g. in a plugin's pyproject.toml:

    [project.entry-points."tracker.qt_rulesets"]
    my_system = "my_package.qt:MySystemUi"

A ruleset without one gets the generic `RulesetUi`: the order as a table, nothing more
on the players' screen, the turn order alone on paper. The generic windows ask only
this module; they never name a ruleset nor read its state.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, ClassVar, cast

from PySide6.QtWidgets import QWidget

from tracker.engine.entry_points import EntryPoint
from tracker.engine.entry_points import entry_points as entry_points  # tests replace it
from tracker.engine.registry import BUILT_IN_DISTRIBUTION
from tracker.engine.ruleset import AnyRuleset
from tracker.qt.document import EncounterDocument

if TYPE_CHECKING:
    from PySide6.QtCore import QObject

    from tracker.engine.session import Session
    from tracker.qt.players.page_content import PanelSource
    from tracker.qt.players.public_state import PublicState
    from tracker.qt.players.themes import Theme
    from tracker.qt.printing import Table

GROUP = "tracker.qt_rulesets"
log = logging.getLogger(__name__)


class PlayersPanel(QWidget):
    """A ruleset's part of the players' board: on the right, above the effects on the
    party, as wide as that column and as tall as it asks (its vertical size policy
    should be Fixed or Maximum; the effects take what is left).

    Everything on the board is sized for a 1920×1080 screen times the board's scale:
    `set_look` passes the theme and the scale, `fit` the board's height (on every
    resize, change of look and engine event) so the panel can take its share of it."""

    # Stretch of the board's two columns (turns to come, this panel and the effects)
    # while the panel is shown; without a panel the turns to come get 3 to 2.
    body_stretch: ClassVar[tuple[int, int]] = (5, 6)

    def set_look(self, theme: Theme, scale: float) -> None:
        """Colours and size: every text and space is its 1080p size times `scale`."""

    def fit(self, board_height: int) -> None:
        """Size yourself for a board this tall (in pixels)."""

    @classmethod
    def page_source(
        cls,
        document: EncounterDocument,
        public: PublicState,
        parent: QObject,
        view: QWidget | None = None,
    ) -> PanelSource | None:
        """What the panel shows, as data for the shared page, without a widget (see
        `tracker.qt.players.page_content`); None: the page shows no panel. `view`: the
        GM's window's central view (`RulesetUi.central_view`), whose models the
        source reuses where it can (they follow the fight anyway) instead of making
        its own."""
        return None


class RulesetUi:
    """The Qt side of one ruleset. The base class is the generic UI a ruleset gets when
    it brings none; subclass it and override what the ruleset shows its own way."""

    # Wording of the generic windows.
    print_action_text: ClassVar[str] = "&Print turn order…"  # the Players menu's item
    # Whether the central view draws with the window's palette in the dark scheme too;
    # a view painting its own light-page colours says False and keeps a light page.
    follows_dark_scheme: ClassVar[bool] = True
    print_title: ClassVar[str] = "Print the turn order"  # the print dialog's title
    # Columns of the turn panel's action buttons (fewer: a narrower window).
    action_columns: ClassVar[int] = 3

    def central_view(self, document: EncounterDocument, parent: QWidget | None = None) -> QWidget:
        """The GM's view in the middle of the main window. A view with a
        `combatant_selected(str)` signal selects the combatant everywhere on a click."""
        # Imported here: a ruleset with a view of its own starts without it.
        from tracker.qt.views.order_table import OrderTable

        return OrderTable(document, parent)

    def players_panel(
        self,
        document: EncounterDocument,
        public: PublicState,
        theme: Theme,
        parent: QWidget | None = None,
    ) -> PlayersPanel | None:
        """The ruleset's part of the players' screen (None: none), a child of `parent`
        (the board). Everything it shows must go through `public` (see
        `tracker.qt.players`): hidden combatants and secret fields never reach the
        players. `public` starts following the document only once this returns, so the
        models the panel makes hear each engine event before its proxies re-filter."""
        return None

    def players_page_panel(
        self,
        document: EncounterDocument,
        public: PublicState,
        parent: QObject,
        view: QWidget | None = None,
    ) -> PanelSource | None:
        """The ruleset's panel as data for the shared page (None: none); made, like the
        panel, before `public` listens. `view`: the window's central view, see
        `PlayersPanel.page_source`."""
        return None

    def printed_tables(self, document: EncounterDocument, include_hidden: bool) -> list[Table]:
        """Sheets printed before the generic turn-order table (none by default)."""
        return []

    def work_out_ahead(self, session: Session) -> None:
        """What the central view first asks of every combatant of a fight being opened,
        worked out on the open's worker thread (plain data, no Qt object), kept in the
        encounter's memo (`Encounter.derived`) for the view to look up while the memo
        lasts (the first change empties it). By default, where the view is the generic
        order table, the resources' texts its width ranking reads."""
        if type(self).central_view is RulesetUi.central_view:
            from tracker.qt.models.meters import work_out_ahead

            work_out_ahead(session.ruleset, session.encounter)


class LazyRulesetUi(RulesetUi):
    """A ruleset's UI whose players' panel and printed sheet are imported when first
    used, so the GM's window opens sooner (and QtPrintSupport loads only to print):
    name them as "module:attribute", an entry point's way. `players_panel_at` names a
    `PlayersPanel` class (made with the document, public state, theme and parent),
    `printed_table_at` a function of (document, include_hidden) giving one `Table`."""

    players_panel_at: ClassVar[str] = ""
    printed_table_at: ClassVar[str] = ""

    def players_panel(
        self,
        document: EncounterDocument,
        public: PublicState,
        theme: Theme,
        parent: QWidget | None = None,
    ) -> PlayersPanel | None:
        if not self.players_panel_at:
            return None
        panel = _named(self.players_panel_at)(document, public, theme, parent)
        if not isinstance(panel, PlayersPanel):
            raise TypeError(f"{self.players_panel_at} did not make a PlayersPanel")
        return panel

    def players_page_panel(
        self,
        document: EncounterDocument,
        public: PublicState,
        parent: QObject,
        view: QWidget | None = None,
    ) -> PanelSource | None:
        if not self.players_panel_at:
            return None
        panel_class = _named(self.players_panel_at)
        if not (isinstance(panel_class, type) and issubclass(panel_class, PlayersPanel)):
            raise TypeError(f"{self.players_panel_at} is not a PlayersPanel class")
        return panel_class.page_source(document, public, parent, view)

    def printed_tables(self, document: EncounterDocument, include_hidden: bool) -> list[Table]:
        from tracker.qt.printing import Table

        if not self.printed_table_at:
            return []
        table = _named(self.printed_table_at)(document, include_hidden)
        if not isinstance(table, Table):
            raise TypeError(f"{self.printed_table_at} did not give a Table")
        return [table]


def _named(path: str) -> Callable[..., object]:
    """The callable "module:attribute" names, its module imported now."""
    module, _, attribute = path.partition(":")
    found = getattr(importlib.import_module(module), attribute)
    if not callable(found):
        raise TypeError(f"{path} is not callable")
    return cast("Callable[..., object]", found)


DEFAULT_UI = RulesetUi()
_loaded: dict[str, RulesetUi] = {}  # by entry point value
_refused: dict[str, str] = {}  # by entry point value: why it could not be loaded


def _load(entry: EntryPoint) -> RulesetUi | None:
    """The UI an entry point names, or None (the reason logged) if it cannot be loaded.
    One instance per entry point, whichever function asks first."""
    if entry.value not in _loaded:
        ui = _instantiate(entry)
        if ui is None:
            return None
        _loaded[entry.value] = ui
    return _loaded[entry.value]


def _instantiate(entry: EntryPoint) -> RulesetUi | None:
    try:
        ui_class = entry.load()
        ui = ui_class()
    except Exception as error:  # a broken plugin must not keep Roundkeeper from starting
        log.exception("The ruleset UI %r could not be loaded.", entry.value)
        _refused[entry.value] = (
            f"its views ({entry.value}) cannot be loaded: {type(error).__name__}: {error}"
        )
        return None
    if not isinstance(ui, RulesetUi):
        log.error("The ruleset UI %r is not a RulesetUi; ignored.", entry.value)
        _refused[entry.value] = f"its views ({entry.value}) are not a RulesetUi."
        return None
    return ui


def ui_problems(ruleset_ids: set[str]) -> dict[str, list[str]]:
    """Why installed views are not used, by the id they are registered under: views that
    cannot be loaded (their ruleset gets the generic UI) or that no ruleset of
    `ruleset_ids` (the installed ones) has. Loads every views' entry point."""
    problems: dict[str, list[str]] = {}
    for entry in entry_points(group=GROUP):
        found = [] if _load(entry) is not None else [_refused[entry.value]]
        if entry.name not in ruleset_ids:
            found.append(f"views ({entry.value}) are registered for no installed ruleset.")
        if found:
            problems.setdefault(entry.name, []).extend(found)
    return problems


@cache
def available_uis() -> dict[str, RulesetUi]:
    """Installed ruleset UIs by ruleset id. One that cannot be loaded is left out (its
    ruleset gets the generic UI) and the reason logged."""
    found: dict[str, RulesetUi] = {}
    for entry in entry_points(group=GROUP):
        ui = _load(entry)
        if ui is not None:
            found[entry.name] = ui
    return found


@cache
def _ui_named(ruleset_id: str) -> RulesetUi:
    """The UI of one ruleset id, loading only its own entry point (the window of an
    encounter never imports the other rulesets' views). Roundkeeper's own entry points
    are read first, as for its rulesets (`registry.get_ruleset`): the other
    distributions' metadata only for an id without views of its own."""
    for distribution in (BUILT_IN_DISTRIBUTION, None):
        for entry in entry_points(group=GROUP, distribution=distribution):
            ui = _load(entry) if entry.name == ruleset_id else None
            if ui is not None:
                return ui
    return DEFAULT_UI


def ui_for(ruleset: AnyRuleset | str) -> RulesetUi:
    """The UI of a ruleset (or ruleset id): its own if installed, else the generic one."""
    ruleset_id = ruleset if isinstance(ruleset, str) else ruleset.id
    return _ui_named(ruleset_id)
