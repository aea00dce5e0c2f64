"""Base footprints are built once per place (issue 15 fuzz: Kiddies took seconds a turn)."""

from __future__ import annotations

from desktop.table.shapes import rect


def test_the_same_base_in_the_same_place_is_built_once() -> None:
    """Issue 15 fuzz: Kiddies rebuilt every figure's footprint for each neighbour."""
    a = rect(10.0, 12.5, 1.0, 1.0, 45.0)
    assert rect(10.0, 12.5, 1.0, 1.0, 45.0) is a
    assert rect(10.0, 12.5, 1.0, 1.0, 46.0) is not a
    assert abs(a.area - 1.0) < 1e-9
