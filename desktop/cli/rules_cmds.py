"""`volley rulesets` and `volley replay`: the referee without a window."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("rulesets", help="list the rulesets Volley can referee: ids, names and "
                       "the largest scenario each plays")
    p.set_defaults(handler=rulesets)
    p = sub.add_parser(
        "replay",
        help="replay a game record and print the final state; exit 1 on an illegal action",
    )
    p.add_argument("record", type=Path, metavar="RECORD.yaml")
    p.add_argument("--json", action="store_true", help="print the final state as JSON")
    p.add_argument("--until", type=int, metavar="N", help="stop after the first N actions")
    p.add_argument("--force", action="store_true",
                   help="replay a record cut short or whose scenario changed, with a warning")
    p.set_defaults(handler=replay)


def rulesets(args: argparse.Namespace) -> int:
    import warnings

    from desktop.rules import registry

    with warnings.catch_warnings():  # said once, below, rather than as a warning too
        warnings.simplefilter("ignore", registry.RulesetPluginWarning)
        registry.load()
    for rs in registry.all_rulesets():
        print(f"{rs.id:<12} {rs.name:<22} largest scenario: {rs.limits.describe()}")
    for problem in registry.problems():  # a declared ruleset that could not be loaded
        print(f"volley rulesets: {problem}", file=sys.stderr)
    return 0


def replay(args: argparse.Namespace) -> int:
    from desktop.cli.play_cmds import replay as replay_record  # records' own module

    return replay_record(args)
