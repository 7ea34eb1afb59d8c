"""The honest benchmark reports an End Turn after which the rules ask a new question
(Classic d20's death save for a dying creature whose turn comes) on a line of its own,
`END_TURN_ASKING`: the question panel shows and the inspector's column is laid out and
painted again, some 4 ms more, and a median of all End Turns hid those."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from benchmarks.gm_ops import END_TURN_ASKING, Table
from benchmarks.idle_timer import IdleClock

END_TURNS = ("End Turn", END_TURN_ASKING)


def test_an_end_turn_that_asks_a_question_is_reported_apart(qtbot, tmp_path: Path) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    table = Table("classic_d20", 30, 10, tmp_path, IdleClock(app))
    session = table.document.session
    try:
        seen: dict[str, int] = {}
        for _ in range(40):
            before = session.prompt()
            samples = table.end_turn()
            name = samples[0][0] if samples else ""
            if name not in END_TURNS:
                continue  # a question answered, or an input that did nothing
            # (redo stands where the End Turn left the fight)
            after = session.prompt()
            asked = after is not None and (before is None or after.key != before.key)
            assert name == (END_TURN_ASKING if asked else "End Turn"), (name, before, after)
            seen[name] = seen.get(name, 0) + 1
            if len(seen) == 2 and min(seen.values()) >= 2:
                break
        assert seen.get(END_TURN_ASKING, 0) >= 2, seen
        assert seen.get("End Turn", 0) >= 2, seen
    finally:
        table.close()
