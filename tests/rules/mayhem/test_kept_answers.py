"""What Muskets & Mayhem keeps instead of working out again (issue 19: the
steady player's games) answers as a fresh computation would, at every
position of seeded games: the table found again by the state's version, the
separating-axis and side-by-side shortcuts of the placement rules (RULINGS,
"Contact": touching is not overlapping; contact with the enemy only by
charging), the footprints' own corners, and the direct clone.

docs/speed.md, Muskets & Mayhem, "Steady games (the balance report)", says
why each exists.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from desktop.rules import registry
from desktop.rules.engine import StateGame
from desktop.rules.mayhem import geometry
from desktop.rules.mayhem.game import MOVEMENT, MayhemGame
from desktop.rules.mayhem.state import new_version
from desktop.rules.randomplay import random_action
from desktop.scenario import load
from desktop.table.shapes import corners, forward

from .helpers import fresh_legal

ROOT = Path(__file__).resolve().parents[3]
VILLAGE = ROOT / "scenarios" / "mayhem_village.yaml"
FIELD = Path(__file__).resolve().parents[1] / "data" / "d3_12v12.yaml"


def _fresh_key(g: MayhemGame) -> tuple[object, ...]:
    return tuple((u.position, u.facing, u.formation, u.status, u.engaged)
                 for u in g.state.units.values())


@pytest.mark.parametrize(("path", "seed"), [(VILLAGE, 0), (VILLAGE, 1), (FIELD, 2)])
def test_the_table_found_by_version_is_the_table_as_it_stands(path: Path, seed: int) -> None:
    """At every position, the bases and verdicts found again through the
    state's version are those of the units as they stand, in the game and in
    copies that tried an action of their own (as the steady player's do)."""
    g = registry.get("mayhem").new_game(load(path), seed=seed)
    assert isinstance(g, MayhemGame)
    rng = random.Random(seed)
    found = listings = 0
    while g.outcome is None:
        for _ in range(2):  # a copy tries an action: the game's own table holds
            c = g.clone(seed=rng.getrandbits(31))
            assert c.state.version == g.state.version
            c.apply(random_action(c, rng))
            assert c.state.version != g.state.version
            assert c._position().key == _fresh_key(c)
        before = g._position_cache
        pos = g._position()
        found += pos is before
        assert pos.key == _fresh_key(g)
        assert [(oid, x, y) for oid, _, x, y, _, _ in pos.board] == [
            (u.id, *u.position) for u in g.active_units()]
        if g.phase == MOVEMENT:
            assert [a.text() for a in g.legal_actions()] == fresh_legal(g)
            listings += 1
        g.apply(random_action(g, rng))
    assert found > 20 and listings > 20


@pytest.mark.parametrize(("path", "seed"), [(VILLAGE, 4), (FIELD, 5)])
def test_every_verdict_kept_from_the_position_before_is_the_fresh_verdict(
        path: Path, seed: int) -> None:
    """The verdicts kept for units far from a change (_Position.inherit) are
    what judging them afresh says (RULINGS: no overlap, no contact with the
    enemy but by charging, no path through an enemy), at every position of
    seeded games with moves sampled as the steady player samples them."""
    g = registry.get("mayhem").new_game(load(path), seed=seed)
    assert isinstance(g, MayhemGame)
    rng = random.Random(seed)
    kept = 0
    while g.outcome is None:
        if g.phase == MOVEMENT:
            pos = g._position()
            for uid, entries in pos.verdicts.items():
                u = g.state.units[uid]
                for k, v in entries.items():
                    if k[0] == "move":
                        assert g._judge_move(u, k[1], k[2]) == v, (uid, k)
                    elif k[0] == "form":
                        assert g._judge_form(u, k[1]) == v, (uid, k)
                    elif k[0] == "charge":
                        assert g._judge_charge(u, g.state.units[k[1]]) == v, (uid, k)
                    kept += 1
            g.sample_actions(rng, 6)
        g.apply(random_action(g, rng))
    assert kept > 100


def test_a_state_edited_by_hand_and_given_a_new_version_is_read_again() -> None:
    """State.version: whoever edits a state by hand gives it a new version,
    and the table is then read from the units again."""
    g = registry.get("mayhem").new_game(load(VILLAGE), seed=3)
    assert isinstance(g, MayhemGame)
    rng = random.Random(3)
    while g.phase != MOVEMENT:
        g.apply(random_action(g, rng))
    old = g._position()
    u = next(iter(g.active_units()))
    u.position = (u.position[0] + 1.0, u.position[1])
    g.state.version = new_version()
    assert g._position() is not old
    assert g._position().key == _fresh_key(g)
    assert [a.text() for a in g.legal_actions()] == fresh_legal(g)


def _feet(rng: random.Random) -> tuple[geometry.Foot, geometry.Foot]:
    """Two footprints: side by side in line (touching, nearly, or a little
    apart), at right angles, facing each other, or anyhow."""
    size_a = (rng.choice([4.0, 6.0, 2.5, 3.3]), rng.choice([1.0, 2.0, 3.0, 1.25]))
    size_b = (rng.choice([4.0, 6.0, 2.5, 3.3]), rng.choice([1.0, 2.0, 3.0, 1.25]))
    facing = rng.choice([0.0, 90.0, 45.0, 180.0, rng.uniform(0, 360)])
    a = geometry.foot((rng.uniform(0, 10), rng.uniform(0, 10)), size_a, facing)
    kind = rng.random()
    if kind < 0.35:  # side by side in line
        gap = rng.choice([0.0, 1e-4, -1e-4, 0.02, -0.02, 0.1, 0.1 + 1e-8, -0.5])
        fx, fy = forward(facing + 90.0)
        off = size_a[0] / 2 + size_b[0] / 2 + gap
        slide = rng.choice([0.0, 0.0, rng.uniform(-1, 1)])
        gx, gy = forward(facing)
        centre = (a.centre[0] + fx * off + gx * slide, a.centre[1] + fy * off + gy * slide)
        return a, geometry.foot(centre, (size_b[0], size_a[1]), facing)
    if kind < 0.5:  # at right angles or facing
        turn = rng.choice([90.0, 180.0, 270.0])
        centre = (a.centre[0] + rng.uniform(-5, 5), a.centre[1] + rng.uniform(-5, 5))
        return a, geometry.foot(centre, size_b, (facing + turn) % 360.0)
    centre = (a.centre[0] + rng.uniform(-7, 7), a.centre[1] + rng.uniform(-7, 7))
    return a, geometry.foot(centre, size_b, rng.choice([facing, rng.uniform(0, 360)]))


def test_separation_bounds_the_distance_and_within_feet_is_shapelys() -> None:
    """The separating-axis gap never exceeds shapely's distance, is negative
    only for bases that overlap, and within_feet decides as shapely's distance
    does (the contact gap and a charge's reach)."""
    rng = random.Random(19)
    near = 0
    for _ in range(4000):
        a, b = _feet(rng)
        d = float(a.poly.distance(b.poly))
        g = geometry.separation(a, b)
        assert g <= d + 1e-9
        if g < -1e-9:
            assert a.poly.intersects(b.poly)
        for gap in (geometry.CONTACT, 0.0, rng.uniform(0, 6)):
            assert geometry.within_feet(a, b, gap) == (d <= gap)
        near += d <= geometry.CONTACT
    assert 300 < near < 3700


def test_side_by_side_area_is_the_shared_area() -> None:
    """Bases whose sides run the same ways share the product of their overlaps
    (shapely's intersection); other angles are left to the clipping, and
    overlaps_feet decides as overlaps() on the polygons."""
    rng = random.Random(20)
    squared = 0
    for _ in range(4000):
        a, b = _feet(rng)
        area = geometry._square_area(a, b)
        turn = (b.facing - a.facing) % 90.0
        if area is None:
            assert min(turn, 90.0 - turn) > 1e-6
        else:
            squared += 1
            assert math.isclose(area, float(a.poly.intersection(b.poly).area), abs_tol=1e-9)
        assert geometry.overlaps_feet(a, b) == geometry.overlaps(a.poly, b.poly)
    assert squared > 1000


def test_a_foots_corners_are_the_kits() -> None:
    """Foot writes out desktop.table.shapes.corners: the very same numbers."""
    rng = random.Random(21)
    for _ in range(2000):
        centre = (rng.uniform(-50, 50), rng.uniform(-50, 50))
        size = (rng.uniform(0.5, 8), rng.uniform(0.5, 4))
        facing = rng.choice([0.0, 90.0, 135.0, rng.uniform(0, 360)])
        f = geometry.Foot(centre, size, facing)
        assert f.corners == corners(centre[0], centre[1], size[0], size[1], facing)
        assert f.bounds == tuple(float(v) for v in f.poly.bounds)


def test_the_direct_clone_is_the_generic_one() -> None:
    """MayhemGame.clone gives what StateGame.clone gives: an equal state, the
    same history, events and options, dice of their own, nothing shared that
    changes."""
    g = registry.get("mayhem").new_game(load(VILLAGE), seed=5)
    assert isinstance(g, MayhemGame)
    rng = random.Random(5)
    for _ in range(40):
        g.apply(random_action(g, rng))
    mine = g.clone(seed=9)
    generic = StateGame.clone(g, seed=9)
    assert isinstance(generic, MayhemGame)
    assert mine.state == generic.state == g.state
    assert mine.history == generic.history == g.history
    assert mine.events == generic.events == g.events
    assert mine.options == generic.options
    assert vars(mine).keys() == vars(generic).keys()
    for name in ("state", "history", "events", "options", "chance"):
        assert getattr(mine, name) is not getattr(g, name)
    a = random_action(mine, random.Random(1))
    assert mine.apply(a) == generic.apply(a)
    assert mine.state == generic.state
    assert len(g.history) == 40 and len(mine.history) == 41
    assert [x.text() for x in mine.legal_actions()] == [x.text() for x in generic.legal_actions()]
