"""Roundkeeper in a Linux desktop's application menu, for one user: `roundkeeper
--install-desktop-entry` (after `pip install`) writes the desktop entry, the icon at
every size and the AppStream metainfo into the user's XDG data folder
(`$XDG_DATA_HOME`, else `~/.local/share`), the entry's `Exec=` naming the absolute path
of this very program; `--uninstall-desktop-entry` removes them. The bundle's install.sh
does the same in shell (packaging/install.sh). No Qt here.
"""

from __future__ import annotations

import os
import shutil
import sys
from importlib.resources import files
from pathlib import Path

from tracker import APP_ID, COMMAND

SIZES = (16, 32, 48, 64, 128, 256)


class DesktopEntryError(Exception):
    """The desktop entry cannot be installed here (the message says why)."""


def assets() -> Path:
    return Path(str(files("tracker") / "assets"))


def data_home() -> Path:
    """`$XDG_DATA_HOME`, or `~/.local/share` when it is unset or not absolute (as the XDG
    base directory specification says)."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if value and Path(value).is_absolute() else Path.home() / ".local/share"


def targets(home: Path) -> dict[Path, Path]:
    """Each installed file and the packaged file it comes from."""
    source = assets()
    found = {
        home / "applications" / f"{APP_ID}.desktop": source / "desktop" / f"{APP_ID}.desktop",
        home / "metainfo" / f"{APP_ID}.metainfo.xml": source / "desktop" / f"{APP_ID}.metainfo.xml",
    }
    for size in SIZES:
        folder = Path("icons") / "hicolor" / f"{size}x{size}" / "apps"
        found[home / folder / f"{APP_ID}.png"] = source / folder / f"{APP_ID}.png"
    return found


def launcher() -> Path:
    """The absolute path of the program the menu entry is to start: the bundle's
    executable, or the `roundkeeper` script pip installed beside this Python."""
    if getattr(sys, "frozen", False):
        return Path(sys.executable).resolve()
    beside = Path(sys.executable).parent / COMMAND
    if beside.is_file():
        return beside.absolute()
    found = shutil.which(COMMAND)
    if found is None:
        raise DesktopEntryError(
            f"the {COMMAND} command was not found beside {sys.executable} nor on the PATH; "
            "install Roundkeeper with pip first."
        )
    return Path(found).absolute()


def exec_value(program: Path) -> str:
    """`program` as the desktop entry's Exec key wants it: quoted, with the characters
    the specification reserves escaped (and backslashes doubled once more for the
    key's string value)."""
    text = str(program)
    for reserved in ("\\", '"', "`", "$"):
        text = text.replace(reserved, "\\" + reserved)
    return '"' + text.replace("\\", "\\\\") + '"' + " %f"


def desktop_text(program: Path) -> str:
    """The packaged desktop entry with `Exec=` (and `TryExec=`) naming `program`."""
    template = (assets() / "desktop" / f"{APP_ID}.desktop").read_text(encoding="utf-8")
    lines = []
    for line in template.splitlines():
        if line.startswith("Exec="):
            lines.append(f"TryExec={str(program).replace(chr(92), chr(92) * 2)}")
            line = f"Exec={exec_value(program)}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def _check_platform() -> None:
    if not sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        raise DesktopEntryError(
            "a desktop entry is for Linux desktops; on Windows and macOS use the installer."
        )


def install(program: Path, home: Path | None = None) -> list[Path]:
    """Write the entry, the icons and the metainfo; the paths written."""
    _check_platform()
    home = home if home is not None else data_home()
    written = []
    try:
        for target, source in targets(home).items():
            target.parent.mkdir(parents=True, exist_ok=True)
            if target.suffix == ".desktop":
                data = desktop_text(program).encode("utf-8")
            else:
                data = source.read_bytes()
            temporary = target.with_name(f".{target.name}.tmp")
            temporary.write_bytes(data)
            os.replace(temporary, target)
            written.append(target)
    except OSError as error:
        raise DesktopEntryError(f"could not write {error.filename}: {error.strerror}") from None
    return written


def uninstall(home: Path | None = None) -> list[Path]:
    """Remove what `install` wrote; the paths removed."""
    _check_platform()
    home = home if home is not None else data_home()
    removed = []
    for target in targets(home):
        try:
            target.unlink()
        except FileNotFoundError:
            continue
        except OSError as error:
            raise DesktopEntryError(f"could not remove {target}: {error.strerror}") from None
        removed.append(target)
    return removed
