"""Issue 22, point 5: names are plain text wherever Qt shows them. The markup names the
tests and the sweep feed through Tracker, a detector of file reads (inotify: Qt's own
C++ reads are not seen by Python's audit hooks) and `audit`, which walks every widget
of the given windows and reports every place where one of those names would be taken
for rich text (labels, tooltips of widgets, actions and model items, message boxes) or
for a mnemonic (a lone "&" in a button's or an action's text)."""

from __future__ import annotations

import ctypes
import os
import struct
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from PySide6 import QtGui
from PySide6.QtCore import QAbstractItemModel, QEvent, QModelIndex, QPoint, Qt
from PySide6.QtGui import QAction, QHelpEvent, QImage, QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QGroupBox,
    QLabel,
    QMenu,
    QMessageBox,
    QToolTip,
    QWidget,
)

from tracker.qt.rich_text import escape

IN_ACCESS = 0x001
IN_OPEN = 0x020
TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)

# Text that only a markup name brings: the app's own rich texts use <b>, <span> and <br>.
RAW_MARKS = ("<img", "<a href", "<table", "<b>Zed", "&amp; Jerry")


def sentinel_image() -> Path:
    """A tiny real PNG in a short-named folder (a name holds at most 60 characters):
    the file a name like `<img src="…">` points at."""
    folder = Path(tempfile.mkdtemp(prefix="rk", dir="/tmp"))
    path = folder / "s.png"
    image = QImage(2, 2, QImage.Format.Format_RGB32)
    image.fill(0)
    assert image.save(str(path))
    return path


def markup_names(sentinel: Path) -> tuple[str, ...]:
    """Names a GM could type or a shared file could hold, each at most 60 characters."""
    return (
        f'<img src="{sentinel}">',
        "<b>Zed</b> the Orc",
        "Tom &amp; Jerry",
        "Rock & Roll",
        '<a href="https://x.example">Lure</a>',
        "<table><tr><td><table><tr><td><table><tr><td>Nest",
    )


def markup_note(sentinel: Path) -> str:
    """A note with every kind of markup, a picture and a deep nest of tables."""
    return f'<img src="{sentinel}"> <b>Zed</b> Tom &amp; Jerry ' + "<table><tr><td>" * 40


class FileReads:
    """Whether anything opened or read `path` since the last `opened()`: an inotify watch,
    which sees Qt's C++ reads as well as Python's."""

    def __init__(self, path: Path) -> None:
        self._libc = ctypes.CDLL(None, use_errno=True)
        self._fd = self._libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        if self._fd < 0:
            raise OSError(ctypes.get_errno(), "inotify_init1 failed")
        watch = self._libc.inotify_add_watch(self._fd, str(path).encode(), IN_OPEN | IN_ACCESS)
        if watch < 0:
            raise OSError(ctypes.get_errno(), f"cannot watch {path}")

    def opened(self) -> bool:
        seen = False
        while True:
            try:
                data = os.read(self._fd, 4096)
            except BlockingIOError:
                return seen
            for offset in range(0, len(data), 16):
                _watch, mask, _cookie, _length = struct.unpack_from("iIII", data, offset)
                seen = seen or bool(mask & (IN_OPEN | IN_ACCESS))

    def close(self) -> None:
        os.close(self._fd)


def _raw(text: str, names: Sequence[str]) -> bool:
    """`text` holds a name as it is (not escaped) that rich text would show otherwise:
    one with "<" or "&" (a name without them reads the same either way)."""
    marked = [name for name in names if "<" in name or "&" in name]
    return any(name in text for name in marked) or any(mark in text for mark in RAW_MARKS)


def _shown_rich(text: str, text_format: Qt.TextFormat, names: Sequence[str]) -> bool:
    """A text holding one of `names` as it is, shown as rich text."""
    if text_format == Qt.TextFormat.PlainText or not _raw(text, names):
        return False
    return text_format == Qt.TextFormat.RichText or QtGui.Qt.mightBeRichText(text)


def _drawn_as_typed(label: QLabel, names: Sequence[str]) -> bool:
    """A rich label that holds a name escaped draws that name as typed (spaces aside:
    rich text folds them)."""
    text = label.text()
    rich = label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and QtGui.Qt.mightBeRichText(text)
    )
    escaped = [  # once, or twice (then drawn as "&lt;b&gt;…")
        name
        for name in names
        if escape(name) != name and (escape(name) in text or escape(escape(name)) in text)
    ]
    if not rich or not escaped:
        return True
    document = QTextDocument()
    document.setHtml(text)
    drawn = " ".join(document.toPlainText().split())
    return all(" ".join(name.split()) in drawn for name in escaped)


def _mnemonic_wrong(text: str, names: Sequence[str]) -> bool:
    """A name with "&" in a text that Qt reads for mnemonics, its "&" not doubled."""
    return any("&" in name and name in text.replace("&&", "\x00") for name in names)


