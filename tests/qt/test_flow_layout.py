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


def test_the_heights_follow_a_widget_shown_hidden_or_changed(qtbot):
    holder, flow, labels = _flow(qtbot, ["Strike", "Parry", "Evade"])
    holder.show()
    width = labels[0].sizeHint().width() + labels[1].sizeHint().width() + 6
    two_lines = flow.heightForWidth(width)
    labels[2].hide()
    one_line = flow.heightForWidth(width)
    assert one_line < two_lines
    labels[2].show()
    assert flow.heightForWidth(width) == two_lines
    labels[1].setText("Parry with the shield, then step back")  # too wide to share a line
    assert flow.heightForWidth(width) > two_lines
    narrow = labels[0].sizeHint().width()  # one label a line
    three_lines = flow.heightForWidth(narrow)
    charge = QLabel("Charge")
    flow.addWidget(charge)  # Qt shows it from the event loop
    qtbot.waitUntil(charge.isVisible)
    assert flow.heightForWidth(narrow) > three_lines
    flow.removeWidget(charge)
    assert flow.heightForWidth(narrow) == three_lines
