"""A steady box measures a label once per text and look: a step that shows a text the
label had before (the turn label's combatants, a question's wording) asks the label
for no size, and the box still tells its layout the label's sizes as they are (counts
of calls, not timings)."""

from __future__ import annotations

from collections import Counter
from typing import TypeVar

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from tracker.qt.widgets.steady import SteadyBox

Label = TypeVar("Label", bound=QLabel)
TEXTS = ["<b>Goblin 1</b>'s turn", "<b>Ogre</b>'s turn, and a longer line", "Round 2"]


class CountingLabel(QLabel):
    """Counts the sizes it is asked for (and measures as QLabel does)."""

    sizes_by_text = True

    def __init__(self) -> None:
        super().__init__()
        self.asked: Counter[str] = Counter()

    def sizeHint(self) -> QSize:
        self.asked["sizeHint"] += 1
        return super().sizeHint()

    def minimumSizeHint(self) -> QSize:
        self.asked["minimumSizeHint"] += 1
        return super().minimumSizeHint()

    def heightForWidth(self, width: int) -> int:
        self.asked["heightForWidth"] += 1
        return super().heightForWidth(width)


def a_box(qtbot, kind: type[Label]) -> tuple[QWidget, SteadyBox, Label]:
    label = kind()
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setWordWrap(True)
    box = SteadyBox(label)
    holder = QWidget()
    qtbot.addWidget(holder)
    QVBoxLayout(holder).addWidget(box)
    holder.resize(220, 120)
    holder.show()
    qtbot.waitExposed(holder)
    return holder, box, label


def show_text(label: QLabel, text: str) -> None:
    label.setText(text)
    QApplication.sendPostedEvents(None, 0)  # the box follows its label's request


def test_a_text_shown_again_is_not_measured_again(qtbot) -> None:
    _holder, _box, label = a_box(qtbot, CountingLabel)
    for text in TEXTS:  # each measured once
        show_text(label, text)
    label.asked.clear()
    for _ in range(3):
        for text in TEXTS:
            show_text(label, text)
    assert label.asked == Counter()


def test_the_box_tells_the_sizes_of_the_text_and_font_shown(qtbot) -> None:
    _holder, box, label = a_box(qtbot, CountingLabel)
    for text in TEXTS * 2:
        show_text(label, text)
        assert box.minimumSizeHint().height() == QLabel.minimumSizeHint(label).height()
        assert box.heightForWidth(box.width()) == QLabel.heightForWidth(label, box.width())
    small = box.heightForWidth(box.width())
    font = QFont(label.font())
    font.setPointSizeF(font.pointSizeF() * 2)
    label.setFont(font)  # the same text, larger: measured anew
    QApplication.sendPostedEvents(None, 0)
    assert box.heightForWidth(box.width()) == QLabel.heightForWidth(label, box.width())
    assert box.heightForWidth(box.width()) > small


class LookCountingLabel(QLabel):
    """Counts how often its text is read (once per look-up of its measures)."""

    sizes_by_text = True

    def __init__(self) -> None:
        super().__init__()
        self.reads = 0

    def text(self) -> str:
        self.reads += 1
        return super().text()


def test_a_follow_looks_the_label_up_once(qtbot) -> None:
    """The box asks the label's sizes four or five times as it follows a new text: the
    label's text and look (a key of ten of its properties) are read once for them all."""
    _holder, box, label = a_box(qtbot, LookCountingLabel)
    for text in TEXTS:
        label.setText(text)
        label.reads = 0
        box.follow()
        assert label.reads == 1
        assert box.minimumSizeHint().height() == QLabel.minimumSizeHint(label).height()


def test_a_box_followed_while_hidden_is_not_looked_up_again_at_its_show(qtbot) -> None:
    """An owner that follows its box after each change while it is hidden (the prompt
    panel, before it shows a question) has it measured once: its show looks nothing up
    again (it only checks the text is still the one told). A text set while hidden and
    told to nobody (before or after a follow), or a font changed since the follow, is
    still measured at the show."""
    holder, box, label = a_box(qtbot, LookCountingLabel)
    looked: list[None] = []
    look_up = box._look_up

    def counted() -> object:
        looked.append(None)
        return look_up()

    box._look_up = counted  # type: ignore[method-assign]

    def shown() -> int:
        looked.clear()
        holder.show()
        assert box.heightForWidth(box.width()) == QLabel.heightForWidth(label, box.width())
        return len(looked)

    holder.hide()
    label.setText(TEXTS[1])
    box.follow()
    assert shown() == 0

    holder.hide()
    label.setText(TEXTS[2])  # no follow: only the show can tell
    assert shown() >= 1

    holder.hide()
    label.setText(TEXTS[1])
    box.follow()
    font = QFont(label.font())
    font.setPointSizeF(font.pointSizeF() * 2)
    label.setFont(font)  # after the follow: measured again at the show
    assert shown() >= 1

    holder.hide()
    label.setText(TEXTS[2])
    box.follow()
    label.setText(TEXTS[1])  # after the follow, told to nobody: measured at the show
    assert shown() >= 1
