"""A box that keeps a label's changing text from laying out the whole window.

Qt lays out upwards: a label given a new text asks its parent's layout to run again,
which asks its own parent's, up to the main window (docks, central widget, status bar
and toolbar), then repaints whatever moved or might have. A fight changes the turn
label, the clock and the status line at every step, and their place almost never
changes with their text. `SteadyBox` holds one widget in no layout of its own, and
passes its request on only when the widget no longer fits where it is: a different
height (another line of a wrapped text), a minimum width wider than its place, or
(`grow=True`, for a line whose width follows its text) a wider text than ever. A new
text that fits repaints the label alone."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QApplication, QLabel, QSizePolicy, QWidget

from tracker.qt.quiet_updates import no_repaint

GROW_SPARE = 8  # characters a growing box keeps to spare once its text has grown
MEASURED_TEXTS = 64  # a label's texts whose sizes a box keeps (the turn label's, a round's)


_MEASURING = ("sizeHint", "minimumSizeHint", "heightForWidth")
_LOOKS = (QEvent.Type.FontChange, QEvent.Type.StyleChange)


class _Measures:
    """A label's sizes for one text and look: measured once, asked again at every step
    that shows that text (a rich-text label lays its text out for each)."""

    __slots__ = ("heights", "hint", "minimum")

    def __init__(self) -> None:
        # (width, height): kept as numbers, not as Qt objects (a long fight's texts
        # would keep a wrapper each, as if the window held something per step)
        self.hint: tuple[int, int] | None = None
        self.minimum: tuple[int, int] | None = None
        self.heights: dict[int, int] = {}  # width → height for it


class SteadyBox(QWidget):
    """Holds `child` and tells its parent layout the child's size hints as they were
    when it last passed a change on. For a place whose width the layout gives (a
    stretching column, a row of a panel): the heights and the minimum width matter, the
    wanted width does not. The minimum width only grows (the window never gets narrower
    than the longest text asked for, as a label alone would allow at that moment).
    `grow=True`, for a line as wide as its text (the status bar's): the box is as wide
    as the widest text yet (and a few characters more once it has grown), the child
    set against its right edge at its own width."""

    def __init__(self, child: QWidget, *, grow: bool = False, parent: QWidget | None = None):
        super().__init__(parent)
        self.child = child
        self._grow = grow
        child.setParent(self)
        self.setObjectName(f"{child.objectName() or 'steady'}_box")
        self.setSizePolicy(child.sizePolicy())
        self._hint = QSize(0, 0)
        self._minimum = QSize(0, 0)
        self._heights: tuple[int, int, int] = (-1, -1, -1)
        self._behind = False  # the child changed since its hints were passed on
        # The label's text when its owner followed it while hidden (None: not so): its
        # show measures nothing if the text is still that one.
        self._told_hidden: str | None = None
        self._fitted: dict[int, int] = {}  # width → the child's height for it, as it is
        self._measured: dict[tuple[object, ...], _Measures] = {}  # a label's, by text and look
        # While one follow (or resize) runs: the label's measures, looked up once (its
        # key asks the label ten things; a follow asks its sizes four or five times).
        self._held: tuple[_Measures | None] | None = None
        self._by_text = isinstance(child, QLabel) and (
            getattr(child, "sizes_by_text", False)  # a subclass measuring as QLabel does
            or all(getattr(type(child), name) is getattr(QLabel, name) for name in _MEASURING)
        )
        self._take_hints()
        if child.testAttribute(Qt.WidgetAttribute.WA_WState_ExplicitShowHide) and child.isHidden():
            self.hide()
        child.installEventFilter(self)

    # --- what the parent layout is told ---------------------------------------------
    def sizeHint(self) -> QSize:
        return self._hint

    def minimumSizeHint(self) -> QSize:
        return self._minimum

    def hasHeightForWidth(self) -> bool:
        return self.child.hasHeightForWidth()

    def heightForWidth(self, width: int) -> int:
        """The child's, kept until it changes. Asking a rich-text label lays its text out
        at that width and back, and repainted it (the turn label, at every layout of the
        turn panel, whose widths the window's layout tries)."""
        height = self._fitted.get(width)
        if height is None:
            height = self._fitted[width] = self._child_height(width)
        return height

    # --- the child's sizes, a label's measured once per text and look ---------------
    def _measures(self) -> _Measures | None:
        if self._held is not None:
            return self._held[0]
        return self._look_up()

    @contextmanager
    def _holding_measures(self) -> Iterator[None]:
        """The label's text and look stay as they are meanwhile: looked up once."""
        if self._held is not None:  # (within one already)
            yield
            return
        self._held = (self._look_up(),)
        try:
            yield
        finally:
            self._held = None

    def _look_up(self) -> _Measures | None:
        child = self.child
        if not self._by_text or not isinstance(child, QLabel) or not child.pixmap().isNull():
            return None
        margins = child.contentsMargins()
        key = (
            child.text(),
            child.textFormat(),
            child.wordWrap(),
            child.margin(),
            child.indent(),
            child.font().key(),
            (margins.left(), margins.top(), margins.right(), margins.bottom()),
            child.frameWidth(),
            child.styleSheet(),
            # The application's style, not `child.style()`: a label in a sheet has a
            # style of its own, made and deleted with the sheet, and PySide handed back
            # for its address another object's wrapper left there (a QWidgetItem's).
            QApplication.style().name(),
        )
        measures = self._measured.get(key)
        if measures is None:
            if len(self._measured) >= MEASURED_TEXTS:
                self._measured.clear()
            measures = self._measured[key] = _Measures()
        return measures

    def _child_hint(self) -> QSize:
        return self._kept_size("hint", self.child.sizeHint)

    def _child_minimum(self) -> QSize:
        return self._kept_size("minimum", self.child.minimumSizeHint)

    def _kept_size(self, which: str, measure: Callable[[], QSize]) -> QSize:
        """The label's size `which` ("hint", "minimum") for its text and look, measured
        once (kept as numbers: a Qt object each would outlive the fight's steps)."""
        measures = self._measures()
        if measures is None:
            return measure()
        kept: tuple[int, int] | None = getattr(measures, which)
        if kept is None:
            size = measure()
            kept = (size.width(), size.height())
            setattr(measures, which, kept)
        return QSize(*kept)

    def _child_height(self, width: int) -> int:
        measures = self._measures()
        height = None if measures is None else measures.heights.get(width)
        if height is None:
            with no_repaint(self.child):  # the text is laid out back as it was
                height = self.child.heightForWidth(width)
            if measures is not None:
                measures.heights[width] = height
        return height

    # --- following the child ----------------------------------------------------------
    def _wanted_heights(self) -> tuple[int, int, int]:
        child = self.child
        fitted = self.heightForWidth(self.width()) if child.hasHeightForWidth() else -1
        return self._child_hint().height(), self._child_minimum().height(), fitted

    def _take_hints(self) -> None:
        child = self.child
        hint, minimum = self._child_hint(), self._child_minimum()
        minimum.setWidth(max(minimum.width(), self._minimum.width()))
        if self._grow and hint.width() > self._hint.width():
            # A few characters to spare: a text a little longer than the longest yet
            # (a name, a number with one more digit) fits without a layout.
            spare = GROW_SPARE * child.fontMetrics().averageCharWidth()
            hint.setWidth(hint.width() + spare if self._hint.width() else hint.width())
        elif self._grow:
            hint.setWidth(self._hint.width())
        if self._grow:  # the width it keeps is the least it takes
            minimum.setWidth(max(minimum.width(), hint.width()))
        self._hint, self._minimum = hint, minimum
        self._heights = self._wanted_heights()

    def _fits(self) -> bool:
        if self._wanted_heights() != self._heights:
            return False
        if self.sizePolicy().horizontalPolicy() == QSizePolicy.Policy.Ignored:
            return True  # the layout takes no width from it (an elided line)
        if self._child_minimum().width() > self._minimum.width():
            return False
        return not (self._grow and self._child_hint().width() > self._hint.width())

    def follow(self) -> None:
        """The child's text (or font, or anything of its size) may have changed."""
        self._fitted.clear()
        with self._holding_measures():
            if self._fits():
                # Its hints may differ where they do not matter now; the next resize
                # (the one time the layout asks for heights at other widths) passes
                # them on.
                self._behind = True
            else:
                self._pass_on()
        self._place()
        # Told while hidden (an owner following its box after each change, as the
        # prompt panel does before it shows): the show need not measure it again, as
        # long as the text is still the one told.
        child = self.child
        self._told_hidden = None
        if not self.isVisible() and isinstance(child, QLabel):
            self._told_hidden = child.text()

    def _pass_on(self) -> None:
        self._take_hints()
        self._behind = False
        self.updateGeometry()

    def _place(self) -> None:
        if self._grow:
            width = min(self.width(), self._child_hint().width())
            self.child.setGeometry(self.width() - width, 0, width, self.height())
        else:
            self.child.setGeometry(self.rect())

    def event(self, event: QEvent) -> bool:
        # The child asks its parent (this box, which has no layout) to lay it out.
        if event.type() == QEvent.Type.LayoutRequest:
            self.follow()
            return True
        return super().event(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._place()  # (a child that elides its text sets it anew here)
        with self._holding_measures():
            if self._behind:
                self._pass_on()  # the layout runs again, with the hints as they are now
            else:
                self._heights = self._wanted_heights()  # at the width the layout gave

    def showEvent(self, event: QShowEvent) -> None:
        told, self._told_hidden = self._told_hidden, None
        if told is not None and isinstance(self.child, QLabel) and self.child.text() == told:
            return
        # The child may have changed while the box was hidden: a label's new text is
        # told to nobody then (its parent not visible, no layout request is posted).
        self.follow()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.child:
            kind = event.type()
            if kind == QEvent.Type.ShowToParent:
                self.show()
            elif kind == QEvent.Type.HideToParent:
                self.hide()
            elif kind in _LOOKS:
                self._told_hidden = None  # measured in another font or style: again
        return False
