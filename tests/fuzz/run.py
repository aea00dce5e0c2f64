"""Run many fuzz cases outside pytest and summarise the failures by kind.

    .venv/bin/python -m tests.fuzz.run --cases 3000            # scenarios
    .venv/bin/python -m tests.fuzz.run --records --cases 1000  # game records
    .venv/bin/python -m tests.fuzz.run --seed 1234             # one case, full report
    .venv/bin/python -m tests.fuzz.run --pipeline --cases 400  # validate, then every command
    .venv/bin/python -m tests.fuzz.run --pipeline --long       # ... balance games played out
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")

from tests.fuzz.harness import CaseFailure, run_case, run_record_case
from tests.fuzz.mutate import Case, mutate
from tests.fuzz.sources import record_sources, scenario_sources


def scenario_case(seed: int) -> Case:
    sources = scenario_sources()
    src = sources[seed % len(sources)]
    return mutate(src.read_text(encoding="utf-8"), seed, src.name)


def record_case(seed: int) -> Case:
    sources = record_sources()
    name, text = sources[seed % len(sources)]
    return mutate(text, seed, name)


def _kind(message: str) -> str:
    """The failure without the case's details: its stage and error type and place."""
    lines = message.splitlines()
    stage = lines[1].strip() if len(lines) > 1 else message
    stage = re.sub(r"\d+(\.\d+)?", "N", stage)
    m = re.match(r"([^:]+): (\w+)", stage)
    at = re.search(r"\[at (.*)\]", stage)
    return f"{m.group(1)}: {m.group(2)} at {at.group(1)}" if m and at else stage[:160]


def pipeline_main(args: argparse.Namespace) -> int:
    """The issue 37 campaign: mutants tried, accepted by validate, failing later."""
    from tests.fuzz.pipeline import pipeline_drawers, run_pipeline

    seeds = [args.seed] if args.seed is not None else range(
        args.first_seed, args.first_seed + args.cases)
    draw = None if args.no_draw else pipeline_drawers()
    kinds: dict[str, list[str]] = collections.defaultdict(list)
    accepted = 0
    rulesets: collections.Counter[str] = collections.Counter()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="volley-pipeline-") as tmp:
        for seed in seeds:
            try:
                out = run_pipeline(scenario_case(seed), Path(tmp), draw, long=args.long,
                                   every_ruleset=args.every_ruleset)
            except CaseFailure as e:  # a later stage's failure names validate's acceptance
                accepted += "accepted by validate" in str(e)
                kinds[_kind(str(e))].append(str(e))
                continue
            accepted += out.accepted
            rulesets[out.ruleset] += out.accepted
    failed = sum(len(v) for v in kinds.values())
    print(f"{len(seeds)} mutants tried in {time.perf_counter() - start:.1f} s: "
          f"{accepted} accepted by validate, {failed} failing later "
          f"(under {', '.join(f'{r} {n}' for r, n in sorted(rulesets.items()) if r)})")
    for kind, msgs in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        print(f"\n{len(msgs)} x {kind}")
        for m in msgs[:3]:
            print("   " + m.replace("\n", "\n   "))
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=300)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--seed", type=int, help="run only this seed and show the whole failure")
    ap.add_argument("--records", action="store_true", help="mutate game records, not scenarios")
    ap.add_argument("--no-draw", action="store_true", help="skip the window (faster)")
    ap.add_argument("--pipeline", action="store_true",
                    help="issue 37: validate each case, then info, print, screenshots, a "
                    "short game and a 2-game balance of what validate accepts")
    ap.add_argument("--long", action="store_true",
                    help="with --pipeline: play the balance games to their end (Steady)")
    ap.add_argument("--every-ruleset", action="store_true",
                    help="with --pipeline: also under every other ruleset validate accepts")
    args = ap.parse_args(argv)
    if args.pipeline:
        return pipeline_main(args)
    seeds = [args.seed] if args.seed is not None else range(
        args.first_seed, args.first_seed + args.cases)
    draw = None
    if not args.records and not args.no_draw:
        from tests.fuzz.drawing import drawers

        draw = drawers()
    kinds: dict[str, list[str]] = collections.defaultdict(list)
    accepted = played = 0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="volley-fuzz-") as tmp:
        for seed in seeds:
            try:
                if args.records:
                    out = run_record_case(record_case(seed), Path(tmp))
                else:
                    out = run_case(scenario_case(seed), Path(tmp), draw)
            except CaseFailure as e:
                kinds[_kind(str(e))].append(str(e))
                if args.seed is not None:
                    print(e)
                continue
            accepted += out.accepted
            played += len(out.rulesets_played)
    took = time.perf_counter() - start
    failed = sum(len(v) for v in kinds.values())
    print(f"{len(seeds)} cases in {took:.1f} s: {accepted} accepted, {played} games played, "
          f"{failed} failed")
    for kind, msgs in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        print(f"\n{len(msgs)} x {kind}")
        for m in msgs[:3]:
            print("   " + m.replace("\n", "\n   "))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
