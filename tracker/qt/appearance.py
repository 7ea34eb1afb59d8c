"""Light or dark: Roundkeeper follows the system's colour scheme (or the GM's choice in
View → Appearance); its action icons, drawn in the scheme's own ink, are in
`tracker.qt.action_icons`.

The GM's window uses the Fusion style with a palette for the scheme, so it looks the
same on every desktop; colours of our own (the turn's highlight, banners, prompts) come
from `tracker.qt.palette` for the scheme in force."""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from tracker.qt.banded_style import BandedFusion

SCHEME_KEY = "appearance/scheme"
SCHEMES = ("system", "light", "dark")
LIGHT_MUTED = "#5c5f66"  # muted text in the light scheme: 6:1 on white
LIGHT_HIGHLIGHT = "#2a6fb8"  # a selection, white on it at 5:1 (Fusion's is 3.7:1)


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def muted_brush() -> QBrush:
    """The scheme's muted text (a hidden or defeated combatant's row), readable on the
    lists' base."""
    return QApplication.palette().brush(QPalette.ColorRole.PlaceholderText)


def dark_palette() -> QPalette:
    """Fusion's colours for a dark scheme: readable text, a clear selection."""
    palette = QPalette()
    roles = QPalette.ColorRole
    colors = {
        roles.Window: "#2b2d31",
        roles.WindowText: "#e8e8ea",
        roles.Base: "#1f2023",
        roles.AlternateBase: "#2b2d31",
        roles.ToolTipBase: "#3a3c42",
        roles.ToolTipText: "#f0f0f0",
        roles.PlaceholderText: "#a0a3aa",
        roles.Text: "#e8e8ea",
        roles.Button: "#363940",
        roles.ButtonText: "#e8e8ea",
        roles.BrightText: "#ff6b6b",
        roles.Light: "#4a4d55",
        roles.Midlight: "#40434a",
        roles.Mid: "#30333a",
        roles.Dark: "#1a1b1e",
        roles.Shadow: "#000000",
        roles.Highlight: "#2f6bc9",  # white on it: 5:1
        roles.HighlightedText: "#ffffff",
        roles.Link: "#7fb0ff",
        roles.LinkVisited: "#b79cff",
    }
    for role, color in colors.items():
        palette.setColor(role, QColor(color))
    for role in (roles.Text, roles.WindowText, roles.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7c7f86"))
    return palette


def light_palette(standard: QPalette) -> QPalette:
    """Fusion's light colours, with a muted text (placeholders, second lines, defeated
    combatants) dark enough to read: Fusion's half-transparent black is 4:1 on white;
    and a selection deep enough for its white text."""
    palette = QPalette(standard)
    palette.setColor(QPalette.ColorRole.PlaceholderText, QColor(LIGHT_MUTED))
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        palette.setColor(group, QPalette.ColorRole.Highlight, QColor(LIGHT_HIGHLIGHT))
    return palette


def restyle_all() -> None:
    """Every widget with a style sheet of its own takes the application's palette
    again: Qt keeps the palette such a widget had when its sheet was applied (its text
    stayed black on the dark window, its list white), and `palette(…)` colours in a
    sheet are read when it is applied. A widget inside one given a palette of its own
    (a light page kept in the dark) is left as it is: a sheet would give it the
    application's."""
    for widget in QApplication.allWidgets():
        sheet = widget.styleSheet()
        if sheet and not _inside_own_palette(widget):
            widget.setStyleSheet(sheet)


def _inside_own_palette(widget: QWidget) -> bool:
    parent = widget.parentWidget()
    while parent is not None:
        if parent.testAttribute(Qt.WidgetAttribute.WA_SetPalette):
            return True
        parent = parent.parentWidget()
    return False


class Appearance(QObject):
    """Applies the scheme to the application and tells whoever draws with colours of
    its own (`changed`) when it changes: the system switched, or the GM chose."""

    changed = Signal()

    def __init__(self, app: QApplication, store: Callable[[], QSettings]) -> None:
        """`store` opens the settings file (asked each time: its folder may change)."""
        super().__init__(app)
        self._app = app
        self._store = store
        self._light = QPalette()
        if not isinstance(app.style(), BandedFusion):  # Fusion (`banded_style`)
            app.setStyle(BandedFusion())
        self._light = light_palette(app.style().standardPalette())
        hints = QGuiApplication.styleHints()
        self._system = hints.colorScheme()  # as the platform last told it
        hints.colorSchemeChanged.connect(self._on_system_changed)
        self.apply()

    @property
    def choice(self) -> str:
        value = str(self._store().value(SCHEME_KEY, "system"))
        return value if value in SCHEMES else "system"

    def choose(self, scheme: str) -> None:
        if scheme not in SCHEMES:
            raise ValueError(scheme)
        self._store().setValue(SCHEME_KEY, scheme)
        self.apply()

    @property
    def dark(self) -> bool:
        if self.choice != "system":
            return self.choice == "dark"
        return self._system == Qt.ColorScheme.Dark

    def apply(self) -> None:
        self._app.setPalette(dark_palette() if self.dark else self._light)
        self.changed.emit()  # palettes and sheets of their own first
        restyle_all()

    def _on_system_changed(self, scheme: Qt.ColorScheme) -> None:
        self._system = scheme
        if self.choice == "system":
            self.apply()


_made: list[Appearance] = []  # the last one made, while its application lives


def appearance() -> Appearance:
    """The application's one `Appearance` (made on first use). Kept here, not looked
    for among the application's children: a `findChild` over them hands Python the
    session manager and the event dispatcher, loading their classes before the first
    frame."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    if _made and shiboken6.isValid(_made[0]) and _made[0].parent() is app:
        return _made[0]
    from tracker.qt.settings_file import settings_store

    _made[:] = [Appearance(app, settings_store)]
    return _made[0]
