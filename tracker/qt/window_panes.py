"""Where the main window's parts sit: one view of the fight in the middle, the inspector
beside it, the other lists as optional panes. A part of `MainWindow`.

The default layout, for a 1,366 × 768 laptop as for a 4K monitor:
- the middle: the turn panel over the ruleset's own view, which shows every combatant
  once with what matters on its row; nothing is ever laid over it;
- the inspector (right): the messages and the question the rules wait for (banner and
  prompt) on top, then the selected combatant's damage box, editor and effects;
- optional panes, off by default (View menu): the combatants list (drag, Shift/Ctrl+
  click for several), the turn order and the log.

The window opens inside the screen's available area, its frame included (the window
manager tells the frame's size only once the window is mapped: it is checked again
then). View → Reset layout brings all of this back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QPalette, QResizeEvent, QScreen
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QLabel,
    QMainWindow,
    QMenu,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from tracker.qt.widgets.banner import Banner
    from tracker.qt.widgets.prompt_panel import PromptPanel

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
# The editor's height at least while shown, in pixels: its caption and two fields (at 60,
# half a field showed beside a question). The effects give their place up first.
EDITOR_LEAST = 90
# An open form's height at least before the effects keep theirs (its title, five rows of
# fields and its buttons): below that the effects step aside for it.
FORM_LEAST = 230
# The effects' share of the column's room when nothing is asked (the editor has the rest).
EFFECTS_SHARE = 0.4


def inspector_pane(
    banner: Banner,
    health_box: QWidget,
    editor: QWidget,
    effects: QWidget,
    prompt: Callable[[QWidget], PromptPanel] | None = None,
) -> Fence:
    """The column beside the fight: what asks for the GM's attention first (a message, the
    question the rules wait for: made in the column by `prompt` if given, else later,
    `Fence.add_prompt`), then the selected combatant: damage box, editor (it scrolls
    within its share, so a ruleset with many fields never makes the window taller) and
    effects."""
    pane = QWidget()
    pane.setObjectName("inspector")
    layout = QVBoxLayout(pane)
    layout.setContentsMargins(4, 4, 4, 4)
    layout.addWidget(banner)
    passing: tuple[QWidget, ...] = (banner,)
    if prompt is not None:  # made in its place in the Tab order too: under the message
        asked = prompt(pane)
        layout.addWidget(asked)
        passing = (banner, asked)
    layout.addWidget(health_box)
    scroller = QScrollArea()
    scroller.setObjectName("editor_scroller")
    scroller.setWidget(editor)
    scroller.setWidgetResizable(True)
    scroller.setFrameShape(QFrame.Shape.NoFrame)
    scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroller.setMinimumHeight(EDITOR_LEAST)
    layout.addWidget(scroller, 1)
    # The effects' height is set by `Fence` (their share of the column); under a tall
    # question they keep the least height their caption, a row and their buttons take
    # (their own minimum; a smaller one squeezed the buttons and left the list its
    # header alone), or give it all up.
    layout.addWidget(effects)
    fence = Fence(pane, passing=passing, kept=(health_box,), effects=effects, editor=scroller)
    if prompt is not None:
        fence.follow_prompt(asked)
    return fence


class Fence(QWidget):
    """Holds the inspector in no layout of its own: a question of another shape (an
    answer more, a longer context) lays out the inspector's column, never the window
    (its layout requests stop here), and the column always has the dock's whole height
    (a scroll area would make a column whose texts wrap as tall as they want)."""

    def __init__(
        self,
        child: QWidget,
        passing: tuple[QWidget, ...],
        kept: tuple[QWidget, ...],
        effects: QWidget,
        editor: QWidget,
    ) -> None:
        """`passing`: what asks for a while (a message, a question); `kept`: what always
        stands above the editor (the damage box); `editor`: the selected combatant's
        editor (a form takes its place: `open_form`); `effects`: below it, their height
        kept while something passes (`_make_room`)."""
        super().__init__()
        self.setObjectName("inspector_column")
        # Opaque: a repaint inside the column starts here, not at the dock and the window
        # beneath it (the dock painted its title and frame for each change in the column).
        self.setAutoFillBackground(True)
        self.child = child
        self._passing = passing
        self._kept = kept
        self._effects = effects
        self._editor = editor
        self._form: QWidget | None = None  # in the editor's place (`open_form`)
        child.setParent(self)
        least = child.minimumSizeHint()
        self._hint = QSize(max(least.width(), INSPECTOR_LEAST), least.height())

    def sizeHint(self) -> QSize:
        return self._hint

    def minimumSizeHint(self) -> QSize:
        return QSize(self._hint.width() * 2 // 3, 200)

    def widget(self) -> QWidget:
        return self.child

    def add_prompt(self, prompt: PromptPanel) -> None:
        """The question the rules wait for, under the message (made when the first one
        is asked: `window_rest.LaterPrompt`). It takes the height its lines need at the
        column's width (a layout gives a height-for-width widget at least that); the
        editor below gives its place up (the effects too, if it is tall: `_make_room`).
        Placed at once: never a frame drawn with it out of its place."""
        layout = self.child.layout()
        assert isinstance(layout, QVBoxLayout)  # (inspector_pane's)
        layout.insertWidget(1, prompt)
        self._passing = (*self._passing, prompt)
        self.follow_prompt(prompt)
        # Its width in the column first: made at a widget's default width, its lines
        # wrapped there asked for twice the height, and the effects stepped aside for
        # it, then came back, painted twice.
        margins = layout.contentsMargins()
        prompt.resize(self.width() - margins.left() - margins.right(), prompt.height())
        self.lay_out()

    def follow_prompt(self, prompt: PromptPanel) -> None:
        """Room made for the question before it is laid out at another height: the
        effects' height follows in the same pass (laid out first, the question took the
        room they had, then its own once they were shrunk)."""
        prompt.grown.connect(self._make_room)

    def open_form(self, form: QWidget) -> None:
        """A form in the editor's place (Add combatant) until `close_form`: the message,
        the question the rules wait for and the damage box stay above it, the effects
        below. The form scrolls within its place."""
        layout = self.child.layout()
        assert isinstance(layout, QVBoxLayout)  # (inspector_pane's)
        if self._form is not form:
            self._form = form
            form.hide()
            layout.insertWidget(layout.indexOf(self._editor), form, 5)
        self._editor.hide()
        form.show()
        self.lay_out()  # the effects step aside if the form has too little room

    def close_form(self, lay_out: bool = True) -> None:
        """The form put away: the editor back in its place. Laid out now, or with
        `lay_out` False by a question shown next or the caller's `lay_out` (a widget
        shown lays its parents out at once: the editor shown, then a question, laid the
        column out twice)."""
        form = self._form
        if form is None or form.isHidden():
            return
        layout = self.child.layout()
        assert layout is not None  # (inspector_pane's)
        layout.setEnabled(False)
        form.hide()
        # The editor back if it has room (`_make_room`), not shown first and hidden
        # again: shown, a widget repaints where it last stood, and AP countdown's tall
        # question, which leaves the editor no room, stands there now (its ten answers
        # were repainted at each combatant added).
        self._make_room()  # what a tall question leaves no room for steps aside again
        layout.setEnabled(True)
        if lay_out:
            layout.activate()

    def lay_out(self) -> None:
        """The column laid out now, what a tall question leaves no room for stepped
        aside (nothing is laid out again if nothing changed since)."""
        self._make_room()
        layout = self.child.layout()
        assert layout is not None  # (inspector_pane's)
        layout.activate()

    def form_open(self) -> bool:
        return self._form is not None and not self._form.isHidden()

    def drop_form(self) -> None:
        """The form put away and deleted (another encounter: another ruleset's fields)."""
        self.close_form()
        form, self._form = self._form, None
        if form is not None:
            form.deleteLater()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            self._make_room()
            return True  # the child lays itself out within the place it has
        return super().event(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._make_room()
        self.child.setGeometry(self.rect())

    def _make_room(self) -> None:
        """The effects keep the height they have when nothing is asked (their share of
        the column) while a message or a question shows: the editor gives its place up
        to it, so nothing below the question moves or is painted again (an End Turn
        that asks painted the whole effects' list, header and buttons anew, ~1 ms).
        A tall question (AP countdown's ten answers) on a short screen: the editor
        shrinks to its least, then the effects to theirs, then the effects, then the
        editor, step aside while it is asked, so that every answer shows whole; they
        come back when there is room. An open form (in the editor's place) keeps
        `FORM_LEAST` before the effects keep theirs, and scrolls in what it has."""
        layout = self.child.layout()
        if layout is None:
            return
        margins = layout.contentsMargins()
        width = self.width() - margins.left() - margins.right()
        spacing = max(layout.spacing(), 0)
        steady = self.height() - margins.top() - margins.bottom()
        for widget in self._kept:
            steady -= _shown_height(widget, width, spacing)
        room = steady
        for widget in self._passing:
            room -= _shown_height(widget, width, spacing)
        if self.form_open():
            room -= FORM_LEAST + spacing
        else:
            editor = self._editor
            least = editor.minimumHeight() or editor.minimumSizeHint().height()
            fits = room >= least
            if editor.isHidden() == fits:
                editor.setVisible(fits)
            room -= least + spacing if fits else 0
        effects = self._effects
        least = effects.minimumSizeHint().height()
        fits = room >= least
        if fits:
            share = int((steady - spacing) * EFFECTS_SHARE)
            height = max(least, min(share, room))
            if effects.minimumHeight() != height or effects.maximumHeight() != height:
                effects.setFixedHeight(height)
        if effects.isHidden() == fits:
            effects.setVisible(fits)


def _shown_height(widget: QWidget, width: int, spacing: int) -> int:
    """The height a widget of the column takes at `width` with the spacing under it (0
    while it is hidden)."""
    if widget.isHidden():
        return 0
    wanted = widget.heightForWidth(width) if widget.hasHeightForWidth() else -1
    return max(wanted, widget.minimumSizeHint().height()) + spacing


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
