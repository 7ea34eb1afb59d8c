"""Roundkeeper's action icons, drawn in the scheme's ink from their masks (or SVG):
the menus' and the toolbar's. Imported with the rest of the window, after its first
frame (`tracker.qt.appearance` has the palette, which the first frame needs)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QAction, QColor, QIcon, QIconEngine, QImage, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import QApplication

import tracker
from tracker.qt.brushes import fill, solid

if TYPE_CHECKING:
    from PySide6.QtSvg import QSvgRenderer

IconName = str

# Beside the package's modules, as importlib.resources finds them (not imported for it).
ACTIONS = Path(tracker.__file__).parent / "assets" / "icons" / "actions"
MASK_SIZES = (16, 24, 32, 48)  # drawn from masks (resources/make_icons.py makes them)


@cache
def _svg(name: IconName) -> str:
    return (ACTIONS / f"{name}.svg").read_text(encoding="utf-8")


def _masked(size: QSize) -> bool:
    """Whether icons are drawn from masks at `size`."""
    return size.width() == size.height() and size.width() in MASK_SIZES


def _mask(name: IconName, size: QSize) -> QImage | None:
    """The icon's shape at `size`, from its mask PNG; None where there is none."""
    if not _masked(size):
        return None
    try:
        data = (ACTIONS / f"{name}-{size.width()}.png").read_bytes()
    except OSError:
        return None
    image = QImage()
    return image if image.loadFromData(data, "PNG") else None


class _TintedSvg(QIconEngine):
    """An action icon drawn from its SVG in the scheme's ink, at the size asked for
    and only when first asked: menus not yet opened cost nothing at start-up. Disabled,
    it is drawn in the palette's disabled ink. At the sizes of menus and toolbars it is
    its mask, tinted: QtSvg is loaded only for another size."""

    def __init__(self, name: IconName, ink: QColor, disabled_ink: QColor) -> None:
        super().__init__()
        self._name = name
        self._inks = {False: QColor(ink), True: QColor(disabled_ink)}
        self._renderers: dict[bool, QSvgRenderer] = {}
        self._pixmaps: dict[tuple[int, int, bool], QPixmap] = {}

    def _renderer(self, disabled: bool) -> QSvgRenderer:
        from PySide6.QtSvg import QSvgRenderer

        if disabled not in self._renderers:
            text = _svg(self._name).replace("currentColor", self._inks[disabled].name())
            self._renderers[disabled] = QSvgRenderer(QByteArray(text.encode()))
        return self._renderers[disabled]

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode, state: QIcon.State) -> None:
        if _masked(rect.size()):  # the pixmap, drawn from the mask (kept)
            painter.drawPixmap(rect, self.pixmap(rect.size(), mode, state))
        else:
            self._renderer(mode == QIcon.Mode.Disabled).render(painter, QRectF(rect))

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        disabled = mode == QIcon.Mode.Disabled
        key = (size.width(), size.height(), disabled)
        if key not in self._pixmaps:
            pixmap = QPixmap(size)
            pixmap.fill(Qt.GlobalColor.transparent)
            painter = QPainter(pixmap)
            mask = _mask(self._name, size)
            if mask is None:
                self._renderer(disabled).render(painter)
            else:
                painter.drawImage(0, 0, mask)
                painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
                fill(painter, pixmap.rect(), solid(self._inks[disabled]))
            painter.end()
            self._pixmaps[key] = pixmap
        return self._pixmaps[key]

    def clone(self) -> QIconEngine:
        return _TintedSvg(self._name, self._inks[False], self._inks[True])


def icon(name: IconName, ink: QColor, disabled_ink: QColor | None = None) -> QIcon:
    """The bundled action icon `name`, drawn in `ink` (`disabled_ink` when disabled;
    by default the palette's), sharp at any size."""
    if disabled_ink is None:
        disabled_ink = QApplication.palette().color(
            QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText
        )
    return QIcon(_TintedSvg(name, ink, disabled_ink))


def set_icon(action: QAction, name: IconName) -> None:
    """Give `action` the icon `name`, redrawn whenever the scheme changes."""
    action.setProperty("icon_name", name)
    action.setIcon(icon(name, QApplication.palette().color(QPalette.ColorRole.ButtonText)))


def retint(actions: list[QAction]) -> None:
    ink = QApplication.palette().color(QPalette.ColorRole.ButtonText)
    for action in actions:
        name = action.property("icon_name")
        if name:
            action.setIcon(icon(str(name), ink))
