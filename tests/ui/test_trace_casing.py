"""The computer's traces read on any ground whatever the side's colour (issue 23, 4:
a person must be able to follow what it did; a white or grey side's dashed outline
vanished on a pale field)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from desktop.rules.view_values import PieceInfo
from desktop.ui.play.traces import ArrowItem, OutlineItem, casing


def test_pale_colours_get_a_dark_band_and_dark_ones_a_light_band() -> None:
    for pale in ("#ffffff", "#c0c0c0", "#f2d600"):
        assert casing(QColor(pale)).lightness() < 60
    for dark in ("#1d3f8f", "#202020", "#8b0000"):
        assert casing(QColor(dark)).lightness() > 200


def _darkest(item: Any, ground: QColor) -> int:
    scene = QGraphicsScene()
    scene.addItem(item)
    image = QImage(200, 200, QImage.Format.Format_ARGB32)
    image.fill(ground)
    p = QPainter(image)
    scene.render(p, QRectF(0, 0, 200, 200), QRectF(0, 0, 10, 10))
    p.end()
    return min(QColor(image.pixel(x, y)).lightness() for x in range(200) for y in range(200))


def test_a_white_sides_outline_and_arrow_stand_out_on_a_pale_field(qtbot: Any) -> None:
    white, field = QColor("#ffffff"), QColor("#dfe6c8")
    piece = PieceInfo("u", "s", "unit", "line_infantry", 5, 5, 0, 4, 1, "ok")
    assert _darkest(OutlineItem(piece, white), field) < field.lightness() - 80
    assert _darkest(ArrowItem((1, 1), (8, 8), white), field) < field.lightness() - 80
