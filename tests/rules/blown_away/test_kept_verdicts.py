"""Blown Away's answers worked out per placement (issue 36) are the answers the
shared table code gives: sight as `desktop.table.sight.line_of_sight` says
(RULINGS "Line of sight"), move blockers as
`desktop.table.movement.blocker_problem` says, and the judge's immediate
verdict as the judge says, at every position of seeded random games."""

from __future__ import annotations

import random

from desktop.rules import registry
from desktop.rules.blown_away.constants import BLOCKS_SIGHT
from desktop.rules.blown_away.game import BlownAwayGame, _boxes_meet
from desktop.rules.randomplay import random_action
from desktop.scenario import load
from desktop.table.movement import Blocker, blocker_problem
from desktop.table.sight import Obstacles, line_of_sight
from tests.play.bundled import first_bundled

FIELD = "tests/rules/data/d3_12v12.yaml"


def _games() -> list[BlownAwayGame]:
    out = []
    for sc in (load(FIELD), first_bundled("blown_away")):
        for seed in range(3):
            g = registry.get("blown_away").new_game(sc, seed=seed)
            assert isinstance(g, BlownAwayGame)
            out.append(g)
    return out


def _play(g: BlownAwayGame, seed: int, each: object) -> None:
    rng = random.Random(seed)
    while g.outcome is None:
        each(g)  # type: ignore[operator]
        g.apply(random_action(g, rng))


def test_sight_is_the_sight_modules_verdict() -> None:
    asked = 0

    def each(g: BlownAwayGame) -> None:
        nonlocal asked
        units = g.units()
        obstacles = Obstacles([q.fp() for q in units], [q.id for q in units])
        for a in g.formed(g.state.side):
            if not a.is_artillery:
                continue
            for t in g.formed(g.state.enemy(a.side)):
                want = line_of_sight(a.front_centre(), t.fp(), g.terrain, BLOCKS_SIGHT, obstacles,
                                     exclude=(a.id, t.id),
                                     exempt_features=set(g._hits(a)) | set(g._hits(t)))
                assert g.sees(a, t) == want, (a.id, t.id)
                asked += 1

    for k, g in enumerate(_games()):
        _play(g, k, each)
    assert asked > 500


def test_move_blockers_are_the_table_codes_verdict() -> None:
    asked = 0
    blocked = 0
    fast = BlownAwayGame._blockers_problem

    def both(self: BlownAwayGame, p, plan):  # type: ignore[no-untyped-def]
        nonlocal asked, blocked
        got = fast(self, p, plan)
        bs = [Blocker(q.id, q.fp(), passable=q.side == p.side, min_gap=0.0, label=q.name or q.id)
              for q in self.units() if q.id != p.id and _boxes_meet(plan.bbox(), q.box())
              and not (q.side != p.side and q.mob)]
        assert got == blocker_problem(plan, bs)
        asked += 1
        blocked += got is not None
        return got

    BlownAwayGame._blockers_problem = both  # type: ignore[method-assign]
    try:
        for k, g in enumerate(_games()):
            _play(g, k, lambda g: None)
    finally:
        BlownAwayGame._blockers_problem = fast  # type: ignore[method-assign]
    assert asked > 300 and blocked > 30


def test_the_kept_immediate_verdict_is_the_judges() -> None:
    # kept by who is present: whenever the kept one is for the pieces present
    # now, it is the verdict the judge gives on the pieces as they stand
    compared = 0

    def each(g: BlownAwayGame) -> None:
        nonlocal compared
        last = g._immediate
        if last is not None and last[0] == tuple(not p.eliminated
                                                 for p in g.state.pieces.values()):
            assert last[1] == g.judge.immediate(g.victory_pieces())
            compared += 1

    for k, g in enumerate(_games()):
        _play(g, k, each)
    assert compared > 300
