"""Roundkeeper's application icon, from the PNGs bundled in tracker/assets/icons/ (made from
roundkeeper.svg by resources/make_icons.py): plain PNGs need no Qt image plugin."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon

import tracker

SIZES = (16, 32, 48, 64, 128, 256)
# The windows' icon (title bar, taskbar, switcher: at most 64 pixels, 32 at twice the
# scale): on X every size given is sent to the window manager, and the two largest
# alone cost the app ~0.8 MiB; the desktop entry's icon covers the larger places.
WINDOW_SIZES = (16, 32, 48, 64)


def icon_path(size: int) -> Path:
    """The bundled PNG of the icon at `size` pixels."""
    # Beside the package's modules, as importlib.resources finds them (not imported).
    icons = Path(tracker.__file__).parent / "assets" / "icons" / "hicolor" / f"{size}x{size}"
    return icons / "apps" / "io.github.roundkeeper.Roundkeeper.png"


def application_icon(sizes: tuple[int, ...] = SIZES) -> QIcon:
    """The icon with every bundled size, or those of `sizes` (null if none could be
    read)."""
    icon = QIcon()
    for size in sizes:
        path = icon_path(size)
        if path.is_file():
            icon.addFile(str(path), QSize(size, size))
    return icon
