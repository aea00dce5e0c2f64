"""Fit the Veteran's value (desktop.play.value) to Steady-against-Steady games.

Run: .venv/bin/python tests/benchmarks/fit_value.py [--games N] [--first-seed K]
     [--every E] [--workers W] [--write] [--cache FILE] [--signed] [--quick]

Plays N games on every bundled scenario, the Steady player on both sides, and
keeps every E-th position's parts (`value.features`, for the scenario's first
side) with that side's result (1 won, 0 lost, a half drawn).  For each ruleset
it fits a logistic model (the parts' weights, and a constant per scenario for
how much it favours its first side) on the even-seeded games and prints, on
the odd-seeded ones, the log loss and how often the likelier result came
about: of a constant alone, of the Steady score as the Veteran adds it up
(`opponent.score` with its finishing and fights terms), and of the fitted
value.  With --write it fits again on every game and writes the weights to
desktop/play/value_weights.py.  With --cache FILE the games are kept in FILE
(pickled) and read from it on the next run with the same options, to fit again
without playing.  --quick plays two games a scenario and writes nothing.
Prints numbers; never fails.
"""

from __future__ import annotations

import argparse
import math
import pickle
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from desktop.play.opponent import score, steady_action  # noqa: E402
from desktop.play.value import FEATURES, features  # noqa: E402
from desktop.resources import bundled_scenarios  # noqa: E402
from desktop.rules import registry  # noqa: E402
from desktop.rules.engine import Game  # noqa: E402
from desktop.scenario import load  # noqa: E402

MAX_ACTIONS = 5_000
OUT = ROOT / "desktop" / "play" / "value_weights.py"

Row = tuple[list[float], float]  # (features, the Veteran's old value)


def _old_value(game: Game, side: str, row: list[float]) -> float:
    """The Veteran's value before this fit: the Steady score, the finishing term
    (500 / (1 + turns left) squared, at the position's own turns left) and the
    fights' change of strength scored as strength."""
    return score(game, side) + 500.0 * row[6] + 100.0 * row[7]


def record(job: tuple[str, int, int]) -> tuple[str, str, int, list[Row], float | None, float]:
    path, seed, every = job
    sc = load(Path(path))
    game = registry.get(str(sc.ruleset)).new_game(sc, seed=seed)
    rng = random.Random(seed)
    side = sc.sides[0].id
    rows: list[Row] = []
    start = time.process_time()
    n = 0
    while game.outcome is None and n < MAX_ACTIONS:
        if n % every == 0:
            row = features(game, side)
            rows.append((row, _old_value(game, side, row)))
        game.apply(steady_action(game, rng))
        n += 1
    out = game.outcome
    result = None if out is None else 0.5 if out.winner is None else float(out.winner == side)
    return (str(sc.ruleset), Path(path).stem, seed, rows, result,
            time.process_time() - start)


