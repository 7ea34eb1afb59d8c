"""Before Qt starts on Linux: are the system libraries its X11 (xcb) platform plugin
loads there? A desktop has them; a fresh or minimal system may not, and Qt then stops
with a message that names the wrong package. This check names the right ones, with the
Debian/Ubuntu command that installs them. No Qt here (it runs before Qt is imported).
A library Qt's own libraries need (libEGL, libGL, libfontconfig, …) missing makes the
import of PySide6 fail instead: `import_problem` turns that error into the same advice.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

# What Qt's xcb platform plugin loads beyond Qt's own libraries, and the Debian/Ubuntu
# package of each (the README's apt line has them all). Small libraries the plugin
# would load a moment later anyway, so checking them costs about a millisecond.
XCB_LIBRARIES: dict[str, str] = {
    "libX11-xcb.so.1": "libx11-xcb1",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
}


def _loads(name: str) -> bool:
    import ctypes  # only where Qt uses xcb: an offscreen or Wayland start skips it

    try:
        ctypes.CDLL(name)
    except OSError:
        return False
    return True


def uses_xcb(platform: str, environ: Mapping[str, str]) -> bool:
    """Whether Qt will use its xcb plugin: on Linux, when QT_QPA_PLATFORM asks for it,
    or names nothing outside a Wayland session (where Qt picks Wayland first)."""
    if not platform.startswith("linux"):
        return False
    chosen = environ.get("QT_QPA_PLATFORM", "").strip()
    if chosen:
        return chosen.split(";")[0].split(":")[0] == "xcb"
    return not environ.get("WAYLAND_DISPLAY")


def missing_libraries(
    load: Callable[[str], bool] | None = None, folders: list[Path] | None = None
) -> dict[str, str]:
    """The libraries of `XCB_LIBRARIES` that neither load (`load`: by default the
    dynamic loader's dlopen) nor lie in one of `folders` (a bundle carries its own),
    with their packages."""
    load = load if load is not None else _loads
    if folders is None:
        bundle = getattr(sys, "_MEIPASS", None)
        folders = [Path(bundle)] if bundle else []
    return {
        name: package
        for name, package in XCB_LIBRARIES.items()
        if not any((folder / name).exists() for folder in folders) and not load(name)
    }


# Libraries Qt's own libraries link to (the import of PySide6 fails without them), and
# their Debian/Ubuntu packages.
QT_LIBRARIES: dict[str, str] = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libdbus-1.so.3": "libdbus-1-3",
    "libglib-2.0.so.0": "libglib2.0-0",
    "libgthread-2.0.so.0": "libglib2.0-0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libX11.so.6": "libx11-6",
}


def advice(missing: dict[str, str]) -> str:
    packages = " ".join(dict.fromkeys(missing.values()))
    return (
        "Roundkeeper cannot open its window: Qt needs system libraries that are not "
        f"installed ({', '.join(missing)}).\n"
        f"On Debian or Ubuntu, install them with:\n\n    sudo apt install {packages}\n\n"
        "(On other systems, install the packages that provide those files.)\n"
    )


def import_problem(error: ImportError) -> str | None:
    """The advice for an import of Qt that failed because a system library is missing
    ("libEGL.so.1: cannot open shared object file"), or None for any other failure."""
    text = str(error)
    missing = {name: package for name, package in QT_LIBRARIES.items() if name in text}
    return advice(missing) if missing else None


def problem(
    platform: str | None = None,
    environ: Mapping[str, str] | None = None,
    load: Callable[[str], bool] | None = None,
    folders: list[Path] | None = None,
) -> str | None:
    """What to tell the user when Qt could not open a window here, or None."""
    platform = platform if platform is not None else sys.platform
    environ = environ if environ is not None else os.environ
    if not uses_xcb(platform, environ):
        return None
    missing = missing_libraries(load, folders)
    return advice(missing) if missing else None
