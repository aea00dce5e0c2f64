"""The bundled grid scenario (scenarios/tactical_ridge.yaml) read onto the grid."""

from __future__ import annotations

from desktop.rules import registry
from desktop.rules.tactical import constants as C
from desktop.rules.tactical.game import TacticalGame
from desktop.rules.tactical.grid import parse_square, square_name
from desktop.scenario import load
from tests.rules.tactical.helpers import scenario_path


def ridge(**options: bool | int | str) -> TacticalGame:
    g = registry.get("tactical").new_game(load(scenario_path()), dict(options), seed=1)
    assert isinstance(g, TacticalGame)
    return g


def sq(name: str) -> tuple[int, int]:
    s = parse_square(name)
    assert s is not None
    return s


def test_ridge_grid_and_terrain() -> None:
    g = ridge()
    b = g.board
    assert (b.cols, b.rows, b.size) == (12, 8, 6.0)
    assert b.area(sq("f4")) == C.HILL          # the windmill on the ridge
    assert b.area(sq("k4")) == C.TOWN          # Saint-Aubin church
    assert b.area(sq("d6")) == C.LAKE          # the mill pond
    assert b.area(sq("a5")) == C.WOOD          # Bois Guillaume
    assert b.area(sq("b3")) == C.CROPS         # the Grange wheatfield
    assert b.terrain[sq("g1")].roads           # the Charleroi road


def test_ridge_chateau_walls_keep_out_horses_not_infantry() -> None:
    g = ridge()
    assert g.terrain_step("cavalry", sq("i7"), sq("i6"))[0] is not None
    why, stop = g.terrain_step("infantry", sq("i7"), sq("i6"))
    assert why is None and stop


def test_ridge_units_start_in_their_squares() -> None:
    g = ridge()
    where = {u.id: square_name(u.sq) for u in g.st.units.values()}
    assert where["br_guards"] == "e2" and where["fr_cuir"] == "e8"
    assert g.officer("br_gen_1").sq == g.unit("br_guards").sq
    assert g.skirmish_rules and g.unit("br_kgl").formation == "skirmish"
    assert not ridge(skirmish_fire=False).skirmish_rules


def test_ridge_first_turn_opens_with_the_guns() -> None:
    g = ridge()
    assert g.turn == 1 and g.phase == "artillery"
    assert all(a.text().split()[0] in ("fire", "end") for a in g.legal_actions())
