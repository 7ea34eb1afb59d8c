"""The small dialog the GM opens the players' screen with: which screen, full screen or
not, dark or light, and how much of each side's health the players see."""

from __future__ import annotations

from PySide6.QtGui import QScreen
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QWidget,
)

from tracker.engine.state import SIDES
from tracker.qt.indicator_style import outlined
from tracker.qt.players.screens import (
    available_screens,
    can_be_full_screen,
    default_screen,
    describe,
    resolve_screen,
    screen_key,
)
from tracker.qt.players.settings import THEME_NAMES, PlayersScreenSettings
from tracker.qt.players.visibility import HEALTH_MODES
from tracker.qt.reading_order import ReadingOrder

THEME_LABELS = {"system": "As the GM's window (light or dark)"}
HEALTH_LABELS = {
    "exact": "The number (e.g. Hits 5/12)",
    "band": "A band: hurt, bloodied, down",
    "nothing": "Nothing",
}
SIDE_LABELS = {"party": "Party", "ally": "Allies", "enemy": "Enemies", "neutral": "Neutral"}

ONE_SCREEN_NOTE = (
    "Only one screen is connected: the players' screen opens as a window you can drag "
    "onto a projector or TV once one is connected."
)


class PlayersScreenDialog(QDialog):
    def __init__(
        self,
        settings: PlayersScreenSettings,
        gm_screen: QScreen | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Players' screen")
        self._settings = settings
        self._gm_screen = gm_screen
        layout = QFormLayout(self)
        self.screen_combo = QComboBox()
        self.screen_combo.setObjectName("players_screen_choice")
        for screen in available_screens():
            self.screen_combo.addItem(describe(screen, gm_screen), screen_key(screen))
        chosen = resolve_screen(settings.screen, gm_screen)
        if chosen is not None and chosen == gm_screen:
            chosen = default_screen(gm_screen)  # the players' own screen, if there is one
        if chosen is not None:
            found = self.screen_combo.findData(screen_key(chosen))
            self.screen_combo.setCurrentIndex(max(0, found))
        self.fullscreen_check = outlined(QCheckBox("Full screen"))
        self.fullscreen_check.setObjectName("players_fullscreen")
        self.fullscreen_check.setChecked(settings.fullscreen)
        self.theme_combo = QComboBox()
        self.theme_combo.setObjectName("players_theme")
        for name in THEME_NAMES:
            self.theme_combo.addItem(THEME_LABELS.get(name, name.capitalize()), name)
        self.theme_combo.setCurrentIndex(max(0, self.theme_combo.findData(settings.theme)))
        self.note = QLabel(ONE_SCREEN_NOTE)
        self.note.setWordWrap(True)
        layout.addRow("Screen:", self.screen_combo)
        layout.addRow("", self.fullscreen_check)
        layout.addRow("Theme:", self.theme_combo)
        layout.addRow(self.note)
        heading = QLabel("<b>Health the players see</b> (secret fields show as a band)")
        heading.setWordWrap(True)
        layout.addRow(heading)
        self.health_combos: dict[str, QComboBox] = {}
        for side in SIDES:
            combo = QComboBox()
            combo.setObjectName(f"players_health_{side}")
            for mode in HEALTH_MODES:
                combo.addItem(HEALTH_LABELS[mode], mode)
            combo.setCurrentIndex(max(0, combo.findData(settings.health_for(side))))
            self.health_combos[side] = combo
            layout.addRow(f"{SIDE_LABELS[side]}:", combo)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Show")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addRow(buttons)
        self.screen_combo.currentIndexChanged.connect(self._update_fullscreen)
        self._update_fullscreen()
        self.setMinimumWidth(460)
        self._reading_order = ReadingOrder(self)

    def _chosen_screen(self) -> QScreen | None:
        return resolve_screen(str(self.screen_combo.currentData() or ""), self._gm_screen)

    def _update_fullscreen(self, *_args: object) -> None:
        allowed = can_be_full_screen(self._chosen_screen(), self._gm_screen)
        self.fullscreen_check.setEnabled(allowed)
        self.note.setVisible(len(available_screens()) < 2)
        self.fullscreen_check.setToolTip(
            "" if allowed else "Full screen needs a screen of the players' own."
        )

    def settings(self) -> PlayersScreenSettings:
        """The choices as they stand in the dialog (full screen kept as the GM left it,
        even where it cannot apply, so it comes back with a second screen)."""
        return self._settings.with_changes(
            screen=str(self.screen_combo.currentData() or ""),
            fullscreen=self.fullscreen_check.isChecked(),
            theme=str(self.theme_combo.currentData()),
            health=tuple(str(self.health_combos[side].currentData()) for side in SIDES),
        )
