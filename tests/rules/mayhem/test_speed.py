"""The shortcuts that make Muskets & Mayhem fast (issue 18) answer as the slow
way does: same legal actions, same overlaps, independent clones.

RULINGS, "Contact" and the overlap rule (geometry.OVERLAP_AREA) are what the
shortcuts must not change; docs/speed.md, Muskets & Mayhem, says why each
exists.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from desktop.rules import registry
from desktop.rules.mayhem import geometry
from desktop.rules.mayhem.game import MOVEMENT, MayhemGame
from desktop.rules.randomplay import random_action
from desktop.scenario import load

from .helpers import fresh_legal

FIELD = Path(__file__).resolve().parents[1] / "data" / "d3_12v12.yaml"


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_remembered_verdicts_match_a_fresh_judgement(seed: int) -> None:
    """Every movement listing, with verdicts carried over from the position
    before, is the listing judged afresh (rulings: no overlap, no contact
    with the enemy but by charging, charges in reach and arc)."""
    g = registry.get("mayhem").new_game(load(FIELD), seed=seed)
    assert isinstance(g, MayhemGame)
    rng = random.Random(seed)
    listings = 0
    while g.outcome is None:
        if g.phase == MOVEMENT:
            assert [a.text() for a in g.legal_actions()] == fresh_legal(g)
            listings += 1
        g.apply(random_action(g, rng))
    assert listings > 20


def _random_feet(rng: random.Random) -> tuple[geometry.Foot, geometry.Foot]:
    size_a = (rng.choice([4.0, 6.0, 2.5]), rng.choice([1.0, 2.0, 3.0]))
    size_b = (rng.choice([4.0, 6.0, 2.5]), rng.choice([1.0, 2.0, 3.0]))
    facing = rng.choice([0.0, 90.0, 45.0, rng.uniform(0, 360)])
    a = geometry.foot((rng.uniform(0, 10), rng.uniform(0, 10)), size_a, facing)
    if rng.random() < 0.3:  # side by side in line, touching or nearly
        gap = rng.choice([0.0, 1e-4, -1e-4, 0.02, -0.02])
        fx, fy = geometry.forward(facing + 90.0)
        off = size_a[0] / 2 + size_b[0] / 2 + gap
        centre = (a.centre[0] + fx * off, a.centre[1] + fy * off)
        return a, geometry.foot(centre, (size_b[0], size_a[1]), facing)
    centre = (a.centre[0] + rng.uniform(-6, 6), a.centre[1] + rng.uniform(-6, 6))
    return a, geometry.foot(centre, size_b, rng.choice([facing, rng.uniform(0, 360)]))


def test_overlap_in_plain_arithmetic_agrees_with_shapely() -> None:
    """geometry.overlaps_feet decides as overlaps() on the polygons, touching
    bases in line included (RULINGS "Contact": touching is not overlapping)."""
    rng = random.Random(18)
    both = 0
    for _ in range(3000):
        a, b = _random_feet(rng)
        assert geometry.overlaps_feet(a, b) == geometry.overlaps(a.poly, b.poly)
        both += geometry.overlaps(a.poly, b.poly)
    assert 100 < both < 2900


def test_foot_numbers_are_shapelys() -> None:
    """A Foot's corners and bounds are the very numbers shapely gives."""
    f = geometry.foot((12.5, 7.25), (4.0, 2.0), 33.0)
    assert f.corners == geometry.corners_of(f.poly)
    assert f.bounds == tuple(float(v) for v in f.poly.bounds)


def test_a_clone_shares_nothing_that_moves() -> None:
    g = registry.get("mayhem").new_game(load(FIELD), seed=4)
    assert isinstance(g, MayhemGame)
    c = g.clone()
    assert isinstance(c, MayhemGame)
    uid = next(iter(g.state.units))
    c.state.units[uid].position = (1.0, 1.0)
    c.state.units[uid].figures -= 1
    c.state.targets["x"] = ("y",)
    c.state.fought.add("x")
    assert g.state.units[uid].position != (1.0, 1.0)
    assert g.state.units[uid].figures == c.state.units[uid].figures + 1
    assert "x" not in g.state.targets and "x" not in g.state.fought
    d = copy.deepcopy(g.state)
    assert d.units[uid] is not g.state.units[uid] and d.units[uid] == g.state.units[uid]
