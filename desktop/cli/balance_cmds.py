"""`volley balance`: is this scenario fair?  Many computer-against-computer games
and the report of who wins, how and where (headless; docs/balance.md).

The batch's modules (shapely, the rulesets) load only when the command runs,
so that every other `volley` command starts as fast as before.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from desktop.play.balance.runner import Progress


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "balance", help="play many computer-against-computer games and say whether the "
        "scenario is fair",
        description="Plays games computer against computer, sides swapped every game, "
        "until the verdict is settled (one side's always-valid 95% interval clear of the "
        "fair band 40 to 60%, or the interval as narrow as --precision asks) or --games "
        "are played, and reports each side's wins with 95% intervals, how games ended, who "
        "held the objectives turn by turn, which units never fought, and a verdict in plain "
        "words. --fixed plays exactly --games. Ctrl+C stops early and reports the games "
        "played.")
    p.add_argument("file", type=Path, help="scenario file (.yaml)")
    p.add_argument("--ruleset", metavar="ID", help="ruleset id (default: the scenario's)")
    p.add_argument("--games", type=int, metavar="N",
                   help=f"the most games to play (default {MAX_GAMES}); with --fixed, "
                   f"exactly this many (default {FIXED_GAMES})")
    p.add_argument("--precision", type=float, default=10.0, metavar="POINTS",
                   help="stop a near-even scenario once its interval is this many "
                   "percentage points either way (default 10)")
    p.add_argument("--fixed", action="store_true",
                   help="play exactly --games games, not stopping when settled")
    p.add_argument("--level", default="steady", metavar="L[,L]",
                   help="computer level: recruit, steady or veteran; two levels separated "
                   "by a comma play a match (default steady)")
    p.add_argument("--seed", type=int, default=1, metavar="S",
                   help="seed: the same seed gives the same report (default 1)")
    p.add_argument("--workers", type=int, metavar="N",
                   help="processes to play in (default: every core)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--out", type=Path, metavar="REPORT.pdf",
                   help="also write the report as a PDF with charts")
    p.add_argument("--vary", choices=["turn-limit"],
                   help="replay the batch at a few other turn limits and show the balance "
                   "at each")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="play on this Dask cluster (needs `pip install volley[cluster]`)")
    p.set_defaults(handler=balance)


#: The most games a sequential batch plays unless told (an even scenario
#: settles at 10 points in about 110 to 250).
MAX_GAMES = 400
#: Games a --fixed batch plays unless told.
FIXED_GAMES = 100


def _fail(message: str, code: int = 2) -> int:
    print(f"volley balance: {message}", file=sys.stderr)
    return code


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return "time left unknown"
    s = round(seconds)
    return f"about {s // 60} min {s % 60:02d} s left" if s >= 60 else f"about {s} s left"


def _since(seconds: float) -> str:
    s = round(seconds)
    return f"{s // 60} min {s % 60:02d} s" if s >= 60 else f"{s} s"


class ProgressShow:
    """Progress on stderr: a bar redrawn in place at a terminal, otherwise a plain
    line every twentieth of the batch.

    A game on a large scenario takes minutes (issue 37: 100 to 250 s at 300
    units), so between games it is never silent: `start` says what is played
    at once, and until the first game ends a line says how long it has been
    playing -- redrawn every second at a terminal, else every HEARTBEAT s."""

    #: Seconds between the "still playing" lines when stderr is not a terminal.
    HEARTBEAT = 30.0

    def __init__(self, names: dict[str, str], stream: TextIO | None = None) -> None:
        self.names = names
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.drawn = False
        self.done = 0
        self.total = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._started = time.monotonic()
        #: What is played, in words, for the first line.
        self.what = "the games"

    def start(self, total: int) -> None:
        """Once the batch is under way (GRACE s: a scenario refused says only why),
        say what is played, and keep saying so until a game ends."""
        self.total, self._started = total, time.monotonic()
        self._thread = threading.Thread(target=self._beat, name="balance-progress",
                                        daemon=True)
        self._thread.start()

    #: Seconds before the first line: the checks of the batch come first.
    GRACE = 2.0

    def _beat(self) -> None:
        if self._stop.wait(self.GRACE):
            return
        with self._lock:
            if not self.done:
                self.stream.write(f"volley balance: playing {self.what}; Ctrl+C stops and "
                                  "reports the games played\n")
                self.stream.flush()
        every = 1.0 if self.tty else self.HEARTBEAT
        while not self._stop.wait(every):
            self.still()

    def still(self) -> None:
        """The line for a batch whose first game is under way (none after it ends)."""
        with self._lock:
            if self.done or self._stop.is_set():
                return
            tail = (f"0/{self.total} games; the first games are under way, "
                    f"{_since(time.monotonic() - self._started)} so far")
            if self.tty:
                self.stream.write(f"\r[{'.' * 20}] {tail}\x1b[K")
                self.drawn = True
            else:
                self.stream.write(tail + "\n")
            self.stream.flush()

    def __call__(self, p: Progress) -> None:
        wins = ", ".join(f"{self.names.get(s, s)} {n}" for s, n in p.wins.items())
        st = p.settle
        if st is None:
            tail = f"{p.done}/{p.total} games; wins so far: {wins}, drawn {p.draws}; " \
                   f"{_clock(p.left)}"
        else:
            first = next(iter(self.names.values()), "first side")
            tail = (f"{p.done} games (at most {p.total}); wins so far: {wins}, drawn "
                    f"{p.draws}; {first} scores {100 * st.share:.0f}% "
                    f"({100 * st.low:.0f} to {100 * st.high:.0f}%)"
                    + ("; settled" if st.settled else ""))
        with self._lock:
            self.done = p.done
            if self.tty:
                filled = round(20 * p.done / p.total)
                self.stream.write(f"\r[{'#' * filled}{'.' * (20 - filled)}] {tail}\x1b[K")
                self.drawn = True
            elif p.done == p.total or p.done % max(1, p.total // 20) == 0 or (
                    st is not None and st.settled):
                self.stream.write(tail + "\n")
            self.stream.flush()

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def balance(args: argparse.Namespace) -> int:
    from desktop.play.balance.dask_runner import ClusterError, DaskRunner
    from desktop.play.balance.runner import LocalRunner, Runner, run_balance
    from desktop.play.balance.text import report_text
    from desktop.play.levels import Level
    from desktop.rules.engine import RulesError
    from desktop.scenario import ScenarioError, load

    if not args.file.exists():
        return _fail(f"{args.file}: no such file")
    games = args.games if args.games is not None else FIXED_GAMES if args.fixed else MAX_GAMES
    if games < 1:
        return _fail(f"--games must be at least 1, not {games}")
    if not 0 < args.precision < 50:
        return _fail(f"--precision takes points between 0 and 50, not {args.precision:g}")
    if args.workers is not None and args.workers < 1:
        return _fail(f"--workers must be at least 1, not {args.workers}")
    words = [w.strip().lower() for w in args.level.split(",") if w.strip()]
    known = [lv.value for lv in Level]
    bad = [w for w in words if w not in known]
    if bad or not 1 <= len(words) <= 2:
        return _fail(f"--level takes one or two of {', '.join(known)} separated by a comma, "
                     f"not '{args.level}'")
    levels = tuple(Level(w) for w in words)
    try:
        scenario = load(args.file)
    except ScenarioError as e:  # each problem names the file (and line) itself
        return _fail(str(e), 1)
    runner: Runner = LocalRunner(args.workers)
    if args.scheduler:
        runner = DaskRunner(args.scheduler)
    show = ProgressShow({s.id: s.name or s.id for s in scenario.sides})
    units = sum(len(s.units) for s in scenario.sides)
    sweep = " and again at other turn limits" if args.vary == "turn-limit" else ""
    most = "" if args.fixed else "at most "
    show.what = (f"{most}{games} game{'s' if games != 1 else ''} of {scenario.title} "
                 f"({units} units){sweep}")
    show.start(games * (5 if sweep else 1))
    # `kill` stops the batch as Ctrl+C does: the pool is ended and the games
    # played are reported, rather than the workers left playing on.
    before = signal.signal(signal.SIGTERM, _interrupt)
    try:
        report = run_balance(scenario, path=args.file, ruleset=args.ruleset, games=games,
                             levels=levels, seed=args.seed, runner=runner, progress=show,
                             vary_turn_limit=args.vary == "turn-limit", fixed=args.fixed,
                             precision=args.precision / 100)
    except ValueError as e:
        return _fail(f"{args.file}: {e}", 1)
    except RulesError as e:  # validation lets no such game through: say it all the same
        return _fail(f"{args.file}: a game of the batch could not be played: {e}", 1)
    except ClusterError as e:
        return _fail(str(e), 1)
    except Exception as e:  # the last resort: one line to report, never a traceback
        return _fail(f"{args.file}: the batch stopped: Volley failed with {type(e).__name__}: "
                     f"{str(e)[:200]} (a fault in Volley; please report it with this file)", 1)
    finally:
        signal.signal(signal.SIGTERM, before)
        show.close()
    if not report.complete:
        print(f"volley balance: stopped early; reporting the {report.played} games played",
              file=sys.stderr)
    sys.stdout.write(report.dumps() + "\n" if args.json else report_text(report))
    if args.out is not None:
        try:
            from printouts.balance_report import write_balance_report
        except ImportError:
            return _fail("--out: the PDF writer (printouts.balance_report) is not installed", 1)
        try:
            write_balance_report(report, args.out, scenario)
        except OSError as e:
            return _fail(f"{args.out}: cannot write the PDF: {e}", 1)
        print(f"volley balance: wrote {args.out}", file=sys.stderr)
    return 0 if report.complete else 130
