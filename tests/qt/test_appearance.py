"""Light or dark: the GM's window follows the system's scheme or the GM's choice, with
its icons, messages and prompts redrawn for it; every resource shows on the row."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from tests.qt.conftest import EventCounter, by_name
from tracker.engine import RulesetAction, StartEncounter
from tracker.engine.session import Session
from tracker.qt import action_icons
from tracker.qt.app import sample_session
from tracker.qt.appearance import appearance, is_dark
from tracker.qt.main_menus import ICONS
from tracker.qt.main_window import MainWindow
from tracker.qt.ruleset_ui import ui_for
from tracker.qt.settings_file import settings_store
from tracker.qt.views.roster_delegate import resources_line


@pytest.fixture(autouse=True)
def light_again():
    yield
    appearance().choose("system")


def icon_ink(window, name: str):
    image = window.actions_by_name[name].icon().pixmap(24, 24).toImage()
    inked = [
        image.pixelColor(x, y)
        for x in range(24)
        for y in range(24)
        if image.pixelColor(x, y).alpha() == 255
    ]
    assert inked, f"the {name} icon is empty"
    return sum(c.lightness() for c in inked) / len(inked)


def test_the_gm_chooses_dark_and_everything_with_its_own_colours_follows(window):
    assert not is_dark(QApplication.palette())
    light_ink = icon_ink(window, "undo")
    window._on_refused("Nothing to undo.", "")
    light_banner = window.banner.styleSheet()
    window.actions_by_name["scheme_dark"].trigger()
    assert is_dark(QApplication.palette())
    assert icon_ink(window, "undo") > light_ink + 100  # light ink on a dark toolbar
    assert window.banner.styleSheet() != light_banner
    assert window.prompt_panel.colours.background.name() == "#14294a"  # the dark prompt's
    assert settings_store().value("appearance/scheme") == "dark"  # kept for next time
    window.actions_by_name["scheme_light"].trigger()
    assert not is_dark(QApplication.palette())
    assert window.banner.styleSheet() == light_banner


def test_a_disabled_action_shows_its_icon_in_the_disabled_ink(window):
    from PySide6.QtGui import QIcon

    def ink(mode: QIcon.Mode) -> str:
        image = window.actions_by_name["undo"].icon().pixmap(24, 24, mode).toImage()
        inked = {
            image.pixelColor(x, y).name()
            for x in range(24)
            for y in range(24)
            if image.pixelColor(x, y).alpha() == 255
        }
        assert len(inked) == 1, inked
        return inked.pop()

    palette = QApplication.palette()
    role = QPalette.ColorRole.ButtonText
    assert ink(QIcon.Mode.Normal) == palette.color(role).name()
    assert ink(QIcon.Mode.Disabled) == palette.color(QPalette.ColorGroup.Disabled, role).name()


def test_as_the_system_follows_the_system_scheme(window):
    hints = QApplication.styleHints()
    appearance().choose("system")
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)  # as a desktop switching to dark
    assert is_dark(QApplication.palette())
    assert icon_ink(window, "undo") > 128
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
    assert not is_dark(QApplication.palette())
    appearance().choose("dark")  # the GM's own choice wins over the system's
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
    assert is_dark(QApplication.palette())
    hints.colorSchemeChanged.emit(hints.colorScheme())


def test_a_page_view_keeps_a_light_page_in_the_dark(window, monkeypatch):
    """A ruleset view that paints a light page of its own says so, and keeps it."""
    ui = type(ui_for(window.document.ruleset))
    monkeypatch.setattr(ui, "follows_dark_scheme", False)
    appearance().choose("dark")
    page = window.central_view.palette().color(QPalette.ColorRole.Base)
    assert page.lightness() > 200


def test_the_stand_ready_reserve_shows_on_the_combatants_row(window):
    document = window.document
    document.apply(StartEncounter())
    acting = document.session.current_turn().combatant_id
    document.apply(RulesetAction("stand_ready", acting, {}))
    row = window.roster_model.row_of(acting)
    line = resources_line(window.roster_model.index(row, 0))
    assert "Reserve" in line, line
    name = document.encounter.combatant(acting).name
    assert by_name(document, name).id == acting


@pytest.mark.parametrize("size", [16, 24, 20, 64])
def test_an_action_icon_looks_the_same_from_its_mask_as_from_its_svg(qapp, size):
    """Menus' and toolbars' sizes come from tinted masks (no SVG renderer at start-up),
    other sizes from the SVG: both draw the same shape in the same ink."""
    from PySide6.QtCore import QByteArray
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    from tracker.qt.action_icons import ACTIONS, icon

    ink = QColor("#2060c0")
    drawn = icon("undo", ink).pixmap(size, size).toImage()
    text = (ACTIONS / "undo.svg").read_text(encoding="utf-8").replace("currentColor", ink.name())
    expected = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    expected.fill(Qt.GlobalColor.transparent)
    painter = QPainter(expected)
    QSvgRenderer(QByteArray(text.encode())).render(painter)
    painter.end()
    one = drawn.convertToFormat(QImage.Format.Format_ARGB32)
    other = expected.convertToFormat(QImage.Format.Format_ARGB32)
    first, second = bytes(one.constBits()), bytes(other.constBits())
    assert sum(abs(a - b) for a, b in zip(first, second, strict=True)) / len(first) < 2.0
    assert any(first)  # something was drawn


def _first_frame(qtbot, tmp_path, session: Session) -> MainWindow:
    window = MainWindow(session, None, tmp_path / "journal", first_frame_only=True)
    qtbot.addWidget(window)
    return window


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_rest_of_the_window_draws_each_icon_once_in_the_schemes_ink(
    qtbot, tmp_path, monkeypatch, scheme
):
    # The menus' icons are made in the scheme's ink: not made again for the scheme,
    # nor the fight view's palette set again (it repainted the view), as the rest of
    # the window is built after the first frame, unless the scheme changed since.
    appearance().choose(scheme)
    made: list[str] = []
    real = action_icons.icon

    def counted(name: str, *args, **kwargs):
        made.append(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(action_icons, "icon", counted)
    window = _first_frame(qtbot, tmp_path, sample_session())
    changes = EventCounter(QEvent.Type.PaletteChange)
    window.central_view.installEventFilter(changes)
    window.complete()
    assert sorted(made) == sorted(ICONS.values())
    assert changes.count == 0
    assert (icon_ink(window, "undo") > 128) == (scheme == "dark")
    # The scheme changed between the first frame and the rest: dressed for it then.
    other = _first_frame(qtbot, tmp_path, sample_session())
    appearance().choose("light" if scheme == "dark" else "dark")
    other.complete()
    assert other.dressed_dark == appearance().dark
    assert (icon_ink(other, "undo") > 128) == (scheme != "dark")
