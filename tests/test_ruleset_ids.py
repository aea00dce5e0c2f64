"""A ruleset is one package: nothing outside it names it (issue 35).

The import contract "Only a ruleset's own package imports it" (pyproject.toml)
keeps every other module from importing a ruleset; this test keeps them from
naming one by its id: no string in desktop/ or printouts/ outside
desktop/rules/<id>/ is a bundled ruleset's id.  The registry finds the rulesets
by their entry points (pyproject.toml names them), the scenario layer knows
their ids from the same list, and everything else asks the registry.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from desktop.scenario import rulesets

ROOT = Path(__file__).resolve().parents[1]
#: Where "d3" is the die (a draw's kind, desktop.rules.chance.Draw), not the ruleset.
D3_DIE = {"desktop/rules/chance.py", "desktop/rules/view.py", "desktop/play/log.py",
          "desktop/play/opponent.py", "desktop/ui/play/dice_tray.py"}


def bundled_ids() -> set[str]:
    return {e.id for e in rulesets.bundled()}


def named_ids(path: Path, ids: set[str]) -> list[tuple[int, str]]:
    """(line, id) of every string constant in `path` that is exactly a ruleset id."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and node.value in ids]


def offenders(ids: set[str], root: Path = ROOT) -> list[str]:
    out = []
    for folder in ("desktop", "printouts"):
        for path in sorted((root / folder).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            for line, rid in named_ids(path, ids):
                if rel.startswith(f"desktop/rules/{rid}/"):
                    continue  # its own package
                if rid == "d3" and rel in D3_DIE:
                    continue
                out.append(f"{rel}:{line}: '{rid}'")
    return out


def test_the_entry_points_name_the_bundled_rulesets() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = data["project"]["entry-points"]["volley.rulesets"]
    packages = {p.parent.name for p in (ROOT / "desktop" / "rules").glob("*/__init__.py")}
    assert set(declared) == bundled_ids() == packages
    assert all(target == f"desktop.rules.{rid}:RULESET" for rid, target in declared.items())


def test_no_bundled_ruleset_id_is_named_outside_its_package() -> None:
    assert offenders(bundled_ids()) == []


def test_the_check_finds_an_id_named_elsewhere(tmp_path: Path) -> None:
    # the check bites: a module that picks a ruleset by its id is reported
    fake = tmp_path / "desktop" / "ui" / "picker.py"
    fake.parent.mkdir(parents=True)
    fake.write_text('RULES = "mayhem"\nDIE = "d3"\n', encoding="utf-8")
    (tmp_path / "printouts").mkdir()
    assert offenders({"mayhem", "d3"}, tmp_path) == ["desktop/ui/picker.py:1: 'mayhem'",
                                           "desktop/ui/picker.py:2: 'd3'"]
