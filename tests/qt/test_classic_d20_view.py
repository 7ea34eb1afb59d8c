"""Issue 24 point 1 (Classic d20's own central view): the initiative order as a d20 GM
reads it. A group of identical monsters is shown together and marked together on its
turn; the lair's row stands on count 20, after every creature of 20 or more, and is
marked on the lair's turn; a concentrating creature's row says on what until it ends;
the model passes the model tester and announces only the rows that changed."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor

from tests.qt.classic_d20_view_helpers import d20_view, ids_by_name, sample
from tests.qt.conftest import shown_window
from tracker.engine import (
    AddCombatant,
    AddEffect,
    EditCombatant,
    EndTurn,
    RemoveCombatant,
    RulesetAction,
    Session,
    SetOption,
    StartEncounter,
)
from tracker.engine.rulesets.classic_d20 import LAIR
from tracker.qt.palette import CELL_COLORS
from tracker.qt.rulesets.classic_d20.order_model import INIT, STATES, WHO, D20OrderModel, RowRole
from tracker.qt.rulesets.classic_d20.rows import acting_keys, layout, make_row
from tracker.qt.rulesets.classic_d20.view import D20OrderTable

GOLD = QColor(CELL_COLORS["current"]).rgb()


def _keys(model: D20OrderModel) -> list[str]:
    return [model.row_at(row).key for row in range(model.rowCount())]


def _acting(model: D20OrderModel) -> list[str]:
    return [model.row_at(r).key for r in range(model.rowCount()) if model.row_at(r).acting]


def _painted_gold(view: D20OrderTable, row: int) -> bool:
    """The row's count cell is painted in the turn's gold (a pixel right of its text)."""
    image = view.viewport().grab().toImage()
    rect = view.visualRect(view.order_model.index(row, INIT))
    return image.pixelColor(rect.right() - 3, rect.center().y()).rgb() == GOLD


def test_the_model_passes_the_model_tester(qtbot, qtmodeltester, tmp_path: Path):
    session = sample()
    session.apply(SetOption("lair", "yes"))
    session.apply(StartEncounter())
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        model = d20_view(window).order_model
        qtmodeltester.check(model, force_py=True)
        window.document.apply(EndTurn())
        window.document.apply(AddCombatant("Goblin 3", "enemy", stats={"initiative": 14}))
        qtmodeltester.check(model, force_py=True)


def test_a_group_is_shown_together_and_marked_together_on_its_turn(qtbot, tmp_path: Path):
    session = sample()  # groups: one roll for each group of the same name
    ids = ids_by_name(session)
    session.apply(StartEncounter())
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        view = d20_view(window)
        model = view.order_model
        goblins = [model.row_of(ids["Goblin"]), model.row_of(ids["Goblin 2"])]
        assert goblins[1] == goblins[0] + 1
        assert [model.row_at(r).group for r in goblins] == ["first", "last"]
        assert _acting(model) == [ids["Ayla"]]
        assert not any(_painted_gold(view, r) for r in goblins)
        window.document.apply(EndTurn())  # the goblins' turn
        assert _acting(model) == [ids["Goblin"], ids["Goblin 2"]]
        assert all(model.row_at(r).group_acting for r in goblins)
        for row in goblins:  # both rows in the turn's gold, both blocks with the marker
            background = model.index(row, STATES).data(Qt.ItemDataRole.BackgroundRole)
            assert background.color().rgb() == GOLD
            assert model.index(row, WHO).data(RowRole).summary.acting
        view.viewport().repaint()
        assert all(_painted_gold(view, r) for r in goblins)
        assert not _painted_gold(view, model.row_of(ids["Ayla"]))


def test_a_group_member_added_later_joins_its_group_rows(qtbot, tmp_path: Path):
    session = sample()
    session.apply(StartEncounter())
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        model = d20_view(window).order_model
        window.document.apply(AddCombatant("Goblin 3", "enemy", stats={"initiative": 5}))
        ids = ids_by_name(window.document.session)
        rows = [model.row_of(ids[n]) for n in ("Goblin", "Goblin 2", "Goblin 3")]
        assert rows == [rows[0], rows[0] + 1, rows[0] + 2]
        assert [model.row_at(r).group for r in rows] == ["first", "middle", "last"]


def test_the_lair_row_is_on_count_20_losing_ties_and_marked_on_its_turn(qtbot, tmp_path: Path):
    session = sample()
    session.apply(SetOption("lair", "yes"))
    session.apply(AddCombatant("Dragon", "enemy", stats={"initiative": 20, "hp_max": 200}))
    session.apply(AddCombatant("Quickling", "enemy", stats={"initiative": 21, "hp_max": 10}))
    session.apply(StartEncounter())
    ids = ids_by_name(session)
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        view = d20_view(window)
        model = view.order_model
        assert _keys(model)[:4] == [ids["Quickling"], ids["Dragon"], LAIR, ids["Ayla"]]
        lair = model.row_of(LAIR)
        assert model.index(lair, INIT).data() == "20"
        assert model.index(lair, WHO).data() == "Lair actions"
        assert not model.flags(model.index(lair, WHO)) & Qt.ItemFlag.ItemIsSelectable
        assert not model.row_at(lair).acting
        window.document.apply(EndTurn())
        window.document.apply(EndTurn())  # the Dragon's turn ends: the lair's
        assert window.document.session.current_turn().values["kind"] == "lair"
        assert _acting(model) == [LAIR]
        view.viewport().repaint()
        assert _painted_gold(view, lair)
        window.document.apply(EndTurn())
        assert _acting(model) == [ids["Ayla"]]
        assert not model.row_at(lair).acting


def test_no_lair_row_without_a_lair(qtbot, tmp_path: Path):
    session = sample()
    session.apply(StartEncounter())
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        model = d20_view(window).order_model
        assert model.row_of(LAIR) == -1
        window.document.apply(SetOption("lair", "yes"))
        assert model.row_of(LAIR) == 0  # Ayla has 17: the lair's 20 comes first


def test_concentration_shows_on_the_casters_row_until_it_ends(qtbot, tmp_path: Path):
    session = sample()
    ids = ids_by_name(session)
    session.apply(StartEncounter())
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        model = d20_view(window).order_model
        bren = model.row_of(ids["Bren"])
        assert "Concentrating" not in model.index(bren, STATES).data()
        duration = {"until": "minutes", "concentration": True}
        window.document.apply(AddEffect("Bless", ids["Ayla"], ids["Bren"], duration))
        assert model.index(bren, STATES).data() == "Concentrating: Bless"
        ayla = model.row_of(ids["Ayla"])
        assert "Concentrating" not in model.index(ayla, STATES).data()  # the carrier's
        assert "Bless" in [b.name for b in model.row_at(ayla).summary.badges]
        window.document.apply(RulesetAction("end_concentration", ids["Bren"], {}))
        assert "Concentrating" not in model.index(bren, STATES).data()
        assert model.row_at(ayla).summary.badges == ()


class Announced:
    """The rows a model announced changed, and its resets."""

    def __init__(self) -> None:
        self.announced: set[int] = set()
        self.resets = 0

    def rows(self, top: QModelIndex, bottom: QModelIndex, _roles: object) -> None:
        self.announced.update(range(top.row(), bottom.row() + 1))

    def reset(self) -> None:
        self.resets += 1


def test_a_step_announces_only_the_rows_that_changed(qtbot, tmp_path: Path):
    session = sample()
    ids = ids_by_name(session)
    session.apply(StartEncounter())
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        model = d20_view(window).order_model
        heard = Announced()
        model.dataChanged.connect(heard.rows)
        model.modelReset.connect(heard.reset)
        window.document.apply(EndTurn())  # Ayla's turn ends, the goblins' begins
        assert heard.announced == {model.row_of(ids[n]) for n in ("Ayla", "Goblin", "Goblin 2")}
        assert not heard.resets


class ToldAndFitted:
    """The first row of each run of rows the view is told of, and how many runs it had
    been told of at each fit of its columns."""

    def __init__(self, view: D20OrderTable) -> None:
        self.runs: list[int] = []
        self.fits: list[int] = []
        header = view.horizontalHeader()
        self._fit = header.fit
        header.fit = self.fit
        view.order_model.dataChanged.connect(self.run)

    def run(self, top: QModelIndex, _bottom: QModelIndex, _roles: object) -> None:
        self.runs.append(top.row())

    def fit(self, sizes: object) -> None:
        self.fits.append(len(self.runs))
        self._fit(sizes)


def test_a_step_fits_the_columns_once_whatever_rows_it_touched(qtbot, tmp_path: Path):
    """The rows a step changed are told in runs (the turn's rows left and marked, apart
    in the order); the columns are fitted once after all of them, not once a run, and
    still follow what the rows now show."""
    session = sample()
    ids = ids_by_name(session)
    session.apply(StartEncounter())
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        view = d20_view(window)
        told = ToldAndFitted(view)
        apart = 0
        for _ in range(8):  # through the round's end: its last row, then its first
            told.runs.clear()
            told.fits.clear()
            window.document.apply(EndTurn())
            if told.runs:
                assert told.fits == [len(told.runs)], "one fit, after every run was told"
            apart += len(told.runs) >= 2
        assert apart, "a step told rows apart in the order"

        before = view.columnWidth(WHO)
        long_name = "Bren of the Very Long Name That Needs A Wider Column"
        window.document.apply(EditCombatant(ids["Bren"], {"name": long_name}))
        assert view.columnWidth(WHO) > before


def test_a_click_and_the_arrow_keys_select_in_the_window(qtbot, tmp_path: Path):
    session = sample()
    ids = ids_by_name(session)
    session.apply(StartEncounter())
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        view = d20_view(window)
        model = view.order_model
        bren = model.row_of(ids["Bren"])
        rect = view.visualRect(model.index(bren, WHO))
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
        assert window.editor.combatant_id == ids["Bren"]
        qtbot.keyClick(view, Qt.Key.Key_Down)
        assert window.editor.combatant_id == ids["Bugbear"]
        qtbot.keyClick(view, Qt.Key.Key_Up)
        assert window.editor.combatant_id == ids["Bren"]
        corin = view.visualRect(model.index(model.row_of(ids["Corin"]), WHO))
        qtbot.mouseClick(
            view.viewport(),
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.ControlModifier,
            corin.center(),
        )
        assert window.selected_combatant_ids() == [ids["Bren"], ids["Corin"]]


def test_the_view_marks_whom_the_inspector_shows(qtbot, tmp_path: Path):
    session = sample()
    ids = ids_by_name(session)
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        view = d20_view(window)
        window.select_combatant(ids["Corin"])
        assert view.currentIndex().row() == view.order_model.row_of(ids["Corin"])
        assert view.selectionModel().isRowSelected(view.currentIndex().row(), QModelIndex())


def test_pf2e_rows_show_actions_left_and_the_reaction(qtbot, tmp_path: Path):
    session = sample("classic_d20_pf2e_sample.json")
    ids = ids_by_name(session)
    session.apply(StartEncounter())
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        model = d20_view(window).order_model
        kyra = model.row_of(ids["Kyra"])
        assert model.index(kyra, 2).data() == "◆◆◆ 3/3 · Reaction"
        window.document.apply(RulesetAction("action", ids["Kyra"], {"cost": 2, "what": "Strike"}))
        assert model.index(kyra, 2).data() == "◆◇◇ 1/3 · Reaction"
        ghoul = model.row_of(ids["Ghoul"])
        assert model.index(ghoul, 2).data() == "Reaction"  # not its turn: its reaction


def _fresh_rows(session: Session) -> list:
    shown = layout(session.encounter)
    acting = acting_keys(session)
    return [make_row(session, k, g, acting) for k, g in zip(shown.keys, shown.groups, strict=True)]


def test_the_rows_followed_step_by_step_are_the_rows_worked_out_anew(qtbot, tmp_path: Path):
    """Each step updates only some rows: after every kind of step (turns, effects,
    concentration, damage, renames that make or break a group, joins and leaves,
    options, undo and redo) they are those a fresh look at the session gives."""
    session = sample()
    session.apply(SetOption("lair", "yes"))
    session.apply(StartEncounter())
    for window in shown_window(qtbot, session, tmp_path / "journal", (1366, 768)):
        document = window.document
        model = d20_view(window).order_model
        ids = ids_by_name(document.session)
        bless = {"until": "rounds", "amount": 2, "concentration": True}
        steps = [
            EditCombatant(ids["Goblin 2"], {"name": "Hobgoblin"}),  # the lair's turn
            EndTurn(),
            EndTurn(),
            AddEffect("Bless", ids["Ayla"], ids["Bren"], bless),
            RulesetAction("damage", ids["Bren"], {"amount": 4, "critical": False}),
            RulesetAction("concentration_save", ids["Bren"], {"saved": False}),
            AddCombatant("Goblin 3", "enemy", stats={"initiative": 14, "hp_max": 7}),
            EndTurn(),
            RulesetAction("reaction", ids["Corin"], {"what": "Shield"}),
            SetOption("groups", "each"),
            RemoveCombatant(ids["Ogre"]),
            EndTurn(),
            EndTurn(),
            EndTurn(),
            EndTurn(),
            EndTurn(),
        ]
        for step in steps:
            assert document.apply(step), step
            assert [model.row_at(r) for r in range(model.rowCount())] == _fresh_rows(
                document.session
            ), step
        for _ in range(6):
            document.undo_stack.undo()
            assert [model.row_at(r) for r in range(model.rowCount())] == _fresh_rows(
                document.session
            )
        for _ in range(3):
            document.undo_stack.redo()
            assert [model.row_at(r) for r in range(model.rowCount())] == _fresh_rows(
                document.session
            )
