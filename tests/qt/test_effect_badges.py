"""Effects as badges on their carrier's row: the roster model's `BadgesRole`, the side
list and the generic order table painting them (the ones ending soon first, with a
mark; "+N" for the rest), their tooltips (full name, note, time left), the rows a change
announces, and none of it on the players' screen."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QPoint, QRect, Qt
from PySide6.QtGui import QColor, QFont, QHelpEvent
from PySide6.QtWidgets import QStyleOptionViewItem, QToolTip

from benchmarks.fights import add_effects, build, next_step
from tests.engine.helpers import started as war_started
from tests.engine.test_priority_helpers import started as priority_started
from tests.qt.conftest import by_name, show_pane, shown_window
from tests.qt.test_players_proxies import Players
from tracker.engine import AddEffect, EndTurn
from tracker.engine.session import Session
from tracker.qt.document import EncounterDocument
from tracker.qt.models.badges import Badge, BadgesRole
from tracker.qt.models.combatant_summary import SummaryRole
from tracker.qt.models.effects_model import NoteRole
from tracker.qt.models.roster_model import RosterModel
from tracker.qt.palette import BADGE_COLORS
from tracker.qt.views import effect_badges
from tracker.qt.views.combatant_cell import name_line
from tracker.qt.views.roster_delegate import _name_line


def war_with_effects() -> tuple[Session, dict[str, str]]:
    """Echthra's Segment 1 Turn of Cycle 1; Thomas carries three effects, Kandor one."""
    session, ids = war_started()
    session.apply(
        AddEffect("Weakened", ids["Thomas"], ids["Echthra"], {"cycles": 1}, "Halve Speed")
    )
    session.apply(AddEffect("Blessed", ids["Thomas"], None, {"cycles": 3}))
    session.apply(AddEffect("Stunned/Unable to Parry", ids["Thomas"], None, {"cycles": 2}))
    session.apply(AddEffect("Aegis", ids["Kandor"], None, {"cycles": 5}))
    return session, ids


def badges_of(model: RosterModel, combatant_id: str) -> tuple[Badge, ...]:
    return model.index(model.row_of(combatant_id), 0).data(BadgesRole)


# --- the model -----------------------------------------------------------------------------
def test_the_roster_gives_each_row_its_effects_badges(qapp):
    session, ids = war_with_effects()
    document = EncounterDocument(session)
    model = RosterModel(document)
    thomas = badges_of(model, ids["Thomas"])
    assert [b.name for b in thomas] == ["Weakened", "Blessed", "Stunned/Unable to Parry"]
    assert thomas[0].note == "Halve Speed"
    assert thomas[0].tooltip() == (
        "Weakened\nNote: Halve Speed\n"
        "Remaining: ends at the end of Echthra's Segment 1 Turn in Cycle 2 (1 Cycle left)"
    )
    assert badges_of(model, ids["Echthra"]) == ()
    assert not any(b.soon for b in thomas)
    for _ in range(9):  # to Kandor's Segment A Turn: Echthra's next Turn ends Weakened
        document.apply(EndTurn())
    soon = badges_of(model, ids["Thomas"])
    assert [b.soon for b in soon] == [True, False, False]
    assert soon[0].tooltip().endswith("\nEnds this turn or the next.")


def test_a_new_effect_repaints_its_carriers_row_only(qapp):
    """Its carrier's row, and the row of the one whose turn it is (every command
    repaints it); not the others (the id the effect took is no change a row shows)."""
    session, ids = war_with_effects()
    document = EncounterDocument(session)
    model = RosterModel(document)
    rows: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda first, last, *_: rows.append((first.row(), last.row())))
    document.apply(AddEffect("Haste", ids["Tirzaiel"], None, {"cycles": 1}))
    holder, carrier = model.row_of(ids["Echthra"]), model.row_of(ids["Tirzaiel"])
    assert rows == [(holder, holder), (carrier, carrier)]
    assert [b.name for b in badges_of(model, ids["Tirzaiel"])] == ["Haste"]


