"""The main window's toolbar (its actions are made with the menus, tracker/qt/main_menus.py;
the toolbar itself is in the first frame, with its height)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QActionEvent, QHelpEvent, QIcon, QPixmap
from PySide6.QtWidgets import QToolBar, QToolButton, QToolTip, QWidget


class PlayToolBar(QToolBar):
    """The toolbar. Its Undo and Redo buttons keep a fixed word (the undo stack renames
    their actions at every step: "Undo Rename Goblin", said in full in the menu and the
    button's tooltip) and a fixed size, and a new text for their actions neither lays
    the toolbar out nor repaints the button: else every step would lay out, and
    repaint, the whole window."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__("Play", parent)
        self.setObjectName("play_toolbar")
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self._steady: tuple[QAction, ...] = ()
        self._buttons: dict[QObject, QAction] = {}

    def hold_place(self) -> None:
        """In the first frame, before its actions are made: a stand-in button as tall as
        theirs (a blank icon of the toolbar's size and a word beside it), so that the
        toolbar has its height from the first frame on."""
        size = self.iconSize()
        blank = QPixmap(size)
        blank.fill(Qt.GlobalColor.transparent)
        stand_in = self.addAction(QIcon(blank), "Undo")
        stand_in.setEnabled(False)

    def hold_steady(self, steady: tuple[QAction, ...]) -> None:
        """Fix the steady buttons' size and follow their actions; call once they are
        added (in place of the stand-in)."""
        self._steady = steady
        for action in self._steady:
            button = self.widgetForAction(action)
            if isinstance(button, QToolButton):
                button.setFixedSize(button.sizeHint())
                button.installEventFilter(self)
                self._buttons[button] = action

    def actionEvent(self, event: QActionEvent) -> None:
        if event.type() == QEvent.Type.ActionChanged and event.action() in self._steady:
            return  # its fixed-size button follows it on its own
        super().actionEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A steady button takes its action's change only when it shows (enabled, icon);
        its tooltip says the action's text as it is now."""
        action = self._buttons.get(watched)
        if action is None or not isinstance(watched, QToolButton):
            return False
        kind = event.type()
        if kind == QEvent.Type.ActionChanged:
            shown = (watched.isEnabled(), watched.icon().cacheKey())
            return shown == (action.isEnabled(), action.icon().cacheKey())
        if kind == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            QToolTip.showText(event.globalPos(), action.toolTip(), watched)
            return True
        return False
