"""Where the main window's parts sit: one view of the fight in the middle, the inspector
beside it, the other lists as optional panes. A part of `MainWindow`.

The default layout, for a 1,366 × 768 laptop as for a 4K monitor:
- the middle: the turn panel over the ruleset's own view, which shows every combatant
  once with what matters on its row; nothing is ever laid over it;
- the inspector (right): the messages and the question the rules wait for (banner and
  prompt) on top, then the selected combatant's damage box, editor and effects
  (`inspector_column`);
- optional panes, off by default (View menu): the combatants list (drag, Shift/Ctrl+
  click for several), the turn order and the log.

The window opens inside the screen's available area, its frame included (the window
manager tells the frame's size only once the window is mapped: it is checked again
then). View → Reset layout brings all of this back."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QByteArray, QEvent, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QPalette, QScreen
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QVBoxLayout,
    QWidget,
)

LEFT = Qt.DockWidgetArea.LeftDockWidgetArea
RIGHT = Qt.DockWidgetArea.RightDockWidgetArea
BOTTOM = Qt.DockWidgetArea.BottomDockWidgetArea
SIDE_MINIMUM = 220  # a side pane's narrowest width, in pixels
INSPECTOR_SHARE = 0.3  # of the window's width, by default
INSPECTOR_LEAST = 360
# Until the window manager says (a window not mapped yet): a title bar and thin borders.
FRAME_GUESS = (8, 36)  # extra width, extra height


@dataclass(frozen=True)
class Pane:
    """An optional pane: its dock's object name, its title, where it docks and its
    default share, in per cent of the window's width (beside) or height (below)."""

    name: str
    title: str
    area: Qt.DockWidgetArea
    share: int


OPTIONAL_PANES = (
    Pane("dock_combatants", "Combatants list", LEFT, 21),
    Pane("dock_turn_order", "Turn order", LEFT, 28),
    Pane("dock_log", "Log", BOTTOM, 16),
)
LOG_LEAST = 110  # the log pane's height at least, in pixels


_ACTIVATION = (QEvent.Type.WindowActivate, QEvent.Type.WindowDeactivate)


class Dock(QDockWidget):
    """A pane's dock whose title is not repainted when the window is activated or
    deactivated and looks the same either way (the palette's active and inactive colours
    alike). Qt repaints a docked title then: after each dialog (Ctrl+E, Options)
    a paint of the window of its own, the title alone."""

    def event(self, event: QEvent) -> bool:
        if event.type() in _ACTIVATION and not self.isFloating():
            groups = QPalette.ColorGroup
            if self.palette().isEqual(groups.Active, groups.Inactive):
                return QWidget.event(self, event)  # passed on to the pane, as Qt does
        return super().event(event)


def roster_pane(roster: QWidget) -> QWidget:
    """The optional combatants list: drag to break ties, Shift/Ctrl+click for several."""
    pane = QWidget()
    layout = QVBoxLayout(pane)
    layout.setContentsMargins(4, 4, 4, 4)
    hint = QLabel("Drag tied characters to break ties; Shift/Ctrl+click for several.")
    hint.setWordWrap(True)
    layout.addWidget(hint)
    layout.addWidget(roster, 1)
    return pane


def fitted(frame: QRect, area: QRect) -> QRect:
    """`frame` (a window with its frame) moved, then shrunk, to lie inside `area`."""
    width, height = min(frame.width(), area.width()), min(frame.height(), area.height())
    left = min(max(frame.left(), area.left()), area.right() + 1 - width)
    top = min(max(frame.top(), area.top()), area.bottom() + 1 - height)
    return QRect(left, top, width, height)


