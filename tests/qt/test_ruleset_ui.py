"""A ruleset's Qt side comes through the entry-point group `tracker.qt_rulesets`: a
ruleset installed with pip brings its central view, its panel on the players' screen,
its printed sheet and its wording the same way the built-ins do. A ruleset without one
gets the generic UI; one that cannot be loaded is left out."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest
from PySide6.QtPrintSupport import QPrintDialog
from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout, QWidget

from tests.qt.test_players_fight import leaked, window_texts
from tests.qt.test_players_rulesets import round_robin_session
from tracker.engine import StartEncounter
from tracker.qt import ruleset_ui
from tracker.qt.app import sample_session
from tracker.qt.document import EncounterDocument
from tracker.qt.main_window import MainWindow
from tracker.qt.players import PlayersScreenSettings, PlayersWindow
from tracker.qt.players.now_panel import caption_label
from tracker.qt.players.public_state import PublicState
from tracker.qt.players.themes import DARK, Theme
from tracker.qt.printing import Cell, Column, Table, print_with_dialog, tables_for
from tracker.qt.ruleset_ui import DEFAULT_UI, PlayersPanel, RulesetUi, ui_for
from tracker.qt.rulesets.priority import PriorityUi
from tracker.qt.rulesets.war_scroll import WarScrollUi
from tracker.qt.rulesets.war_scroll.grid import WarScrollGrid
from tracker.qt.rulesets.war_scroll.players_panel import WarScrollPanel
from tracker.qt.views.order_table import OrderTable

ROUND_ROBIN = "round_robin_test"  # the id of the ruleset in tests/qt/test_players_rulesets.py


# --- a third-party ruleset's Qt side ---------------------------------------------------
class SeatingView(QLabel):
    """The plugin's central view."""

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(", ".join(c.name for c in document.encounter.combatants), parent)
        self.setObjectName("seating_view")