def test_a_step_reads_each_effects_time_left_once(qtbot, tmp_path: Path, monkeypatch):
    """Forty combatants, sixty effects: the side list's badges take the time left the
    session worked out for this change (once per effect), so a step asks the rules no
    more than the effects panel already did."""
    session = build("war_scroll", 40)
    add_effects(session, session.apply, 60, random.Random(5))
    window = next(shown_window(qtbot, session, tmp_path / "journal", (1366, 768)))
    calls: list[str] = []
    ruleset_class = type(session.ruleset)
    original = ruleset_class.remaining

    def remaining(self, encounter, effect):
        calls.append(effect.id)
        return original(self, encounter, effect)

    monkeypatch.setattr(ruleset_class, "remaining", remaining)
    try:
        for _ in range(3):
            calls.clear()
            window.document.apply(next_step(window.document.session))
            window.repaint()
            qtbot.wait(1)
            assert len(calls) == len(set(calls)) <= 60
    finally:
        window.document.undo_stack.set_clean()
        window.close()


# --- laying out ----------------------------------------------------------------------------
def badge(name: str, soon: bool = False) -> Badge:
    return Badge(name, "", "", soon)


def test_badges_end_soon_first_and_the_rest_is_counted(qapp):
    font = QFont()
    font.setPointSizeF(12)
    row = QRect(0, 0, 260, 24)
    badges = [badge("Haste"), badge("Shield"), badge("Aegis"), badge("Curse", soon=True)]
    placed = effect_badges.place(badges, row, font)
    assert placed[0].text == "Curse" and placed[0].soon
    assert placed[-1].overflow and placed[-1].text == f"+{len(badges) - len(placed) + 1}"
    left_out = [b.name for b in placed[-1].badges]
    assert left_out == [b.name for b in badges[: len(badges) - 1]][-len(left_out) :]
    assert placed[-1].tooltip().count("\n\n") == len(left_out) - 1
    assert effect_badges.used_width(placed, row) <= row.width() * effect_badges.SHARE + 4
    assert all(p.rect.right() <= row.right() for p in placed)
    wide = effect_badges.place([badge("Stunned/Unable to Parry")], QRect(0, 0, 600, 24), font)
    assert wide[0].text.endswith("…") and len(wide[0].text) < len("Stunned/Unable to Parry")


# --- painting and tooltips -----------------------------------------------------------------
def _near(color: QColor, hex_color: str) -> bool:
    wanted = QColor(hex_color)
    return all(
        abs(a - b) <= 12 for a, b in zip(color.getRgb()[:3], wanted.getRgb()[:3], strict=True)
    )


@pytest.fixture
def war_window(qtbot, tmp_path):
    session, ids = war_with_effects()
    yield from shown_window(qtbot, session, tmp_path / "journal", (1366, 768))


def test_the_side_list_paints_the_badges_and_tells_the_note(war_window, qtbot):
    show_pane(war_window, "combatants", qtbot)
    view = war_window.roster_view
    model = war_window.roster_model
    thomas = next(c for c in model._document.encounter.combatants if c.name == "Thomas")
    index = model.index(model.row_of(thomas.id), 0)
    option = QStyleOptionViewItem()
    view.initViewItemOption(option)  # the options the view paints with, at its width now
    view.itemDelegate().initStyleOption(option, index)
    option.rect = view.visualRect(index)
    placed = effect_badges.place(index.data(BadgesRole), _name_line(option), option.font)
    assert placed and placed[0].badges[0].name == "Weakened"  # elided if the list is narrow
    image = view.viewport().grab().toImage()
    first = placed[0].rect
    fill = BADGE_COLORS[False]["effect"][0]
    assert _near(image.pixelColor(first.left() + 3, first.center().y()), fill)
    event = QHelpEvent(
        QEvent.Type.ToolTip, first.center(), view.viewport().mapToGlobal(first.center())
    )
    assert view.itemDelegate().helpEvent(event, view, option, index)
    assert QToolTip.text().startswith("Weakened\nNote: Halve Speed\nRemaining: ends at")
    outside = QPoint(option.rect.left() + 40, first.center().y())
    QToolTip.hideText()
    view.itemDelegate().helpEvent(
        QHelpEvent(QEvent.Type.ToolTip, outside, view.viewport().mapToGlobal(outside)),
        view,
        option,
        index,
    )
    assert "Note:" not in QToolTip.text()


def test_the_effects_panel_shows_the_note(war_window):
    view = war_window.effects_view
    model = view.model()
    assert model.index(0, 0).data(NoteRole) == "Halve Speed"
    assert "Note: Halve Speed" in model.index(0, 3).data(Qt.ItemDataRole.ToolTipRole)
    option = QStyleOptionViewItem()
    view.itemDelegate().initStyleOption(option, model.index(0, 0))
    assert option.text == "Weakened\n“Halve Speed”"
    view.itemDelegate().initStyleOption(option, model.index(1, 0))
    assert option.text == "Blessed"


