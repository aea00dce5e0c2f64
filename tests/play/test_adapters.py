"""Adapters, allowance bands, measuring and sight, without a window."""

from __future__ import annotations

from pathlib import Path

import pytest
from shapely.geometry import Point as SPoint

import desktop.rules  # noqa: F401
from desktop.play.allowance import compute_bands, probe, reach_polygon
from desktop.play.measure import (
    Units,
    edge_to_edge,
    fmt_distance,
    path_length,
    sight_report,
    snap,
    square_centre,
    squares_between,
)
from desktop.play.session import Session, Setup
from desktop.resources import bundled_scenario
from desktop.rules.d3.view import D3View
from desktop.rules.mayhem.view import MayhemView
from desktop.rules.randomplay import random_action
from desktop.rules.view import PlayView, view_of
from desktop.scenario import load
from desktop.scenario.model import Grid, Table
from desktop.scenario.vocabulary import LengthUnit, TerrainType
from desktop.table.shapes import rect
from desktop.table.terrain import TerrainIndex

BENCH = Path(__file__).parents[1] / "rules" / "data" / "d3_12v12.yaml"


@pytest.fixture
def d3():
    return Session.start(Setup(load(bundled_scenario("d3_crossroads.yaml")), "d3", seed=1))


@pytest.fixture
def mayhem():
    return Session.start(Setup(load(bundled_scenario("mayhem_village.yaml")), "mayhem",
                               seed=1, dice=[6, 2]))


def test_adapter_for_each_ruleset(d3, mayhem) -> None:
    assert isinstance(d3.play_view, D3View)
    assert isinstance(mayhem.play_view, MayhemView)
    generic = PlayView(d3.game)  # what a ruleset without its own adapter gets
    assert set(generic.pieces()) == set(d3.play_view.pieces())
    assert generic.move_action("aus_ir49", 27, 19, 175) == d3.play_view.move_action(
        "aus_ir49", 27, 19, 175)
    assert view_of(d3.game).game is d3.game


def test_d3_allowance_and_bands(d3) -> None:
    a = d3.play_view
    assert a.allowance("aus_ir49").full == 6.0
    assert a.allowance("aus_grenz").full == 9.0
    bands = compute_bands(a, "aus_ir49")
    assert bands is not None
    assert bands.free.area > 0 and bands.costly.is_empty
    # Nothing reachable lies beyond the allowance.
    assert bands.free.buffer(-1e-6).within(SPoint(a.piece("aus_ir49").pos).buffer(6.01))
    # Skirmishers in the wood: the wood does not block them, infantry cannot enter it.
    assert a.blocked("aus_ir4") is not None


def test_probe_gives_the_engines_reason(d3) -> None:
    a = d3.play_view
    p = a.piece("aus_ir49")
    ok = probe(a, "aus_ir49", p.x, p.y + 3, p.facing, a.allowance("aus_ir49"))
    assert ok.reason is None and ok.band == "free" and abs(ok.length - 3) < 1e-9
    far = probe(a, "aus_ir49", p.x, p.y + 8, p.facing, a.allowance("aus_ir49"))
    assert far.band == "beyond" and "at most 6" in (far.reason or "")


def test_mayhem_bands_mark_the_fire_move(mayhem) -> None:
    mayhem.apply_text("first")
    a = mayhem.play_view
    al = a.allowance("gb_23")
    assert al.full == 12.0 and al.free == 8.0 and "fire" in al.costly_label
    bands = compute_bands(a, "gb_23")
    assert not bands.free.is_empty and not bands.costly.is_empty
    p = a.piece("gb_23")
    far = probe(a, "gb_23", p.x - 10, p.y, p.facing, al)
    assert far.band == "costly" and far.cost == "too far to fire this turn"


def test_reach_is_cut_by_what_blocks() -> None:
    wall = rect(0, -5, 10, 1, 0)  # a bar 5" north of the origin
    reach = reach_polygon((0, 0), 8, wall)
    assert reach.contains(SPoint(0, 4)) and not reach.contains(SPoint(0, -7))
    assert reach.contains(SPoint(0, 7))  # south is open


def test_cards(d3, mayhem) -> None:
    c = d3.play_view.card("aus_ir49")
    assert dict(c.rows)["Hits"].startswith("0") and "move" in c.may
    assert c.chances and "activation" in c.chances[0][0].lower() and c.chances[0][1] == 1
    mayhem.apply_text("first")
    m = mayhem.play_view.card("gb_23")
    assert dict(m.rows)["Figures"].endswith("of " + dict(m.rows)["Figures"].split()[-1])
    assert any(k.startswith("Morale check") for k, _ in m.chances)
    assert "hold" in m.may and "move" in m.may


def test_d3_odds_and_targets() -> None:
    s = Session.start(Setup(load(BENCH), "d3", seed=1))
    g = s.game
    # Walk to the first shooting phase with something to shoot at.
    for _ in range(40):
        shots = [x for x in g.legal_actions() if x.text().startswith("shoot")]
        if shots:
            break
        s.apply(random_action(s.game, s.rng))
    shots = [x for x in g.legal_actions() if x.text().startswith("shoot")]
    if not shots:
        pytest.skip("no shot came up")
    shot = shots[0]
    assert shot in s.play_view.attacks(shot.text().split()[1])
    view = s.play_view.odds(shot)
    assert view is not None and abs(sum(p for _, p in view.bars) - 1.0) < 1e-9
    assert any("activat" in n for n in view.notes)


def test_weapons(d3) -> None:
    (w,) = d3.play_view.weapons("aus_art")
    assert w.name == "fire" and w.range == 48.0 and w.half_angle == 45.0
    (c,) = d3.play_view.weapons("aus_cav")
    assert c.name == "charge" and c.range == 12.0


def test_distances_in_table_units() -> None:
    t = Table(48, 36, LengthUnit.INCH, span=7.0, grid=Grid(6.0, (0, 0)))
    assert fmt_distance(12.5, t) == "12.5″"
    assert fmt_distance(14, t, Units.SPANS) == "2.0 spans"
    assert fmt_distance(15, t, Units.SQUARES) == "2.5 squares"
    assert fmt_distance(10, Table(100, 100, LengthUnit.CM)) == "25.4 cm"
    assert squares_between((1, 1), (13, 7), t) == 2
    assert square_centre((7, 1), t) == (9.0, 3.0)


def test_ruler_snaps_and_measures() -> None:
    base = rect(10, 10, 4, 2, 0)
    s = snap((12.2, 9.2), [("u", base)])
    assert s.kind == "corner" and s.point == pytest.approx((12.0, 9.0))
    e = snap((10.0, 8.8), [("u", base)])
    assert e.kind == "edge" and e.point == pytest.approx((10.0, 9.0))
    assert snap((30, 30), [("u", base)]).kind == "free"
    gap = edge_to_edge(base, rect(10, 20, 4, 2, 0))
    assert gap.distance == pytest.approx(8.0)
    assert path_length([(0, 0), (3, 4), (3, 10)]) == pytest.approx(11.0)


def test_sight_report_names_what_blocks(d3) -> None:
    sc = d3.game.scenario
    terrain = TerrainIndex(sc)
    a = d3.play_view
    wood = next(f for f in sc.terrain if f.type is TerrainType.WOOD)
    wc = terrain.areas[terrain.by_id[wood.id]].centroid
    origin = (wc.x - 12, wc.y)
    target = rect(wc.x + 12, wc.y, 4, 2, 0)
    rep = sight_report(origin, target, terrain, a.sight_types(), [], names={})
    assert not rep.clear and "wood" in rep.verdict
    assert rep.lines[0].blocked_at is not None
