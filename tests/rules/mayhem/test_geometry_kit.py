"""Muskets & Mayhem on Volley's one geometry kit (issue 16 part 3).

RULINGS, "Contact": bases are in contact when at most 0.1" apart; seed 004
(line 12) only says units "in contact" fight.  RULINGS, "Line of sight";
docs/rulings.md, M&M "Fire": lines to the nearest point or the centre.
"""

from __future__ import annotations

import pytest

from desktop.rules.mayhem import geometry
from desktop.scenario.model import RectShape, TerrainFeature
from desktop.scenario.vocabulary import TerrainType
from desktop.table import shapes
from desktop.table.terrain import TerrainIndex

from .helpers import new_game, play, scenario, unit
from .test_game import charge_setup


def test_no_second_rectangle_bearing_wedge_or_terrain() -> None:
    for name in ("wedge", "Terrain", "angle_between"):
        assert not hasattr(geometry, name), name
    for name in ("bearing", "forward", "corners"):  # used from the kit, not redefined
        assert getattr(geometry, name) is getattr(shapes, name)
    assert geometry.CONTACT == shapes.CONTACT_GAP == 0.1
    fp = geometry.rect((3.0, 4.0), (4.0, 2.0), 30.0)
    assert fp is shapes.rect(3.0, 4.0, 4.0, 2.0, 30.0)  # the shared cached base


def test_ground_is_the_shared_spatial_index() -> None:
    wood = TerrainFeature("w", TerrainType.WOOD, RectShape((24, 27), (10, 2)), name="Holz")
    g = new_game(scenario([unit("b1", 24, 30, 0)], [unit("r1", 24, 24, 180)], terrain=[wood]))
    assert isinstance(g.terrain, TerrainIndex) and g.terrain.tree is not None
    assert g.ground.index is g.terrain


def test_a_charger_ends_within_the_one_contact_gap() -> None:
    """Seed 004:12 "in contact"; RULINGS "Contact" 0.1": the pair are in contact."""
    # pre-charge check 6, receiving check 4, defensive fire 8 dice all miss.
    g = charge_setup(unit("r1", 24, 24, 180), [6, 4] + [1] * 8 + [1] * 40)
    play(g, "charge b1 r1", "end", "end")
    b, r = g.unit("b1"), g.unit("r1")
    assert b.engaged == "r1"
    assert shapes.in_contact(b.footprint(), r.footprint())
    assert b.footprint().distance(r.footprint()) == pytest.approx(geometry.CHARGE_STAND_OFF)
    assert geometry.CHARGE_STAND_OFF < shapes.CONTACT_GAP


def test_sight_names_what_blocks_and_agrees_with_targets() -> None:
    """docs/rulings.md, M&M "Fire": sight crosses no wood; the reason names it."""
    wood = TerrainFeature("w", TerrainType.WOOD, RectShape((24, 27), (10, 1)), name="Holz")
    g = new_game(scenario([unit("b1", 24, 30, 0)], [unit("r1", 24, 24, 180)], terrain=[wood]))
    b, r = g.unit("b1"), g.unit("r1")
    s = g.sight_of(b, r)
    assert not s.clear and s.blockers == ("wood 'Holz'",)
    assert "r1" not in g.targets_of(b)
    g2 = new_game(scenario([unit("b1", 24, 30, 0)], [unit("r1", 24, 24, 180),
                                                       unit("r2", 24, 27.5, 0)]))
    s2 = g2.sight_of(g2.unit("b1"), g2.unit("r1"), names={"r2": "IR 49"})
    assert not s2.clear and s2.blockers == ("IR 49",)
    assert "r1" not in g2.targets_of(g2.unit("b1"))
    g3 = new_game(scenario([unit("b1", 24, 30, 0)], [unit("r1", 24, 24, 180)]))
    assert g3.sight_of(g3.unit("b1"), g3.unit("r1")).clear
    assert g3.targets_of(g3.unit("b1")) == ["r1"]
