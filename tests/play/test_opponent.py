"""The computer's steady player (desktop.play.opponent): its score and its choices.

How well it plays is measured by tests/benchmarks/bench_opponent.py, not here.
"""

from __future__ import annotations

import math
import random

import pytest

from desktop.play.opponent import (
    Style,
    _weigh,
    pressed,
    steady_action,
    weigh,
    weigh_actions,
)
from desktop.play.scoring import Weights, _touches, goals_for, score
from desktop.rules import registry
from desktop.rules.engine import Game
from desktop.rules.randomplay import play_out
from tests.play.bundled import first_bundled

RULESETS = ["d3", "mayhem", "tactical", "blown_away", "kiddies"]
QUICK = Style(candidates=8, moves=4, tries=1)


_scenario = first_bundled


def _game(ruleset_id: str, seed: int = 5) -> Game:
    return registry.get(ruleset_id).new_game(_scenario(ruleset_id), seed=seed)


def test_the_end_of_the_game_outweighs_everything() -> None:
    game = _game("d3", seed=11)
    play_out(game, random.Random(11))
    out = game.outcome
    assert out is not None
    sides = [s.id for s in game.scenario.sides]
    if out.winner is None:
        assert all(score(game, s) == 0.0 for s in sides)
    else:
        loser = next(s for s in sides if s != out.winner)
        assert score(game, out.winner) == Weights().win
        assert score(game, loser) == -Weights().win


def test_moving_towards_the_objectives_scores_better() -> None:
    """The pull: of the sampled moves, the one ending nearest an objective scores
    higher than the one ending farthest (nothing else changes in a move)."""
    game = _game("d3")
    side = game.side
    assert side is not None
    goals = [o.position for o in game.scenario.game.objectives]
    assert goals
    moves = game.sample_actions(random.Random(3), 40)
    assert len(moves) >= 2

    def after(action: object) -> Game:
        copy = game.clone(seed=1)
        copy.apply(action)  # type: ignore[arg-type]
        return copy

    def distance(action: object) -> float:
        x, y = float(action.x), float(action.y)  # type: ignore[attr-defined]
        return min(math.dist((x, y), g) for g in goals)

    near = min(moves, key=distance)
    far = max(moves, key=distance)
    assert distance(near) < distance(far)
    assert score(after(near), side) > score(after(far), side)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_choice_is_legal_and_comes_from_the_candidates(ruleset_id: str) -> None:
    game = _game(ruleset_id)
    rng = random.Random(2)
    weighed = weigh(game, rng, QUICK)
    assert weighed, ruleset_id
    scores = [s for s, _ in weighed]
    assert scores == sorted(scores, reverse=True)
    action = steady_action(game, random.Random(2), QUICK)
    assert game.check(action) is None, (ruleset_id, action.text())


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_thinking_never_touches_the_real_game(ruleset_id: str) -> None:
    """Look-ahead plays on copies with their own dice: the game's next rolls and
    its history are the same whether or not the computer thought first."""
    a, b = _game(ruleset_id, seed=9), _game(ruleset_id, seed=9)
    before = a.snapshot()
    steady_action(a, random.Random(4), QUICK)
    assert a.snapshot() == before
    assert a.chance.clone().roll(5, "peek") == b.chance.clone().roll(5, "peek")


def test_a_steady_game_plays_to_the_end() -> None:
    """Steady against steady: a whole D3 game, every choice legal, and it ends."""
    game = _game("d3", seed=21)
    rng = random.Random(21)
    for _ in range(5_000):
        if game.outcome is not None:
            break
        game.apply(steady_action(game, rng, QUICK))
    assert game.outcome is not None


@pytest.mark.parametrize("ruleset_id", ["d3", "blown_away"])
def test_an_action_that_draws_no_chance_is_tried_once(ruleset_id: str) -> None:
    """A second try on fresh dice can only differ if the first drew dice or cards:
    the steady player copies the game once for an action that drew nothing and
    more often for one that drew: `tries` times, or once per outcome of its
    dice when it drew only a d6 or two (its exact expectation)."""
    game = _game(ruleset_id)
    for _ in range(40):  # into a phase with both kinds of action, if it comes
        actions = game.candidate_actions(random.Random(1), 4)
        if len(actions) > 1:
            break
        game.apply(steady_action(game, random.Random(2), QUICK))
    drew: dict[str, bool] = {}
    for a in actions:
        copy = game.clone(seed=7)
        n = len(copy.chance.log)
        if copy.check(a) is None:
            copy.apply(a)
            drew[a.text()] = len(copy.chance.log) > n
    assert drew
    for a in actions:
        if a.text() not in drew:
            continue
        seeds: list[int | None] = []
        game.clone = _counting(game, seeds)  # type: ignore[method-assign]
        try:
            weigh_actions(game, [a], random.Random(3), 3, Weights())
        finally:
            del game.clone
        if drew[a.text()]:
            assert len(seeds) in (3, 1 + 6, 1 + 36), a.text()
        else:
            assert len(seeds) == 1, a.text()