class WindowPanes(QMainWindow):
    """Mixed into `MainWindow`: its docks, their default layout, and the window's fit to
    its screen."""

    _default_state: QByteArray
    placed_size = QSize()  # the size the window was opened at (fitted or restored)

    def createPopupMenu(self) -> QMenu | None:  # noqa: N802 (Qt)
        """The panes' and the toolbar's menu (a right click on them), its check boxes
        outlined as the View menu's."""
        from tracker.qt.indicator_style import outlined  # (not needed at the first frame)

        menu = super().createPopupMenu()
        return outlined(menu) if menu is not None else None

    def add_dock(self, name: str, title: str, area: Qt.DockWidgetArea) -> QDockWidget:
        """A pane's dock, in its place from the first frame on: it holds a stand-in of
        the pane's least width until `fill_pane` gives it the pane (so that the fight
        view never moves when the rest of the window is built)."""
        dock = Dock(title, self)
        dock.setObjectName(name)
        stand_in = QWidget()
        if area != BOTTOM:
            stand_in.setMinimumWidth(SIDE_MINIMUM)
        dock.setWidget(stand_in)
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
            | QDockWidget.DockWidgetFeature.DockWidgetClosable
        )
        self.addDockWidget(area, dock)
        return dock

    def add_docks(self) -> None:
        """Every pane's dock (the inspector's never closed: the question the rules wait
        for shows there), the optional ones hidden; the layout as built is the default."""
        inspector = self.add_dock("dock_inspector", "Inspector", RIGHT)
        inspector.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        for pane in OPTIONAL_PANES:
            self.add_dock(pane.name, pane.title, pane.area).hide()
        self.follow_pane_toggles()
        self.keep_default_layout()

    def fill_pane(self, name: str, widget: QWidget) -> None:
        """The pane itself in place of its stand-in."""
        dock = self.dock(name)
        stand_in = dock.widget()
        if stand_in is not None:
            # A side pane is never squeezed unreadable (its stand-in's least width).
            if stand_in.minimumWidth():
                widget.setMinimumWidth(stand_in.minimumWidth())
            stand_in.deleteLater()
        dock.setWidget(widget)
        if dock.isVisible():
            widget.show()

    def dock(self, name: str) -> QDockWidget:
        found = self.findChild(QDockWidget, name)
        assert found is not None, name
        return found

    def keep_default_layout(self) -> None:
        """Remember the layout as built (call before the GM's own is restored)."""
        self._default_state = self.saveState()

    def share_panes(self) -> None:
        """The inspector and any pane shown take their default share (docks take sizes
        only once shown)."""
        width = self.width()
        inspector = max(INSPECTOR_LEAST, int(width * INSPECTOR_SHARE))
        self.resizeDocks([self.dock("dock_inspector")], [inspector], Qt.Orientation.Horizontal)
        for pane in OPTIONAL_PANES:
            self.give_share(pane)

    def give_share(self, pane: Pane) -> None:
        """A pane shown takes its default share of the window, not its narrowest size."""
        dock = self.dock(pane.name)
        if not dock.isVisible() or dock.isFloating():
            return
        if pane.area == BOTTOM:
            height = max(LOG_LEAST, self.height() * pane.share // 100)
            self.resizeDocks([dock], [height], Qt.Orientation.Vertical)
        else:
            # Panes stacked on one side: the side as wide as the widest share of theirs,
            # its height shared evenly (the one turned on last came with its least: the
            # turn order's two rows under a combatants list that kept the rest, on the
            # laptop's 768 pixels).
            stacked = self._stacked(pane.area)
            shares = [p.share for p in OPTIONAL_PANES if self.dock(p.name) in stacked]
            width = self.width() * max([pane.share, *shares]) // 100
            self.resizeDocks([dock], [width], Qt.Orientation.Horizontal)
            if len(stacked) > 1:
                self.resizeDocks(stacked, [1] * len(stacked), Qt.Orientation.Vertical)

    def _stacked(self, area: Qt.DockWidgetArea) -> list[QDockWidget]:
        """The optional panes shown one above the other in `area` (not floating, not
        tabbed together)."""
        return [
            dock
            for pane in OPTIONAL_PANES
            if pane.area == area
            and (dock := self.dock(pane.name)).isVisible()
            and not dock.isFloating()
            and self.dockWidgetArea(dock) == area
            and not self.tabifiedDockWidgets(dock)
        ]

    def follow_pane_toggles(self) -> None:
        """A pane the GM turns on takes its share once it has its place."""
        for pane in OPTIONAL_PANES:
            self.dock(pane.name).toggleViewAction().triggered.connect(
                lambda on, p=pane: on and QTimer.singleShot(0, lambda: self.give_share(p))
            )

    def reset_layout(self) -> None:
        """View → Reset layout: the panes as they were built, the window fitted to its
        screen, every pane at its default share."""
        if self.isMaximized() or self.isFullScreen():
            self.showNormal()
        self.restoreState(self._default_state)
        for dock in self.findChildren(QDockWidget):
            if dock.isFloating():
                dock.setFloating(False)
        self.fit_to_screen()
        QTimer.singleShot(0, self.share_panes)  # once the docks have their new place

    # --- the window on its screen -----------------------------------------------------
    def _available(self) -> QRect | None:
        screen: QScreen | None = self.screen() or QGuiApplication.primaryScreen()
        return screen.availableGeometry() if screen is not None else None

    def _frame_extra(self) -> tuple[int, int]:
        """The frame's extra width and height: as the window manager drew it if the
        window is mapped, else a guess."""
        frame, inside = self.frameGeometry(), self.geometry()
        extra = (frame.width() - inside.width(), frame.height() - inside.height())
        return extra if extra != (0, 0) else FRAME_GUESS

    def fit_to_screen(self) -> None:
        """Open at a size that fits the screen's available area, frame included (a
        1,366 × 768 laptop as well as a 4K monitor): 3/4 of a large screen, centred, or
        all of a small one."""
        available = self._available()
        if available is None:
            self.resize(1400, 860)
            return
        extra_width, extra_height = self._frame_extra()
        width = min(max(1400, available.width() * 3 // 4), available.width())
        height = min(max(860, available.height() * 3 // 4), available.height())
        inside_width, inside_height = width - extra_width, height - extra_height
        self.resize(inside_width, inside_height)
        left = available.left() + (available.width() - width) // 2
        top = available.top() + (available.height() - height) // 2
        self.move(left, top)  # the frame's top left corner
        self.placed_size = self.size()

    def keep_inside_screen(self) -> None:
        """Once the window manager drew the frame: if the frame reaches past the
        screen's available area (a guess too small, a layout restored on a smaller
        screen), move the window in, then shrink it."""
        available = self._available()
        frame = self.frameGeometry()
        if self.size() != self.placed_size or frame == self.geometry():
            return  # sized since (by the GM or a test), or no frame drawn (yet)
        if available is None or self.isMaximized() or self.isFullScreen():
            return
        inside = fitted(frame, available)
        if inside == frame:
            return
        extra_width = frame.width() - self.width()
        extra_height = frame.height() - self.height()
        self.resize(inside.width() - extra_width, inside.height() - extra_height)
        self.move(inside.topLeft())
        self.placed_size = self.size()
