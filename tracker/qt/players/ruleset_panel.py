"""The frame every ruleset's players' panel is built in, written once: `RulesetPanel`
(its name, a caption on top, the board's scale and height, a fixed height it asks for)
and `ListPanel`, which ends in a list of rows fitted to the panel's share of the board
and refreshed with each change of what the players may see."""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from tracker.qt.document import EncounterDocument
from tracker.qt.players.now_panel import FitLabel, caption_label
from tracker.qt.players.panel_parts import FittedRows, panel_room, room_left
from tracker.qt.players.public_state import PublicState
from tracker.qt.players.themes import Theme
from tracker.qt.ruleset_ui import PlayersPanel


class RulesetPanel(PlayersPanel):
    """A panel named `name` (its object name) with `caption` on top; a subclass adds its
    parts to `self._layout` and sizes them in `_size_body`, called on every `fit`."""

    def __init__(
        self,
        name: str,
        caption: str,
        document: EncounterDocument,
        public: PublicState,
        theme: Theme,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.document, self.public, self.theme = document, public, theme
        self.scale, self.board_height = 1.0, 0
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addWidget(caption_label(caption))

    def fit(self, board_height: int) -> None:
        self.board_height = board_height
        self._size_body()

    def _size_body(self, *_args: object) -> None:
        """Size the panel's parts for `board_height` at `scale` (nothing by default)."""

    def label_texts(self) -> list[str]:
        """The texts of the labels shown (in full, also where a label shortens one)."""
        return [
            label.full_text() if isinstance(label, FitLabel) else label.text()
            for label in self.findChildren(QLabel)
            if label.isVisibleTo(self)
        ]


class ListPanel(RulesetPanel):
    """A `RulesetPanel` ending in a list (`add_rows`, last): rows `row_px` tall at 1080p,
    shortened or paged to the room the rest of the panel leaves; `refresh` runs once the
    list is added and whenever what the players may see changes."""

    row_px: ClassVar[int] = 66

    def add_rows(self, rows: FittedRows) -> None:
        """Add the list; call last in the subclass's `__init__` (after its proxies
        follow `public`, so it refreshes from rows already filtered)."""
        self.rows = rows
        self.list_view, self.nothing = rows.view, rows.empty
        self._layout.addWidget(rows)
        model = rows.model
        for signal in (model.rowsInserted, model.rowsRemoved, model.modelReset):
            signal.connect(self._size_body)
        self.public.updated.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Show what the players may see now (a subclass shows its own parts, then
        calls this to size the list)."""
        self._size_body()

    def _size_body(self, *_args: object) -> None:
        room = room_left(panel_room(self.board_height, self.scale), self._layout, self.rows)
        self.rows.fit(room, self.row_px, self.scale)
