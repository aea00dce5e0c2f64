"""What the Kiddies game keeps from one position to the next (issue 18) must equal
what it would work out afresh: the grid of figures updated per move, who is
active kept until a figure leaves the fight or a cannon changes hands, the
volley lines and cavalry trios kept by the figures' places (the pairs side by
side updated for the movers only), the flight bodies
by figure place, and whether a regular crews a cannon, or two figures touch,
kept per pair of places.

Seeded random play on the 12 v 12 field moves, shoots, charges and kills, so
every one of those changes happens many times; a clone taken along the way
must keep its own answers while the original plays on.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from desktop.rules import registry
from desktop.rules.kiddies import table as kt
from desktop.rules.kiddies.constants import CANNON, CAVALRY, CHARGE_SIZE, CREW_RANGE, REGULAR
from desktop.rules.kiddies.game import KiddiesGame, _grid_of
from desktop.rules.kiddies.pieces import ACTIVE, Figure
from desktop.rules.randomplay import random_action
from desktop.scenario import load
from desktop.table.shapes import CONTACT_GAP

FIELD = Path(__file__).resolve().parents[1] / "data" / "d3_12v12.yaml"


def _cells(cells: dict[tuple[int, int], list[int]]) -> dict[tuple[int, int], set[int]]:
    return {k: set(v) for k, v in cells.items() if v}


def _fresh_windows(figs: list[Figure]) -> tuple[list[tuple[str, ...]],
                                                   list[tuple[str, ...]]]:
    kt._ADJ.clear()  # the pairs side by side by a full sweep, not from the last answer
    return kt._volley_windows([f for f in figs if f.active and f.kind == REGULAR])


def _fresh_lines(figs: list[Figure], size: int) -> list[tuple[str, ...]]:
    kt._ADJ.clear()
    return kt._lines(figs, size)


def _assert_fresh(g: KiddiesGame) -> None:
    everyone = [f for f in g.figures.values() if f.status == ACTIVE]
    assert list(g._active()) == everyone
    for side in g.sides:
        mine = [f for f in everyone if f.side == side]
        assert list(g._active(side)) == mine
        assert g._volley_windows(side) == _fresh_windows(mine)
        horse = [f for f in mine if f.kind == CAVALRY and not f.moved]
        assert g.charge_trios(side) == _fresh_lines(horse, CHARGE_SIZE)
    # the grid the game keeps against one built from scratch
    g._around(0.0, 0.0, 1.0)
    assert _cells(g._geo_memo.at(g._geo_ver)[("grid",)]) == _cells(_grid_of(tuple(everyone)))  # type: ignore[arg-type]
    # the fights kept per placing against fights worked out afresh
    assert g.melee_odds() == g._melee_odds()
    bodies = g.bodies()
    assert [(b.id, b.x, b.y, b.facing) for b in bodies] == [
        (f.id, f.x, f.y, f.facing) for f in everyone]
    assert not any(b.vx or b.vy or b.fallen or b.off for b in bodies)
    for c in (f for f in everyone if f.kind == CANNON):
        fp = c.footprint()
        for f in everyone:
            if f.kind == REGULAR:
                assert kt._crews(c, f) == (fp.distance(f.footprint()) <= CREW_RANGE)


def _assert_touching(g: KiddiesGame) -> None:
    """Whether two figures touch, kept per pair of places, against shapely's distance
    (RULINGS, "Kiddies": figures in contact fight hand to hand)."""
    for f in g.active():
        for o in g._around(f.x, f.y, 3.0):
            if o is not f:
                assert kt.touching(f, o) == (
                    f.footprint().distance(o.footprint()) <= CONTACT_GAP)


@pytest.mark.parametrize("seed", [0, 1])
def test_kept_answers_equal_fresh_ones_through_random_play(seed: int) -> None:
    g = registry.get("kiddies").new_game(load(FIELD), seed=seed)
    assert isinstance(g, KiddiesGame)
    rng = random.Random(seed)
    clones: list[tuple[KiddiesGame, list[tuple[str, float, float, float, str, str]]]] = []
    n = 0
    kills = moves = 0
    while g.outcome is None and n < 160:
        _assert_fresh(g)
        if n % 40 == 20:
            _assert_touching(g)
        if n % 40 == 10:
            c = g.clone()
            clones.append((c, [(f.id, f.x, f.y, f.facing, f.status, f.side)
                               for f in c.figures.values()]))
        events = g.apply(random_action(g, rng))
        kills += sum(e.kind in ("killed", "destroyed") for e in events)
        moves += sum(e.kind == "move" for e in events)
        n += 1
    assert kills > 0 and moves > 0, "the game must have moved and killed to test anything"
    for c, figs in clones:
        # the original's moves and kills leave the clone as it was, answers and all
        assert [(f.id, f.x, f.y, f.facing, f.status, f.side)
                for f in c.figures.values()] == figs
        _assert_fresh(c)
        c.apply(random_action(c, random.Random(7)))
        _assert_fresh(c)


def test_pairs_side_by_side_updated_for_the_movers_equal_a_full_sweep() -> None:
    """kt._adjacency after a few figures moved (some out of their line, some into
    contact beside another man) against a sweep over all of them."""
    g = registry.get("kiddies").new_game(load(FIELD), seed=0)
    assert isinstance(g, KiddiesGame)
    figs = sorted((f.copy() for f in g.figures.values()
                   if f.kind == REGULAR and f.side == g.sides[0]), key=lambda f: f.id)
    kt._ADJ.clear()
    first = kt._adjacency(figs)
    pairs = [(a, b) for a in figs for b in figs if b.id in first[a.id]]
    assert pairs, "the field's lines must hold men side by side"
    rng = random.Random(3)
    joined = left = 0
    prev = first
    for _ in range(80):
        figs = [f.copy() for f in figs]
        for i in rng.sample(range(len(figs)), rng.randint(1, 3)):
            f = figs[i]
            if rng.random() < 0.5:  # beside another man, as a pair of the lines stands
                p, q = rng.choice(pairs)
                j = rng.choice([o for o in figs if o.facing == p.facing and o is not f])
                f.x, f.y, f.facing = j.x + (q.x - p.x), j.y + (q.y - p.y), j.facing
            else:  # anywhere near
                f.x += rng.uniform(-6, 6)
                f.y += rng.uniform(-6, 6)
        ids = tuple(f.id for f in figs)
        assert ids in kt._ADJ  # the last answer is there to update
        got = kt._adjacency(figs)
        kt._ADJ.clear()
        want = kt._adjacency(figs)
        assert got == want
        joined += sum(len(want[k] - prev[k]) for k in want)
        left += sum(len(prev[k] - want[k]) for k in want)
        prev = want
    assert joined and left, "men must have come into contact and parted"
