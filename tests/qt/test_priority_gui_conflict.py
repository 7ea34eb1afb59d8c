"""Priority through the main window, what is not the turn itself: Conflict, Ally/Enemy,
durations, the banner's and the status bar's words, and the keys on a focused box,
driven as a game master would."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QDialogButtonBox

from tests.qt import priority_fixtures as pf
from tracker.qt.dialogs.effect_dialog import EffectDialog
from tracker.qt.palette import SIDE_COLORS

pwindow = pf.pwindow


# --- Conflict ---------------------------------------------------------------------------
def test_entering_and_leaving_conflict_with_the_buttons(pwindow, qtbot):
    window = pwindow
    # Before the start: the Mire Witch rolled Poise (DL 6) not to enter Conflict; the
    # GM unticks "In Conflict" in the editor. She still acts in Priority.
    pf.select(qtbot, window, "Mire Witch")
    box = window.editor.form.editors["conflict"].input
    assert box.isChecked()
    qtbot.mouseClick(box, pf.LEFT, pos=QPoint(6, box.height() // 2))  # the tick box
    pf.click(qtbot, window.editor.apply_button)
    assert pf.by_name(window, "Mire Witch").stats["conflict"] is False
    assert pf.table_row(window, "Mire Witch") == (
        "Mire Witch  (hidden)",
        "Zeal 4 · Major 1 · Minor 2",
    )
    assert "Mire Witch" in pf.turn_order_names(window)
    pf.press_start(qtbot, window)
    pf.select(qtbot, window, "Corin")
    pf.choose(window, "leave_conflict", "how", "gm")
    pf.action(qtbot, window, "leave_conflict")
    assert pf.table_row(window, "Corin") == ("Corin", "Zeal 5 · Major 1 · Minor 2")
    assert pf.log_texts(window)[-1] == "Corin leaves Conflict (set by the Soulweaver)."
    pf.choose(window, "enter_conflict", "how", "hit")
    pf.action(qtbot, window, "enter_conflict")
    assert pf.table_row(window, "Corin")[0] == "Corin  (in Conflict)"
    assert pf.log_texts(window)[-1] == "Corin enters Conflict (an attack succeeded against it)."
    before = pf.snapshot(window)
    pf.action(qtbot, window, "enter_conflict")
    assert pf.banner_text(window) == "Corin is already in Conflict."
    pf.choose(window, "leave_conflict", "how", "aware")
    pf.action(qtbot, window, "leave_conflict")  # not Corin's turn
    assert pf.banner_text(window) == "It is not Corin's turn: off its turn it can only react."
    assert pf.snapshot(window) == before

    # Ayla, aware of no threat: a Minor to leave; entering by choice: a Minor.
    pf.select(qtbot, window, "Ayla")
    pf.choose(window, "leave_conflict", "how", "unaware")
    pf.action(qtbot, window, "leave_conflict")
    assert pf.log_texts(window)[-1] == (
        "Ayla leaves Conflict, aware of no threat, paying a Minor (Major 1 · Minor 1 left)."
    )
    assert pf.table_row(window, "Ayla") == ("Ayla", "Zeal 9 · Major 1 · Minor 1")
    pf.choose(window, "enter_conflict", "how", "minor")
    pf.action(qtbot, window, "enter_conflict")
    assert pf.table_row(window, "Ayla") == (
        "Ayla  (in Conflict)",
        "Zeal 9 · Major 1 · Minor 0 · leave DL 10",
    )

    # Bren, aware of a threat: a Major and Poise against DL 9 + Grit Pips.
    pf.space(qtbot, window)
    pf.edit_stat(qtbot, window, "Bren", "grit_pips", "3")
    assert pf.table_row(window, "Bren")[1] == "Zeal 7 · Major 1 · Minor 1 · leave DL 12"
    pf.choose(window, "leave_conflict", "how", "aware")
    pf.choose(window, "leave_conflict", "poise", 11)
    pf.action(qtbot, window, "leave_conflict")
    assert pf.log_texts(window)[-1] == (
        "Bren tries to leave Conflict (Major Action): Poise 11 against DL 12 (9 + 3 Grit "
        "Pips) fails; it stays in Conflict (Major 0 · Minor 1 left)."
    )
    assert pf.table_row(window, "Bren") == (
        "Bren  (in Conflict)",
        "Zeal 7 · Major 0 · Minor 1 · leave DL 12",
    )
    pf.space(qtbot, window, pf.TURNS_PER_ROUND)
    pf.select(qtbot, window, "Bren")
    pf.choose(window, "leave_conflict", "poise", 12)
    pf.action(qtbot, window, "leave_conflict")
    assert pf.table_row(window, "Bren") == ("Bren", "Zeal 7 · Major 0 · Minor 1")
    assert pf.log_texts(window)[-1].endswith("succeeds (Major 0 · Minor 1 left).")
    assert pf.by_name(window, "Bren").stats["conflict"] is False
    assert window.editor.form.editors["conflict"].input.isChecked() is False


# --- Ally / Enemy -----------------------------------------------------------------------
def test_social_opinion_tier_sets_the_side_shown(pwindow, qtbot):
    window = pwindow
    model = window.central_view.order_model
    side = window.editor.form.editors["side"].input

    def shown_side(name: str) -> QColor:
        row = model.row_of(pf.by_name(window, name).id)
        return model.index(row, 0).data(Qt.ItemDataRole.DecorationRole)

    pf.select(qtbot, window, "Hollow Knight")
    assert side.currentText() == "enemy"
    assert shown_side("Hollow Knight") == QColor(SIDE_COLORS["enemy"])

    pf.edit_stat(qtbot, window, "Hollow Knight", "social_tier", "8")
    knight = pf.by_name(window, "Hollow Knight")
    assert knight.side == "ally"
    assert side.currentText() == "ally"
    assert shown_side("Hollow Knight") == QColor(SIDE_COLORS["ally"])
    row = window.roster_model.row_of(knight.id)
    assert (
        window.roster_model.index(row, 0)
        .data(Qt.ItemDataRole.ToolTipRole)
        .startswith("Hollow Knight (ally)")
    )
    assert "Hollow Knight counts as ally (Social Opinion Tier 8)." in pf.log_texts(window)

    pf.edit_stat(qtbot, window, "Hollow Knight", "social_tier", "5")  # neither: unchanged
    assert knight.side == "ally" and side.currentText() == "ally"
    pf.edit_stat(qtbot, window, "Hollow Knight", "social_tier", "3")
    assert knight.side == "enemy" and side.currentText() == "enemy"
    assert shown_side("Hollow Knight") == QColor(SIDE_COLORS["enemy"])

    pf.edit_stat(qtbot, window, "Bren", "social_tier", "1")  # party members keep theirs
    assert pf.by_name(window, "Bren").side == "party"
    assert side.currentText() == "party"
    assert shown_side("Bren") == QColor(SIDE_COLORS["party"])


# --- durations ---------------------------------------------------------------------------
def _add_effect(qtbot, window, name: str, carrier: str, creator: str, turns: str, ritual=False):
    """Fill the Add effect dialog (as Effects → Add effect… opens it) and press OK."""
    dialog = EffectDialog(window.document, pf.by_name(window, carrier).id, window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.keyClicks(dialog.name_edit, name)
    dialog.creator_combo.setCurrentText(creator)
    amount = dialog.duration_form.editors["amount"].input
    amount.clear()
    qtbot.keyClicks(amount, turns)
    if ritual:
        box = dialog.duration_form.editors["ritual"].input
        qtbot.mouseClick(box, pf.LEFT, pos=QPoint(6, box.height() // 2))  # the tick box
        assert box.isChecked()
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, pf.LEFT)
    assert dialog.result() == EffectDialog.DialogCode.Accepted, dialog.error.text()


def _effects(window) -> list[list[str]]:
    model = window.effects_model
    return [[model.index(r, c).data() for c in range(4)] for r in range(model.rowCount())]


def test_effects_lose_a_turn_as_their_creator_begins_its_turns_in_conflict(pwindow, qtbot):
    window = pwindow
    # Made before the fight: Ayla's first turn counts (one made in her turn would not).
    _add_effect(qtbot, window, "Blessed", "Bren", "Ayla", "2")
    pf.press_start(qtbot, window)
    pf.select(qtbot, window, "Corin")
    pf.choose(window, "leave_conflict", "how", "gm")
    pf.action(qtbot, window, "leave_conflict")
    _add_effect(qtbot, window, "Warding Circle", "Ayla", "Ayla", "1", ritual=True)
    _add_effect(qtbot, window, "Hex", "Mire Witch", "Corin", "1")
    assert _effects(window) == [
        ["Blessed", "Bren", "Ayla", "2 more of Ayla's turns in Conflict"],
        ["Warding Circle", "Ayla", "Ayla", "Ritual: does not tick in Conflict (end it by hand)"],
        ["Hex", "Mire Witch", "Corin", "1 more of Corin's turns in Conflict"],
    ]
    pf.space(qtbot, window)  # Ayla's turn begins (a tick) and ends
    assert _effects(window)[0][3] == "1 more of Ayla's turns in Conflict"
    pf.space(qtbot, window, 5)  # Corin, out of Conflict, does not tick his Hex
    assert _effects(window)[2][3] == "1 more of Corin's turns in Conflict"
    assert pf.current_name(window) == "Ayla"
    assert not window.banner.isVisible()

    pf.action(qtbot, window, "begin_turn")  # the tick to 0: Blessed ends
    assert [e.name for e in window.document.encounter.effects] == ["Warding Circle", "Hex"]
    assert [row[0] for row in _effects(window)] == ["Warding Circle", "Hex"]
    assert window.banner.kind == "expiry"
    assert pf.banner_text(window) == "◷ Blessed on Bren expired."
    log = window.document.encounter.log
    assert ("expiry", "Blessed on Bren expired.") in [(e.kind, e.text) for e in log[-3:]]
    window.document.undo_stack.undo()
    assert [row[0] for row in _effects(window)] == ["Blessed", "Warding Circle", "Hex"]


def test_a_creature_still_waiting_at_the_soulweavers_turn_ticks_after_it(pwindow, qtbot):
    window = pwindow
    _add_effect(qtbot, window, "Haste", "Bren", "Ayla", "2")
    pf.press_start(qtbot, window)
    pf.action(qtbot, window, "wait")
    for _ in range(4):  # Bren, Hollow Knight, Corin, Mire Witch: nobody acts now
        pf.space(qtbot, window)
        pf.answer(qtbot, window, "No one acts now")
    assert pf.current_name(window) == "Soulweaver"
    assert _effects(window)[0][3] == "2 more of Ayla's turns in Conflict"
    pf.space(qtbot, window)
    assert "Ayla is still waiting: its effects tick as if its turn had started." in pf.log_texts(
        window
    )
    assert _effects(window)[0][3] == "1 more of Ayla's turns in Conflict"
    assert pf.prompt_question(window) == (
        "Round 2 begins: does a waiting creature take its turn now?"
    )
    pf.answer(qtbot, window, "Ayla acts now")
    assert pf.banner_text(window) == "◷ Haste on Bren expired."
    assert window.effects_model.rowCount() == 0


def test_refusals_with_an_apostrophe_read_correctly_in_the_banner(pwindow, qtbot):
    """The banner paints the message as written (it used to show '&#x27;')."""
    window = pwindow
    pf.press_start(qtbot, window)
    pf.space(qtbot, window, 5)  # the Soulweaver's turn
    pf.select(qtbot, window, "Bren")
    pf.action(qtbot, window, "wait")
    assert pf.banner_text(window) == "The Soulweaver's turn cannot wait."


def test_an_expiry_is_also_told_in_the_status_bar(pwindow, qtbot):
    window = pwindow
    _add_effect(qtbot, window, "Blessed", "Bren", "Ayla", "1")
    pf.press_start(qtbot, window)
    pf.action(qtbot, window, "begin_turn")  # Ayla's turn begins: 1 → 0, it ends
    assert pf.banner_text(window) == "◷ Blessed on Bren expired."
    assert "Blessed on Bren expired" in pf.passing_message(window)
    assert pf.status_text(window).startswith("Round 1")  # the fight's state stays shown


def test_space_on_a_focused_box_or_button_ends_the_turn_and_enter_presses_it(pwindow, qtbot):
    window = pwindow
    pf.press_start(qtbot, window)
    pf.select(qtbot, window, "Corin")
    box = window.editor.form.editors["conflict"].input
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Space)
    assert pf.current_name(window) == "Bren"  # Space ended Ayla's turn
    assert box.isChecked()  # and left the box alone
    qtbot.keyClick(box, Qt.Key.Key_Return)  # Enter ticks it (Apply would send it)
    qtbot.waitUntil(lambda: not box.isChecked())
    wait = window.turn_panel.action_buttons["wait"]
    wait.setFocus()
    qtbot.keyClick(wait, Qt.Key.Key_Space)
    assert not pf.by_name(window, "Bren").runtime.waiting  # Wait was not pressed
    assert pf.current_name(window) == "Hollow Knight"
    qtbot.keyClick(window.turn_panel.action_buttons["wait"], Qt.Key.Key_Return)
    assert pf.by_name(window, "Hollow Knight").runtime.waiting  # Enter pressed Wait