def _counting(game: Game, seeds: list[int | None]):  # type: ignore[no-untyped-def]
    """`game.clone`, noting the seed of every copy made."""
    clone = game.clone

    def counting(seed: int | None = None) -> Game:
        seeds.append(seed)
        return clone(seed)

    return counting


def test_a_kind_the_score_cannot_see_is_tried_twice_then_left() -> None:
    """Tactical Dice lists every officer's ride; the score reads no officer, so
    after two rides leave it exactly as the position stands the rest are left
    untried, and they count as scoring as it stands (docs/opponent.md,
    *Cheaper decisions*)."""
    game = _game("tactical", seed=1)
    rng = random.Random(1)
    for _ in range(400):
        actions = [a for a in game.legal_actions() if a.text().startswith("officer ")]
        if len(actions) > 4:
            break
        game.apply(steady_action(game, rng))
    assert len(actions) > 4, "no phase with officers to ride came"
    weighed, untried, still, _ = _weigh(game, actions, random.Random(3), Style())
    assert untried, "every ride was tried"
    assert len(weighed) == 2 and all(s == still for s, _ in weighed)
    assert {a.text() for a in untried} | {a.text() for _, a in weighed} == \
        {a.text() for a in actions}


def test_the_attacker_presses_on_and_the_defender_does_not() -> None:
    """D3's Crossroads: at the turn limit the Austrians (the defender) win as the
    pieces stand, so only the French weigh the ground more (Style.press), and
    more as the end nears."""
    game = _game("d3", seed=3)
    base = Weights()
    assert pressed(game, "aus", base, 2.0) == base
    french = pressed(game, "fra", base, 2.0)
    assert french.objective > base.objective and french.lead > base.lead
    assert french.strength == base.strength
    assert pressed(game, "fra", base, None) == base


def test_an_objective_marker_is_held_by_the_side_that_alone_touches_it() -> None:
    """The victory judge's holder: a side's piece on the marker with no enemy on it
    counts the full objective weight; an enemy on it too, nothing."""
    assert _touches(10.0, 10.0, 3.0, [(12.0, 10.0)], [0.5])
    assert not _touches(10.0, 10.0, 3.0, [(14.0, 10.0)], [0.5])
    sc = _scenario("d3")
    goals = goals_for(sc, "fra")
    assert goals.radii[:len(sc.game.objectives)] == tuple(
        o.radius for o in sc.game.objectives)
    assert all(r is None for r in goals.radii[len(sc.game.objectives):])


def test_a_shot_on_one_or_two_dice_is_weighed_by_its_exact_odds() -> None:
    """Issue 33, class 5 (fire by expected effect): the Steady player weighs a D3
    volley (an activation d6 and a D3 of hits) over all 36 outcomes of its two
    dice, so its score is the exact average -- the same on any rng."""
    from desktop.play.opponent import _exact
    from desktop.play.scoring import score
    from tests.play.tactics.suite import load_positions

    position = next(p for p in load_positions("d3") if p.klass == "fire")
    game = position.start()
    shot = next(a for a in game.legal_actions() if a.text().startswith("shoot"))
    side = game.side
    assert side is not None
    by_hand = 0.0
    for first in range(1, 7):
        for second in range(1, 7):
            copy = game.clone(seed=1)
            copy.chance.script([first, second])
            copy.apply(shot)
            by_hand += score(copy, side, Weights()) / 36
    for seed in (1, 2):
        got = _exact(game, shot, random.Random(seed), side, Weights(), 2)
        assert got == pytest.approx(by_hand)


def test_the_same_kill_for_fewer_cannonballs_scores_higher() -> None:
    """Issue 33, class 5 (fire by expected effect per resource): Blown Away's
    guns have four balls and a shot costs one to three by the target's cover
    (seed 003); every shot kills a man.  The score counts the balls left
    (PlayView.supplies, Weights.supply), so the shot at the regiment in the open
    beats the same shot into the Sconce, and both beat holding fire."""
    from desktop.play.scoring import score
    from desktop.rules.view import view_of
    from tests.play.tactics.suite import load_positions

    position = next(p for p in load_positions("blown_away") if p.id == "ba_ball_for_the_open")
    game = position.start()
    side = game.side
    assert side is not None
    balls = view_of(game).supplies()
    assert balls[side] == sum(p.markers for p in game.units(side))  # type: ignore[attr-defined]
    after: dict[str, float] = {}
    open_, sconce = "fire ry_gun_2 st_foot", "fire ry_gun_2 st_militia"
    for text in (open_, sconce, "end"):
        copy = game.clone(seed=1)
        copy.apply_text(text)
        after[text] = score(copy, side, Weights())
    assert after[open_] > after[sconce]
    assert after[open_] > after["end"]
