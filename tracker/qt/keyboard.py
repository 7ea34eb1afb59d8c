"""The GM's keys in the main window, whatever widget has the focus: Space ends the turn
and Ctrl+Z undoes, except that typing in a text field types.

Qt lets a focused widget claim a key before the window's shortcuts see it. Text
fields claim printable keys and their own undo, which is right; but a number box
claims Space and letters (and nothing can be typed with them: H opens the damage box),
and a text field claims Ctrl+Z even with nothing of its own to undo. `WindowKeys`
hands those keys back to the window. Buttons never claim Space, so it never presses
the button that happens to have the focus: Enter does (or performs the action whose
parameter box has the focus).

A field never keeps the keyboard once the GM is done with it: Escape in any field or
button of the window (outside the fight view) leaves it for the fight view (what was
typed stays, unless the field drops it itself, as the damage box does), and a form
that applies on Enter hands the keyboard back the same way (`hand_back`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QDockWidget,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QWidget,
)
from shiboken6 import isValid

from tracker.qt.widgets.action_inputs import ACTION_INPUT, ENTER_KEYS

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog

REDO_KEYS = (QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y"))
# Keys a text field claims to move its cursor, some with Ctrl on X11 (Ctrl+E: the end of
# the line): where the window has a shortcut on them, the GM pressed them for it. Keys
# that edit the text (Ctrl+Delete deletes a word) stay the field's.
CURSOR_KEYS = tuple(
    getattr(QKeySequence.StandardKey, f"MoveTo{where}")
    for where in (
        "StartOfLine",
        "EndOfLine",
        "NextChar",
        "PreviousChar",
        "NextLine",
        "PreviousLine",
        "StartOfDocument",
        "EndOfDocument",
        "StartOfBlock",
        "EndOfBlock",
    )
)

# What the help window lists besides the menus' and the actions' shortcuts.
EXTRA_KEYS: tuple[tuple[str, str], ...] = (
    (
        "Take the action (or answer the prompt) whose box has the focus, with what it "
        "holds; press the focused button or box",
        "Enter",
    ),
    (
        "Answer the prompt: the button showing the key, in the order shown",
        "Ctrl+1 … Ctrl+9, Ctrl+0",
    ),
    (
        "Leave a field or button for the fight view (the players' screen, should it get "
        "the keyboard: leave full screen)",
        "Esc",
    ),
    ("Players' screen: full screen on or off (should it get the keyboard)", "F11"),
)


def fight_view(widget: QWidget) -> QWidget | None:
    """The fight view (`central_view`) of the window `widget` is in, also from a dock
    floating apart from it; None outside such a window."""
    top = widget.window()
    if isinstance(top, QDockWidget) and (holder := top.parentWidget()) is not None:
        top = holder.window()
    view = getattr(top, "central_view", None)
    return view if isinstance(view, QWidget) else None


def hand_back(widget: QWidget) -> None:
    """Give the keyboard from `widget` back to its window's fight view, where Space, H
    and every shortcut are the window's (the view's own focused part, if it has one).
    Outside such a window the widget just lets the focus go."""
    view = fight_view(widget)
    if view is None or not view.isVisible():
        widget.clearFocus()
        return
    target = view.focusWidget()  # the part of the view that had the focus last
    if target is None or not _can_focus(target, view):
        target = view if view.focusPolicy() != Qt.FocusPolicy.NoFocus else _first_focusable(view)
    window = view.window()
    if not window.isActiveWindow():  # the keyboard was in a floating dock
        window.activateWindow()
    # As a click would: a list given the focus otherwise makes its first row current,
    # which would select another combatant under the GM's feet.
    target.setFocus(Qt.FocusReason.MouseFocusReason)


def _can_focus(widget: QWidget, view: QWidget) -> bool:
    return (
        bool(widget.focusPolicy() & Qt.FocusPolicy.ClickFocus)
        and widget.isEnabled()
        and widget.isVisibleTo(view)
    )


def _first_focusable(view: QWidget) -> QWidget:
    """A view made of parts: its first list or table (else its first part that takes
    the focus, else the view itself)."""
    parts = [child for child in view.findChildren(QWidget) if _can_focus(child, view)]
    lists = [part for part in parts if isinstance(part, QAbstractItemView)]
    return (lists or parts or [view])[0]


def _is_undo(event: QKeyEvent) -> bool:
    return event.matches(QKeySequence.StandardKey.Undo)


def _is_redo(event: QKeyEvent) -> bool:
    if event.matches(QKeySequence.StandardKey.Redo):
        return True
    combination = QKeySequence(event.keyCombination())
    return any(
        combination.matches(keys) == QKeySequence.SequenceMatch.ExactMatch for keys in REDO_KEYS
    )


def _own_history(widget: QWidget, redo: bool) -> bool | None:
    """Whether a text widget has typing of its own to undo (redo); None: not a text
    widget. A number box counts as the text box inside it."""
    if isinstance(widget, QAbstractSpinBox):
        inner = widget.findChild(QLineEdit)
        widget = inner if inner is not None else widget
    if isinstance(widget, QLineEdit):
        return widget.isRedoAvailable() if redo else widget.isUndoAvailable()
    # (QTextEdit and QDialog imported when first needed: PySide loads a class, and makes
    # its enums, as it is first imported; the whole window has neither.)
    from PySide6.QtWidgets import QTextEdit

    if isinstance(widget, (QPlainTextEdit, QTextEdit)):
        document = widget.document()
        return document.isRedoAvailable() if redo else document.isUndoAvailable()
    return None


def _inside_fight_view(widget: QWidget) -> bool:
    view = fight_view(widget)
    return view is not None and (view is widget or view.isAncestorOf(widget))


def _in_number_box(widget: QWidget) -> bool:
    return isinstance(widget, QAbstractSpinBox) or isinstance(
        widget.parentWidget(), QAbstractSpinBox
    )


class WindowKeys(QObject):
    """Watches the widget that has the keyboard focus for `window` (keys go to it
    first), never the whole application: a filter on the application sees every event
    of every object, and handing each to Python cost a few hundred calls a step and made
    PySide build the Python classes of every widget type it might be (a tenth of the
    start-up). `stop` before the window goes."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._watched: QWidget | None = None
        self._following = True
        _application().focusChanged.connect(self._on_focus_changed)
        self._watch(QApplication.focusWidget())

    def stop(self) -> None:
        """No longer follow the focus (the window closes; closing twice is no harm)."""
        if self._following:
            self._following = False
            _application().focusChanged.disconnect(self._on_focus_changed)
        self._watch(None)

    def _watch(self, widget: QWidget | None) -> None:
        old = self._watched
        if old is not None and old is not widget and isValid(old):
            old.removeEventFilter(self)
        self._watched = widget
        if widget is not None:
            widget.installEventFilter(self)

    def _on_focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        self._watch(new)
        if new is None and old is not None:
            from PySide6.QtWidgets import QDialog

            dialog = old.window()
            if isinstance(dialog, QDialog) and self._of_window(dialog):
                QTimer.singleShot(0, self._window, lambda: self._take_keyboard_back(dialog))

    def _of_window(self, dialog: QDialog) -> bool:
        parent = dialog.parentWidget()
        return parent is not None and parent.window() is self._window

    def _take_keyboard_back(self, dialog: QDialog) -> None:
        """A dialog of the window closed and left no window active (as on a display
        without a window manager to hand the keyboard back): the window takes it."""
        if (
            (not isValid(dialog) or not dialog.isVisible())
            and QApplication.activeWindow() is None
            and QApplication.activeModalWidget() is None
            and self._window.isVisible()
        ):
            self._window.activateWindow()

    def _mine(self, widget: QWidget) -> bool:
        """In the window itself or one of its floating docks (not a dialog or popup)."""
        top = widget.window()
        if top is self._window:
            return True
        return isinstance(top, QDockWidget) and top.parentWidget() is self._window

    def hands_to_window(self, widget: QWidget, event: QKeyEvent) -> bool:
        """Whether a key the focused `widget` would claim belongs to the window."""
        plain = event.modifiers() in (
            Qt.KeyboardModifier.NoModifier,
            Qt.KeyboardModifier.ShiftModifier,
        )
        if event.key() == Qt.Key.Key_Space and event.modifiers() == Qt.KeyboardModifier.NoModifier:
            return _in_number_box(widget)
        if plain and event.text().isalpha():  # a letter never goes into a number (H: damage)
            return _in_number_box(widget)
        undo, redo = _is_undo(event), _is_redo(event)
        if undo or redo:
            return _own_history(widget, redo) is False
        moves = any(event.matches(key) for key in CURSOR_KEYS)
        return moves and self._window_shortcut(event)

    def _window_shortcut(self, event: QKeyEvent) -> bool:
        """Whether the key is the shortcut of one of the window's enabled actions."""
        if not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            return False
        pressed = QKeySequence(event.keyCombination())
        return any(
            action.isEnabled()
            and any(
                pressed.matches(keys) == QKeySequence.SequenceMatch.ExactMatch
                for keys in action.shortcuts()
            )
            for action in self._window.findChildren(QAction)
        )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The focused widget's paints and layouts leave at once, on a test of their
        # class (cheaper than asking their type).
        if isinstance(event, QKeyEvent):
            return isinstance(watched, QWidget) and self._key(watched, event)
        return False

    def _key(self, watched: QWidget, event: QKeyEvent) -> bool:
        """Whether to keep the key from the widget: it goes to the window instead."""
        kind = event.type()
        if kind == QEvent.Type.ShortcutOverride and self._mine(watched):
            # Filtered out unaccepted: no widget claims it, the window's shortcut runs.
            return self.hands_to_window(watched, event)
        if (
            kind == QEvent.Type.KeyPress
            and event.key() == Qt.Key.Key_Escape
            and event.modifiers() == Qt.KeyboardModifier.NoModifier
            and self._mine(watched)
            and not _inside_fight_view(watched)
        ):
            hand_back(watched)
            return True
        if (
            kind == QEvent.Type.KeyPress
            and event.key() in ENTER_KEYS
            and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            and isinstance(watched, QAbstractButton)
            and not watched.property(ACTION_INPUT)
            and not (isinstance(watched, QPushButton) and watched.autoDefault())
            and self._mine(watched)
        ):
            watched.animateClick()
            return True
        return False


def _application() -> QApplication:
    """The running application (a widget exists, so there is one)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return app
