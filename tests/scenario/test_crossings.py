"""Where a polygon crosses itself, in words and as points (issue 21: the editor
used to say only 'crosses itself near (65.966, 37.986)', a raw corner)."""

from __future__ import annotations

import pytest

from desktop.scenario.crossings import crossing_words, edge_words, ordinal, ring_crossings
from desktop.scenario.edits.base import CrossingError
from desktop.scenario.edits.terrain import add_feature, make_feature
from desktop.scenario.model import PolygonShape
from desktop.scenario.vocabulary import LengthUnit, TerrainType
from tests.scenario.test_edits import pinned_d3

BOW_TIE = [(30.0, 26.0), (36.0, 32.0), (36.0, 26.0), (30.0, 32.0)]


def test_a_bow_tie_crosses_once_in_its_middle() -> None:
    found = ring_crossings(BOW_TIE)
    assert [(c.first, c.second) for c in found] == [(1, 3)]
    assert found[0].at == pytest.approx((33.0, 29.0))  # the crossing, not a corner


def test_a_simple_ring_does_not_cross() -> None:
    assert ring_crossings([(0, 0), (4, 0), (4, 4), (0, 4)]) == []
    assert ring_crossings([(0, 0), (4, 0), (2, 1), (4, 4), (0, 4)]) == []


def test_a_spike_doubling_back_is_a_crossing() -> None:
    found = ring_crossings([(0, 0), (4, 0), (2, 0), (2, 3)])
    assert found and (found[0].first, found[0].second) == (1, 2)


def test_words_name_the_edges_and_the_point_in_the_tables_units() -> None:
    found = ring_crossings(BOW_TIE)
    assert crossing_words(found) == ('edge 1 (between the 1st and 2nd corners) crosses edge 3 '
                                     '(between the 3rd and 4th corners) at x 33.00", y 29.00"')
    assert crossing_words(found, LengthUnit.CM).endswith("at x 83.8 cm, y 73.7 cm")


def test_edges_are_named_by_their_corners_and_the_last_closes_the_ring() -> None:
    """Issue 21: say which edges cross in names a person counts, not a raw vertex."""
    assert edge_words(3) == "edge 3 (between the 3rd and 4th corners)"
    assert edge_words(4, corners=4) == "edge 4 (between the 4th and 1st corners)"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "111th"]


def test_the_edit_is_refused_with_the_crossings_attached() -> None:
    s = pinned_d3()
    f = make_feature(s, TerrainType.WOOD, PolygonShape(tuple(BOW_TIE)), "Bow wood")
    with pytest.raises(CrossingError) as got:
        add_feature(s, f)
    msg = str(got.value)
    assert "'Bow wood'" in msg and ("edge 1 (between the 1st and 2nd corners) crosses edge 3 "
                                "(between the 3rd and 4th corners) at x 33.00\", y 29.00\"") in msg
    assert got.value.crossings[0].at == pytest.approx((33.0, 29.0))
    assert list(got.value.outline) == BOW_TIE
