"""Check boxes and radio buttons show their edge in the dark scheme (Fusion's vanished
into the dark window), measured on the drawn pixels; the light scheme draws them as
Fusion does; and every check box, radio button and menu of the window and its dialogs
is drawn so."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QImage, QPalette
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QCheckBox,
    QMenu,
    QMenuBar,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QWidget,
)

from tests.qt.contrast import ratio
from tracker.engine import Session
from tracker.qt.appearance import appearance, dark_palette
from tracker.qt.dialogs.new_encounter import NewEncounterDialog
from tracker.qt.dialogs.options_dialog import OptionsDialog
from tracker.qt.dialogs.secret_fields_dialog import SecretFieldsDialog
from tracker.qt.document import EncounterDocument
from tracker.qt.indicator_style import OutlinedIndicators, outlined
from tracker.qt.main_window import MainWindow
from tracker.qt.players.screen_dialog import PlayersScreenDialog
from tracker.qt.players.settings import PlayersScreenSettings
from tracker.qt.widget_style import style_of

Kind = Callable[[], QAbstractButton]
KINDS: dict[str, tuple[Kind, QStyle.SubElement]] = {
    "check box": (QCheckBox, QStyle.SubElement.SE_CheckBoxIndicator),
    "radio button": (QRadioButton, QStyle.SubElement.SE_RadioButtonIndicator),
}


@pytest.fixture
def dark() -> Iterator[None]:
    appearance().choose("dark")
    yield
    appearance().choose("system")


def drawn(qtbot, kind: str, outline: bool) -> tuple[QImage, QRect]:
    """The button grabbed (unchecked, enabled) and its indicator's place in it."""
    make, element = KINDS[kind]
    button = make()
    button.setText("Hidden from players")
    if outline:
        outlined(button)
    qtbot.addWidget(button)
    button.resize(button.sizeHint())
    option = QStyleOptionButton()
    option.initFrom(button)
    indicator = style_of(button).subElementRect(element, option, button)
    return button.grab().toImage(), indicator


def edge_contrast(image: QImage, indicator: QRect, window: int) -> float:
    """The best contrast against the window of the pixels on the indicator's left half
    of its middle line, where its edge crosses it (antialiased for a circle)."""
    middle = indicator.center().y()
    xs = range(indicator.left(), indicator.center().x())
    return max(ratio(image.pixel(QPoint(x, middle)) & 0xFFFFFF, window) for x in xs)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_in_the_dark_the_edge_stands_out_from_the_window(qtbot, dark, kind):
    window = dark_palette().color(QPalette.ColorRole.Window).rgb() & 0xFFFFFF
    fusion = edge_contrast(*drawn(qtbot, kind, outline=False), window)
    ours = edge_contrast(*drawn(qtbot, kind, outline=True), window)
    assert fusion < 1.5  # what the GM saw: the box barely told from the window
    assert ours >= 3.0  # WCAG's least for a control's edge


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_in_the_light_fusion_draws_them_as_it_did(qtbot, kind):
    appearance().choose("light")
    try:
        fusion, _ = drawn(qtbot, kind, outline=False)
        ours, _ = drawn(qtbot, kind, outline=True)
    finally:
        appearance().choose("system")
    assert ours == fusion


def not_outlined(top: QWidget) -> list[str]:
    found = [top, *top.findChildren(QWidget)]
    return [
        f"{type(w).__name__} {w.objectName()!r}"
        for w in found
        if isinstance(w, QCheckBox | QRadioButton | QMenu)
        and not isinstance(style_of(w), OutlinedIndicators)
        and not _overflow(w)
    ]


def _overflow(widget: QWidget) -> bool:
    """The menu bar's own menu of the titles it has no room for (Qt makes it when the
    bar is narrow): its items are the title menus themselves, outlined."""
    return (
        isinstance(widget, QMenu) and isinstance(widget.parent(), QMenuBar) and not widget.title()
    )


def test_every_check_box_and_menu_of_the_window_is_outlined(window: MainWindow):
    window.complete()
    assert window.findChildren(QCheckBox) and window.findChildren(QMenu)
    assert not_outlined(window) == []
    popup = window.createPopupMenu()  # a right click on the panes or the toolbar
    assert popup is not None and isinstance(style_of(popup), OutlinedIndicators)
    popup.deleteLater()


def test_every_check_box_and_radio_button_of_the_dialogs_is_outlined(qtbot):
    priority = EncounterDocument(Session.new("Options", "priority"))
    dialogs: list[QWidget] = [
        OptionsDialog(priority),
        SecretFieldsDialog(priority),
        NewEncounterDialog(),
        PlayersScreenDialog(PlayersScreenSettings(), QApplication.primaryScreen()),
    ]
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        assert dialog.findChildren(QCheckBox) or dialog.findChildren(QRadioButton)
        assert not_outlined(dialog) == [], type(dialog).__name__
