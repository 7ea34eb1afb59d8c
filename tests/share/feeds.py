"""A page's feed for the share tests, with a turn timer of its own (settings in a
temporary file, never the GM's)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from PySide6.QtCore import QObject, QSettings

from tracker.qt.document import EncounterDocument
from tracker.qt.models.turn_order_model import TurnOrderModel
from tracker.qt.players.settings import DEFAULT_HEALTH
from tracker.qt.share.feed import PageFeed
from tracker.qt.widgets.turn_timer import TurnTimerSetting


def own_timer(on: bool = False) -> TurnTimerSetting:
    store = QSettings(str(Path(tempfile.mkdtemp()) / "t.ini"), QSettings.Format.IniFormat)
    setting = TurnTimerSetting(store)
    setting.set_enabled(on)
    return setting


def page_feed(
    document: EncounterDocument, owner: QObject, turn_order_model: TurnOrderModel
) -> PageFeed:
    """The feed as the window shares it: over the window's turn order model."""
    return PageFeed(
        document,
        owner,
        health=DEFAULT_HEALTH,
        timer=own_timer(),
        turn_order_model=turn_order_model,
    )
