"""Item views that repaint only their marks when the keyboard focus or the active window
changes.

Qt repaints the whole of an item view (every row's painting, by Python delegates here)
when it gains or loses the keyboard focus and when its window is activated or
deactivated: each dialog shown over the window (Ctrl+E, Options) and each Enter
in the inspector (the focus back to the fight) repainted the fight view twice. What
the focus changes in a view is the current item's focus frame, the selection's colours
and the view's frame: `quiet_focus` repaints those only, the frame as the strip it is
drawn on (not the headers and scroll bars inside it), over a background of its own (the
view fills it), so the panel behind it is not painted again. What the activation changes
in a view without the focus is the selection's colours, when the palette's inactive
ones differ from its active ones (the focus widget hears of it as a change of focus):
otherwise nothing is repainted.

A view with no current item and nothing selected that gains the focus otherwise than by
Tab keeps no current item (`_keep_none_current`): Qt would make its first row current,
and the inspector, which follows the fight view's current row, would select that
combatant though the GM picked nobody (a dialog closed, the window activated again).

The filters are taken off as Python exits (`atexit`): a window still alive then is
destroyed after the interpreter is gone, and its deactivation would call them.
"""

from __future__ import annotations

import atexit
import weakref

import shiboken6
from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt
from PySide6.QtGui import QFocusEvent, QPalette, QRegion
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QWidget

from tracker.qt.views.viewports import viewport_of

_ACTIVATION = (QEvent.Type.WindowActivate, QEvent.Type.WindowDeactivate)
_FOCUS = (QEvent.Type.FocusIn, QEvent.Type.FocusOut)
_OWN = Qt.FindChildOption.FindDirectChildrenOnly
_PICKS_FIRST = (Qt.FocusReason.TabFocusReason, Qt.FocusReason.BacktabFocusReason)
_INSTALLED: weakref.WeakSet[QuietFocus] = weakref.WeakSet()
# What an item view paints its rows and their selection with.
_ROW_ROLES = (
    QPalette.ColorRole.Base,
    QPalette.ColorRole.AlternateBase,
    QPalette.ColorRole.Text,
    QPalette.ColorRole.Highlight,
    QPalette.ColorRole.HighlightedText,
)


class QuietFocus(QObject):
    """Installed on a view and its viewport (`quiet_focus`); a child of the view."""

    def __init__(self, view: QAbstractItemView) -> None:
        super().__init__(view)
        self._view = view
        if not isinstance(view, QHeaderView):  # a header takes no focus
            view.installEventFilter(self)
            # Its frame strip is repainted alone (`_repaint_frame`): the view paints the
            # background under it, the panel behind it is not asked to.
            view.setAutoFillBackground(True)
        viewport_of(view).installEventFilter(self)
        _INSTALLED.add(self)

    def take_off(self) -> None:
        """The view is as Qt makes it again."""
        self._view.removeEventFilter(self)
        viewport_of(self._view).removeEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        kind = event.type()
        if kind not in _FOCUS and kind not in _ACTIVATION:
            return False
        view = self._view
        if not shiboken6.isValid(view):
            # The window is being destroyed while shown (a close the GM refused): its
            # views' wrappers are gone before its deactivation reaches their viewports.
            return False
        if watched is view:
            if kind == QEvent.Type.FocusIn and isinstance(event, QFocusEvent):
                _keep_none_current(view, event)
            if kind in _FOCUS and view.currentIndex().isValid():
                # A view without a current item (given one only when tabbed into,
                # `_keep_none_current`) is left to Qt. Otherwise Qt would only repaint
                # the view and its viewport.
                editable = bool(view.currentIndex().flags() & Qt.ItemFlag.ItemIsEditable)
                view.setAttribute(Qt.WidgetAttribute.WA_InputMethodEnabled, editable)
                self._repaint_marks()
                self._repaint_frame()
                return True
            return False
        if kind in _ACTIVATION and isinstance(watched, QWidget):
            # The viewport, which Qt repaints whole. With children (an editor open)
            # the event is left to Qt, which tells them.
            if watched.findChildren(QWidget):
                return False
            if not _same_when_inactive(view.palette()):
                self._repaint_marks()
            return True
        return False

    def _repaint_marks(self) -> None:
        """The current item and the selection, in the viewport."""
        view = self._view
        marks = QRegion()
        current = view.currentIndex()
        if current.isValid():
            marks += view.visualRect(current)
        selection = view.selectionModel()
        if selection is not None and selection.hasSelection():
            marks += view.visualRegionForSelection(selection.selection())
        if not marks.isEmpty():
            viewport_of(view).update(marks)

    def _repaint_frame(self) -> None:
        """The strip the view's frame is drawn on, which may show the focus."""
        view = self._view
        width = view.frameWidth()
        if width > 0:
            outer = view.rect()
            inner = outer.adjusted(width, width, -width, -width)
            view.update(QRegion(outer) - QRegion(inner))


def _keep_none_current(view: QAbstractItemView, event: QFocusEvent) -> None:
    """A view with no current item and nothing selected that gains the focus otherwise
    than by Tab (a dialog closed over the window, the window activated again, the
    keyboard put back on it) keeps no current item. Qt makes its first row current then,
    and the inspector followed: Ctrl+E and Escape with nobody selected selected the
    first combatant. Tab into the view still lands on its first row; an arrow key
    starts from the first row as well."""
    selection = view.selectionModel()
    if event.reason() in _PICKS_FIRST or selection is None or selection.hasSelection():
        return
    if not view.currentIndex().isValid():
        # Qt's "a current item was set" (an invalid one): its focus-in picks none.
        view.setCurrentIndex(QModelIndex())


def _same_when_inactive(palette: QPalette) -> bool:
    """True if the rows and their selection look the same in an inactive window."""
    active, inactive = QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive
    return all(palette.color(active, role) == palette.color(inactive, role) for role in _ROW_ROLES)


def quiet_focus(root: QWidget) -> None:
    """Every item view in `root` (its headers too) repaints only its marks on a change of
    focus or of the active window; a view already quiet is left as it is."""
    views = [root] if isinstance(root, QAbstractItemView) else []
    for view in [*views, *root.findChildren(QAbstractItemView)]:
        if view.findChild(QuietFocus, options=_OWN) is None:
            QuietFocus(view)


@atexit.register
def _take_all_off() -> None:
    for quiet in list(_INSTALLED):
        if shiboken6.isValid(quiet) and shiboken6.isValid(quiet._view):
            quiet.take_off()
