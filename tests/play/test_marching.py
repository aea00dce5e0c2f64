"""Moves that march pieces towards their goals (desktop.play.marching), through the
engine's public API and the play view only, on every ruleset."""

from __future__ import annotations

import random

import pytest

from desktop.play.opponent import marches
from desktop.play.scoring import _plan
from desktop.rules import registry
from desktop.rules.engine import Game
from desktop.rules.randomplay import random_action
from desktop.rules.view import view_of
from tests.play.bundled import first_bundled

#: The rulesets whose moves cannot be listed (Tactical Dice lists every move on
#: its grid: nothing to march there).
FREE_MOVES = ["d3", "mayhem", "blown_away", "kiddies"]


_scenario = first_bundled


def _in_a_move_phase(ruleset_id: str, seed: int = 3) -> Game:
    game = registry.get(ruleset_id).new_game(_scenario(ruleset_id), seed=seed)
    rng = random.Random(seed)
    for _ in range(400):
        if game.outcome is None and marches(game, random.Random(0), 1):
            return game
        game.apply(random_action(game, rng))
    raise AssertionError(f"{ruleset_id}: no move phase with a march in 400 actions")


@pytest.mark.parametrize("ruleset_id", FREE_MOVES)
def test_marches_are_legal_and_bring_a_piece_nearer_its_goals(ruleset_id: str) -> None:
    game = _in_a_move_phase(ruleset_id)
    side = game.side
    assert side is not None
    plan = _plan(game.scenario, side)
    fields = [*plan.occupy_fields, *([plan.field] if plan.field is not None else [])]
    before = view_of(game).pieces()
    moves = marches(game, random.Random(1), 4)
    assert moves
    for action in moves:
        assert game.check(action) is None, action.text()
        copy = game.clone(seed=1)
        copy.apply(action)
        after = view_of(copy).pieces()
        moved = [pid for pid, p in after.items()
                 if pid in before and (p.x, p.y) != (before[pid].x, before[pid].y)]
        assert moved, action.text()
        nearer = [pid for pid in moved
                  if any(f.distance(after[pid].pos) < f.distance(before[pid].pos)
                         for f in fields)]
        assert nearer, action.text()


def test_no_marching_in_a_phase_without_moves() -> None:
    """Kiddies' shooting: the engine samples shots, not moves, so nothing marches."""
    game = registry.get("kiddies").new_game(_scenario("kiddies"), seed=4)
    rng = random.Random(4)
    for _ in range(2000):
        if game.outcome is not None or game.phase in ("volley", "skirmish", "cannon"):
            break
        game.apply(random_action(game, rng))
    assert game.phase in ("volley", "skirmish", "cannon")
    assert game.sample_actions(random.Random(2), 4)
    assert marches(game, random.Random(2), 4) == []


def test_no_marching_where_every_move_is_listed() -> None:
    """Tactical Dice lists its grid moves among the legal actions."""
    game = registry.get("tactical").new_game(_scenario("tactical"), seed=3)
    rng = random.Random(3)
    for _ in range(60):
        if game.outcome is not None:
            break
        assert marches(game, random.Random(1), 4) == []
        game.apply(random_action(game, rng))


def test_contact_moves_go_at_an_enemy_within_a_move_and_are_legal() -> None:
    """Issue 33, class 3 (the winning move is a candidate): Blown Away's Horse
    riding into a mob against the table's corner eliminates it (seed 003
    "Moving": a running unit that cannot go its whole 18 inches is gone), and
    the move straight at it is among the Steady player's candidates."""
    import math

    from desktop.play.marching import contact_moves
    from desktop.play.opponent import STEADY, _candidates
    from tests.play.tactics.suite import load_positions

    position = next(p for p in load_positions("blown_away")
                    if p.id == "ba_sweep_the_cornered_mob")
    game = position.start()
    moves = contact_moves(game, 2)
    assert moves
    view = view_of(game)
    mob = view.pieces()["st_militia"]
    for a in moves:
        assert game.check(a) is None
    at_mob = [a for a in moves if a.text().startswith("move ry_horse")]
    assert at_mob and position.judge(game, at_mob[0]) == "good"
    texts = {a.text() for a in _candidates(game, random.Random(1), STEADY)}
    assert at_mob[0].text() in texts
    horse = view.pieces()["ry_horse"]
    assert math.dist((horse.x, horse.y), (mob.x, mob.y)) <= 12.0
