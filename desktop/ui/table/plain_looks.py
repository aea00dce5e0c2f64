"""Quick looks for terrain: each type's ground colour and edge, from Qt paths alone.

A window shows its table before the full looks (textures, contours, roofs)
are built: those need shapely, which takes as long to import as Qt itself.
The scene draws these first and swaps in the full looks a moment later, so
the colours here are the full looks' base colours and the swap reads as
detail arriving, not as a change.
"""

from __future__ import annotations

from typing import Final

from PySide6.QtCore import Qt

from desktop.scenario.model import LineShape, TerrainFeature
from desktop.scenario.vocabulary import TerrainType
from desktop.ui.table.paths import polyline_path, shape_path
from desktop.ui.table.styles import Layer, brush, pen

#: Area types: (fill, edge colour, edge width in inches).
AREA: Final[dict[TerrainType, tuple[str, str, float]]] = {
    TerrainType.HILL: ("#bcc58a", "#7a5c3a", 0.1),
    TerrainType.RIDGE: ("#c3c28b", "#8a6d45", 0.08),
    TerrainType.WOOD: ("#6f9650", "#2f4a22", 0.12),
    TerrainType.TOWN: ("#d9cfbb", "#8a7d68", 0.1),
    TerrainType.BUILDING: ("#a8553c", "#4a2418", 0.06),
    TerrainType.BRIDGE: ("#bfae8e", "#4d4236", 0.08),
    TerrainType.FORD: ("#9cc7e6", "#2d5e8e", 0.08),
    TerrainType.MARSH: ("#93a57c", "#5b6e48", 0.08),
    TerrainType.LAKE: ("#6aa3dc", "#56683e", 0.3),
    TerrainType.CROPS: ("#d7c27a", "#9c8a4a", 0.08),
    TerrainType.REDOUBT: ("#cbb88e", "#4f3a22", 0.5),
    TerrainType.DIFFICULT: ("#b9a77e", "#7a6a4a", 0.08),
}

#: Line types: (colour, extra width beyond the feature's own, bank or edge colour).
LINE: Final[dict[TerrainType, tuple[str, str]]] = {
    TerrainType.RIVER: ("#3f7fc0", "#56683e"),
    TerrainType.STREAM: ("#68a6da", "#6b7f4a"),
    TerrainType.ROAD: ("#d8c398", "#86704d"),
    TerrainType.FENCE: ("#7a5632", "#4f3218"),
    TerrainType.LOW_WALL: ("#958d7d", "#4a453d"),
    TerrainType.HIGH_WALL: ("#6e665b", "#1f1b16"),
    TerrainType.TRENCH: ("#8d6c43", "#3b2b1b"),
}

FLAT = Qt.PenCapStyle.FlatCap


def plain_look(feature: TerrainFeature) -> list[Layer]:
    shape = feature.shape
    if isinstance(shape, LineShape):
        colour, edge = LINE[feature.type]
        path = polyline_path(shape.points, shape.smooth)
        return [
            Layer(path, pen(edge, shape.width + 0.2, cap=FLAT)),
            Layer(path, pen(colour, shape.width, cap=FLAT)),
        ]
    fill, edge, width = AREA[feature.type]
    return [Layer(shape_path(shape), pen(edge, width), brush(fill))]
