"""The table's palette, drawing order and the Layer every terrain look is made of.

Colours follow a printed battle map: greens and earths for ground, blues for
water, terracotta roofs, stone greys.  Every length is in table inches, so a
pen drawn 0.5" wide is half an inch of table at every zoom.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen

from desktop.scenario.vocabulary import TerrainType

# --- the cloth -----------------------------------------------------------------

TABLE_CLOTH: Final = QColor("#a7b87f")
TABLE_CLOTH_DARK: Final = QColor("#97aa70")
TABLE_EDGE: Final = QColor("#5b4630")
OFF_TABLE: Final = QColor("#2d2f33")
INK: Final = QColor("#1d1d1b")
LABEL_INK: Final = QColor("#2b2a26")
PAPER: Final = QColor("#fbf8f0")

# --- drawing order: what lies on what --------------------------------------------

Z_TERRAIN: Final[dict[TerrainType, float]] = {
    TerrainType.CROPS: 1.0,
    TerrainType.DIFFICULT: 1.2,
    TerrainType.MARSH: 1.4,
    TerrainType.HILL: 2.0,  # plus a little per height level, so higher hills lie on lower
    TerrainType.RIDGE: 2.8,
    TerrainType.LAKE: 3.0,
    TerrainType.RIVER: 3.2,
    TerrainType.STREAM: 3.3,
    TerrainType.FORD: 3.6,
    TerrainType.TRENCH: 3.8,
    TerrainType.WOOD: 4.0,
    TerrainType.ROAD: 5.0,
    TerrainType.BRIDGE: 5.5,
    TerrainType.TOWN: 6.0,
    TerrainType.BUILDING: 6.5,
    TerrainType.FENCE: 7.0,
    TerrainType.LOW_WALL: 7.1,
    TerrainType.HIGH_WALL: 7.2,
    TerrainType.REDOUBT: 7.5,
}
Z_TERRAIN_LABEL: Final = 9.0
Z_DEPLOYMENT: Final = 10.0
Z_OBJECTIVE: Final = 11.0
Z_UNIT: Final = 20.0
Z_OFFICER: Final = 21.0
#: An objective's name, over the units on it (its ring and marker lie under them).
Z_OBJECTIVE_NAME: Final = 22.0

# --- layers --------------------------------------------------------------------------

NO_PEN: Final = QPen(Qt.PenStyle.NoPen)
NO_BRUSH: Final = QBrush(Qt.BrushStyle.NoBrush)


class Layer:
    """One path drawn with one pen and brush.

    `detail` layers (textures, fine hachures) are left out when a table inch
    is smaller than `min_ppi` device pixels: they would only be noise.
    """

    __slots__ = ("brush", "min_ppi", "path", "pen")

    def __init__(self, path: QPainterPath, pen: QPen | None = None, brush: QBrush | None = None,
                 min_ppi: float = 0.0) -> None:
        self.path = path
        self.pen = pen if pen is not None else NO_PEN
        self.brush = brush if brush is not None else NO_BRUSH
        self.min_ppi = min_ppi


def pen(
    colour: str | QColor,
    width: float,
    *,
    style: Qt.PenStyle = Qt.PenStyle.SolidLine,
    cap: Qt.PenCapStyle = Qt.PenCapStyle.RoundCap,
    join: Qt.PenJoinStyle = Qt.PenJoinStyle.RoundJoin,
    dashes: list[float] | None = None,
    alpha: int | None = None,
) -> QPen:
    c = QColor(colour)
    if alpha is not None:
        c.setAlpha(alpha)
    p = QPen(c, width, style, cap, join)
    if dashes:
        p.setDashPattern(dashes)
    return p


def brush(colour: str | QColor, alpha: int | None = None) -> QBrush:
    c = QColor(colour)
    if alpha is not None:
        c.setAlpha(alpha)
    return QBrush(c)


def side_colour(colour: str, alpha: int | None = None) -> QColor:
    c = QColor(colour)
    if alpha is not None:
        c.setAlpha(alpha)
    return c
