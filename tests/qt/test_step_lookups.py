"""What a step asks again that it need not (issue 26 point 2, for issue 25 point 3):
the turn panel asks the window whom the selection is once, not once an action; the
palette leaves the Roll buttons and the caption alone while the selected and the
acting names are the same; the prompt panel measures its context's lines only when
they changed. Counts of calls, not timings."""

from __future__ import annotations

import pytest

from benchmarks.fights import next_step
from tests.qt.test_chrome_steps import close, open_window
from tracker.qt.widgets import prompt_panel
from tracker.qt.widgets.action_palette import ActionChip


@pytest.mark.parametrize("ruleset_id", ["classic_d20", "initiative_ticks", "ap_countdown"])
def test_the_turn_panel_asks_whom_the_selection_is_once(ruleset_id, qtbot, tmp_path):
    """A step works out what the selected combatant may do: the selection is read from
    the window a few times, not once for each action on the selected (some ten)."""
    window = open_window(qtbot, tmp_path, ruleset_id)
    panel = window.turn_panel
    asked: list[int] = []
    read = panel._selected

    def counted() -> str | None:
        asked.append(1)
        return read()

    panel._selected = counted
    try:
        window.select_combatant(window.document.encounter.combatants[1].id)
        qtbot.wait(1)
        assert sum(spec.on == "any" for spec in window.document.ruleset.actions) >= 4
        for _ in range(3):
            asked.clear()
            window.document.apply(next_step(window.document.session))
            assert 0 < len(asked) <= 3, asked
            qtbot.wait(1)
    finally:
        close(window, qtbot)


def test_the_same_names_leave_the_roll_buttons_alone(qtbot, tmp_path, monkeypatch):
    """Classic d20's Roll buttons say whose dice they roll: a step that keeps the
    selected and the acting combatant asks none of them again."""
    shown: list[str] = []
    original = ActionChip.show_selected

    def counted(chip: ActionChip, name: str | None, acting: str | None = None) -> None:
        shown.append(chip.spec.name)
        original(chip, name, acting)

    monkeypatch.setattr(ActionChip, "show_selected", counted)
    window = open_window(qtbot, tmp_path, "classic_d20")
    try:
        window.select_combatant(window.document.encounter.combatants[1].id)
        qtbot.wait(1)
        shown.clear()
        window.turn_panel.refresh()
        assert shown == []
        other = window.document.encounter.combatants[3]
        window.select_combatant(other.id)
        qtbot.wait(1)
        assert shown, "another combatant selected: the buttons name it"
        assert window.turn_panel.palette_widget.selected_caption.text() == f"On {other.name}:"
    finally:
        close(window, qtbot)


def test_a_context_kept_from_one_prompt_to_the_next_is_not_measured_again(
    qtbot, tmp_path, monkeypatch
):
    """AP countdown's declarations show the same AP table from one declarer to the next:
    its lines are measured when it changes, not at each prompt."""
    measured: list[str] = []
    original = prompt_panel.wrapped_lines

    def counted(metrics, text: str, width: int) -> int:
        measured.append(text)
        return original(metrics, text, width)

    monkeypatch.setattr(prompt_panel, "wrapped_lines", counted)
    window = open_window(qtbot, tmp_path, "ap_countdown")
    try:
        document = window.document
        qtbot.wait(600)  # the docks animated into their places: the column's width
        document.apply(next_step(document.session))  # the panel shown, at that width
        qtbot.wait(1)
        kept = 0
        for _ in range(8):
            before = document.session.prompt()
            measured.clear()
            document.apply(next_step(document.session))
            qtbot.wait(1)
            after = document.session.prompt()
            if before is not None and after is not None and after.context == before.context:
                kept += 1
                assert measured == []
            elif after is not None:
                assert len(measured) == len(after.context)
        assert kept >= 3
    finally:
        close(window, qtbot)
