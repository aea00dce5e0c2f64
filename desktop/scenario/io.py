"""Load and save scenario files: validated on the way in, atomic on the way out."""

from __future__ import annotations

import contextlib
import gc
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from desktop.scenario.atomic import atomic_write_text
from desktop.scenario.checks import check_scenario
from desktop.scenario.errors import Problem, ScenarioError
from desktop.scenario.limits import MAX_PROBLEMS
from desktop.scenario.migrate import MigrationError, migrate
from desktop.scenario.model import FORMAT_VERSION, Scenario
from desktop.scenario.reader import Reader, TooManyProblems, read_scenario
from desktop.scenario.textfile import FileProblem, read_text
from desktop.scenario.writer import dumps
from desktop.scenario.yamlmarks import HugeNumber, Marks, UnreadableYaml, load_with_marks


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a scenario is read.

    Reading a file makes a great many small objects with no cycles among
    them (YAML nodes, tuples, frozen dataclasses), and the collector would
    search them again and again for cycles that are not there: a 1,000-unit
    file takes 145-235 ms with it running and 130 ms without (bench_load).
    Reference counting still frees everything as usual.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def loads(text: str, name: str = "<scenario>") -> Scenario:
    """Parse and validate scenario text; raises ScenarioError naming `name`."""
    with collector_paused():
        return _loads(text, name)


def _loads(text: str, name: str) -> Scenario:
    try:
        data, marks = load_with_marks(text)
    except UnreadableYaml as e:
        raise ScenarioError.single(name, e.message, line=e.line, column=e.column) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        what = (e.problem or e.context or "not valid YAML").strip()
        raise ScenarioError.single(
            name,
            f"not valid YAML: {what}",
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
        ) from None
    except yaml.YAMLError as e:
        raise ScenarioError.single(name, f"not valid YAML: {e}") from None
    return from_data(data, name, marks)


def from_data(data: Any, name: str = "<scenario>", marks: Marks | None = None) -> Scenario:
    marks = marks or Marks()
    if data is None:
        raise ScenarioError.single(name, "the file is empty")
    if not isinstance(data, dict):
        raise ScenarioError.single(
            name, "a scenario file is a mapping of keys (format_version, title, table, ...)",
            line=1,
        )
    reader = Reader(name, marks)
    for key, (line, col) in marks.duplicate_keys[:MAX_PROBLEMS]:
        reader.problems.append(
            Problem(name, f"key '{key}' appears twice in the same mapping (the file would be"
                    " read with only the last one)", line=line, column=col)
        )
    version = data.get("format_version")
    if version is None:
        raise ScenarioError.single(
            name, f"missing 'format_version' (this format is version {FORMAT_VERSION})", line=1)
    if isinstance(version, bool) or not isinstance(version, int) or abs(version) > 10**9:
        pos = marks.at(("format_version",))
        if isinstance(version, (int, HugeNumber)) and not isinstance(version, bool):
            said = f"format_version is far too large; this Volley reads up to {FORMAT_VERSION}"
        else:
            said = f"format_version must be a whole number, found '{str(version)[:20]}'"
        raise ScenarioError.single(
            name, said,
            path="format_version", line=pos[0] if pos else None,
        )
    try:
        data = migrate(dict(data), version)
    except MigrationError as e:
        pos = marks.at(("format_version",))
        raise ScenarioError.single(name, str(e), path="format_version",
                                   line=pos[0] if pos else None) from None
    scenario: Scenario | None = None
    more = len(marks.duplicate_keys) > MAX_PROBLEMS
    try:
        if not more:
            scenario = read_scenario(data, reader)
            if scenario is not None and not reader.problems:
                check_scenario(scenario, reader)
    except TooManyProblems:
        more = True
    if reader.problems or scenario is None:
        found = sorted(reader.problems, key=lambda p: (p.line or 0, p.column or 0))
        if not found:  # a refusal must say why: never exit 1 in silence (issue 37)
            found.append(Problem(name, "the file could not be read as a scenario "
                                 "(a required part is missing or empty)", line=1))
        if more:
            found.append(Problem(name, f"reading stopped after {MAX_PROBLEMS} problems; "
                                 "mend these and read the file again"))
        raise ScenarioError(found)
    return scenario


def load(path: str | os.PathLike[str]) -> Scenario:
    """Read and validate a scenario file (a regular file of sane size only)."""
    p = Path(path)
    try:
        text = read_text(p)
    except FileProblem as e:
        raise ScenarioError.single(str(p), e.message, line=e.line, column=e.column) from None
    return loads(text, str(p))


def checked_dumps(scenario: Scenario, name: str = "<scenario>") -> str:
    """The text `save` writes, read back by the reader first: what it refuses is never written.

    Raises ScenarioError (naming `name` and the field) when the reader would
    refuse the file.  Costs one read of the text: 5 ms of CPU for the largest
    bundled scenario, 193 ms for the largest the format allows, against 9 and
    207 ms for `dumps` itself with libyaml's emitter (750 ms with PyYAML's
    own; tests/benchmarks/bench_save_check.py).
    """
    text = dumps(scenario)
    loads(text, name)
    return text


def save(scenario: Scenario, path: str | os.PathLike[str]) -> None:
    """Write the scenario whole or not at all, and only if the reader would accept it."""
    atomic_write_text(path, checked_dumps(scenario, str(path)))
