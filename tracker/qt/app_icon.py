"""Roundkeeper's application icon, from the PNGs bundled in tracker/assets/icons/ (made from
roundkeeper.svg by resources/make_icons.py): plain PNGs need no Qt image plugin."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon

SIZES = (16, 32, 48, 64, 128, 256)


def icon_path(size: int) -> Path:
    """The bundled PNG of the icon at `size` pixels."""
    icons = files("tracker") / "assets" / "icons" / "hicolor" / f"{size}x{size}" / "apps"
    return Path(str(icons / "io.github.roundkeeper.Roundkeeper.png"))


def application_icon() -> QIcon:
    """The icon with every bundled size (null if none could be read)."""
    icon = QIcon()
    for size in SIZES:
        path = icon_path(size)
        if path.is_file():
            icon.addFile(str(path), QSize(size, size))
    return icon
