"""The victory panel's live state (VictoryJudge.report): each condition type in
words with where it stands, and, on every ruleset, the same answers as the
referee (issue 34, "The battle, in view")."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from shapely.geometry import Point

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.resources import bundled_scenarios
from desktop.rules import registry
from desktop.rules.piece_view import PieceView
from desktop.rules.randomplay import random_action
from desktop.rules.victory import VictoryJudge, VictoryState
from desktop.rules.view import view_of
from desktop.scenario import Scenario, load
from desktop.scenario.geometry import shape_area
from desktop.scenario.model import (
    AllRegularsLost,
    ArmyBreak,
    ExitUnits,
    HoldObjectives,
    LastManStanding,
    OccupyFeature,
    TurnLimit,
)
from desktop.scenario.vocabulary import Edge

SCENARIOS = {p.stem: p for p in bundled_scenarios()}


@pytest.fixture(scope="module")
def kreuzdorf() -> Scenario:
    return load(SCENARIOS["d3_crossroads"])


def pieces(sc: Scenario, where: dict[str, tuple[float, float]] | None = None,
           gone: set[str] = frozenset(), exited: dict[str, Edge] | None = None,
           ) -> list[PieceView]:
    """Every unit of `sc` as the judge sees it: far from every objective (in the
    north-west corner, or the south-east one for the second side) unless
    `where` puts it somewhere."""
    where, exited = where or {}, exited or {}
    out = []
    for i, side in enumerate(sc.sides):
        for u in side.units:
            pos = where.get(u.id, (0.5, 0.5) if i == 0 else (sc.table.width - 0.5,
                                                             sc.table.depth - 0.5))
            out.append(PieceView(u.id, side.id, u.type, u.id not in gone and u.id not in exited,
                                 u.figures, pos, None, exited.get(u.id)))
    return out


def with_victory(sc: Scenario, *conditions: object) -> Scenario:
    return replace(sc, game=replace(sc.game, victory=tuple(conditions)))


def goal(state: VictoryState, side: str, starts: str):
    found = [g for g in state.goals_of(side) if g.text.startswith(starts)]
    assert len(found) == 1, [g.text for g in state.goals_of(side)]
    return found[0]


# -- each condition type ---------------------------------------------------------------


def test_hold_objectives_names_the_holder_and_what_is_still_needed(kreuzdorf):
    judge = VictoryJudge(kreuzdorf)
    now = judge.report(4, pieces(kreuzdorf, {"aus_ir4": (24, 14), "fra_46_1": (40.5, 6)}))
    assert now.turn_words() == "Turn 4 of 12"
    assert now.turns_left == 8
    assert [(o.name, o.holder) for o in now.objectives] == [
        ("Kreuzdorf crossroads", "aus"), ("Galgenberg summit", "fra")]
    fra = goal(now, "fra", "Hold Kreuzdorf crossroads and Galgenberg summit")
    assert fra.progress == "holds Galgenberg summit; needs Kreuzdorf crossroads too"
    assert fra.when == "when turn 12 ends" and not fra.met
    aus = goal(now, "aus", "Hold Kreuzdorf crossroads")
    assert aus.met and aus.deciding and aus.progress.endswith("enough")
    assert now.verdict_winner == "aus"
    assert now.verdict == "Austrian rearguard would win: it holds Kreuzdorf crossroads."


def test_a_contested_objective_is_nobody_s(kreuzdorf):
    judge = VictoryJudge(kreuzdorf)
    now = judge.report(1, pieces(kreuzdorf, {"aus_ir4": (24, 14), "fra_46_1": (24.5, 14)}))
    assert now.objectives[0].holder is None
    assert goal(now, "aus", "Hold Kreuzdorf").progress == "holds none; needs 1 more"


def test_occupy_feature_counts_figures_inside(kreuzdorf):
    judge = VictoryJudge(kreuzdorf)
    town = shape_area(next(f for f in kreuzdorf.terrain if f.id == "kreuzdorf").shape)
    inside = town.difference(Point(24, 14).buffer(3.5)).representative_point()  # off the marker
    at = {"fra_46_1": (inside.x, inside.y)}
    now = judge.report(3, pieces(kreuzdorf, at))
    g = goal(now, "fra", "Have 12 figures inside Kreuzdorf")
    figs = next(u.figures for u in kreuzdorf.side("fra").units if u.id == "fra_46_1")
    assert g.progress == (f"{figs} there now: enough" if figs >= 12
                          else f"{figs} there now; {12 - figs} more needed")
    assert g.met == (figs >= 12)
    # with the whole battalion in the village and nobody on the crossroads, the
    # French would win; with an Austrian on the crossroads the two cancel out
    at["fra_46_2"] = (inside.x, inside.y)
    now = judge.report(3, pieces(kreuzdorf, at))
    assert goal(now, "fra", "Have 12").met and goal(now, "fra", "Have 12").deciding
    assert now.verdict_winner == "fra"
    assert "inside Kreuzdorf" in now.verdict
    at["aus_ir4"] = (24, 14)
    now = judge.report(3, pieces(kreuzdorf, at))
    assert now.verdict_winner == "aus"
    assert "cancel out" in now.verdict and "the defender holds" in now.verdict
    assert judge.end_of_turn(12, pieces(kreuzdorf, at)).winner == now.verdict_winner


def test_army_break_is_the_enemy_s_goal_with_what_it_still_needs(kreuzdorf):
    judge = VictoryJudge(kreuzdorf)
    now = judge.report(2, pieces(kreuzdorf, gone={"fra_46_1", "fra_57"}))
    g = goal(now, "aus", "Break French advance guard")
    assert g.text == "Break French advance guard: 4 of its 7 units lost"
    assert g.progress == "2 lost so far; 2 more breaks it"
    assert g.when == "at once" and not g.met
    # a side that breaks first has no "destroy every unit" line
    assert not [x for x in now.goals if x.text.startswith("Destroy every")]


def test_last_man_standing_counts_what_is_left(kreuzdorf):
    sc = with_victory(kreuzdorf, LastManStanding())
    judge = VictoryJudge(sc)
    now = judge.report(1, pieces(sc, gone={"aus_ir4"}))
    g = goal(now, "fra", "Destroy every unit of Austrian rearguard")
    assert g.progress == "5 units left"
    assert now.last_turn is None and now.turn_words() == "Turn 1"
    assert now.verdict == "Nobody has won yet."


def test_all_regulars_lost(kreuzdorf):
    sc = with_victory(kreuzdorf, AllRegularsLost(), LastManStanding())
    judge = VictoryJudge(sc)
    now = judge.report(1, pieces(sc, gone={"aus_ir4", "aus_ir49"}))
    g = goal(now, "fra", "Destroy all the line infantry of Austrian rearguard")
    assert g.progress == "1 line infantry unit left" and not g.met
    gone = {"aus_ir4", "aus_ir49", "aus_gren"}
    assert goal(judge.report(1, pieces(sc, gone=gone)), "fra", "Destroy all").met
    assert judge.immediate(pieces(sc, gone=gone)) is not None  # the referee agrees


def test_exit_units(kreuzdorf):
    sc = with_victory(kreuzdorf, ExitUnits("fra", 2))
    judge = VictoryJudge(sc)
    now = judge.report(1, pieces(sc, exited={"fra_huss": Edge.NORTH}))
    g = goal(now, "fra", "Move 2 units off the north edge")
    assert g.progress == "1 off so far; 1 more needed" and not g.met


@pytest.mark.parametrize(("fallback", "winner", "words"), [
    ("draw", None, "the battle is a draw."),
    ("defender", "aus", "Austrian rearguard wins."),
    ("fra", "fra", "French advance guard wins."),
])
def test_turn_limit_fallbacks(kreuzdorf, fallback, winner, words):
    sc = with_victory(kreuzdorf, ArmyBreak(), TurnLimit(12, fallback))
    now = VictoryJudge(sc).report(12, pieces(sc))
    assert now.limit_text == f"The battle ends after turn 12; if no side has won by then, {words}"
    assert now.verdict_winner == winner
    assert now.turns_left == 0
    hold_out = [g for g in now.goals if g.fallback]
    if winner is None:
        assert not hold_out
    else:
        assert hold_out[0].side == winner and hold_out[0].deciding
        assert hold_out[0].progress == "this is the last turn"


def test_a_ruleset_s_own_limit_judges_the_ground_every_turn(kreuzdorf):
    sc = with_victory(kreuzdorf, OccupyFeature("fra", "kreuzdorf", 1),
                      HoldObjectives(1, ("crossroads",), "aus"))
    now = VictoryJudge(sc).report(3, pieces(sc), limit=25)
    assert now.turn_words() == "Turn 3 of 25"
    assert goal(now, "fra", "Have 1 figure").when == "at the end of any turn"
    assert now.verdict == "A draw: no side has won."


def test_names_never_ids(kreuzdorf):
    now = VictoryJudge(kreuzdorf).report(4, pieces(kreuzdorf))
    ids = {"aus", "fra", "kreuzdorf", "gallows_hill"}  # ("crossroads" is in a name)
    words = [now.verdict, now.limit_text, *(g.text + " " + g.progress for g in now.goals)]
    for line in words:
        assert not set(line.replace(":", " ").replace(";", " ").replace(".", " ").split()) & ids


# -- every ruleset: the panel says what the referee says ----------------------------------


RULESET_SCENARIOS = ["d3_crossroads", "mayhem_village", "tactical_ridge",
                     "blown_away_four_farms", "kiddies_bridge"]


@pytest.mark.parametrize("name", RULESET_SCENARIOS)
def test_every_ruleset_reports_what_its_referee_judges(name):
    sc = load(SCENARIOS[name])
    game = registry.get(sc.ruleset).new_game(sc, seed=5)
    rng = random.Random(11)
    checked = 0
    for step in range(400):
        if game.outcome is not None:
            break
        game.apply(random_action(game, rng))
        if step % 25:
            continue
        view = view_of(game)
        state = view.victory()
        assert state is not None
        checked += 1
        assert state.turn == game.turn
        assert state.last_turn is not None  # every bundled battle has a limit
        assert state.turn_words() == f"Turn {game.turn} of {state.last_turn}"
        assert state.goals and state.verdict and not state.over
        for s in sc.sides:
            assert state.goals_of(s.id), s.name
        # nothing judged at once is met while the game goes on: the referee
        # would have ended it
        assert not [g.text for g in state.goals if g.when == "at once" and g.met]
        standing = view.standing()
        if standing is not None:
            assert standing.winner == state.verdict_winner
        # the objectives' holders are the referee's
        judge = game.judge
        if name == "blown_away_four_farms":
            holders = dict(game.state.objectives)  # type: ignore[attr-defined]
        else:
            holders = judge.holders(game.victory_pieces())
        assert {o.id: o.holder for o in state.objectives} == {
            o.id: holders.get(o.id) for o in sc.game.objectives}
        assert sum(g.deciding for g in state.goals) <= 2
    assert checked >= 4


@pytest.mark.parametrize("name", RULESET_SCENARIOS)
def test_the_panel_at_the_end_says_the_referee_s_outcome(name):
    sc = load(SCENARIOS[name])
    game = registry.get(sc.ruleset).new_game(sc, seed=2)
    rng = random.Random(4)
    for _ in range(6000):
        if game.outcome is not None:
            break
        game.apply(random_action(game, rng, end_bias=0.3))
    assert game.outcome is not None
    state = view_of(game).victory()
    assert state is not None and state.over
    assert state.verdict_winner == game.outcome.winner
    reason = game.outcome.reason
    assert state.verdict.rstrip(".").lower() == reason.rstrip(".").lower()


def test_the_places_to_fill_with_figures(kreuzdorf):
    now = VictoryJudge(kreuzdorf).report(1, pieces(kreuzdorf))
    assert [(p.name, p.side, p.figures, p.needed) for p in now.places] == [
        ("Kreuzdorf", "fra", 0, 12)]
