"""`volley rulesets` and `volley replay`: the referee without a window."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("rulesets", help="list the rulesets Volley can referee, with their ids")
    p.set_defaults(handler=rulesets)
    p = sub.add_parser(
        "replay",
        help="replay a game record and print the final state; exit 1 on an illegal action",
    )
    p.add_argument("record", type=Path, metavar="RECORD.yaml")
    p.add_argument("--json", action="store_true", help="print the final state as JSON")
    p.add_argument("--until", type=int, metavar="N", help="stop after the first N actions")
    p.set_defaults(handler=replay)


def rulesets(args: argparse.Namespace) -> int:
    import desktop.rules  # noqa: F401  (registers the built-in rulesets)
    from desktop.rules import registry

    for rs in registry.all_rulesets():
        print(f"{rs.id:<12} {rs.name}")
    return 0


def replay(args: argparse.Namespace) -> int:
    import desktop.rules  # noqa: F401
    from desktop.rules.engine import RulesError
    from desktop.rules.record import RecordError, load_record
    from desktop.rules.record import replay as do_replay

    if args.until is not None and args.until < 0:
        print("volley replay: --until must be 0 or more", file=sys.stderr)
        return 2
    try:
        record = load_record(args.record)
        game = do_replay(record, args.until)
    except RecordError as e:
        where = f"{args.record}: " if e.index is not None else ""
        print(f"volley replay: {where}{e}", file=sys.stderr)
        return 1
    except RulesError as e:
        print(f"volley replay: {args.record}: {e}", file=sys.stderr)
        return 1
    state = game.snapshot()
    if args.json:
        import json

        print(json.dumps(state, indent=2))
        return 0
    out = state["outcome"]
    print(f"{args.record}: {game.ruleset.name}, {len(game.history)} actions replayed")
    print(f"turn {state['turn']}, phase {state['phase']}, side to act: {state['side'] or '-'}")
    if out is None:
        print("the game is not over")
    else:
        print(f"over: {out['winner'] or 'a draw'} ({out['reason']})")
    for u in state["units"]:
        extra = " ".join(f"{k}={u[k]}" for k in ("hits",) if k in u)
        print(f"  {u['side']:<8} {u['id']:<14} {u['type']:<16} "
              f"({u['x']:g}, {u['y']:g}) facing {u['facing']:g}  {u['status']} {extra}".rstrip())
    return 0
