"""The optional turn timer: how long the current turn and round have lasted, on the GM's
window (`TurnTimerLabel`, for the status bar) and on the players' screen (the board
asks `TurnClock` and paints it large).

It is a view: nothing is journaled, the encounter never changes. A turn is timed from
the moment it became current; an undo back to a turn resumes that turn's time (as if
the mistaken End Turn never happened), while a new turn, or one that comes back through
a redo or a later command, starts from zero. Rounds are timed alike. Only the last
`LEFT_KEPT` turns and rounds left are remembered (a long fight's would pile up): an undo
back further starts the turn from zero. The clock is
injectable (`now`, in seconds) so tests need not wait.

Off by default: `timer_setting()` is the app's setting ("Turn timer" in a menu through
`turn_timer_action`), saved in Roundkeeper's settings file and followed live.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import TypeVar

from PySide6.QtCore import QObject, QSettings, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from tracker.engine.session import SessionEvent
from tracker.qt.document import EncounterDocument

Clock = Callable[[], float]
K = TypeVar("K", bound=Hashable)
TICK_MS = 250  # the label is repainted this often (a second never shows late)
GROUP, KEY = "turn_timer", "enabled"
LEFT_KEPT = 64  # turns (and rounds) left behind whose start times are kept


def duration_text(seconds: float) -> str:
    """ "0:07", "12:40", "1:02:05"."""
    whole = max(0, int(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class TurnClock:
    """When the turn and the round being timed began. Tell it the turn and round that are
    current after each change (`follow`), with how they came (`kind` of the event)."""

    def __init__(self, now: Clock = time.monotonic) -> None:
        self.now = now
        self._turn: Hashable | None = None
        self._round: int | None = None
        self._turn_since = self._round_since = now()
        # Start times of turns and rounds left behind, to resume them on an undo.
        self._left_turns: dict[Hashable, float] = {}
        self._left_rounds: dict[int, float] = {}

    def follow(self, turn: Hashable | None, round_number: int | None, kind: str = "apply") -> None:
        now = self.now()
        if turn != self._turn:
            if self._turn is not None:
                _keep(self._left_turns, self._turn, self._turn_since)
            resumed = self._left_turns.pop(turn, None) if kind == "undo" else None
            self._turn, self._turn_since = turn, resumed if resumed is not None else now
        if round_number != self._round:
            if self._round is not None:
                _keep(self._left_rounds, self._round, self._round_since)
            back = None
            if round_number is not None:
                back = self._left_rounds.pop(round_number, None) if kind == "undo" else None
                back = now if back is None else back
            self._round, self._round_since = round_number, back if back is not None else now

    def reset(self) -> None:
        """Another encounter: nothing to resume."""
        self._left_turns.clear()
        self._left_rounds.clear()
        self._turn = self._round = None
        self._turn_since = self._round_since = self.now()

    def is_timing(self) -> bool:
        return self._turn is not None

    def turn_seconds(self) -> float:
        return self.now() - self._turn_since if self._turn is not None else 0.0

    def round_seconds(self) -> float:
        return self.now() - self._round_since if self._round is not None else 0.0

    def text(self, round_name: str = "Round") -> str:
        """ "Turn 0:42 · Round 3:10" ("" when no turn is timed; no round before the
        first)."""
        if not self.is_timing():
            return ""
        turn = f"Turn {duration_text(self.turn_seconds())}"
        if self._round is None:  # a turn before the first round (Join Battle, say)
            return turn
        return f"{turn} · {round_name} {duration_text(self.round_seconds())}"


def _keep(left: dict[K, float], key: K, since: float) -> None:
    """Remember when `key` began, forgetting the oldest past `LEFT_KEPT`."""
    left.pop(key, None)
    left[key] = since
    if len(left) > LEFT_KEPT:
        del left[next(iter(left))]


# --- the setting ----------------------------------------------------------------------
class TurnTimerSetting(QObject):
    """Whether the timer shows, on both screens; `changed` follows every switch."""

    changed = Signal(bool)

    def __init__(self, store: QSettings | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._store = store
        self._enabled = bool(self._settings().value(f"{GROUP}/{KEY}", False, type=bool))

    def _settings(self) -> QSettings:
        if self._store is None:
            from tracker.qt.settings_file import settings_store

            self._store = settings_store()
        return self._store

    @property
    def enabled(self) -> bool:
        return self._enabled

    def set_enabled(self, on: bool) -> None:
        if on == self._enabled:
            return
        self._enabled = on
        store = self._settings()
        store.setValue(f"{GROUP}/{KEY}", on)
        store.sync()
        self.changed.emit(on)


def timer_setting() -> TurnTimerSetting:
    """The app's one setting (made on first use, a child of the application)."""
    app = QApplication.instance()
    found = app.findChild(TurnTimerSetting, "turn_timer_setting") if app is not None else None
    if isinstance(found, TurnTimerSetting):
        return found
    setting = TurnTimerSetting(parent=app)
    setting.setObjectName("turn_timer_setting")
    return setting


def turn_timer_action(parent: QObject, setting: TurnTimerSetting | None = None) -> QAction:
    """A checkable "Turn timer" menu item bound to the setting."""
    setting = setting or timer_setting()
    action = QAction("Turn &timer", parent)
    action.setObjectName("turn_timer_action")
    action.setCheckable(True)
    action.setChecked(setting.enabled)
    action.setToolTip("Show how long the turn and the round have lasted, on both screens.")
    action.toggled.connect(setting.set_enabled)
    setting.changed.connect(action.setChecked)
    return action


# --- the GM's label ---------------------------------------------------------------------
class TurnTimerLabel(QLabel):
    """ "Turn 0:42 · Round 3:10" for the GM's status bar, following the actual turn
    (hidden ones included: the GM times every turn). Hidden while the setting is off."""

    def __init__(
        self,
        document: EncounterDocument,
        *,
        now: Clock = time.monotonic,
        setting: TurnTimerSetting | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("turn_timer_label")
        self.document = document
        self.clock = TurnClock(now)
        self.setting = setting or timer_setting()
        self._ticker = QTimer(self)
        self._ticker.setInterval(TICK_MS)
        self._ticker.timeout.connect(self.refresh)
        document.changed.connect(self._on_changed)
        document.replaced.connect(self._on_replaced)
        self.setting.changed.connect(self._apply_setting)
        self._follow("reset")
        self._apply_setting(self.setting.enabled)

    def _follow(self, kind: str) -> None:
        turn = self.document.session.current_turn()
        round_number = turn.round if turn is not None and turn.round > 0 else None
        self.clock.follow(turn.key if turn is not None else None, round_number, kind)
        self.refresh()

    def _on_changed(self, event: SessionEvent) -> None:
        self._follow(event.kind)

    def _on_replaced(self) -> None:
        self.clock.reset()
        self._follow("reset")

    def _apply_setting(self, on: bool) -> None:
        self.setVisible(on)
        if on:
            self._ticker.start()
        else:
            self._ticker.stop()
        self.refresh()

    def refresh(self) -> None:
        self.setText(self.clock.text(self.document.ruleset.round_name))
