"""What the engine's short cuts must keep (issue 18): the same paths, the same
squares in a line of fire, the same pieces and a copy as independent as a deep
copy, whatever is remembered between positions, copies and games."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator

from shapely.geometry import LineString

from desktop.rules import registry
from desktop.rules.randomplay import random_action
from desktop.rules.tactical.game import Path, TacticalGame
from desktop.rules.tactical.grid import Board, Square, crosses_inside
from desktop.rules.tactical.state import TUnit
from desktop.rules.tactical.view import TacticalView
from desktop.rules.view import PlayView
from desktop.scenario import Scenario, load
from tests.rules.tactical.helpers import scenario_path


def _ridge() -> Scenario:
    return load(scenario_path())


def _games(seeds: range, every: int = 5) -> Iterator[TacticalGame]:
    """Positions from random games on the bundled ridge (both option settings)."""
    sc = _ridge()
    for seed in seeds:
        for opts in ({}, {"skirmish_fire": False}):
            g = registry.get("tactical").new_game(sc, dict(opts), seed)
            assert isinstance(g, TacticalGame)
            rng = random.Random(seed)
            n = 0
            while g.outcome is None and n < 400:
                if n % every == 0:
                    yield g
                g.apply(random_action(g, rng))
                n += 1


def _reference_paths(g: TacticalGame, u: TUnit, charge: bool) -> list[Path]:
    """Every simple path by the rules as written, walked afresh from the state
    (RULINGS, Tactical Dice movement: orthogonal steps; a square next to an enemy
    ends a path, and no plain move ends there; crops and rough ground cut the
    allowance for the whole move)."""
    out: list[Path] = []
    reach = g.allowance(u, charge)
    if reach <= 0:
        return out
    enemies = {e.sq for e in g.enemies_of(u.side)}

    def touching(sq: Square) -> bool:
        return any(abs(sq[0] - e[0]) + abs(sq[1] - e[1]) == 1 for e in enemies)

    def extend(path: Path) -> None:
        here = path[-1] if path else u.sq
        for b in g.board.neighbours(here):
            if b == u.sq or b in path:
                continue
            why, stop = g.step_problem(u, here, b)
            if why is not None:
                continue
            new = (*path, b)
            if len(new) > g._limit(u, (u.sq, *new), charge):
                continue
            if charge or not touching(b):
                out.append(new)
            if not stop and not touching(b):
                extend(new)

    extend(())
    return out


def test_tactical_remembered_paths_are_the_paths_walked_afresh() -> None:
    """Paths are remembered by unit kind, square, allowance and the pieces within
    reach; in every position of random games (and so after pieces further off
    have moved) they are exactly the paths walked afresh, in the same order, and
    a plain move takes the first shortest of them."""
    checked = 0
    for g in _games(range(2)):
        for u in g.units_on_table():
            for charge in (False, True):
                want = _reference_paths(g, u, charge)
                assert list(g.paths(u, charge)) == want, (u.id, charge)
                checked += 1
            moves: dict[Square, Path] = {}
            for p in _reference_paths(g, u, False):
                if p[-1] not in moves or len(p) < len(moves[p[-1]]):
                    moves[p[-1]] = p
            assert g.move_paths(u) == moves
    assert checked > 500


def test_tactical_squares_in_a_line_of_fire_match_the_drawn_line() -> None:
    """Sight (seed: what lies between the square centres): the exact test in
    half-squares agrees with the drawn line through the square outlines, corner
    grazes included (a line through a corner alone passes through nothing)."""
    b = Board(_ridge())
    for a in [(0, 0), (3, 4)]:
        for dx in range(-6, 7):
            for dy in range(-6, 7):
                t = (a[0] + dx, a[1] + dy)
                line = LineString([b.centre(a), b.centre(t)])
                for c in range(min(a[0], t[0]), max(a[0], t[0]) + 1):
                    for r in range(min(a[1], t[1]), max(a[1], t[1]) + 1):
                        sq = (c, r)
                        if sq in (a, t):
                            continue
                        drawn = line.intersection(b.polygon(sq)).length > 1e-6
                        assert crosses_inside(a, t, sq) == drawn, (a, t, sq)
    assert b.between((0, 0), (2, 2)) == ((1, 1),)
    assert b.between((0, 0), (2, 1)) == ((1, 0), (1, 1))


def test_tactical_view_pieces_read_from_the_state_are_the_engines_picture() -> None:
    """The view builds its pieces from the state (for the computer player's
    speed), keeping each piece's picture by the fields it shows; at every position
    of random games, and on look-ahead copies that play on from it, they are
    exactly what the generic view reads from ``units_json``."""
    rng = random.Random(7)
    checked = 0
    for g in _games(range(2), every=1):
        view = TacticalView(g)
        assert view._make_pieces() == PlayView._make_pieces(view)
        c = g.clone(seed=rng.getrandbits(31))
        c.apply(random_action(c, rng))
        copy_view = TacticalView(c)
        assert copy_view._make_pieces() == PlayView._make_pieces(copy_view)
        assert view._make_pieces() == PlayView._make_pieces(view)
        checked += 1
    assert checked > 300


def test_tactical_clone_is_as_independent_as_a_deep_copy() -> None:
    """A clone's state equals a deep copy of the original, and changing every
    kind of field of the copy leaves the original as it was."""
    for g in _games(range(1), every=20):
        before = copy.deepcopy(g.st)
        c = g.clone(seed=3)
        assert c.st == before
        for u in c.st.units.values():
            u.cv, u.sq, u.moved, u.status = 0, (0, 0), 9, "routed"
        for o in c.st.officers.values():
            o.sq, o.wound = (0, 0), "killed"
        c.st.streak[c.st.sides[0]] = 99
        c.st.rolls["x"] = 1
        c.st.pending.append(c.st.pending[0] if c.st.pending else None)  # type: ignore[arg-type]
        c.st.art_done.append("x")
        assert g.st == before


def test_tactical_kept_legal_list_is_the_list_made_afresh() -> None:
    """The legal list is kept from one position to the next, each piece's actions
    made again only when something within their reach changed (issue 18); at
    every position of random games it is exactly the list made from nothing, in
    the same order, and a look-ahead copy that plays on leaves the position it
    was copied from with the very same list."""
    rng = random.Random(5)
    checked = 0
    for g in _games(range(2), every=1):
        kept = [a.text() for a in g.legal_actions()]
        fresh = g.clone()
        fresh.invalidate()
        assert kept == [a.text() for a in fresh.legal_actions()]
        if kept and checked % 3 == 0:
            c = g.clone(seed=rng.getrandbits(31))
            c.apply(rng.choice(c.legal_actions()))
            c.legal_actions()
            assert [a.text() for a in g.legal_actions()] == kept
        checked += 1
    assert checked > 300


def test_tactical_remembered_verdict_is_the_judges() -> None:
    """The judge's immediate verdict (units left, army break, regulars lost) is
    remembered by the units' statuses and CV alone; in every position of random
    games it is what the judge says of the pieces as they stand."""
    checked = 0
    for g in _games(range(2), every=3):
        key = tuple([(u.status, u.cv) for u in g.st.units.values()])
        if key in g._judged:
            assert g._judged[key] == g.judge.immediate(g.victory_pieces())
            checked += 1
    assert checked > 50


def test_tactical_pieces_stamp_every_change_and_only_changes() -> None:
    """The kept legal list finds changed pieces by their stamps: a new value in
    any field renews the stamp, the same value does not, and a clone's pieces
    keep their stamps apart from the original's."""
    g = next(_games(range(1), every=30))
    u = next(iter(g.st.units.values()))
    for name, value in (("cv", u.cv - 1), ("sq", (u.sq[0], u.sq[1] + 1)),
                        ("fired", not u.fired), ("engaged", "x"), ("facing", u.facing + 90)):
        before = u._stamp
        setattr(u, name, getattr(u, name))
        assert u._stamp == before, name
        setattr(u, name, value)
        assert u._stamp != before, name
    c = g.clone()
    cu = c.st.units[u.id]
    assert cu._stamp == u._stamp
    cu.moved += 1
    assert cu._stamp != u._stamp
    o = next(iter(g.st.officers.values()))
    before = o._stamp
    o.moved = not o.moved
    assert o._stamp != before

