"""The flow layout wraps its widgets to the width; its heights follow its widgets."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from tracker.qt.widgets.flow_layout import FlowLayout


def _flow(qtbot, texts: list[str]) -> tuple[QWidget, FlowLayout, list[QLabel]]:
    holder = QWidget()
    qtbot.addWidget(holder)
    flow = FlowLayout(holder, spacing=6)
    labels = [QLabel(text) for text in texts]
    for label in labels:
        flow.addWidget(label)
    return holder, flow, labels


def test_a_height_is_worked_out_once_for_each_width(qtbot, monkeypatch):
    _holder, flow, labels = _flow(qtbot, ["Strike", "Parry", "Evade"])
    wide = labels[0].sizeHint().width() * 10
    placed: list[int] = []
    place = flow._place
    monkeypatch.setattr(
        flow, "_place", lambda rect, move: placed.append(rect.width()) or place(rect, move)
    )
    one_line = flow.heightForWidth(wide)
    assert flow.heightForWidth(wide) == one_line
    narrow = flow.heightForWidth(labels[0].sizeHint().width())
    assert narrow > one_line  # one label a line
    assert flow.heightForWidth(labels[0].sizeHint().width()) == narrow
    assert placed == [wide, labels[0].sizeHint().width()]


def test_the_heights_grow_with_the_widgets_and_never_shrink_for_a_width(qtbot):
    """A widget shown, grown or added may need more lines; one hidden, shortened or
    taken out leaves the height a width had (what sits below does not jump back)."""
    holder, flow, labels = _flow(qtbot, ["Strike", "Parry", "Evade"])
    holder.show()
    width = labels[0].sizeHint().width() + labels[1].sizeHint().width() + 6
    two_lines = flow.heightForWidth(width)
    labels[2].hide()  # the two left fit on one line
    assert flow.heightForWidth(width) == two_lines
    labels[2].show()
    labels[1].setText("Parry with the shield, then step back")  # too wide to share a line
    three_lines = flow.heightForWidth(width)
    assert three_lines > two_lines
    labels[1].setText("Parry")
    assert flow.heightForWidth(width) == three_lines
    narrow = labels[0].sizeHint().width()  # one label a line
    one_a_line = flow.heightForWidth(narrow)
    charge = QLabel("Charge")
    flow.addWidget(charge)  # Qt shows it from the event loop
    qtbot.waitUntil(charge.isVisible)
    more = flow.heightForWidth(narrow)
    assert more > one_a_line
    flow.removeWidget(charge)
    assert flow.heightForWidth(narrow) == more
    wide = sum(label.sizeHint().width() for label in labels) * 2
    assert flow.heightForWidth(wide) < two_lines  # another width: its own height
