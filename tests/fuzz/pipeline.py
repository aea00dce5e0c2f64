"""One mutated scenario through the whole pipeline: validate, then everything after it.

Issue 37: "What validation accepts, every part of Volley handles".  A case is
read and validated as ``volley validate`` does (desktop.rules.checks.validation,
under the scenario's own ruleset).  A refused case must be refused cleanly (the
file named, a line where there is one).  An accepted case then goes, each stage
under a time limit, through ``volley info``, ``volley print``, a headless
screenshot of the table window and of the play window, a short game of random
actions and a 2-game balance, all under the ruleset validate checked (a scenario
with no ruleset of its own: the first that can play it, as the window offers).
A traceback, a hang or a refusal by any later stage fails the case as "failing
later": validate should have said so.

The quick mode (the suite) caps each balance game at BALANCE_ACTIONS actions of
the Recruit; the long mode (``python -m tests.fuzz.run --pipeline --long``,
docs/benchmarks.md) plays the two games to their end at the Steady level.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from desktop.cli import main as volley
from desktop.play.balance.batch import Batch, GameResult, play_game
from desktop.play.levels import Level
from desktop.rules import registry
from desktop.rules.checks import validation
from desktop.rules.randomplay import random_action
from desktop.scenario import Scenario
from tests.fuzz.harness import (
    STAGE_SECONDS,
    CaseFailure,
    _fail,
    read_case,
    time_limit,
)
from tests.fuzz.mutate import Case

#: Random actions of the short game.
SHORT_GAME = 30
#: Actions a balance game may take in the quick mode (the long mode: to its end).
BALANCE_ACTIONS = 40
#: Processor seconds a long-mode balance may take.
LONG_BALANCE_SECONDS = float(os.environ.get("VOLLEY_FUZZ_BALANCE_SECONDS", "300"))

Drawer = Callable[[Scenario, str, Path], None]


@dataclass
class PipelineOutcome:
    """What one case did: refused by validate, or accepted and through every stage."""

    accepted: bool = False
    ruleset: str = ""
    refusal: str = ""
    stages: list[str] = field(default_factory=list)


class CappedRunner:
    """Plays a batch's games in this process, each cut after `max_actions` (None:
    to its end): the balance's whole path, report included, in seconds."""

    def __init__(self, max_actions: int | None) -> None:
        self.max_actions = max_actions

    def run(self, batch: Batch, indices: Sequence[int], take: Callable[[GameResult], None],
            stop: Callable[[], bool]) -> bool:
        for i in indices:
            take(play_game(batch, i) if self.max_actions is None
                 else play_game(batch, i, self.max_actions))
        return True


def validate_case(case: Case, path: Path, outcome: PipelineOutcome) -> Scenario | None:
    """Read and validate as `volley validate`; None when refused (cleanly)."""
    scenario = read_case(case, path)
    if scenario is None:
        outcome.refusal = "read"
        return None
    try:
        with time_limit(STAGE_SECONDS, "validating"):
            errors, _ = validation(scenario)
    except Exception as e:
        raise _fail(case, path, "validating", e) from None
    if errors:
        outcome.refusal = errors[0].message
        return None
    return scenario


def ruleset_for(scenario: Scenario) -> str:
    """The ruleset validate checked: the scenario's own, else the first that can play it."""
    from desktop.play.session import default_ruleset

    return default_ruleset(scenario)


def command(*argv: str) -> None:
    """Run `volley ARGV` in this process; a non-zero exit is a late refusal."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = volley(list(argv))
    if code != 0:
        raise AssertionError(f"`volley {' '.join(argv[:1])}` exited {code}: "
                             f"{err.getvalue().strip()[:300]}")


def short_game(scenario: Scenario, rid: str, seed: int) -> None:
    game = registry.get(rid).new_game(scenario, seed=seed)
    rng = random.Random(seed)
    for _ in range(SHORT_GAME):
        if game.outcome is not None:
            break
        game.apply(random_action(game, rng))


def balance(scenario: Scenario, path: Path, rid: str, long: bool) -> None:
    from desktop.play.balance.runner import run_balance
    from desktop.play.balance.text import report_text

    level = Level.STEADY if long else Level.RECRUIT
    report = run_balance(scenario, path=path, ruleset=rid, games=2, levels=(level,), seed=1,
                         runner=CappedRunner(None if long else BALANCE_ACTIONS))
    if report.played != 2 or not report_text(report):
        raise AssertionError(f"the balance played {report.played} of 2 games")


def run_pipeline(case: Case, folder: Path, drawers: dict[str, Drawer] | None,
                 long: bool = False, every_ruleset: bool = False) -> PipelineOutcome:
    """The case through validate and, if accepted, every later stage (CaseFailure if not);
    with `every_ruleset`, under each ruleset `validate --ruleset all` accepts, too."""
    path = folder / f"fuzz{case.seed}.yaml"
    outcome = PipelineOutcome()
    scenario = validate_case(case, path, outcome)
    if scenario is None:
        return outcome
    outcome.accepted = True
    outcome.ruleset = ruleset_for(scenario)
    others: list[str] = []
    if every_ruleset:
        from desktop.rules.checks import playable_under

        others = [r.id for r in playable_under(scenario) if r.id != outcome.ruleset]
    for rid in [outcome.ruleset, *others]:
        _stages(case, path, folder, scenario, rid, drawers, long, outcome)
    return outcome


def _stages(case: Case, path: Path, folder: Path, scenario: Scenario, rid: str,
            drawers: dict[str, Drawer] | None, long: bool, outcome: PipelineOutcome) -> None:
    """Every stage after validate, under ruleset `rid`."""

    @contextlib.contextmanager
    def stage(what: str, seconds: float = STAGE_SECONDS) -> Iterator[None]:
        try:
            with time_limit(seconds, what):
                yield
        except CaseFailure:
            raise
        except Exception as e:
            raise _fail(case, path, f"{what} (accepted by validate under {rid})", e) from None
        outcome.stages.append(what)

    with stage("volley info"):
        command("info", str(path))
    with stage("volley print"):
        command("print", str(path), "-q", "--ruleset", rid, "--out", str(folder / "f.pdf"))
    for k, (what, draw) in enumerate((drawers or {}).items()):
        with stage(what):
            draw(scenario, rid, folder / f"fuzz{case.seed}-{k}.png")
    with stage(f"a short game of {rid}"):
        short_game(scenario, rid, case.seed)
    with stage("a 2-game balance", LONG_BALANCE_SECONDS if long else STAGE_SECONDS * 3):
        balance(scenario, path, rid, long)


def pipeline_drawers() -> dict[str, Drawer]:
    """The table window and the play window (under the validated ruleset), offscreen;
    a play window that cannot start is a failure here, not a clean refusal."""
    from tests.fuzz.drawing import _dispose, _setup_qt, window_drawer

    table = window_drawer()

    def draw_table(scenario: Scenario, rid: str, out: Path) -> None:
        table(scenario, out)

    def draw_play(scenario: Scenario, rid: str, out: Path) -> None:
        from desktop.play.session import Setup
        from desktop.ui.play.app import screenshot
        from desktop.ui.play.window import PlayWindow

        _setup_qt()
        window = PlayWindow()
        try:
            window.start(Setup(scenario, rid, seed=0))
            if not screenshot(window, out):
                raise AssertionError(f"the play window could not be saved to {out}")
        finally:
            _dispose(window)

    return {"the table window's screenshot": draw_table,
            "the play window's screenshot": draw_play}
