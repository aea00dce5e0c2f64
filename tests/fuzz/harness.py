"""Run one fuzz case through everything a file meets: read, print, draw, play.

A case passes when its file is refused with messages that start with the file
name (and a line where the problem has a place), or when it is accepted and
then prints, draws and plays. Anything else (a traceback, a hang, a refusal
without a place) fails with the seed and the mutation, so it can be
reproduced with ``python -m tests.fuzz.run --seed N``.
"""

from __future__ import annotations

import contextlib
import faulthandler
import os
import random
import signal
import sys
import traceback
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.rules import registry
from desktop.rules.engine import RulesError
from desktop.rules.randomplay import random_action
from desktop.scenario import Scenario, ScenarioError, load
from tests.fuzz.mutate import Case

#: Seconds one stage of one case (reading, printing, drawing, one ruleset) may take.
STAGE_SECONDS = float(os.environ.get("VOLLEY_FUZZ_SECONDS", "10"))
#: Random actions played under each ruleset that accepts a scenario.
ACTIONS = 30
#: Where the files of failing cases are kept, to reproduce them by hand.
KEEP = Path(os.environ.get("VOLLEY_FUZZ_KEEP", "/tmp/volley-fuzz"))


class CaseTimeout(Exception):
    """A stage ran past its time limit (the hang the issue names)."""


class CaseFailure(AssertionError):
    """A case did something other than refuse cleanly or work: the report says what."""


@dataclass
class Outcome:
    """What happened to one case, for the summary of a long run."""

    accepted: bool = False
    refusal: str = ""
    rulesets_played: list[str] = field(default_factory=list)
    rulesets_refused: dict[str, str] = field(default_factory=dict)


@contextlib.contextmanager
def time_limit(seconds: float, what: str) -> Iterator[None]:
    """Raise CaseTimeout in the main thread after `seconds` of processor time.

    Processor time, not wall time: the suite shares its machine, and a stage
    that waits for the processor has not hung. The signal interrupts Python
    code only; a hang inside C code (GEOS, Qt) would not return, so
    faulthandler dumps every thread and ends the process after six times the
    limit in wall time rather than letting the run hang forever.
    """

    def ring(signum: int, frame: FrameType | None) -> None:
        raise CaseTimeout(f"{what} took more than {seconds:g} s")

    old = signal.signal(signal.SIGPROF, ring)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    faulthandler.dump_traceback_later(seconds * 6, exit=True)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        faulthandler.cancel_dump_traceback_later()
        signal.signal(signal.SIGPROF, old)


def _fail(case: Case, path: Path, stage: str, error: BaseException | str) -> CaseFailure:
    KEEP.mkdir(parents=True, exist_ok=True)
    kept = KEEP / f"{case.source.rsplit('.', 1)[0]}-seed{case.seed}{path.suffix}"
    with contextlib.suppress(OSError):
        kept.write_bytes(case.data)
    if isinstance(error, BaseException):
        tb = traceback.extract_tb(error.__traceback__)
        where = "; ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in tb[-3:])
        what = f"{type(error).__name__}: {str(error)[:300]} [at {where}]"
    else:
        what = error
    return CaseFailure(f"{case.describe()}\n  {stage}: {what}\n  file kept as {kept}")


#: Problems about the whole file, which have no line to point at.
WHOLE_FILE = ("the file is empty",)


def check_refusal(name: str, error: ScenarioError) -> str | None:
    """Why a refusal is not clean, or None: every problem names the file, then the line
    (only a problem about the whole file, such as its being empty, may have none)."""
    if not error.problems:
        return "ScenarioError with no problems"
    for p in error.problems:
        text = str(p)
        if not text.startswith(name):
            return f"problem does not start with the file name: {text[:200]}"
        if p.line is None and not p.message.startswith(WHOLE_FILE):
            return f"problem has no line: {text[:200]}"
    return None


def read_case(case: Case, path: Path) -> Scenario | None:
    """Load the case's file: the scenario, or None when it was refused cleanly."""
    path.write_bytes(case.data)
    try:
        with time_limit(STAGE_SECONDS, "reading"):
            return load(path)
    except ScenarioError as e:
        bad = check_refusal(str(path), e)
        if bad:
            raise _fail(case, path, "reading", bad) from None
        return None
    except Exception as e:  # anything else is the traceback the issue forbids
        raise _fail(case, path, "reading", e) from None


def print_scenario(scenario: Scenario, out: Path) -> None:
    """What `volley print FILE` does: every sheet, to a PDF."""
    from printouts import PrintError, PrintOptions, resolve, write_pdf

    options = PrintOptions()
    try:
        resolve(scenario, options)
    except PrintError:
        return
    write_pdf(scenario, out, options)


