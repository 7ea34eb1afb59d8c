"""Light or dark: Roundkeeper follows the system's colour scheme (or the GM's choice in
View → Appearance), and its icons are drawn in the scheme's own ink.

The GM's window uses the Fusion style with a palette for the scheme, so it looks the
same on every desktop; colours of our own (the turn's highlight, banners, prompts) come
from `tracker.qt.palette` for the scheme in force."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QObject, QRect, QRectF, QSettings, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QBrush,
    QColor,
    QGuiApplication,
    QIcon,
    QIconEngine,
    QImage,
    QPainter,
    QPalette,
    QPixmap,
)
from PySide6.QtWidgets import QApplication, QWidget

if TYPE_CHECKING:
    from PySide6.QtSvg import QSvgRenderer

SCHEME_KEY = "appearance/scheme"
SCHEMES = ("system", "light", "dark")
IconName = str
LIGHT_MUTED = "#5c5f66"  # muted text in the light scheme: 6:1 on white
LIGHT_HIGHLIGHT = "#2a6fb8"  # a selection, white on it at 5:1 (Fusion's is 3.7:1)


ACTIONS = files("tracker") / "assets" / "icons" / "actions"
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
                painter.fillRect(pixmap.rect(), self._inks[disabled])
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
        if app.style().name().lower() != "fusion":  # often it already is: no re-polish
            app.setStyle("Fusion")
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


def appearance() -> Appearance:
    """The application's one `Appearance` (made on first use)."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    found = app.findChild(Appearance)
    if found is None:
        from tracker.qt.players.settings import settings_store

        found = Appearance(app, settings_store)
    return found


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
