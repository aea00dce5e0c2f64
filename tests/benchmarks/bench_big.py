"""Benchmark: big tables -- the window, the editor and every ruleset at 100, 250, 500 units.

Run: .venv/bin/python tests/benchmarks/bench_big.py [--quick] [--sizes 100,250,500]
         [--features N] [--rulesets d3,kiddies] [--no-windows] [--no-limits]

Issue 15 ("Big tables"): the reader caps a scenario at 500 units and 500
terrain features; each ruleset declares the largest scenario it plays at a
usable speed (``Ruleset.limits``).  For each size this prints:

- window / editor: process start to the first painted frame (``volley open``
  and ``volley edit``, offscreen, the same probe as bench_startup.py), and to
  the first frame with the full terrain looks;
- per ruleset: the time to create the game, random actions per second
  (desktop.rules.randomplay, on one core) and the slowest action seen;
  these are CPU seconds of this (single-threaded) process, which on an idle
  machine are the wall-clock seconds and on a shared one stay honest;
- Kiddies: one simulated flick (a ``shoot`` action in a shooting phase).

The scenarios come from desktop.scenario.generate.large_scenario (two sides,
units split evenly, ``--features`` terrain features, by default as many as
units).  A ruleset whose limits the scenario exceeds is measured anyway
(``--no-limits`` is the default here: the point is to find the limit), and
the line says so.  Prints numbers; never fails on time.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")

import desktop.rules  # noqa: E402,F401  (registers the rulesets)
from desktop.rules import registry  # noqa: E402
from desktop.rules.engine import Game, Ruleset  # noqa: E402
from desktop.rules.kiddies.actions import Shoot  # noqa: E402
from desktop.rules.randomplay import random_action  # noqa: E402
from desktop.scenario import dumps  # noqa: E402
from desktop.scenario.generate import large_scenario  # noqa: E402
from desktop.scenario.model import Scenario  # noqa: E402

#: Seconds of random play per ruleset and size (and the most actions taken).
PLAY_SECONDS, PLAY_ACTIONS = 10.0, 60


def _new_game(rs: Ruleset, scenario: Scenario) -> Game:
    """A game even when the scenario is above the ruleset's limit (to measure it)."""
    limits = type(rs).limits
    try:
        type(rs).limits = type(limits)()
        return rs.new_game(scenario, seed=0)
    finally:
        type(rs).limits = limits


def bench_ruleset(rs: Ruleset, scenario: Scenario, seconds: float, most: int) -> str:
    over = rs.size_problem(scenario)
    t0 = time.process_time()
    game = _new_game(rs, scenario)
    start = time.process_time() - t0
    rng = random.Random(0)
    n, worst = 0, 0.0
    t0 = time.process_time()
    while game.outcome is None and n < most and time.process_time() - t0 < seconds:
        a0 = time.process_time()
        game.apply(random_action(game, rng))
        worst = max(worst, time.process_time() - a0)
        n += 1
    spent = time.process_time() - t0
    rate = n / spent if spent > 0 else 0.0
    ended = ", game over" if game.outcome is not None else ""
    flag = "  [above its limit]" if over else ""
    return (f"  {rs.id:<11} start {start:6.2f} s   {rate:7.1f} actions/s "
            f"({n} actions{ended})   slowest {worst:5.2f} s{flag}")


def bench_flick(scenario: Scenario) -> str:
    """One simulated Kiddies shot: end phases until someone can shoot (the cannon
    phase of turn 1), time the shot."""
    rs = registry.get("kiddies")
    game = _new_game(rs, scenario)
    rng = random.Random(0)
    for _ in range(40):
        if game.outcome is not None:
            break
        shots = [a for a in game.sample_actions(rng, 1) if isinstance(a, Shoot)]
        if shots:
            t0 = time.process_time()
            game.apply(shots[0])
            return f"  kiddies one simulated flick: {time.process_time() - t0:.3f} s"
        legal = game.legal_actions()
        game.apply(next((a for a in legal if a.text() == "end"), legal[0]))
    return "  kiddies one simulated flick: no shot came up"


# -- windows -------------------------------------------------------------------------------

def _child(script: str, path: Path) -> tuple[float, float]:
    """Wall seconds from start to the probe's report, and the CPU seconds the child used
    (the CPU figure holds on a busy machine, where the wall clock also counts waiting)."""
    import resource
    import subprocess

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.time()
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=300)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    for line in done.stdout.splitlines():
        if line.startswith("PAINTED "):
            return float(line.split()[1]) - t0, cpu
    raise SystemExit(f"child did not paint:\n{done.stderr[-2000:]}")


def bench_windows(path: Path, runs: int) -> list[str]:
    from tests.benchmarks.bench_startup import VOLLEY, VOLLEY_FULL

    out = []
    for label, command in (("window", "open"), ("editor", "edit")):
        first = [_child(VOLLEY.replace('["open"', f'["{command}"'), path) for _ in range(runs)]
        full = [_child(VOLLEY_FULL.replace('["open"', f'["{command}"'), path)
                for _ in range(runs)]
        (fw, fc), (dw, dc) = (tuple(statistics.median(x) for x in zip(*m, strict=True))
                              for m in (first, full))
        out.append(f"  {label:<7} first painted {fw:5.2f} s ({fc:4.2f} s CPU), fully drawn "
                   f"{dw:5.2f} s ({dc:4.2f} s CPU)  (median of {runs}; volley {command})")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="one small size, few actions (CI)")
    ap.add_argument("--sizes", default="100,250,500", help="units in all, comma separated")
    ap.add_argument("--features", type=int, default=None, help="default: as many as units")
    ap.add_argument("--rulesets", default="", help="ids, comma separated (default: all)")
    ap.add_argument("--runs", type=int, default=None, help="window runs per size (default 3)")
    ap.add_argument("--no-windows", action="store_true", help="skip the window and editor")
    args = ap.parse_args()
    sizes = [40] if args.quick else [int(s) for s in args.sizes.split(",")]
    seconds, most = (2.0, 5) if args.quick else (PLAY_SECONDS, PLAY_ACTIONS)
    runs = args.runs or (1 if args.quick else 3)
    wanted = [r for r in args.rulesets.split(",") if r] or registry.ids()
    # The children must not read or write the user's settings and autosaves.
    home = tempfile.mkdtemp(prefix="volley-bench-")
    os.environ["HOME"] = home
    os.environ["XDG_CONFIG_HOME"] = os.path.join(home, ".config")
    os.environ["XDG_DATA_HOME"] = os.path.join(home, ".local", "share")
    for units in sizes:
        features = args.features if args.features is not None else units
        scenario = large_scenario(units, features, ruleset="d3")
        figures = sum(u.figures for s in scenario.sides for u in s.units)
        print(f"{units} units ({figures} figures), {features} terrain features, "
              f"table {scenario.table.width:g} x {scenario.table.depth:g} in:", flush=True)
        if not args.no_windows:
            path = Path(home) / f"big_{units}_{features}.yaml"
            path.write_text(dumps(scenario), encoding="utf-8")
            for line in bench_windows(path, runs):
                print(line, flush=True)
        for rid in wanted:
            print(bench_ruleset(registry.get(rid), scenario, seconds, most), flush=True)
        if "kiddies" in wanted:
            print(bench_flick(scenario), flush=True)
    print("limits (Ruleset.limits): " + "; ".join(
        f"{rs.id} {rs.limits.describe()}" for rs in registry.all_rulesets()))


if __name__ == "__main__":
    main()
