"""Every Priority option set through Edit → Encounter options…, and what each choice
does at the table, driven as a game master would."""

from __future__ import annotations

import random

from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QPushButton

from tests.qt import priority_fixtures as pf
from tracker.engine.dice import roll
from tracker.qt.dialogs.options_dialog import OptionsDialog

pwindow = pf.pwindow

OFFERED = {
    "ties": [
        "The GM orders them (drag) (default)",
        "The tied creatures re-roll",
    ],
    "late_joiners": [
        "Appended after existing participants, several at once sorted by their own Zeal (default)",
        "Slotted into Priority by their Zeal",
    ],
    "waiting_at_soulweaver": [
        "Keeps waiting into the next round (default)",
        "Loses this round's turn",
    ],
    "npc_turns": [
        "Each has its own Priority slot (default)",
        "They act inside the Soulweaver's turn",
    ],
}


def _in_options_dialog(qtbot, window, choices: dict[str, str], *, ok: bool = True) -> dict:
    """Edit → Encounter options… (a modal dialog): click the radio buttons, then OK or
    Cancel. Returns what the dialog showed when it opened: {option: [(text, checked)]}."""
    shown: dict = {}
    problems: list[BaseException] = []

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, OptionsDialog):  # not open yet: look again shortly
            QTimer.singleShot(10, fill)
            return
        try:
            for name, buttons in dialog.buttons.items():
                shown[name] = [(b.text(), b.isChecked()) for b in buttons.values()]
            for name, value in choices.items():
                radio = dialog.buttons[name][value]
                qtbot.mouseClick(radio, pf.LEFT, pos=QPoint(8, radio.height() // 2))
                assert dialog.chosen(name) == value, f"{name}: {value} not chosen"
            box = dialog.findChild(QDialogButtonBox)
            which = QDialogButtonBox.StandardButton.Cancel
            if ok:
                which = QDialogButtonBox.StandardButton.Ok
            qtbot.mouseClick(box.button(which), pf.LEFT)
        except BaseException as error:  # never leave a modal dialog open
            problems.append(error)
            dialog.reject()

    QTimer.singleShot(0, fill)
    window.actions_by_name["options"].trigger()  # returns when the dialog closes
    if problems:
        raise problems[0]
    assert shown, "the options dialog did not open"
    return shown


def test_every_priority_option_is_offered_and_set_in_the_options_dialog(pwindow, qtbot):
    window = pwindow
    encounter = window.document.encounter
    last = {name: window.document.ruleset.option(encounter, name) for name in OFFERED}
    assert last == {
        "ties": "drag",
        "late_joiners": "append",
        "waiting_at_soulweaver": "keep_waiting",
        "npc_turns": "own_slot",
    }
    chosen = {
        "ties": "reroll",
        "late_joiners": "slot",
        "waiting_at_soulweaver": "lose_turn",
        "npc_turns": "soulweaver_turn",
    }
    # Cancel changes nothing.
    before = pf.snapshot(window)
    shown = _in_options_dialog(qtbot, window, chosen, ok=False)
    assert "skip_defeated" in shown  # the option every encounter has comes after them
    shown = {name: rows for name, rows in shown.items() if name in OFFERED}
    assert {name: [text for text, _ in rows] for name, rows in shown.items()} == OFFERED
    assert all(rows[0][1] and not rows[1][1] for rows in shown.values())  # defaults on
    assert pf.snapshot(window) == before

    _in_options_dialog(qtbot, window, chosen)
    assert encounter.options == chosen
    assert pf.log_texts(window)[-4:] == [
        "Option “Ties in Zeal” set to: the tied creatures re-roll.",
        "Option “Late joiners” set to: slotted into Priority by their Zeal.",
        "Option “A creature still waiting at the Soulweaver's turn” set to: loses this "
        "round's turn.",
        "Option “NPCs” set to: they act inside the Soulweaver's turn.",
    ]
    shown = _in_options_dialog(qtbot, window, {}, ok=False)  # opens on the choices made
    assert all(not shown[name][0][1] and shown[name][1][1] for name in OFFERED)

    # Each option is one step of undo.
    pf.activate(qtbot, window)
    for _ in range(4):
        qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert encounter.options == last
    _in_options_dialog(qtbot, window, {"late_joiners": "slot"})
    assert encounter.options == {**last, "late_joiners": "slot"}


def test_ties_rerolled_through_the_prompt_when_chosen(pwindow, qtbot):
    window = pwindow
    _in_options_dialog(qtbot, window, {"ties": "reroll"})
    assert pf.prompt_title(window) == "Zeal tie — Bren decides"
    assert pf.prompt_question(window) == (
        "Bren, Hollow Knight tie at Zeal 7: re-roll Zeal for Bren."
    )
    assert pf.answer_labels(window) == ["Re-roll result"]
    before = pf.snapshot(window)
    pf.press_start(qtbot, window)  # the start waits for the tie
    assert pf.banner_text(window).startswith("First answer: Zeal tie")
    model = window.central_view.order_model
    assert not model.moveRows(pf.ROOT, 2, 1, pf.ROOT, 1)  # no dragging with this option
    assert pf.banner_text(window) == ("Ties are settled by re-rolling (option): nothing to drag.")
    assert pf.snapshot(window) == before

    pf.answer(qtbot, window, "Re-roll result", result="5")
    assert pf.prompt_title(window) == "Zeal tie — Hollow Knight decides"
    assert pf.prompt_context(window) == [
        "Bren: re-rolls so far 5",
        "Hollow Knight: re-rolls so far none",
    ]
    pf.answer(qtbot, window, "Re-roll result", result="5")  # tied again: again
    assert pf.prompt_title(window) == "Zeal tie — Bren decides"
    pf.answer(qtbot, window, "Re-roll result", result="3")
    pf.answer(qtbot, window, "Re-roll result", result="8")
    settled = ["Ayla", "Hollow Knight", "Bren", "Corin", "Mire Witch"]
    assert pf.names(window) == settled
    assert pf.table_names(window) == settled
    assert pf.log_texts(window)[-1] == "Tie at Zeal 7 settled: Hollow Knight, Bren."
    qtbot.waitUntil(window.prompt_panel.isHidden, timeout=1000)
    pf.press_start(qtbot, window)
    pf.space(qtbot, window)
    assert pf.current_name(window) == "Hollow Knight"


def test_waiting_at_the_soulweavers_turn_keeps_waiting_by_default(pwindow, qtbot):
    window = pwindow
    pf.press_start(qtbot, window)
    pf.action(qtbot, window, "wait")
    for _ in range(4):
        pf.space(qtbot, window)
        pf.answer(qtbot, window, "No one acts now")
    pf.space(qtbot, window)  # the Soulweaver's turn ends with Ayla still waiting
    assert pf.prompt_question(window) == (
        "Round 2 begins: does a waiting creature take its turn now?"
    )
    pf.answer(qtbot, window, "No one acts now")
    assert pf.current_name(window) == "Bren"
    assert pf.table_row(window, "Ayla")[0] == "Ayla  (in Conflict, waiting)"
    assert "Ayla" not in pf.turn_order_names(window, 10)  # no normal turn: she waits


def test_waiting_at_the_soulweavers_turn_loses_the_turn_when_chosen(pwindow, qtbot):
    window = pwindow
    _in_options_dialog(qtbot, window, {"waiting_at_soulweaver": "lose_turn"})
    pf.press_start(qtbot, window)
    pf.action(qtbot, window, "wait")
    for _ in range(4):
        pf.space(qtbot, window)
        pf.answer(qtbot, window, "No one acts now")
    pf.space(qtbot, window)
    assert "Ayla loses Round 1's turn." in pf.log_texts(window)
    assert window.document.encounter.clock.round == 2
    assert pf.current_name(window) == "Ayla"  # her normal place, next round
    assert pf.table_row(window, "Ayla")[0] == "Ayla  (in Conflict)"
    assert pf.highlighted_rows(window) == ["Ayla"]
    qtbot.waitUntil(window.prompt_panel.isHidden, timeout=1000)


def test_npcs_act_inside_the_soulweavers_turn_when_chosen(pwindow, qtbot):
    window = pwindow
    _in_options_dialog(qtbot, window, {"npc_turns": "soulweaver_turn"})
    pf.press_start(qtbot, window)
    assert pf.turn_order_names(window, 5) == ["Ayla", "Bren", "Corin", "Soulweaver", "Ayla"]
    assert pf.table_row(window, "Hollow Knight")[0] == (
        "Hollow Knight  (in Conflict, acts in the Soulweaver's turn)"
    )
    pf.space(qtbot, window, 3)
    assert pf.current_name(window) == "Soulweaver"
    assert pf.turn_text(window) == "Soulweaver: NPCs act: Hollow Knight, Mire Witch"

    pf.select(qtbot, window, "Hollow Knight")
    pf.action(qtbot, window, "major", what="Cleave")
    assert pf.table_row(window, "Hollow Knight")[1] == "Zeal 7 · Major 0 · Minor 1 · leave DL 9"
    assert pf.log_texts(window)[-1] == (
        "Hollow Knight takes a Major Action: Cleave (Major 0 · Minor 1 left)."
    )
    pf.select(qtbot, window, "Mire Witch")
    pf.action(qtbot, window, "trick", name="Hex")
    assert pf.table_row(window, "Mire Witch")[1] == "Zeal 4 · Major 1 · Minor 1 · leave DL 9"

    before = pf.snapshot(window)
    pf.select(qtbot, window, "Bren")  # a party member keeps its own slot
    pf.action(qtbot, window, "major", what="Strike")
    assert pf.banner_text(window) == "It is not Bren's turn: off its turn it can only react."
    assert pf.snapshot(window) == before
    pf.space(qtbot, window)
    assert pf.current_name(window) == "Ayla"


def test_a_tie_re_roll_can_be_rolled_from_the_prompt(pwindow, qtbot):
    window = pwindow
    _in_options_dialog(qtbot, window, {"ties": "reroll"})
    panel = window.prompt_panel
    panel.rng = random.Random(4)
    expected = roll("2d12", random.Random(4))  # Bren's Zeal dice
    roll_button = panel.findChild(QPushButton, "prompt_roll_1_result")
    assert roll_button is not None and roll_button.isVisible()
    assert roll_button.text() == "Roll 2d12 for Bren  [Ctrl+1]"
    qtbot.mouseClick(roll_button, Qt.MouseButton.LeftButton)  # rolls and answers at once
    assert pf.prompt_title(window) == "Zeal tie — Hollow Knight decides"
    assert pf.prompt_context(window)[0] == f"Bren: re-rolls so far {expected}"


def test_an_option_repaints_every_roster_row_it_changes(pwindow, qtbot):
    window = pwindow
    pf.press_start(qtbot, window)
    roster = window.roster_model
    repainted: set[int] = set()
    roster.dataChanged.connect(
        lambda top, bottom, *_: repainted.update(range(top.row(), bottom.row() + 1))
    )
    knight = roster.row_of(pf.by_name(window, "Hollow Knight").id)
    assert roster.index(knight, 0).data() == "Hollow Knight  (in Conflict)"
    _in_options_dialog(qtbot, window, {"npc_turns": "soulweaver_turn"})
    assert knight in repainted
    assert roster.index(knight, 0).data() == (
        "Hollow Knight  (in Conflict, acts in the Soulweaver's turn)"
    )
