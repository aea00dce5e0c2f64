"""A unit's counters tag hangs off its base, however the base is turned (issue 34:
in D3 the Grenzer, turned 132°, had its "4 hits · disordered" drawn about 5″
away, beside another unit's name: it hung off a corner of the box around the
turned base, where no base was)."""

from __future__ import annotations

from typing import Any

import pytest
from shapely.geometry import Polygon, box

from desktop.rules.view_values import PieceInfo
from desktop.table.shapes import corners
from desktop.ui.play.items import BadgeItem


def piece(facing: float, frontage: float = 4.0, depth: float = 2.0) -> PieceInfo:
    return PieceInfo("aus_grenz", "aus", "unit", "light_infantry", 15.6, 14.5, facing,
                     frontage, depth, "disordered", "Warasdiner-Kreuzer Grenzer")


def gap(b: BadgeItem, ppi: float) -> float:
    """How far the tag as drawn at `ppi` is from its own base, inches."""
    p = b.piece
    r = b.tag_rect(ppi)
    base = Polygon(corners(p.x, p.y, p.frontage, p.depth, p.facing))
    return float(base.distance(box(r.left(), r.top(), r.right(), r.bottom())))


@pytest.mark.parametrize("ppi", [8.0, 18.5, 60.0])
@pytest.mark.parametrize("text", ["1 hit", "4 hits · disordered"])
def test_the_tag_touches_its_base_at_every_facing_and_spot(qapp: Any, ppi: float,
                                                            text: str) -> None:
    for facing in range(0, 360, 15):
        for frontage, depth in ((4.0, 2.0), (1.5, 1.5), (2.0, 3.0)):
            b = BadgeItem(piece(float(facing), frontage, depth), text, warn=True)
            for k in range(BadgeItem.SPOTS):
                b.set_spot(k)
                assert gap(b, ppi) < 0.01, (facing, frontage, depth, k, gap(b, ppi))


def test_a_square_base_keeps_the_corners_it_had(qapp: Any) -> None:
    """A base square to the table: the tag at each spot hangs off the same corner
    as before (top right, bottom right, top left, bottom left)."""
    b = BadgeItem(piece(0.0), "2 hits")
    p = b.piece
    right, left = p.x + p.frontage / 2, p.x - p.frontage / 2
    top, bottom = p.y - p.depth / 2, p.y + p.depth / 2
    got = [c for k in range(4) for c in b.anchor(k)]
    assert got == pytest.approx([right, top, right, bottom, left, top, left, bottom])


def test_the_grenzer_of_the_report_is_beside_its_base(qapp: Any) -> None:
    """The case seen: turned 132°, the tag at its top left spot, 1.7″ from the
    base at the table's fit zoom (18.5 pixels an inch), its middle 5.2″ away."""
    b = BadgeItem(piece(132.0), "4 hits · disordered", warn=True)
    b.set_spot(2)
    assert gap(b, 18.5) < 0.01