class SeatingPanel(PlayersPanel):
    """The plugin's panel on the players' screen: the turn shown as current, through the
    public state only."""

    body_stretch = (1, 1)

    def __init__(self, public: PublicState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.public = public
        self.looks: list[float] = []
        self.heights: list[int] = []
        layout = QVBoxLayout(self)
        layout.addWidget(caption_label("SEATING"))
        self.seat = QLabel()
        layout.addWidget(self.seat)
        public.updated.connect(self._follow)
        self._follow()

    def _follow(self) -> None:
        turn = self.public.shown_turn()
        self.seat.setText(turn.phase if turn is not None else "—")

    def set_look(self, theme: Theme, scale: float) -> None:
        self.looks.append(scale)

    def fit(self, board_height: int) -> None:
        self.heights.append(board_height)


class SeatingUi(RulesetUi):
    print_action_text = "&Print the seating…"
    print_title = "Print the seating"

    def central_view(self, document: EncounterDocument, parent: QWidget | None = None) -> QWidget:
        return SeatingView(document, parent)

    def players_panel(
        self,
        document: EncounterDocument,
        public: PublicState,
        theme: Theme,
        parent: QWidget | None = None,
    ) -> PlayersPanel:
        return SeatingPanel(public, parent)

    def printed_tables(self, document: EncounterDocument, include_hidden: bool) -> list[Table]:
        people = [c for c in document.encounter.combatants if include_hidden or not c.hidden]
        return [
            Table(
                title=f"Seating — {document.encounter.name}",
                subtitle="Who sits where.",
                columns=(Column("Name"),),
                rows=tuple((Cell(c.name),) for c in people),
                row_mm=8.0,
            )
        ]


@pytest.fixture
def plugin(monkeypatch: pytest.MonkeyPatch):
    """SeatingUi installed for the round robin, next to a plugin that cannot be loaded
    (as if installed with pip: entry points are what Roundkeeper reads)."""
    installed = ruleset_ui.entry_points

    def entry_points(*, group: str, distribution: str | None = None) -> list[EntryPoint]:
        found = list(installed(group=group, distribution=distribution))
        if group == ruleset_ui.GROUP and distribution is None:
            found += [
                EntryPoint(ROUND_ROBIN, f"{__name__}:SeatingUi", group),
                EntryPoint("broken_test", "tests.qt.no_such_plugin:Ui", group),
            ]
        return found

    monkeypatch.setattr(ruleset_ui, "entry_points", entry_points)
    ruleset_ui.available_uis.cache_clear()
    ruleset_ui._ui_named.cache_clear()
    yield
    ruleset_ui.available_uis.cache_clear()
    ruleset_ui._ui_named.cache_clear()


@pytest.fixture
def gm_window(qtbot, tmp_path):
    windows: list[MainWindow] = []

    def make(session) -> MainWindow:
        window = MainWindow(session, None, tmp_path / "journal")
        qtbot.addWidget(window)
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.document.undo_stack.set_clean()


# --- the registry -----------------------------------------------------------------------
def test_the_built_ins_register_their_ui_and_others_get_the_generic_one(document):
    assert type(ui_for(document.ruleset)) is WarScrollUi
    assert type(ui_for("priority")) is PriorityUi
    assert ui_for(round_robin_session().ruleset) is DEFAULT_UI
    assert type(DEFAULT_UI) is RulesetUi


def test_a_plugin_that_cannot_load_is_left_out(plugin, caplog):
    assert type(ui_for(ROUND_ROBIN)) is SeatingUi
    assert ui_for("broken_test") is DEFAULT_UI
    assert "tests.qt.no_such_plugin:Ui" in caplog.text


# --- the generic UI ---------------------------------------------------------------------
def test_without_a_plugin_the_order_table_and_turn_order_serve(gm_window, qtbot):
    window = gm_window(round_robin_session())
    assert isinstance(window.central_view, OrderTable)
    assert window.actions_by_name["print"].text() == "&Print turn order…"
    players = PlayersWindow(window.document, PlayersScreenSettings())
    qtbot.addWidget(players)
    assert players.board.panel is None
    assert [t.title for t in tables_for(window.document)] == ["Turn order — Tavern brawl"]


def test_the_wording_follows_the_encounters_ruleset(gm_window):
    window = gm_window(sample_session())
    assert isinstance(window.central_view, WarScrollGrid)
    assert window.actions_by_name["print"].text() == "&Print War Scroll and turn order…"
    window.replace_session(round_robin_session(), None)
    assert isinstance(window.central_view, OrderTable)
    assert window.actions_by_name["print"].text() == "&Print turn order…"


# --- a plugin's UI ----------------------------------------------------------------------
def test_a_plugin_brings_its_central_view(plugin, gm_window):
    window = gm_window(sample_session())
    window.replace_session(round_robin_session(), None)
    assert isinstance(window.central_view, SeatingView)
    assert window.central_view.text() == "Mira, Bruno, The Cutpurse"
    assert window.actions_by_name["print"].text() == "&Print the seating…"
    window.replace_session(sample_session(), None)
    assert isinstance(window.central_view, WarScrollGrid)


def test_a_plugin_brings_its_players_panel(plugin, qtbot):
    document = EncounterDocument(sample_session())
    players = PlayersWindow(document, PlayersScreenSettings())
    qtbot.addWidget(players)
    assert isinstance(players.board.panel, WarScrollPanel)
    document.replace_session(round_robin_session())
    board = players.board
    panel = board.panel
    assert isinstance(panel, SeatingPanel) and board.ui is ui_for(ROUND_ROBIN)
    assert panel.parent() is board
    assert (board._body.stretch(0), board._body.stretch(1)) == SeatingPanel.body_stretch
    players.resize(1920, 1080)
    players.show()
    qtbot.waitExposed(players)
    assert panel.looks[-1] == pytest.approx(1.0) and panel.heights[-1] == board.height()
    document.apply(StartEncounter())
    assert panel.seat.text() == "Turn 1"
    assert leaked(window_texts(players), document) == []
    document.replace_session(round_robin_session())
    assert players.board is board  # the same UI: the board follows by itself
    document.replace_session(sample_session())
    assert isinstance(players.board.panel, WarScrollPanel)


def test_a_plugin_prints_its_sheets_first(plugin, qapp, monkeypatch):
    document = EncounterDocument(round_robin_session())
    tables = tables_for(document)
    assert [t.title for t in tables] == ["Seating — Tavern brawl", "Turn order — Tavern brawl"]
    assert [row[0].text for row in tables[0].rows] == ["Mira", "Bruno"]
    titles: list[str] = []

    def cancel(dialog: QPrintDialog) -> QDialog.DialogCode:
        titles.append(dialog.windowTitle())
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(QPrintDialog, "exec", cancel)
    assert print_with_dialog(document) is False
    assert titles == ["Print the seating"]


# --- a UI whose panel and sheet are imported when first used ------------------------------
class _LazySeatingUi(ruleset_ui.LazyRulesetUi):
    players_panel_at = f"{__name__}:_seating_panel"
    printed_table_at = f"{__name__}:_seating_table"


def _seating_panel(
    document: EncounterDocument, public: PublicState, theme: Theme, parent: QWidget | None
) -> SeatingPanel:
    return SeatingPanel(public, parent)


def _seating_table(document: EncounterDocument, include_hidden: bool) -> Table:
    return SeatingUi().printed_tables(document, include_hidden)[0]


class _Mistaken(ruleset_ui.LazyRulesetUi):
    players_panel_at = f"{__name__}:_not_a_panel"
    printed_table_at = f"{__name__}:_not_a_table"


def _not_a_panel(
    document: EncounterDocument, public: PublicState, theme: Theme, parent: QWidget | None
) -> QWidget:
    return QLabel("a label", parent)


def _not_a_table(document: EncounterDocument, include_hidden: bool) -> str:
    return "Seating"


def test_a_lazy_ui_makes_the_panel_and_sheet_it_names(qtbot):
    document = EncounterDocument(round_robin_session())
    public = PublicState(document)
    host = QWidget()
    qtbot.addWidget(host)
    panel = _LazySeatingUi().players_panel(document, public, DARK, host)
    assert isinstance(panel, SeatingPanel) and panel.parent() is host
    tables = _LazySeatingUi().printed_tables(document, include_hidden=True)
    assert [t.title for t in tables] == ["Seating — Tavern brawl"]
    bare = ruleset_ui.LazyRulesetUi()
    assert bare.players_panel(document, public, DARK, host) is None
    assert bare.printed_tables(document, include_hidden=True) == []


def test_a_lazy_ui_naming_something_else_says_what_it_got(qtbot):
    document = EncounterDocument(round_robin_session())
    public = PublicState(document)
    host = QWidget()
    qtbot.addWidget(host)
    with pytest.raises(TypeError, match="did not make a PlayersPanel"):
        _Mistaken().players_panel(document, public, DARK, host)
    with pytest.raises(TypeError, match="did not give a Table"):
        _Mistaken().printed_tables(document, include_hidden=True)


def test_a_built_in_rulesets_views_are_found_without_reading_other_distributions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tracker.engine import entry_points as module

    read: list[str] = []
    real = module._read
    monkeypatch.setattr(module, "_read", lambda path, *rest: read.append(path) or real(path, *rest))
    ruleset_ui._ui_named.cache_clear()
    try:
        assert ruleset_ui.ui_for("war_scroll") is not ruleset_ui.DEFAULT_UI
        assert len(read) == 1
        assert ruleset_ui.ui_for("no_such_ruleset") is ruleset_ui.DEFAULT_UI
        assert len(read) > 2  # every distribution is looked at then
    finally:
        ruleset_ui._ui_named.cache_clear()
