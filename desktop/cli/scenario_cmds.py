"""`volley validate` and `volley info`: read scenario files without a window."""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from desktop.scenario import Scenario, ScenarioError, load
from desktop.scenario.describe import victory_text
from desktop.scenario.vocabulary import RANK_LABELS, UNIT_LABELS

if TYPE_CHECKING:  # numpy and shapely load only for the checks that need them
    from desktop.scenario.lint import LintProblem


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "validate",
        help="check scenario files; exit 1 if any has problems (warnings too with --strict)",
        description="Read each file as the program would. Errors (the file cannot be "
        "played) make the exit status 1. Warnings (a unit standing in a river, bases "
        "overlapping, an objective nobody can reach, a victory nobody can win in time) "
        "are printed but leave the exit status 0 unless --strict is given.")
    p.add_argument("files", nargs="+", type=Path, metavar="FILE")
    p.add_argument("--ruleset", metavar="ID[,ID]",
                   help="check under these rulesets (comma-separated ids, or 'all') instead "
                   "of the scenario's own")
    p.add_argument("-q", "--quiet", action="store_true", help="print only problems and warnings")
    p.add_argument("--strict", action="store_true",
                   help="treat warnings as problems: exit 1 if any file has a warning")
    p.set_defaults(handler=validate)
    p = sub.add_parser("info", help="summarise a scenario: table, sides, forces, victory")
    p.add_argument("file", type=Path, metavar="FILE")
    p.set_defaults(handler=info)


def validate(args: argparse.Namespace) -> int:
    asked = _asked_rulesets(args.ruleset)
    if isinstance(asked, str):
        print(f"volley validate: {asked}", file=sys.stderr)
        return 2
    bad = warned = 0
    for f in args.files:
        verdict = _validate_one(f, asked, args)
        bad += verdict == "bad"
        warned += verdict == "warned"
    if bad and len(args.files) > 1:
        print(f"{bad} of {len(args.files)} files have problems", file=sys.stderr)
    if args.strict and warned:
        print(f"{warned} of {len(args.files)} files have warnings (--strict)", file=sys.stderr)
        return 1
    return 1 if bad else 0


def _asked_rulesets(given: str | None) -> list[str] | str:
    """The ruleset ids --ruleset asks for ([] for the scenario's own), or why not."""
    if given is None:
        return []
    from desktop.rules import registry

    known = registry.ids()
    asked = known if given.strip() == "all" else [w.strip() for w in given.split(",")
                                                   if w.strip()]
    unknown = [w for w in asked if w not in known]
    if unknown or not asked:
        return f"--ruleset: unknown ruleset '{', '.join(unknown)}' (known: {', '.join(known)})"
    return asked


def _checks(s: Scenario, asked: list[str]) -> tuple[list[LintProblem], list[LintProblem]]:
    from desktop.rules.checks import validation  # numpy and shapely: not for every command

    return validation(s, asked)


def _validate_one(f: Path, asked: list[str], args: argparse.Namespace) -> str:
    """Check one file and print what is wrong: "bad", "warned" or "ok"."""
    try:
        s = load(f)
        errors, warnings = _checks(s, asked)
    except ScenarioError as e:
        for problem in e.problems:
            print(problem, file=sys.stderr)
        return "bad"
    except Exception as e:  # the last resort: say so in one line and go on
        print(_internal_error(f, e), file=sys.stderr)
        return "bad"
    for wrong in errors:
        print(f"{_where(f, wrong.field)}: {wrong.message}", file=sys.stderr)
    if errors:
        return "bad"
    for w in warnings:
        print(f"{_where(f, w.field)}: warning: {w.message}", file=sys.stderr)
    if not args.quiet:
        units = sum(len(side.units) for side in s.sides)
        said = (f", {len(warnings)} warning" + ("s" if len(warnings) > 1 else "")
                if warnings else "")
        verdict = "fails --strict" if args.strict and warnings else "ok"
        under = f" under {', '.join(asked)}" if asked else ""
        print(f"{f}: {verdict}{under} ({s.title!r}, {units} units, {len(s.terrain)} terrain "
              f"features{said})")
    return "warned" if warnings else "ok"


def _where(path: Path, field: tuple[str | int, ...]) -> str:
    """`path`, with the line of `field` in it where the file has one ("f.yaml:12")."""
    if not field:
        return str(path)
    from desktop.scenario.textfile import FileProblem, read_text
    from desktop.scenario.yamlmarks import load_with_marks

    try:
        _, marks = load_with_marks(read_text(path))
    except (FileProblem, ValueError, yaml.YAMLError):
        return str(path)
    at = marks.at(field)
    return f"{path}:{at[0]}" if at else str(path)


def _internal_error(path: Path, error: BaseException) -> str:
    """One line for a failure the reader should have caught, so other files still get read.

    No such failure is known; if one happens, this line is what to report.
    """
    said = str(error)
    said = said if len(said) <= 200 else said[:200] + "…"
    return (f"{path}: could not be read: internal error {type(error).__name__}: {said} "
            "(please report this, with the file)")


def info(args: argparse.Namespace) -> int:
    from desktop.rules.checks import start_words
    try:
        s = load(args.file)
    except ScenarioError as e:
        for problem in e.problems:
            print(problem, file=sys.stderr)
        return 1
    except Exception as e:  # the last resort, as in validate
        print(_internal_error(args.file, e), file=sys.stderr)
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
    if s.ruleset:
        from desktop.rules.battle import facts

        print(f"Battle: {facts(s).line()}")
    if s.briefing.strip():
        print("\nBriefing:")
        for para in s.briefing.strip().split("\n"):
            print(textwrap.fill(para, 78, initial_indent="  ", subsequent_indent="  ")
                  if para.strip() else "")
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
        worn = [(u.name, start_words(s, u)) for u in side.units if u.start]
        for name, words in worn:
            if words:
                print(f"  Starts worn: {name} ({words})")
    if s.game.objectives:
        print("\nObjectives: " + ", ".join(o.name for o in s.game.objectives))
    if s.game.victory:
        print("\nVictory:")
        for v in s.game.victory:
            text = victory_text(v, s)
            print(f"  - {text[0].upper()}{text[1:]}")
    return 0