def fit(x: np.ndarray, y: np.ndarray, ridge: float = 1.0) -> np.ndarray:
    """Logistic regression by Newton's method, soft labels, a little ridge."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -40, 40)))
        grad = x.T @ (p - y) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    return w


#: The parts whose weights `fit_signed` keeps at zero or above: the score's
#: terms and the fights (not the standing's two, whose sum is what counts).
SIGNED = tuple(FEATURES.index(n) for n in
               ("strength", "objective", "pull", "lead", "breaking", "fights"))


def fit_signed(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """`fit` with the weights of `SIGNED` kept at zero or above, the way the
    score counts them: a part fitted below zero (a side farther from its goals
    likelier to win, in games where both sides advance alike) is a likeness in
    these games, not something a player should seek.  The most negative is
    held at zero and the rest fitted again, until none is below."""
    held: list[int] = []
    while True:
        free = [i for i in range(x.shape[1]) if i not in held]
        w = np.zeros(x.shape[1])
        w[free] = fit(x[:, free], y)
        below = [i for i in SIGNED if w[i] < 0]
        if not below:
            return w
        held.append(min(below, key=lambda i: w[i]))


def loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> tuple[float, float]:
    p = np.clip(1 / (1 + np.exp(-np.clip(x @ w, -40, 40))), 1e-6, 1 - 1e-6)
    ll = float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    decided = y != 0.5
    right = float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5))) if decided.any() else math.nan
    return ll, right


def design(games: list[tuple[str, int, list[Row], float]], names: list[str],
           old: bool) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for stem, _, rows, y in games:
        dummies = [float(stem == n) for n in names]
        for feats, value in rows:
            xs.append(([value] if old else feats) + dummies)
            ys.append(y)
    return np.array(xs), np.array(ys)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=40, help="games per scenario (default 40)")
    ap.add_argument("--first-seed", type=int, default=9000)
    ap.add_argument("--every", type=int, default=3, help="keep every E-th position")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--write", action="store_true", help="write desktop/play/value_weights.py")
    ap.add_argument("--signed", action="store_true",
                    help="keep every part's weight at zero or above (see fit_signed)")
    ap.add_argument("--cache", type=Path, default=None,
                    help="keep the games played in this file and read them back next time")
    ap.add_argument("--quick", action="store_true",
                    help="a smoke run: two games a scenario, nothing written")
    args = ap.parse_args()
    if args.quick:
        args.games, args.every, args.write, args.cache = 2, 5, False, None
    key = (args.games, args.first_seed, args.every)
    by_ruleset: dict[str, list[tuple[str, int, list[Row], float]]] = {}
    if args.cache is not None and args.cache.exists():
        cached_key, by_ruleset = pickle.loads(args.cache.read_bytes())
        if cached_key != key:
            by_ruleset = {}
    if not by_ruleset:
        jobs = [(str(p), args.first_seed + g, args.every)
                for p in bundled_scenarios() for g in range(args.games)]
        with Pool(args.workers) as pool:
            for rid, stem, seed, rows, result, cpu in pool.imap_unordered(record, jobs):
                print(f"  {stem} seed {seed}: {len(rows)} positions, result "
                      f"{'unfinished' if result is None else result}, {cpu:.1f} s CPU",
                      flush=True)
                if result is not None and rows:
                    by_ruleset.setdefault(rid, []).append((stem, seed, rows, result))
        if args.cache is not None:
            args.cache.write_bytes(pickle.dumps((key, by_ruleset)))
    fitted: dict[str, list[float]] = {}
    for rid, games in sorted(by_ruleset.items()):
        names = sorted({g[0] for g in games})
        train = [g for g in games if g[1] % 2 == 0]
        test = [g for g in games if g[1] % 2 == 1]
        print(f"{rid}: {len(games)} games, {sum(len(g[2]) for g in games)} positions "
              f"(train {len(train)} games, test {len(test)})", flush=True)
        xc, yc = design(train, names, old=True)
        xt, yt = design(test, names, old=True)
        ll, right = loss(xt[:, 1:], yt, fit(xc[:, 1:], yc))
        print(f"  a constant per scenario: log loss {ll:.3f}, likelier result {100 * right:.0f}%")
        old_w = fit(xc, yc)
        ll, right = loss(xt, yt, old_w)
        print(f"  the Veteran's old value: log loss {ll:.3f}, likelier result {100 * right:.0f}%"
              f" (weight {old_w[0]:.4f} a point)")
        xf, yf = design(train, names, old=False)
        xft, yft = design(test, names, old=False)
        new_w = fit_signed(xf, yf) if args.signed else fit(xf, yf)
        ll, right = loss(xft, yft, new_w)
        print(f"  the fitted value:        log loss {ll:.3f}, likelier result {100 * right:.0f}%")
        xa, ya = design(games, names, old=False)
        w_all = fit_signed(xa, ya) if args.signed else fit(xa, ya)
        fitted[rid] = [round(float(v), 5) for v in w_all[:len(FEATURES)]]
        print("  weights: " + ", ".join(f"{n} {v:+.4g}" for n, v in zip(FEATURES, fitted[rid],
                                                                         strict=True)))
        print("  scenario constants: " + ", ".join(
            f"{n} {v:+.3f}" for n, v in zip(names, w_all[len(FEATURES):], strict=True)), flush=True)
    if args.write:
        lines = ['"""Fitted weights of the Veteran\'s value (desktop.play.value), one row per '
                 'ruleset.', "",
                 "Written by tests/benchmarks/fit_value.py --games "
                 f"{args.games} --first-seed {args.first_seed}",
                 f"--every {args.every}{' --signed' if args.signed else ''}; do not edit by "
                 "hand.  Each row weighs value.FEATURES", "in order.", '"""', "",
                 "FITTED: dict[str, tuple[float, ...]] = {"]
        for rid, w in sorted(fitted.items()):
            lines.append(f"    {rid!r}: ({', '.join(repr(v) for v in w)}),")
        lines.append("}")
        OUT.write_text("\n".join(lines) + "\n")
        print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
