"""Priority through the main window: Zeal, the order, ties, rounds and Overexertion, and
late joiners, driven as a game master would (clicks, typing, keys)."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from tests.qt import priority_fixtures as pf
from tests.qt.conftest import add_through_form
from tracker.engine.dice import roll
from tracker.engine.rulesets.priority.state import Reminder
from tracker.qt.dialogs.options_dialog import OptionsDialog

pwindow = pf.pwindow

SAMPLE_ORDER = ["Ayla", "Bren", "Hollow Knight", "Corin", "Mire Witch"]


def _roll_button(window) -> QPushButton:
    button = window.turn_panel.findChild(QPushButton, "roll_roll_zeal_result")
    assert button is not None
    return button


# --- Zeal sets Priority --------------------------------------------------------------
def test_zeal_typed_in_the_editor_reorders_priority_before_the_start(pwindow, qtbot):
    window = pwindow
    assert pf.table_names(window) == SAMPLE_ORDER
    pf.select(qtbot, window, "Corin")
    zeal = window.editor.form.editors["zeal"]
    before = pf.snapshot(window)
    for typed, message in [
        ("fast", "Zeal must be a whole number, not 'fast'."),
        ("100", "Zeal must be between 0 and 99; 100 is out of range."),
    ]:
        zeal.input.clear()
        qtbot.keyClicks(zeal.input, typed)
        pf.click(qtbot, window.editor.apply_button)
        assert zeal.error.isVisibleTo(window) and zeal.error.text() == message
        assert pf.snapshot(window) == before

    zeal.input.clear()
    qtbot.keyClicks(zeal.input, "12")
    pf.click(qtbot, window.editor.apply_button)

    expected = ["Corin", "Ayla", "Bren", "Hollow Knight", "Mire Witch"]
    assert pf.by_name(window, "Corin").stats["zeal"] == 12
    assert pf.names(window) == expected
    assert pf.table_names(window) == expected
    assert pf.table_row(window, "Corin") == (
        "Corin  (in Conflict)",
        "Zeal 12 · Major 1 · Minor 2 · leave DL 9",
    )
    assert pf.turn_order(window) == [
        ("Corin", "Priority 1 · Zeal 12"),
        ("Ayla", "Priority 2 · Zeal 9"),
        ("Bren", "Priority 3 · Zeal 7"),
        ("Hollow Knight", "Priority 4 · Zeal 7"),
        ("Mire Witch", "Priority 5 · Zeal 4"),
        ("Soulweaver", "last in the round"),
    ]
    assert pf.log_texts(window)[-1] == "Corin: Zeal 12."
    assert zeal.input.text() == "12" and not zeal.error.isVisibleTo(window)
    # The first turn is the highest Zeal's.
    pf.press_start(qtbot, window)
    assert pf.current_name(window) == "Corin"
    assert pf.highlighted_rows(window) == ["Corin"]


def test_zeal_rolled_with_the_roll_button_for_the_selected_creature(pwindow, qtbot):
    window = pwindow
    before = pf.snapshot(window)
    roll_button = _roll_button(window)  # nobody selected yet: greyed out, saying why
    assert not roll_button.isEnabled()
    assert roll_button.toolTip() == "Not now: Select a combatant first."
    qtbot.mouseClick(roll_button, Qt.MouseButton.LeftButton)
    assert pf.snapshot(window) == before

    pf.select(qtbot, window, "Mire Witch")
    window.turn_panel._rng = random.Random(7)
    expected = roll("1d12+2", random.Random(7))
    pf.click(qtbot, _roll_button(window))

    witch = pf.by_name(window, "Mire Witch")
    assert witch.stats["zeal"] == expected
    assert window.turn_panel.action_inputs["roll_zeal"]["result"].value() == expected
    assert pf.log_texts(window)[-1] == f"Mire Witch rolls Zeal (1d12+2): {expected}."
    zeal = {"Ayla": 9, "Bren": 7, "Hollow Knight": 7, "Corin": 5, "Mire Witch": expected}
    highest_first = sorted(SAMPLE_ORDER, key=lambda name: -zeal[name])  # ties keep entry
    assert pf.names(window) == highest_first
    assert pf.table_names(window) == highest_first
    assert pf.table_row(window, "Mire Witch")[1].startswith(f"Zeal {expected} · ")
    assert pf.turn_order_names(window) == [*highest_first, "Soulweaver"]
    assert window.editor.form.editors["zeal"].input.text() == str(expected)


def test_zeal_result_typed_into_roll_zeal_during_setup(pwindow, qtbot):
    """Setup: a Zeal rolled at the table is typed into Zeal result (it was disabled until
    Start)."""
    window = pwindow
    pf.select(qtbot, window, "Corin")
    pf.choose(window, "roll_zeal", "result", 11)
    pf.click(qtbot, window.turn_panel.action_buttons["roll_zeal"])
    assert pf.by_name(window, "Corin").stats["zeal"] == 11
    assert pf.table_names(window)[0] == "Corin"


# --- ties: the GM orders them ---------------------------------------------------------
def test_ties_are_ordered_by_moving_rows_in_the_order_table(pwindow, qtbot):
    window = pwindow
    model = window.central_view.order_model
    knight = model.row_of(pf.by_name(window, "Hollow Knight").id)
    bren = model.row_of(pf.by_name(window, "Bren").id)
    # Qt's moveRows: the destination is the row before which the moved row lands.
    assert model.moveRows(pf.ROOT, knight, 1, pf.ROOT, bren)
    tied = ["Ayla", "Hollow Knight", "Bren", "Corin", "Mire Witch"]
    assert pf.names(window) == tied
    assert pf.table_names(window) == tied
    assert pf.turn_order_names(window) == [*tied, "Soulweaver"]
    assert pf.log_texts(window)[-1] == "Hollow Knight moved to place 2 in the order."

    # Not a tie: Corin (Zeal 5) cannot pass the Zeal 7 creatures.
    before = pf.snapshot(window)
    corin = model.row_of(pf.by_name(window, "Corin").id)
    assert not model.moveRows(pf.ROOT, corin, 1, pf.ROOT, 1)
    assert pf.banner_text(window).startswith("Corin cannot pass Hollow Knight: Priority")
    assert pf.snapshot(window) == before
    assert pf.table_names(window) == tied

    # The keyboard drag (Ctrl+Up) on the selected creature, and Ctrl+Z.
    pf.select(qtbot, window, "Bren")
    qtbot.keyClick(window.roster_view, Qt.Key.Key_Up, Qt.KeyboardModifier.ControlModifier)
    assert pf.table_names(window) == SAMPLE_ORDER
    assert not window.banner.isVisible()  # the refusal is gone once something changed
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert pf.table_names(window) == tied

    pf.press_start(qtbot, window)
    assert pf.current_name(window) == "Ayla"
    pf.space(qtbot, window)
    assert pf.current_name(window) == "Hollow Knight"  # the tie as the GM ordered it


# --- rounds ---------------------------------------------------------------------------
def test_rounds_highlight_the_current_turn_and_count_time(pwindow, qtbot):
    window = pwindow
    assert pf.highlighted_rows(window) == []
    assert pf.clock_text(window) == "Setting up"
    qtbot.keyClick(window, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)  # Start
    assert window.document.encounter.clock.round == 1
    assert pf.highlighted_rows(window) == ["Ayla"]
    assert {"Round 1", "Priority 1", "Zeal 9"} <= pf.clock_parts(window)
    assert pf.turn_text(window) == "Ayla: Major 1 · Minor 2"
    assert pf.status_text(window).startswith("Round 1 · 0 s · Ayla")
    assert pf.turn_order(window, 7) == [
        ("Ayla", "Round 1 · Priority 1 · Zeal 9"),
        ("Bren", "Round 1 · Priority 2 · Zeal 7"),
        ("Hollow Knight", "Round 1 · Priority 3 · Zeal 7"),
        ("Corin", "Round 1 · Priority 4 · Zeal 5"),
        ("Mire Witch", "Round 1 · Priority 5 · Zeal 4"),
        ("Soulweaver", "Round 1 · last in the round"),
        ("Ayla", "Round 2 · Priority 1 · Zeal 9"),
    ]
    pf.space(qtbot, window)
    assert pf.highlighted_rows(window) == ["Bren"]
    assert pf.turn_order_names(window, 1) == ["Bren"]
    pf.space(qtbot, window, 4)
    assert pf.current_name(window) == "Soulweaver"
    assert pf.highlighted_rows(window) == []  # the Soulweaver has no row
    assert {"Round 1", "last in the round"} <= pf.clock_parts(window)
    assert pf.turn_text(window).startswith("Soulweaver")
    assert pf.status_text(window) == "Round 1 · 0 s · the Soulweaver's turn"
    pf.space(qtbot, window)
    assert window.document.encounter.clock.round == 2
    assert pf.highlighted_rows(window) == ["Ayla"]
    assert {"Round 2", "Priority 1", "Zeal 9"} <= pf.clock_parts(window)
    assert pf.status_text(window).startswith("Round 2 · 5 s · Ayla")
    pf.space(qtbot, window, pf.TURNS_PER_ROUND)
    assert pf.status_text(window).startswith("Round 3 · 10 s · Ayla")


def test_elapsed_time_stays_in_view_after_a_refusal(pwindow, qtbot):
    """Round and seconds stay visible while a refusal occupies the status bar (they were
    only in the status bar)."""
    window = pwindow
    pf.press_start(qtbot, window)
    pf.space(qtbot, window, pf.TURNS_PER_ROUND)
    pf.click(qtbot, window.turn_panel.action_buttons["major"])
    pf.click(qtbot, window.turn_panel.action_buttons["major"])  # refused: none left
    assert "no Major Action left" in pf.banner_text(window)
    shown = f"{pf.clock_text(window)} | {pf.status_text(window)}"
    assert "Round 2" in shown and "5 s" in shown


def test_overexertion_is_asked_after_twelve_rounds_for_each_creature_in_conflict(pwindow, qtbot):
    window = pwindow
    pf.press_start(qtbot, window)
    pf.select(qtbot, window, "Corin")
    pf.choose(window, "leave_conflict", "how", "gm")
    pf.click(qtbot, window.turn_panel.action_buttons["leave_conflict"])
    assert pf.table_row(window, "Corin") == ("Corin", "Zeal 5 · Major 1 · Minor 2")

    pf.space(qtbot, window, 12 * pf.TURNS_PER_ROUND - 1)
    assert pf.current_name(window) == "Soulweaver"
    assert window.document.encounter.clock.round == 12
    assert pf.prompt_title(window) == "", pf.prompt_title(window)
    pf.space(qtbot, window)  # the end of round 12: one minute in Conflict

    assert pf.status_text(window).startswith("Round 13 · 60 s")
    in_conflict = ["Ayla", "Bren", "Hollow Knight", "Mire Witch"]
    assert window.document.encounter.clock.overexertion == [
        Reminder(pf.by_name(window, name).id, 1) for name in in_conflict
    ]
    for name in in_conflict:
        assert "Overexertion due" in pf.table_row(window, name)[0]
    assert "Overexertion" not in pf.table_row(window, "Corin")[0]
    assert pf.prompt_context(window) == [f"{name}: minute 1" for name in in_conflict]

    # Nothing moves on until each reminder is acknowledged.
    before = pf.snapshot(window)
    pf.space(qtbot, window)
    assert pf.banner_text(window).startswith("First answer: Overexertion — Ayla has")
    assert pf.snapshot(window) == before

    asked = []
    for name, result in zip(in_conflict, ["Tier 6", "Tier 2", "Tier 4", "Tier 9"], strict=True):
        asked.append(pf.prompt_title(window))
        assert pf.prompt_question(window) == (
            f"{name} has been in Conflict for 1 minute (12 rounds): roll Overexertion."
        )
        assert pf.answer_labels(window) == ["Rolled"]
        pf.answer(qtbot, window, "Rolled", result=result)
        assert pf.log_texts(window)[-1] == (
            f"{name} rolls Overexertion after 1 minute in Conflict: {result}."
        )
        assert "Overexertion due" not in pf.table_row(window, name)[0]
    assert asked == [f"Overexertion — {name} decides" for name in in_conflict]
    qtbot.waitUntil(window.prompt_panel.isHidden, timeout=1000)
    assert window.document.encounter.clock.overexertion == []
    pf.space(qtbot, window)
    assert pf.current_name(window) == "Bren"

    # Undo brings back the last reminder, one decision at a time.
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert pf.prompt_title(window) == "Overexertion — Mire Witch decides"


# --- late joiners ---------------------------------------------------------------------
def _add_with_zeal(qtbot, window, zeal: str) -> str:
    """Edit → Add combatant, then type its Zeal into the editor and Apply."""
    add_through_form(window)
    added = window.document.encounter.combatant(window.selected_combatant_id())
    assert window.editor.title.text() == f"Editing {added.name}"
    line = window.editor.form.editors["zeal"].input
    line.clear()
    qtbot.keyClicks(line, zeal)
    pf.click(qtbot, window.editor.apply_button)
    assert added.stats["zeal"] == int(zeal)
    return added.name


def test_late_joiners_are_appended_after_everyone_by_default(pwindow, qtbot):
    window = pwindow
    pf.press_start(qtbot, window)
    pf.space(qtbot, window)  # Bren's turn is up
    assert add_through_form(window) == ["Enemy 1"]
    assert pf.table_rows(window)[-1] == "Enemy 1  (in Conflict)"
    assert "Enemy 1 joins Priority at place 6: acts this round." in pf.log_texts(window)
    line = window.editor.form.editors["zeal"].input
    line.clear()
    qtbot.keyClicks(line, "8")
    pf.click(qtbot, window.editor.apply_button)
    assert pf.table_names(window) == [*SAMPLE_ORDER, "Enemy 1"]  # Zeal 8 or not

    # Two late joiners of one round: sorted by their own Zeal among themselves.
    second = _add_with_zeal(qtbot, window, "10")
    joined = [*SAMPLE_ORDER, second, "Enemy 1"]
    assert pf.names(window) == joined
    assert pf.table_names(window) == joined
    assert pf.turn_order_names(window, 14) == [
        *joined[1:],
        "Soulweaver",
        *joined,
    ]
    pf.space(qtbot, window, 4)
    assert pf.current_name(window) == second
    assert pf.highlighted_rows(window) == [second]


def test_late_joiners_slotted_by_zeal_when_chosen_in_the_options(pwindow, qtbot):
    window = pwindow
    dialog = OptionsDialog(window.document, window)
    qtbot.addWidget(dialog)
    dialog.buttons["late_joiners"]["slot"].click()
    dialog.accept()
    assert window.document.encounter.options["late_joiners"] == "slot"
    pf.press_start(qtbot, window)
    pf.space(qtbot, window)  # Bren's turn is up

    # Zeal 8 slots above Bren, whose turn is up: it acts from the next round.
    early = _add_with_zeal(qtbot, window, "8")
    assert pf.table_names(window) == ["Ayla", early, "Bren", "Hollow Knight", "Corin", "Mire Witch"]
    assert pf.current_name(window) == "Bren"
    assert pf.turn_order_names(window, 7) == [
        "Bren",
        "Hollow Knight",
        "Corin",
        "Mire Witch",
        "Soulweaver",
        "Ayla",
        early,
    ]

    # Zeal 6 slots below the current turn: it acts this round, before Corin.
    add_through_form(window)
    late = window.document.encounter.combatant(window.selected_combatant_id()).name
    assert pf.table_names(window)[-1] == late  # Zeal 0: last until its Zeal is known
    pf.click(qtbot, _roll_button(window))
    assert pf.banner_text(window) == f"{late} has no dice to roll."
    pf.edit_stat(qtbot, window, late, "zeal_dice", "2d12")
    window.turn_panel._rng = random.Random(32)
    assert roll("2d12", random.Random(32)) == 6  # this seed rolls 6: between 7 and 5
    pf.click(qtbot, _roll_button(window))
    assert pf.by_name(window, late).stats["zeal"] == 6
    assert pf.log_texts(window)[-1] == f"{late} rolls Zeal (2d12): 6."
    slotted = ["Ayla", early, "Bren", "Hollow Knight", late, "Corin", "Mire Witch"]
    assert pf.names(window) == slotted
    assert pf.table_names(window) == slotted
    assert pf.turn_order_names(window, 7) == [
        "Bren",
        "Hollow Knight",
        late,
        "Corin",
        "Mire Witch",
        "Soulweaver",
        "Ayla",
    ]
    pf.space(qtbot, window, 2)
    assert pf.current_name(window) == late


def test_clicking_a_row_in_the_order_table_selects_that_creature(pwindow, qtbot):
    """The central table selects for the editor and the "(selected)" actions (only the
    side list used to)."""
    window = pwindow
    view = window.central_view
    corin = pf.by_name(window, "Corin")
    row = view.order_model.row_of(corin.id)
    qtbot.mouseClick(
        view.viewport(), pf.LEFT, pos=view.visualRect(view.order_model.index(row, 0)).center()
    )
    assert view.currentIndex().row() == row  # the table itself took the click
    assert window.selected_combatant_id() == corin.id
    assert window.editor.title.text() == "Editing Corin — Grit 0/5, unhurt"
