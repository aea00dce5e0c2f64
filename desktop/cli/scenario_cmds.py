"""`volley validate` and `volley info`: read scenario files without a window."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from desktop.scenario import Scenario, ScenarioError, load
from desktop.scenario.model import VictoryCondition
from desktop.scenario.vocabulary import RANK_LABELS, UNIT_LABELS


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("validate", help="check scenario files; exit 1 if any has problems")
    p.add_argument("files", nargs="+", type=Path, metavar="FILE")
    p.add_argument("-q", "--quiet", action="store_true", help="print only problems")
    p.set_defaults(handler=validate)
    p = sub.add_parser("info", help="summarise a scenario: table, sides, forces, victory")
    p.add_argument("file", type=Path, metavar="FILE")
    p.set_defaults(handler=info)


def validate(args: argparse.Namespace) -> int:
    bad = 0
    for f in args.files:
        try:
            s = load(f)
        except ScenarioError as e:
            bad += 1
            for problem in e.problems:
                print(problem, file=sys.stderr)
            continue
        if not args.quiet:
            units = sum(len(side.units) for side in s.sides)
            print(f"{f}: ok ({s.title!r}, {units} units, {len(s.terrain)} terrain features)")
    if bad and len(args.files) > 1:
        print(f"{bad} of {len(args.files)} files have problems", file=sys.stderr)
    return 1 if bad else 0


def describe_victory(v: VictoryCondition, s: Scenario) -> str:
    """One line in plain words for a typed victory condition."""
    names = {side.id: side.name for side in s.sides}
    side = getattr(v, "side", None)
    who = names.get(side, side) if isinstance(side, str) else "Either side"
    kind = v.kind
    if kind == "last_man_standing":
        return "A side with no units left loses"
    if kind == "all_regulars_lost":
        return f"{who if side else 'A side'} loses when all its line infantry are gone"
    if kind == "exit_units":
        edge = getattr(v, "edge", None)
        where = f"the {edge.value} edge" if edge else "the enemy baseline"
        return f"{who} wins by moving {getattr(v, 'count', 0)} units off {where}"
    if kind == "occupy_feature":
        fid = getattr(v, "feature", "")
        feat = next((f.name or f.id for f in s.terrain if f.id == fid), fid)
        return f"{who} wins by occupying {feat} with {getattr(v, 'figures', 1)} figures"
    if kind == "hold_objectives":
        objs = getattr(v, "objectives", ()) or tuple(o.id for o in s.game.objectives)
        return f"{who} wins by holding {getattr(v, 'count', 0)} of {len(objs)} objectives"
    if kind == "turn_limit":
        fb = getattr(v, "fallback", "draw")
        fallback = {"draw": "a draw", "defender": "the defender wins"}.get(
            fb, f"{names.get(fb, fb)} wins"
        )
        return f"After turn {getattr(v, 'turns', 0)} the game ends: {fallback}"
    frac = getattr(v, "fraction", 0.5)
    return f"{who if side else 'A side'} breaks after losing {frac:.0%} of its units"


def info(args: argparse.Namespace) -> int:
    try:
        s = load(args.file)
    except ScenarioError as e:
        for problem in e.problems:
            print(problem, file=sys.stderr)
        return 1
    t = s.table
    unit = "in" if t.unit.value == "inch" else "cm"
    print(s.title + (f"  (by {s.author})" if s.author else ""))
    w, d = (t.width, t.depth) if t.unit.value == "inch" else (t.width * 2.54, t.depth * 2.54)
    grid = f", grid of {t.grid.square:g}\" squares" if t.grid else ""
    print(f"Table: {w:g} x {d:g} {unit}{grid}; span {t.span:g}\"")
    kinds = Counter(f.type.value for f in s.terrain)
    print("Terrain: " + (", ".join(f"{n} {k}" for k, n in sorted(kinds.items())) or "none"))
    game = "encounter" if s.game.type.value == "encounter" else (
        f"attack/defend, {s.side(s.game.defender).name} defending" if s.game.defender else
        "attack/defend"
    )
    print(f"Game: {game}; default ruleset: {s.ruleset or 'none'}")
    for side in s.sides:
        counts = Counter(u.type for u in side.units)
        figures = sum(u.figures for u in side.units)
        cv = sum(u.cv for u in side.units)
        print(f"\n{side.name} [{side.id}], baseline {side.baseline.value}:")
        print(f"  {len(side.units)} units, {figures} figures, total CV {cv}")
        for utype, n in counts.items():
            print(f"    {n} x {UNIT_LABELS[utype]}")
        for o in side.officers:
            print(f"  {RANK_LABELS[o.rank]}: {o.name}")
    if s.game.objectives:
        print("\nObjectives: " + ", ".join(o.name for o in s.game.objectives))
    if s.game.victory:
        print("\nVictory:")
        for v in s.game.victory:
            print(f"  - {describe_victory(v, s)}")
    return 0