def play(scenario: Scenario, seed: int, outcome: Outcome,
         stage: Callable[[str], Any]) -> None:
    """Every ruleset that accepts the scenario plays ACTIONS random actions."""
    from tests.rules.conformance import state_problems

    for rs in registry.all_rulesets():
        with stage(f"playing {rs.id}"):
            try:
                game = rs.new_game(scenario, seed=seed)
            except RulesError as e:
                outcome.rulesets_refused[rs.id] = str(e)
                continue
            # What the scenario itself sets up (a d3 column that a Mayhem column's
            # deeper base pushes over the edge) is the file's fit to the ruleset, not
            # a fault of play: only problems that play creates fail the case.
            at_start = set(state_problems(game))
            rng = random.Random(seed)
            for _ in range(ACTIONS):
                if game.outcome is not None:
                    break
                game.apply(random_action(game, rng))
            bad = [p for p in state_problems(game) if p not in at_start]
            if bad:
                raise AssertionError(f"impossible state after random play: {bad[:3]}")
            outcome.rulesets_played.append(rs.id)


def run_case(case: Case, folder: Path,
             drawers: Mapping[str, Callable[[Scenario, Path], None]] | None,
             suffix: str = ".yaml") -> Outcome:
    """Read the case; if accepted, print, draw (in each of `drawers`) and play it."""
    path = folder / f"fuzz{case.seed}{suffix}"
    outcome = Outcome()
    scenario = read_case(case, path)
    if scenario is None:
        return outcome
    outcome.accepted = True

    @contextlib.contextmanager
    def stage(what: str) -> Iterator[None]:
        try:
            with time_limit(STAGE_SECONDS, what):
                yield
        except CaseFailure:
            raise
        except Exception as e:
            raise _fail(case, path, what, e) from None

    with stage("printing"):
        print_scenario(scenario, folder / f"fuzz{case.seed}.pdf")
    for k, (what, draw) in enumerate((drawers or {}).items()):
        with stage(what):
            draw(scenario, folder / f"fuzz{case.seed}-{k}.png")
    play(scenario, case.seed, outcome, stage)
    return outcome


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def hidden_fault(error: BaseException) -> BaseException | None:
    """The fault in Volley that a clean-looking RecordError wraps, if any.

    The records code turns any unexpected exception into one clear line for the
    person (good), but it is still a bug in a ruleset or the reader, and the
    fuzz test must see it: RecordError keeps it as `fault`. Expected causes (a
    ScenarioError, an unknown ruleset) carry none.
    """
    return getattr(error, "fault", None)


def run_record_case(case: Case, folder: Path) -> Outcome:
    """Read the record (clean RecordError or a record), replay it, play on, save and replay."""
    from desktop.rules.record import RecordError, dumps, load_record, loads, record_of, replay

    path = folder / f"record{case.seed}.yaml"
    path.write_bytes(case.data)
    outcome = Outcome()
    try:
        with time_limit(STAGE_SECONDS, "reading the record"):
            record = load_record(path)
    except RecordError as e:
        fault = hidden_fault(e)
        if fault is not None:
            raise _fail(case, path, "reading the record (a fault behind a RecordError)",
                        fault) from None
        if not str(e).startswith(str(path)):
            raise _fail(case, path, "reading the record",
                        f"message does not start with the file name: {str(e)[:200]}") from None
        outcome.refusal = str(e)
        return outcome
    except Exception as e:
        raise _fail(case, path, "reading the record", e) from None
    try:
        with time_limit(STAGE_SECONDS, "replaying"):
            game = replay(record)
    except RulesError as e:  # RecordError for a bad action; RulesError for a refused game
        fault = hidden_fault(e)
        if fault is not None:
            raise _fail(case, path, "replaying (a fault behind a RecordError)", fault) from None
        if not str(e).strip():
            raise _fail(case, path, "replaying", "an error with no message") from None
        outcome.refusal = str(e)
        return outcome
    except Exception as e:
        raise _fail(case, path, "replaying", e) from None
    outcome.accepted = True
    try:
        with time_limit(STAGE_SECONDS, "playing on and replaying the saved game"):
            rng = random.Random(case.seed)
            for _ in range(ACTIONS):
                if game.outcome is not None:
                    break
                game.apply(random_action(game, rng))
            again = replay(loads(dumps(record_of(game)), "<saved>"))
            if again.snapshot() != game.snapshot():
                raise AssertionError("the saved game replays to a different state")
    except Exception as e:
        raise _fail(case, path, "playing on and replaying the saved game", e) from None
    outcome.rulesets_played.append(record.ruleset)
    return outcome