def test_the_order_table_shows_the_badges_on_the_names_line(qtbot, tmp_path):
    session, ids = priority_started()
    session.apply(AddEffect("Sickened", ids["Bren"], None, {"ritual": True}, "Tier 2"))
    window = next(shown_window(qtbot, session, tmp_path / "journal", (1366, 768)))
    try:
        table = window.central_view
        assert table.objectName() == "order_table"  # Priority plays from the generic table
        model = table.model()
        cell = model.index(model.row_of(ids["Bren"]), 0)
        option = QStyleOptionViewItem()
        table.itemDelegateForColumn(0).initStyleOption(option, cell)
        option.rect = table.visualRect(cell)
        option.widget = table
        option.font = table.font()
        placed = effect_badges.place(
            cell.data(BadgesRole),
            name_line(option.rect, option.font, cell.data(SummaryRole)),
            option.font,
        )
        [sickened] = placed
        image = table.viewport().grab().toImage()
        fill = BADGE_COLORS[False]["effect"][0]
        assert _near(image.pixelColor(sickened.rect.left() + 3, sickened.rect.center().y()), fill)
        point = sickened.rect.center()
        event = QHelpEvent(QEvent.Type.ToolTip, point, table.viewport().mapToGlobal(point))
        assert table.itemDelegateForColumn(0).helpEvent(event, table, option, cell)
        assert QToolTip.text().startswith("Sickened\nNote: Tier 2")
    finally:
        window.document.undo_stack.set_clean()
        window.close()


# --- the players ---------------------------------------------------------------------------
def test_no_badge_or_note_reaches_the_players(qapp):
    session, ids = war_with_effects()
    document = EncounterDocument(session)
    players = Players(document)
    for name, proxy in players.proxies().items():
        for row in range(proxy.rowCount()):
            for column in range(proxy.columnCount()):
                index = proxy.index(row, column)
                assert proxy.data(index, BadgesRole) is None, name
                assert proxy.data(index, NoteRole) is None, name
                assert "Halve Speed" not in str(proxy.data(index, Qt.ItemDataRole.DisplayRole))
                assert proxy.data(index, Qt.ItemDataRole.ToolTipRole) is None or (
                    "Halve Speed" not in str(proxy.data(index, Qt.ItemDataRole.ToolTipRole))
                )


def test_a_narrow_row_still_shows_the_badge_ending_soon(qapp):
    font = QFont()
    font.setPointSizeF(12)
    badges = [badge("Blessed"), badge("Weakened", soon=True), badge("Haste")]
    placed = effect_badges.place(badges, QRect(0, 0, 230, 24), font)
    assert [p.overflow for p in placed] == [False, True]
    assert placed[0].soon and placed[0].text.startswith("Weak")
    assert placed[1].text == "+2"


def test_the_inspector_shows_the_selected_ones_effects_or_all(war_window, qtbot):
    """Effects on the selected combatant or made by it; "All" shows every one; Edit and
    End act on the effect picked in the filtered list."""
    window = war_window
    panel = window.effects_panel
    shown = lambda: sorted(panel.effect_at(r).name for r in range(panel.shown.rowCount()))  # noqa: E731
    assert shown() == ["Aegis", "Blessed", "Stunned/Unable to Parry", "Weakened"]
    assert panel.caption.text() == "All effects"
    window.select_combatant(by_name(window.document, "Thomas").id)
    assert shown() == ["Blessed", "Stunned/Unable to Parry", "Weakened"]
    assert panel.caption.text() == "Effects on or by Thomas"
    window.select_combatant(by_name(window.document, "Echthra").id)
    assert shown() == ["Weakened"]  # made by Echthra
    window.select_combatant(by_name(window.document, "Kandor").id)
    assert shown() == ["Aegis"]
    window.effects_view.setCurrentIndex(panel.shown.index(0, 0))
    window.end_selected_effect()
    assert "Aegis" not in [e.name for e in window.document.encounter.effects]
    assert shown() == []
    panel.show_all.setChecked(True)
    assert shown() == ["Blessed", "Stunned/Unable to Parry", "Weakened"]
    assert panel.caption.text() == "All effects"
