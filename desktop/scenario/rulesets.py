"""Which rulesets are installed, by id: the ``volley.rulesets`` entry points.

A ruleset is a package that declares itself in the entry-point group
``volley.rulesets`` of its distribution (``<id> = "<module>:<object>"``, the
object being its ``desktop.rules.engine.Ruleset``); Volley's own rulesets are
declared the same way in its pyproject.toml.  A scenario names a ruleset by
that id, so reading and checking a file needs the names alone: nothing here
imports a ruleset (``desktop.rules.registry`` loads them when asked).

Volley's own entries are read from the pyproject.toml beside the package when
it runs from a source tree (so a checkout whose installed metadata predates a
change still finds them), else from its installed metadata beside the package
(a wheel, a frozen bundle).  Other distributions' entries come from
``importlib.metadata``, and only when an id is not one of Volley's own or the
whole list is asked for: importing it costs tens of milliseconds that a start
with a bundled scenario should not pay before its first frame.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

#: The entry-point group a ruleset declares itself in.
GROUP = "volley.rulesets"
#: The distribution whose entries are Volley's own (the bundled rulesets).
DISTRIBUTION = "volley"
#: Where the package sits: a source tree's root, site-packages or a frozen bundle.
_ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class RulesetEntry:
    """One declared ruleset: its id, where its Ruleset lives, who declared it."""

    id: str
    #: ``"package.module:OBJECT"``, as an entry point's value.
    target: str
    #: The distribution that declares it ("volley" for the bundled rulesets).
    source: str


def _normal(name: str) -> str:
    """A distribution name as packaging compares them ('Volley_Sixes' = 'volley-sixes')."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _from_pyproject(path: Path) -> tuple[RulesetEntry, ...] | None:
    """Volley's entries from a source tree's pyproject.toml; None if it is not Volley's."""
    import tomllib

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    project = data.get("project", {})
    if _normal(str(project.get("name", ""))) != DISTRIBUTION:
        return None
    table = project.get("entry-points", {}).get(GROUP, {})
    return tuple(RulesetEntry(str(k), str(v), DISTRIBUTION) for k, v in table.items())


def _from_metadata(folder: Path) -> tuple[RulesetEntry, ...]:
    """Volley's entries from an installed ``entry_points.txt`` (INI: [group] id = target)."""
    import configparser

    parser = configparser.ConfigParser(delimiters=("=",), interpolation=None)
    parser.optionxform = str  # type: ignore[assignment, method-assign]  # keep ids as written
    try:
        parser.read_string((folder / "entry_points.txt").read_text(encoding="utf-8"))
    except (OSError, configparser.Error):
        return ()
    if not parser.has_section(GROUP):
        return ()
    return tuple(RulesetEntry(k, v.strip(), DISTRIBUTION) for k, v in parser.items(GROUP))


@functools.cache
def bundled() -> tuple[RulesetEntry, ...]:
    """Volley's own rulesets."""
    pyproject = _ROOT / "pyproject.toml"
    if pyproject.is_file():
        got = _from_pyproject(pyproject)
        if got is not None:
            return got
    for folder in sorted(_ROOT.glob(f"{DISTRIBUTION}-*.dist-info")):
        got = _from_metadata(folder)
        if got:
            return got
    return tuple(e for e in _installed() if e.source == DISTRIBUTION)


@functools.cache
def _installed() -> tuple[RulesetEntry, ...]:
    """Every distribution's entries as importlib.metadata finds them, by distribution."""
    from importlib.metadata import entry_points

    found = [RulesetEntry(ep.name, ep.value,
                          _normal(ep.dist.name) if ep.dist is not None else "")
             for ep in entry_points(group=GROUP)]
    return tuple(sorted(found, key=lambda e: (e.source, e.id)))


def plugins() -> tuple[RulesetEntry, ...]:
    """The rulesets other distributions add."""
    return tuple(e for e in _installed() if e.source != DISTRIBUTION)


def entries() -> tuple[RulesetEntry, ...]:
    """Every declared ruleset, Volley's first; a second declaration of an id is
    left out here (``duplicates`` names it)."""
    out: dict[str, RulesetEntry] = {}
    for e in (*bundled(), *plugins()):
        out.setdefault(e.id, e)
    return tuple(out.values())


def duplicates() -> list[tuple[RulesetEntry, RulesetEntry]]:
    """(kept, ignored) for each id declared more than once."""
    first: dict[str, RulesetEntry] = {}
    out = []
    for e in (*bundled(), *plugins()):
        if e.id in first and first[e.id] != e:
            out.append((first[e.id], e))
        first.setdefault(e.id, e)
    return out


def known_ids() -> tuple[str, ...]:
    """The ids a scenario may name, sorted."""
    return tuple(sorted(e.id for e in entries()))


def is_known(ruleset_id: str) -> bool:
    """Whether `ruleset_id` is installed; Volley's own ids are answered without
    looking at other distributions."""
    return any(e.id == ruleset_id for e in bundled()) or ruleset_id in known_ids()


def forget() -> None:
    """Look again next time (after a distribution was installed or removed)."""
    bundled.cache_clear()
    _installed.cache_clear()
