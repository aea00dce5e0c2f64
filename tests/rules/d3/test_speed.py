"""The shortcuts D3 takes for speed answer exactly what the slow way does
(issue 18: same seed, same game)."""

from __future__ import annotations

import random
from pathlib import Path

import desktop.rules  # noqa: F401  (registers d3)
from desktop.rules import registry
from desktop.rules.d3 import rules as R
from desktop.rules.d3.game import SHOOTING, D3Game
from desktop.rules.randomplay import random_action
from desktop.scenario import load
from desktop.table.sight import line_of_sight_many

FIELD = Path(__file__).resolve().parents[1] / "data" / "d3_12v12.yaml"


def _shooting_states(seeds: range) -> list[D3Game]:
    sc = load(FIELD)
    out = []
    for seed in seeds:
        g = registry.get("d3").new_game(sc, seed=seed)
        assert isinstance(g, D3Game)
        rng = random.Random(seed)
        while g.outcome is None:
            if g.phase == SHOOTING and g.pending is None:
                out.append(g.clone())
            g.apply(random_action(g, rng))
    return out


def test_shot_table_sight_one_line_at_a_time_agrees_with_the_batch() -> None:
    """RULINGS "Line of sight": the plain per-line answer (D3Game._sight_many)
    and desktop.table.sight.line_of_sight_many agree on every shot table of
    eight random games."""
    states = _shooting_states(range(8))
    assert len(states) > 50
    pairs = 0
    for g in states:
        g._shots = None  # a copy keeps the table made when the phase began
        fast = {k: list(v) for k, v in g.shot_table().items()}
        g._shots = None
        g._sight_many = lambda reqs, g=g: line_of_sight_many(  # type: ignore[method-assign,misc]
            reqs, g.terrain, R.SIGHT_BLOCKING, g.obstacles())
        assert g.shot_table() == fast
        pairs += sum(len(v) for v in fast.values())
    assert pairs > 100


def test_a_clone_keeps_checks_and_shot_table_but_not_the_pieces() -> None:
    """A copy stands where the original does: what was checked and the shot
    table carry over; moving the copy's piece leaves the original alone."""
    g = _shooting_states(range(1))[0]
    table = g.shot_table()
    c = g.clone()
    assert c.shot_table() is table
    for pid, p in g.pieces.items():
        assert c.pieces[pid] is not p and c.pieces[pid] == p
    p = next(iter(c.pieces.values()))
    x = g.pieces[p.id].x
    p.place(p.x + 1.0, p.y, p.facing)
    assert g.pieces[p.id].x == x and g.pieces[p.id].fp() is not p.fp()


def test_obstacle_footprints_are_built_late_but_where_the_bases_stood() -> None:
    """Obstacles and blockers build a base's polygon only when a test needs it
    (the corners answer the usual ones); the polygon is still the base where it
    stood when they were made, even if the piece has moved since (a clone
    shares the original's obstacles)."""
    from desktop.table.shapes import rect

    g = _shooting_states(range(1))[0]
    obstacles = g.obstacles()
    c = g.clone()
    assert c.obstacles() is obstacles
    uid = obstacles.ids[0]
    p = g.pieces[uid]
    before = rect(p.x, p.y, p.frontage, p.depth, p.facing)
    p.place(p.x + 3.0, p.y, p.facing)
    assert obstacles.polygons[0].equals_exact(before, 1e-12)
    assert not obstacles.polygons[0].equals_exact(p.fp(), 1e-6)


def test_views_without_footprints_are_never_asked_where_units_stand(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The victory judge gets footprint-free views except when it may judge
    holding (seed 002 victory conditions; RULINGS "Objectives": a unit holds an
    objective its base touches): on the bundled crossroads, whose objectives
    are judged at the turn limit, every holder question sees real bases."""
    from desktop.resources import bundled_scenarios
    from desktop.rules.victory import VictoryJudge

    asked = []
    real = VictoryJudge.holder

    def holder(self, objective_id, pieces):  # type: ignore[no-untyped-def]
        assert all(p.footprint is not None for p in pieces if p.present)
        asked.append(objective_id)
        return real(self, objective_id, pieces)

    monkeypatch.setattr(VictoryJudge, "holder", holder)
    sc = next(load(p) for p in bundled_scenarios() if p.name == "d3_crossroads.yaml")
    for seed in range(3):
        g = registry.get("d3").new_game(sc, seed=seed)
        rng = random.Random(seed)
        while g.outcome is None:
            g.apply(random_action(g, rng))
    assert asked


def test_arrays_kept_through_moves_match_fresh_ones() -> None:
    """After each move a unit's entries in the kept arrays are updated in place
    (a general's move keeps them, the obstacles and the shot table): they
    equal arrays built afresh from where the units stand."""
    sc = load(FIELD)
    for seed in range(2):
        g = registry.get("d3").new_game(sc, seed=seed)
        assert isinstance(g, D3Game)
        rng = random.Random(seed)
        while g.outcome is None:
            g._arrays()
            g.apply(random_action(g, rng))
            kept = g._unit_arrays
            if kept is None:
                continue
            g._unit_arrays = None
            fresh = g._arrays()
            assert kept == fresh


def test_a_moves_kept_hash_is_the_hash_of_its_fields() -> None:
    """A move keeps its hash once made (the game remembers checks by action): for
    every sampled move of random games it is the hash of its fields, asked twice,
    and a move parsed back from its text is equal with the same hash."""
    from desktop.rules.d3.actions import Move, parse

    sc = load(FIELD)
    checked = 0
    for seed in range(2):
        g = registry.get("d3").new_game(sc, seed=seed)
        rng = random.Random(seed)
        while g.outcome is None and checked < 400:
            for a in g.sample_actions(rng, 4):
                if isinstance(a, Move):
                    want = hash((a.unit, a.x, a.y, a.facing))
                    assert hash(a) == want and hash(a) == want
                    back = parse(a.text())
                    assert back == a and hash(back) == hash(a)
                    checked += 1
            g.apply(random_action(g, rng))
    assert checked > 100
