"""A steady box measures its label again only when something its size depends on
changed: a prompt follows its boxes as it changes their texts, then each label's own
request to be laid out came after, and measured its wrapped text anew; a text changed
while the box was hidden is still measured when it shows."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from tracker.qt.widgets.steady import SteadyBox


class CountedLabel(QLabel):
    """A wrapped label counting the times its height is worked out for a width."""

    def __init__(self) -> None:
        super().__init__()
        self.setWordWrap(True)
        self.measured = 0

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt)
        self.measured += 1
        return super().heightForWidth(width)


def _boxed(qtbot) -> tuple[QWidget, SteadyBox, CountedLabel]:
    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    label = CountedLabel()
    box = SteadyBox(label)
    layout.addWidget(box)
    layout.addStretch(1)
    window.resize(200, 300)
    window.show()
    qtbot.waitExposed(window)
    return window, box, label


def test_a_label_followed_is_not_measured_again_until_it_changes(qtbot):
    _window, box, label = _boxed(qtbot)
    label.setText("Count 35: declare — Mirelle decides")
    box.follow()  # as a prompt does, at once
    QApplication.processEvents()  # then the label's own request to be laid out
    measured = label.measured
    assert measured > 0
    box.follow()
    box.hide()
    box.show()
    QApplication.processEvents()
    assert label.measured == measured  # nothing it depends on changed
    label.setText("Count 30: declare — Hauser decides, a name long enough to wrap twice")
    QApplication.processEvents()
    assert label.measured > measured


def test_a_text_changed_while_hidden_is_measured_as_the_box_shows(qtbot):
    _window, box, label = _boxed(qtbot)
    label.setText("One line")
    QApplication.processEvents()
    one_line = box.sizeHint().height()
    box.hide()
    label.setText("Many words that wrap onto several lines in a box two hundred pixels wide")
    box.show()
    QApplication.processEvents()
    assert box.sizeHint().height() > one_line
