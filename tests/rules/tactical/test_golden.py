"""What the Tactical Dice golden records show (their byte-for-byte replay:
tests/rules/test_golden.py), and the eager player that recorded the random ones.

To record them afresh after a deliberate rules change (and read the diff!):

    .venv/bin/python -m tests.rules.regen_golden tactical --random
"""

from __future__ import annotations

import json
import random

from desktop.rules import registry
from desktop.rules.engine import Action
from desktop.rules.record import load_record, record_of, replay, save_record
from desktop.rules.tactical.game import TacticalGame
from desktop.scenario import load
from tests.rules.regen_golden import GOLDEN

SCENARIO = "../../../scenarios/tactical_ridge.yaml"

#: name -> (seed of the dice, seed of the random player, options)
GAMES: dict[str, tuple[int, int, dict[str, bool | int | float | str]]] = {
    "tactical_ridge_objectives": (9, 9, {}),
    "tactical_ridge_army_break": (44, 44, {}),
    "tactical_ridge_no_skirmish": (12, 12, {"skirmish_fire": False}),
}


def test_tactical_scripted_record_shows_the_rules_at_work() -> None:
    """tactical_scripted_charges: scripted dice through a bayonet charge that stands
    (officers riding along, a General wounded, the first Flag ignored), cavalry
    breaking infantry that fails to form square, and the second turn of close
    combat ending with both sides retiring (seed; RULINGS)."""
    g = replay(load_record(GOLDEN / "tactical_scripted_charges.yaml"))
    assert isinstance(g, TacticalGame)
    b, r, k, r2 = (g.unit(x) for x in ("b", "r", "k", "r2"))
    assert (b.cv, r.cv) == (5, 6) and b.sq == (2, 4) and r.sq == (2, 1)
    assert r.halted(g.turn) and b.engaged is None and r.engaged is None
    assert r2.status == "routed" and k.sq == (4, 1)
    assert g.officer("rg").wound == "wounded" and g.officer("rg").sq == r.sq
    assert g.officer("g").sq == b.sq


def eager_action(g: TacticalGame, rng: random.Random) -> Action:
    """A random player keen on a fight (so the records hold charges, routs and
    officer casualties): charges, fire and rallies first, then moves that close
    on the enemy, and the end of the phase last."""
    from desktop.rules.tactical.actions import Charge, End, Fire, Move, Rally
    from desktop.rules.tactical.grid import king_distance

    acts = g.legal_actions()
    keen = [a for a in acts if isinstance(a, (Charge, Fire, Rally))]
    if keen and rng.random() < 0.85:
        return rng.choice(keen)
    closer: list[Action] = []
    for a in acts:
        if isinstance(a, Move):
            u = g.unit(a.unit)
            foes = g.enemies_of(u.side)
            if foes and min(king_distance(a.to, e.sq) for e in foes) < min(
                    king_distance(u.sq, e.sq) for e in foes):
                closer.append(a)
    if closer and rng.random() < 0.8:
        return rng.choice(closer)
    others = [a for a in acts if not isinstance(a, End)]
    if others and (rng.random() < 0.6 or len(others) == len(acts)):
        return rng.choice(others)
    return End()


def regenerate() -> None:
    sc = load(GOLDEN / SCENARIO)
    for name, (seed, player, options) in GAMES.items():
        g = registry.get("tactical").new_game(sc, options, seed=seed)
        rng = random.Random(player)
        assert isinstance(g, TacticalGame)
        while g.outcome is None:
            g.apply(eager_action(g, rng))
        path = GOLDEN / f"{name}.yaml"
        save_record(record_of(g, scenario_path=SCENARIO), path)
        snap = replay(load_record(path)).snapshot()
        path.with_suffix(".json").write_text(json.dumps(snap, indent=2) + "\n", encoding="utf-8")
        print(f"{path}: {len(g.history)} actions, {g.outcome}")
