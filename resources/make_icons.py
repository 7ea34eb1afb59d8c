"""Render Roundkeeper's icon, tracker/assets/icons/roundkeeper.svg, to the files desktops want.

Run `python resources/make_icons.py` after changing the SVG; the PNGs, the Windows
.ico and the macOS .icns are committed (tests/test_icons.py checks they are current):

- `tracker/assets/icons/hicolor/<N>x<N>/apps/<app id>.png` for N in 16, 32, 48, 64,
  128, 256 (the layout of the freedesktop icon theme, so a Linux install copies the
  `hicolor` folder as it is);
- `packaging/roundkeeper.ico` (Windows: every size, as PNGs inside the .ico);
- `packaging/roundkeeper.icns` (macOS: 16 to 512 px, as PNGs inside the .icns);
- `tracker/assets/icons/actions/<name>-<N>.png` for N in 16, 24, 32, 48: each action
  icon's SVG as a mask (its shape in black), which `tracker.qt.appearance` tints in the
  scheme's ink at the sizes menus and toolbars ask for, so the first window needs no
  SVG renderer (QtSvg: 1 MiB of the start-up); other sizes are drawn from the SVG.

The SVG is drawn by QtSvg, offscreen; nothing else is needed.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "tracker" / "assets" / "icons"
SVG = ICONS / "roundkeeper.svg"
SIZES = (16, 32, 48, 64, 128, 256)
APP_ID = "io.github.roundkeeper.Roundkeeper"  # the icon is named after the app id
ICO = ROOT / "packaging" / "roundkeeper.ico"
ICNS = ROOT / "packaging" / "roundkeeper.icns"
# The .icns types that hold a PNG of a size.
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}


ACTIONS = ICONS / "actions"
MASK_SIZES = (16, 24, 32, 48)


def png_path(size: int) -> Path:
    return ICONS / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"


def mask_path(name: str, size: int) -> Path:
    return ACTIONS / f"{name}-{size}.png"


def render(size: int, svg: Path = SVG) -> bytes:
    """The SVG drawn at `size` × `size` pixels, as PNG bytes."""
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"Cannot read {svg}")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows icon holding each PNG as it is (Windows Vista and later read them)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, images = b"", b""
    for size, png in sorted(pngs.items()):
        side = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset)
        images += png
        offset += len(png)
    return header + entries + images


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS icon holding each PNG under the type of its size."""
    body = b"".join(
        ICNS_TYPES[size] + struct.pack(">I", 8 + len(png)) + png
        for size, png in sorted(pngs.items())
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def made() -> dict[Path, bytes]:
    """Every file this script writes, by path, with its content."""
    pngs = {size: render(size) for size in (*SIZES, 512)}
    files = {png_path(size): pngs[size] for size in SIZES}
    files[ICO] = ico({size: pngs[size] for size in SIZES})
    files[ICNS] = icns({size: pngs[size] for size in ICNS_TYPES})
    for svg in sorted(ACTIONS.glob("*.svg")):
        for size in MASK_SIZES:
            files[mask_path(svg.stem, size)] = render(size, svg)
    return files


def main() -> None:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    for path, content in made().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
        print(f"wrote {path.relative_to(ROOT)}")
    del app


if __name__ == "__main__":
    main()
