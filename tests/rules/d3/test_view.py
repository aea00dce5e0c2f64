"""D3's play view asks its engine (seed 002) and speaks in names.

Seed lines cited are /work/shared/seeds/002_1e324ea9de3cc47a.txt: activation
line 28, shooting casualties line 89, charges lines 93-98, terrain lines 54-64,
interpenetration line 70, generals' re-roll line 108.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import replace
from fractions import Fraction as F

import pytest
from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry

from desktop.rules.action_odds import LASTING, Odds
from desktop.rules.d3.actions import Accept, Charge, End, Move, Reroll, Shoot
from desktop.rules.d3.game import D3Game
from desktop.rules.d3.view import D3View
from desktop.rules.view import view_of
from desktop.scenario.model import Unit
from desktop.scenario.vocabulary import TerrainType as T
from desktop.table.movement import MovePlan, Placement
from tests.rules.d3.helpers import (
    ART,
    CAV,
    INF,
    SKIRM,
    far_red,
    general,
    line,
    new_game,
    rect,
    scenario,
    to_shooting,
    unit,
)

#: Notation that must never reach a person: D3 arithmetic, coordinates, inch marks.
NOTATION = re.compile(r"x2 =|D3 \d|= \d|\d+(\.\d+)?,\s?\d|\(\d|\d\"|\b(move|shoot|charge|"
                      r"reroll) [a-z_]+\d")


def named(u: Unit, name: str) -> Unit:
    return replace(u, name=name)


def view(g: D3Game) -> D3View:
    v = view_of(g)
    assert isinstance(v, D3View)
    return v


# --- odds: exact, from the engine ----------------------------------------------------------


def _shot_game() -> D3Game:
    sc = scenario([named(unit("b1", INF, 20, 40), "IR 49")],
                  [named(unit("r1", INF, 20, 32, 180), "46e de Ligne"), *far_red()])
    g = new_game(sc)
    g.pieces["b1"].hits = 4
    g.pieces["r1"].hits = 7
    to_shooting(g)
    return g


def test_shot_odds_are_exact_fractions_worked_out_by_hand() -> None:
    g = _shot_game()
    o = view(g).odds(Shoot("b1", "r1"))
    assert isinstance(o, Odds) and o.exact and o.margin is None
    # line 28: 2 x d6 > 4 hits needs a 3 or more: 4/6.  line 89: infantry D3 hits,
    # no cover: 1, 2 or 3, a third each.  A failed activation is 0 hits.
    third, act = F(1, 3), F(2, 3)
    hand = {"no hits": 1 - act, "1 hit": act * third, "2 hits": act * third,
            "3 hits": act * third}
    assert dict(o.bars) == hand
    assert all(isinstance(p, F) for _, p in o.bars)
    assert sum(p for _, p in o.bars) == 1
    assert o.title == "IR 49 fires at 46e de Ligne: hits"
    # 7 hits + 2 or more reach 9 (line 104)
    assert "eliminates 46e de Ligne 44%" in o.notes  # 4/9


def test_the_game_answers_odds_itself_and_refuses_other_actions() -> None:
    g = _shot_game()
    o = g.odds(Shoot("b1", "r1"))
    assert o is not None and o.exact and sum(p for _, p in o.bars) == 1
    assert "passes its activation test 67%" in o.notes and "eliminates r1 44%" in o.notes
    assert view(g).odds(Shoot("b1", "r1")).bars == o.bars  # the view's chart, the same chances
    assert g.odds(End()) is None
    assert g.odds(Shoot("b1", "b1")) is None  # not legal: no odds
    assert view(g).odds(End()) is None


def test_charge_odds_in_the_view_are_the_engine_s_and_sum_to_one() -> None:
    sc = scenario([named(unit("c1", CAV, 40, 40), "7e Hussards")],
                  [named(unit("r2", INF, 40, 30, 180), "IR 4"), *far_red()])
    g = new_game(sc)
    ch = Charge("c1", "r2", 0)
    o = view(g).odds(ch)
    assert o is not None and o.exact
    # line 28: 0 hits always activates; lines 93-98: D3 + 1 from the front
    assert dict(o.bars) == {"no hits": F(0), "2 hits": F(1, 3), "3 hits": F(1, 3),
                            "4 hits": F(1, 3)}
    assert sum(p for _, p in o.bars) == 1
    assert o.title == "7e Hussards charges IR 4: hits"


def test_a_general_in_range_raises_the_activation_chance_on_the_card() -> None:
    # line 108: a general within 12" may re-roll a failed activation: 1 - (1/3)^2
    sc = scenario([unit("b1", INF, 20, 40)], far_red(),
                  blue_officers=[general("bg", 20, 46)])
    g = new_game(sc)
    g.pieces["b1"].hits = 4
    chances = dict(view(g).card("b1").chances)
    assert chances == {"Passes its activation test": F(2, 3),
                       "With a general's re-roll": F(8, 9)}


# --- movement: the picture is the engine's check -------------------------------------------


def _terrain_scene() -> D3Game:
    terrain = [
        line("river", T.RIVER, [(0, 24), (72, 24)], 2),
        rect("bridge", T.BRIDGE, 30, 24, 3, 4),
        line("stream", T.STREAM, [(50, 36), (72, 36)], 1),
        rect("wood", T.WOOD, 12, 36, 6, 4),
        rect("marsh", T.MARSH, 62, 44, 6, 3),
        rect("town", T.TOWN, 40, 40, 4, 3),
    ]
    blue = [unit("b_inf", INF, 30, 26.9), unit("b_skirm", SKIRM, 30, 32),
            unit("b_cav", CAV, 55, 40), unit("b_inf2", INF, 30, 38),
            unit("b_light", SKIRM, 38, 34)]
    red = [unit("r1", INF, 44, 30, 180), *far_red()]
    return new_game(scenario(blue, red, terrain, blue_officers=[general("bg", 50, 44)]))


def _path(g: D3Game, pid: str, x: float, y: float) -> tuple[BaseGeometry, BaseGeometry]:
    """The ground a straight move (facing kept) sweeps, and where it ends."""
    p = g.pieces[pid]
    plan = MovePlan(Placement(p.x, p.y, p.facing), Placement(x, y, p.facing),
                    p.frontage, p.depth)
    return plan.lane().union(plan.end_footprint()), plan.end_footprint()


@pytest.mark.parametrize("pid", ["b_inf", "b_skirm", "b_cav", "b_inf2", "b_light", "bg"])
def test_blocked_ground_agrees_with_the_engine_s_check_on_sampled_moves(pid: str) -> None:
    g = _terrain_scene()
    v = view(g)
    p = g.pieces[pid]
    blocked, no_end = v.blocked(pid), v.no_end(pid)
    rng = random.Random(7)
    clear = hit = 0
    for _ in range(120):
        ang, r = rng.uniform(0.0, 2.0 * math.pi), rng.uniform(0.5, p.allowance - 0.1)
        x, y = round(p.x + r * math.cos(ang), 2), round(p.y + r * math.sin(ang), 2)
        path, end = _path(g, pid, x, y)
        minx, miny, maxx, maxy = end.bounds
        if minx < 0 or miny < 0 or maxx > 72 or maxy > 48:
            continue
        why = g.check(Move(pid, x, y, p.facing))
        over = 0.0 if blocked is None else path.intersection(blocked).area
        ends_on = 0.0 if no_end is None else end.intersection(no_end).area
        near = min(float(path.distance(blocked)) if blocked is not None else 99.0,
                   float(end.distance(no_end)) if no_end is not None else 99.0)
        if over > 0.05 or ends_on > 0.05:
            hit += 1
            assert why is not None, (pid, x, y, "the picture blocks what the engine allows")
        elif near > 0.2:
            clear += 1
            assert why is None, (pid, x, y, why)
    assert clear >= 10 and hit >= 5, (clear, hit)


def test_what_blocks_each_kind_of_piece() -> None:
    g = _terrain_scene()
    v = view(g)
    areas = {f: g.terrain.areas[g.terrain.by_id[f]] for f in ("wood", "town", "bridge")}
    # lines 54, 60: infantry may not enter a wood; a river only at its bridge, and
    # only from its bank (a full move)
    inf = v.blocked("b_inf")
    assert inf is not None and inf.contains(areas["wood"].centroid)
    assert not inf.contains(areas["bridge"].centroid) and inf.contains(Point(5, 24))
    far = v.blocked("b_inf2")
    assert far is not None and far.contains(areas["bridge"].centroid)
    # line 70: infantry may not pass friends; skirmishers pass and are passed
    assert inf.contains(g.pieces["b_inf2"].fp().centroid)
    assert inf.contains(g.pieces["b_light"].fp().centroid) is False
    skirm = v.blocked("b_skirm")
    assert skirm is not None and not skirm.contains(g.pieces["b_inf2"].fp().centroid)
    assert skirm.contains(g.pieces["r1"].fp().centroid)  # never through enemies
    # ... but they may not stop on the friend they pass, nor (RULINGS) in a town
    light_end = v.no_end("b_skirm")
    assert light_end is not None and light_end.contains(g.pieces["b_inf2"].fp().centroid)
    assert light_end.contains(areas["town"].centroid)
    # line 62: the stream costs the cavalry a full move; generals ride over units
    assert v.costly("b_cav") is not None
    gen = v.blocked("bg")
    assert gen is None or not gen.contains(g.pieces["b_inf2"].fp().centroid)
    gen_end = v.no_end("bg")
    assert gen_end is not None and gen_end.contains(g.pieces["b_inf2"].fp().centroid)


# --- words ---------------------------------------------------------------------------------


def _reroll_game() -> D3Game:
    sc = scenario([named(unit("b1", INF, 20, 40), "IR 49")],
                  [named(unit("r1", INF, 40, 10, 180), "46e de Ligne"), *far_red()],
                  blue_officers=[replace(general("bg", 20, 46), name="General Hiller")])
    sc = replace(sc, sides=(replace(sc.sides[0], name="Austria"),
                            replace(sc.sides[1], name="France")))
    g = new_game(sc, dice=[1, 6])
    g.pieces["b1"].hits = 4
    return g


def test_a_failed_activation_reads_in_names() -> None:
    g = _reroll_game()
    v = view(g)
    move = Move("b1", 20, 36, 20)
    assert v.describe(move) == "IR 49 moves 4″ and wheels 20°"
    g.apply(move)  # rolls 1: 2 is not above 4 hits; the general may re-roll
    assert v.prompt(None) == ("An activation failed: a general may re-roll it, or "
                              "accept the failure.")
    assert v.action_label(Reroll("bg")) == "Re-roll with General Hiller"
    assert v.action_label(Accept()) == "Accept the failure"
    assert v.card_actions("bg") == [("Re-roll with General Hiller", Reroll("bg"))]
    assert [lab for lab, _ in v.card_actions("b1")] == ["Re-roll with General Hiller",
                                                         "Accept the failure"]
    assert v.describe(Reroll("bg")) == "General Hiller re-rolls the failed activation of IR 49"
    # the engine's reason for refusing anything else meanwhile is words, not notation
    why = g.check(End())
    assert why is not None and "reroll" not in why and "'" not in why
    card = v.card("b1")
    assert card.subtitle == "Line infantry · Austria"
    assert ("Status", "Failed its activation test: a general may re-roll it") in card.rows
    texts = [card.title, card.subtitle, *(k + " " + w for k, w in card.rows), *card.may,
             *(lab for lab, _ in v.card_actions("b1")), v.prompt("b1"),
             v.describe(Accept())]
    for t in texts:
        assert not re.search(r"\bb1\b|\bbg\b|\bblue\b|\br1\b", t), t
        assert not NOTATION.search(t), t


def test_the_general_s_card_and_the_log_lines_in_names() -> None:
    g = _reroll_game()
    v = view(g)
    card = v.card("bg")
    assert card.subtitle == "General · Austria"
    assert ("Re-rolls", "1 left this turn") in card.rows
    assert v.describe(Move("bg", 20, 40, 0)) == "General Hiller rides 6″"
    assert v.describe(End()) == "Austria ends the movement phase"
    assert v.action_label(End()) == "End movement ▶"
    assert v.describe(Shoot("b1", "r1")) == "IR 49 fires at 46e de Ligne"
    assert v.describe(Charge("b1", "r1", -30)) == "IR 49 charges 46e de Ligne after turning 30°"


def test_engine_events_are_words_not_notation() -> None:
    # seeded random play over every kind of event the engine tells
    from desktop.rules.randomplay import play_out

    g = _terrain_scene()
    play_out(g, random.Random(3))
    kinds = {e.kind for e in g.events}
    assert {"activation", "move", "phase"} <= kinds
    for e in g.events:
        assert not NOTATION.search(e.text), e.text


def test_a_gun_is_warned_before_it_fires_that_it_deploys_for_good() -> None:
    """Issue 34: a D3 gun that fires is deployed for the rest of the game; the odds
    say so before the player commits, and no longer once it is deployed."""
    sc = scenario([named(unit("g1", ART, 20, 40), "Foot battery")],
                  [named(unit("r1", INF, 20, 20, 180), "46e de Ligne"), *far_red()])
    g = new_game(sc)
    to_shooting(g)
    o = view(g).odds(Shoot("g1", "r1"))
    assert o is not None
    lasting = [n for n in o.notes if n.startswith(LASTING)]
    assert lasting and "deployed for the rest of the game" in lasting[0]
    assert "Foot battery" in lasting[0]
    g.pieces["g1"].deployed = True
    again = view(g).odds(Shoot("g1", "r1"))
    assert again is not None and not any(n.startswith(LASTING) for n in again.notes)
    inf = view(g).odds(Shoot("r1", "g1")) if g.side == "red" else None
    assert inf is None or not any(n.startswith(LASTING) for n in inf.notes)
