"""Panels that float over the edge of another widget instead of taking a place in its
layout, so that a message or a question appearing never moves what the GM is looking
at (the banner over the top of the central view, the prompt over its bottom)."""

from __future__ import annotations

from enum import Enum

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

MARGIN = 8  # between the panel and the host's edges, in pixels
# The panel's content changed: a new row (polished as it is added) or a new layout.
PANEL_CHANGES = (QEvent.Type.LayoutRequest, QEvent.Type.ChildPolished)


class Edge(Enum):
    TOP = "top"
    BOTTOM = "bottom"


class Overlay(QObject):
    """Keeps `panel` along one edge of `host`, in a frame of its own that floats over
    the host: as wide as the host less a margin, as tall as the panel wants up to
    `max_share` of the host's height (beyond that it scrolls). The frame shows while
    the panel is shown, and follows the host's resizes and the panel's content."""

    def __init__(self, panel: QWidget, host: QWidget, edge: Edge, max_share: float) -> None:
        super().__init__(panel)
        self.panel = panel
        self.host = host
        self.edge = edge
        self.max_share = max_share
        shown = not panel.isHidden()
        name = f"{panel.objectName() or 'panel'}_overlay"
        # The frame sits on a layer that is always shown, as large as the frame (empty
        # while it is hidden): a child of the host coming or going would lay the host out,
        # and the whole window with it; a child of the layer lays nothing out.
        self.layer = QWidget(host)
        self.layer.setObjectName(f"{name}_layer")
        # Opaque (it fills its background; the frame covers all of it): what repaints
        # within the frame repaints alone. Transparent, a change of the frame's scroll
        # bar (a prompt of another height) repainted the host's widgets under its strip.
        self.layer.setAutoFillBackground(True)
        self.frame = QScrollArea(self.layer)
        self.frame.setObjectName(name)
        self.frame.setFrameShape(QFrame.Shape.NoFrame)
        self.frame.setWidgetResizable(False)  # the panel keeps its height; the frame scrolls
        self.frame.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.frame.setWidget(panel)
        panel.setVisible(shown)
        self.frame.setVisible(shown)
        host.installEventFilter(self)
        panel.installEventFilter(self)
        self.place()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self.panel and kind in (QEvent.Type.ShowToParent, QEvent.Type.HideToParent):
            self.frame.setVisible(kind == QEvent.Type.ShowToParent)
            self.place()
        elif (watched is self.host and kind == QEvent.Type.Resize) or (
            watched is self.panel and kind in PANEL_CHANGES
        ):
            self.place()
        return False

    def place(self) -> None:
        host, panel = self.host, self.panel
        layout = panel.layout()
        if layout is not None:
            layout.activate()  # sizes known now, not at the next event loop pass
        width = max(0, host.width() - 2 * MARGIN)
        room = int(host.height() * self.max_share)
        wanted = self._height_for(width)
        if wanted > room:  # it scrolls: the scroll bar takes some of the width
            inner = width - self.frame.verticalScrollBar().sizeHint().width()
            wanted = self._height_for(inner)
        else:
            inner = width
        panel.resize(inner, wanted)
        height = max(0, min(wanted, room))
        top = MARGIN if self.edge is Edge.TOP else host.height() - height - MARGIN
        self.frame.setGeometry(0, 0, width, height)
        if self.frame.isHidden():
            self.layer.setGeometry(0, 0, 0, 0)  # nothing to show, nothing to catch clicks
        else:
            self.layer.setGeometry(MARGIN, max(0, top), width, height)
        siblings = host.children()
        if siblings and siblings[-1] is not self.layer:  # raising repaints it: only if under
            self.layer.raise_()

    def _height_for(self, width: int) -> int:
        """The panel's height at `width`: its lines wrapped at that width (its size hint
        is its height at its own preferred width, narrower and taller: a blank band
        would open between its lines, wider or narrower with the length of its title)."""
        panel = self.panel
        if panel.hasHeightForWidth():
            wanted = panel.heightForWidth(width)
        else:
            wanted = panel.sizeHint().height()
        return max(wanted, panel.minimumSizeHint().height())
