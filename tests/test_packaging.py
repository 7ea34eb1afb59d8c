"""What the bundle is made of stays consistent with the package: the icons are the
SVG's, and the PyInstaller spec leaves out no Qt module Roundkeeper uses (the desktop
entry's and the AppStream file's names: tests/test_release.py). CI builds the bundle and
runs its --self-test, and runs desktop-file-validate and appstreamcli validate."""

from __future__ import annotations

import ast
import importlib.util
import re
import struct
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tracker.qt.action_icons import MASK_SIZES
from tracker.qt.app_icon import SIZES, application_icon, icon_path

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
METAINFO = PACKAGING / "io.github.tracker.Roundkeeper.metainfo.xml"


def _make_icons_module():
    spec = importlib.util.spec_from_file_location("make_icons", ROOT / "resources/make_icons.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _difference(one: QImage, other: QImage) -> float:
    """Mean difference of the two images' channels, 0 to 255."""
    one = one.convertToFormat(QImage.Format.Format_ARGB32)
    other = other.convertToFormat(QImage.Format.Format_ARGB32)
    assert one.size() == other.size()
    first, second = bytes(one.constBits()), bytes(other.constBits())
    return sum(abs(a - b) for a, b in zip(first, second, strict=True)) / len(first)


@pytest.mark.parametrize("size", SIZES)
def test_the_committed_pngs_are_the_svg_rendered(qapp, size):
    script = _make_icons_module()
    committed = QImage(str(icon_path(size)))
    assert committed.width() == committed.height() == size
    fresh = QImage.fromData(script.render(size), "PNG")
    assert _difference(committed, fresh) < 1.0, "run resources/make_icons.py"


def test_the_committed_action_masks_are_their_svgs_rendered(qapp):
    script = _make_icons_module()
    svgs = sorted(script.ACTIONS.glob("*.svg"))
    assert svgs and script.MASK_SIZES == MASK_SIZES  # the sizes the app looks for
    for svg in svgs:
        for size in script.MASK_SIZES:
            committed = QImage(str(script.mask_path(svg.stem, size)))
            fresh = QImage.fromData(script.render(size, svg), "PNG")
            assert _difference(committed, fresh) < 1.0, "run resources/make_icons.py"


def test_the_application_icon_has_every_size(qapp):
    icon = application_icon()
    assert sorted(s.width() for s in icon.availableSizes()) == list(SIZES)
    assert not icon.pixmap(16, 16).isNull()


def test_the_windows_icon_holds_every_png_size():
    data = (PACKAGING / "roundkeeper.ico").read_bytes()
    _, kind, count = struct.unpack_from("<HHH", data)
    assert (kind, count) == (1, len(SIZES))
    for number, size in enumerate(SIZES):
        side, *_, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * number)
        assert (side or 256) == size
        assert data[offset : offset + length] == icon_path(size).read_bytes()


def test_the_macos_icon_holds_pngs_up_to_512():
    data = (PACKAGING / "roundkeeper.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack_from(">I", data, 4)[0] == len(data)
    kinds, position = [], 8
    while position < len(data):
        kind, length = (
            data[position : position + 4],
            struct.unpack_from(">I", data, position + 4)[0],
        )
        assert data[position + 8 : position + 16] == b"\x89PNG\r\n\x1a\n"
        kinds.append(kind)
        position += length
    assert kinds == [b"icp4", b"icp5", b"icp6", b"ic07", b"ic08", b"ic09"]
    assert position == len(data)


def _qt_modules_imported_by_tracker() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "tracker").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            found |= {name.split(".")[1] for name in names if name.startswith("PySide6.")}
    return found


def test_the_spec_leaves_out_no_qt_module_tracker_uses():
    spec = (PACKAGING / "roundkeeper.spec").read_text(encoding="utf-8")
    block = spec[spec.index("UNUSED = [") : spec.index("] + [")]
    excluded = set(re.findall(r"\b(Qt\w+)\b", block))
    used = _qt_modules_imported_by_tracker()
    assert {"QtCore", "QtGui", "QtWidgets", "QtPrintSupport"} <= used
    assert "QtWebEngineCore" in excluded and "QtQuick" in excluded
    assert used & excluded == set()
