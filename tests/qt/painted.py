"""What a widget actually paints, as text: every text item drawn, with its font's pixel
size, caught by a paint engine that records instead of drawing (`painted_texts`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtGui import QPaintDevice, QPaintEngine
from PySide6.QtWidgets import QWidget

DPI = 96


@dataclass(frozen=True)
class PaintedText:
    text: str
    pixels: float  # the font's pixel size as drawn


class _Recorder(QPaintEngine):
    def __init__(self) -> None:
        super().__init__(QPaintEngine.PaintEngineFeature.AllFeatures)
        self.texts: list[PaintedText] = []

    def begin(self, device: Any) -> bool:
        return True

    def end(self) -> bool:
        return True

    def updateState(self, state: Any) -> None:
        pass

    def drawPixmap(self, *args: Any) -> None:
        pass

    def drawPolygon(self, *args: Any) -> None:
        pass

    def drawRects(self, *args: Any) -> None:
        pass

    def drawPath(self, *args: Any) -> None:
        pass

    def drawTextItem(self, position: Any, item: Any) -> None:
        font = item.font()
        pixels = font.pixelSize() if font.pixelSize() > 0 else font.pointSizeF() * DPI / 72
        self.texts.append(PaintedText(item.text(), pixels))

    def type(self) -> QPaintEngine.Type:
        return QPaintEngine.Type.User


class _Device(QPaintDevice):
    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.engine = _Recorder()
        self.size = (width, height)

    def paintEngine(self) -> QPaintEngine:
        return self.engine

    def metric(self, metric: QPaintDevice.PaintDeviceMetric) -> int:
        m = QPaintDevice.PaintDeviceMetric
        values = {
            m.PdmWidth: self.size[0],
            m.PdmHeight: self.size[1],
            m.PdmWidthMM: self.size[0] * 254 // (DPI * 10),
            m.PdmHeightMM: self.size[1] * 254 // (DPI * 10),
            m.PdmDpiX: DPI,
            m.PdmDpiY: DPI,
            m.PdmPhysicalDpiX: DPI,
            m.PdmPhysicalDpiY: DPI,
            m.PdmDepth: 32,
            m.PdmDevicePixelRatio: 1,
            m.PdmDevicePixelRatioScaled: 1,
        }
        return values.get(metric, 0)


def painted_texts(widget: QWidget) -> list[PaintedText]:
    """Every non-blank text the widget and its children paint, in the order drawn."""
    device = _Device(widget.width(), widget.height())
    widget.render(device)
    return [t for t in device.engine.texts if t.text.strip()]