def _model_tips(model: QAbstractItemModel, parent: QModelIndex, depth: int = 0) -> Iterator[str]:
    for row in range(model.rowCount(parent)):
        for column in range(model.columnCount(parent)):
            index = model.index(row, column, parent)
            tip = index.data(TOOLTIP)
            if isinstance(tip, str):
                yield tip
            if column == 0 and depth < 2 and model.rowCount(index) > 0:
                yield from _model_tips(model, index, depth + 1)
    if not parent.isValid():
        for orientation, count in (
            (Qt.Orientation.Horizontal, model.columnCount()),
            (Qt.Orientation.Vertical, model.rowCount()),
        ):
            for section in range(count):
                tip = model.headerData(section, orientation, Qt.ItemDataRole.ToolTipRole)
                if isinstance(tip, str):
                    yield tip


def _where(widget: QWidget) -> str:
    return f"{type(widget).__name__}({widget.objectName() or '-'})"


def audit(windows: Iterable[QWidget], names: Sequence[str]) -> list[str]:
    """Every place in `windows` (and their children) where one of `names` would not be
    shown as itself, described in one line each."""
    found: list[str] = []

    def tip(where: str, text: str) -> None:
        if _raw(text, names) and QtGui.Qt.mightBeRichText(text):
            found.append(f"{where}: rich tooltip {text[:80]!r}")

    def action(where: str, item: QAction) -> None:
        if _mnemonic_wrong(item.text(), names):
            found.append(f"{where}: action text {item.text()[:80]!r} has a lone '&'")
        tip(where, item.toolTip())

    seen_models: set[int] = set()
    for window in windows:
        for widget in [window, *window.findChildren(QWidget)]:
            where = _where(widget)
            tip(where, widget.toolTip())
            if isinstance(widget, QLabel):
                if _shown_rich(widget.text(), widget.textFormat(), names):
                    found.append(f"{where}: rich label {widget.text()[:80]!r}")
                elif not _drawn_as_typed(widget, names):
                    found.append(f"{where}: a name escaped wrongly in {widget.text()[:80]!r}")
            if isinstance(widget, QMessageBox):
                for text in (widget.text(), widget.informativeText()):
                    if _shown_rich(text, widget.textFormat(), names):
                        found.append(f"{where}: rich message {text[:80]!r}")
            if isinstance(widget, QAbstractButton) and _mnemonic_wrong(widget.text(), names):
                found.append(f"{where}: button text {widget.text()[:80]!r} has a lone '&'")
            if isinstance(widget, QGroupBox) and _mnemonic_wrong(widget.title(), names):
                found.append(f"{where}: group title {widget.title()[:80]!r} has a lone '&'")
            if isinstance(widget, QMenu):
                for item in widget.actions():
                    action(f"{where} menu", item)
            for item in widget.actions():
                action(f"{where} action", item)
            if isinstance(widget, QAbstractItemView):
                model = widget.model()
                if model is not None and id(model) not in seen_models:
                    seen_models.add(id(model))
                    for text in _model_tips(model, QModelIndex()):
                        tip(f"{where} model {type(model).__name__}", text)
    return sorted(set(found))


def hovered_tips(windows: Iterable[QWidget], names: Sequence[str], cells: int = 40) -> list[str]:
    """The tooltips the views show when the mouse rests on a cell (their delegates and
    viewports make their own: an elided name, a badge's effect): the first `cells`
    visible cells of every view get a tooltip event; every tip shown is audited and
    painted (what would load a picture)."""
    found: list[str] = []
    for window in windows:
        for view in window.findChildren(QAbstractItemView):
            model = view.model()
            if model is None or not view.isVisible():
                continue
            viewport = view.viewport()
            asked = 0
            for row in range(model.rowCount()):
                for column in range(model.columnCount()):
                    rect = view.visualRect(model.index(row, column))
                    if asked >= cells or not rect.isValid():
                        continue
                    if not viewport.rect().intersects(rect):
                        continue
                    asked += 1
                    QToolTip.hideText()
                    spot = rect.center()
                    event = QHelpEvent(QEvent.Type.ToolTip, spot, viewport.mapToGlobal(spot))
                    QApplication.sendEvent(viewport, event)
                    shown = QToolTip.text() if QToolTip.isVisible() else ""
                    if _raw(shown, names) and QtGui.Qt.mightBeRichText(shown):
                        where = f"{_where(view)} cell {row},{column}"
                        found.append(f"{where}: rich tooltip shown {shown[:80]!r}")
                    for tip in QApplication.topLevelWidgets():
                        if tip.isVisible() and type(tip).__name__ == "QTipLabel":
                            tip.grab()
    QToolTip.hideText()
    QToolTip.showText(QPoint(), "")
    return sorted(set(found))
