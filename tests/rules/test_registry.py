"""Rulesets are found through the ``volley.rulesets`` entry points (issue 35).

Volley's five are declared there like any other package's; a package that
declares a broken ruleset is left out with a message naming it, and Volley
goes on with the others (desktop.rules.registry, desktop.scenario.rulesets).
"""

from __future__ import annotations

import re
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop.resources import bundled_scenario
from desktop.rules import registry
from desktop.rules.registry import RulesetPluginWarning
from desktop.scenario import ScenarioError, loads, rulesets
from desktop.scenario.rulesets import RulesetEntry

PLUGIN = '''
from desktop.rules.engine import Ruleset


class WyvernRuleset(Ruleset):
    id = "wyvern"
    name = "Wyverns and Muskets"

    def parse_action(self, text):
        raise NotImplementedError


RULESET = WyvernRuleset()
NOT_A_RULESET = 42
'''


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[list[RulesetEntry]]:
    """A registry that has loaded nothing yet, whose other packages' entries are
    the list this yields (a test fills it), with a plugin module importable."""
    (tmp_path / "wyvern_rules.py").write_text(textwrap.dedent(PLUGIN), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    extra: list[RulesetEntry] = []
    monkeypatch.setattr(rulesets, "_installed", lambda: tuple(extra))
    monkeypatch.setattr(registry, "_REGISTRY", {})
    monkeypatch.setattr(registry, "_PROBLEMS", [])
    monkeypatch.setattr(registry, "_loaded", False)
    yield extra
    sys.modules.pop("wyvern_rules", None)


def test_the_bundled_rulesets_are_the_declared_ones_and_all_load() -> None:
    bundled = {e.id for e in rulesets.bundled()}
    assert len(bundled) == 5 and bundled <= set(registry.ids())
    assert all(e.source == "volley" for e in rulesets.bundled())
    assert registry.problems() == []


def test_a_plugin_ruleset_is_loaded_beside_the_bundled_ones(fresh: list[RulesetEntry]) -> None:
    fresh.append(RulesetEntry("wyvern", "wyvern_rules:RULESET", "volley-wyvern"))
    assert "wyvern" in registry.ids() and "d3" in registry.ids()
    assert registry.get("wyvern").name == "Wyverns and Muskets"
    assert rulesets.is_known("wyvern") and "wyvern" in rulesets.known_ids()


@pytest.mark.parametrize(("target", "said"), [
    ("no_such_module_anywhere:RULESET", "could not be loaded: ModuleNotFoundError"),
    ("wyvern_rules:NOT_A_RULESET", "is not a Ruleset but int"),
    ("wyvern_rules:MISSING", "could not be loaded: AttributeError"),
])
def test_a_broken_plugin_is_named_and_the_others_stay(fresh: list[RulesetEntry], target: str,
                                                      said: str) -> None:
    fresh.append(RulesetEntry("wyvern", target, "volley-wyvern"))
    with pytest.warns(RulesetPluginWarning, match="volley-wyvern"):
        ids = registry.ids()
    assert "wyvern" not in ids and ids == sorted(e.id for e in rulesets.bundled())
    (problem,) = registry.problems()
    assert problem.startswith(f"ruleset 'wyvern' ({target}, from volley-wyvern)")
    assert said in problem


def test_an_entry_point_must_be_named_for_its_rulesets_id(fresh: list[RulesetEntry]) -> None:
    fresh.append(RulesetEntry("dragon", "wyvern_rules:RULESET", "volley-wyvern"))
    with pytest.warns(RulesetPluginWarning, match="calls itself 'wyvern'"):
        assert "dragon" not in registry.ids() and "wyvern" not in registry.ids()


def test_a_second_package_cannot_take_a_bundled_id(fresh: list[RulesetEntry]) -> None:
    fresh.append(RulesetEntry("d3", "wyvern_rules:RULESET", "volley-wyvern"))
    with pytest.warns(RulesetPluginWarning, match="declared by both volley and volley-wyvern"):
        assert registry.get("d3").name == "D3 Horse and Musket"


def test_a_scenario_may_name_a_plugin_ruleset_once_it_is_installed(
        fresh: list[RulesetEntry]) -> None:
    text = bundled_scenario().read_text(encoding="utf-8")
    text = re.sub(r"(?m)^ruleset: .*$", "ruleset: wyvern", text)
    assert "ruleset: wyvern" in text
    with pytest.raises(ScenarioError, match="unknown ruleset 'wyvern'"):
        loads(text, "w.yaml")
    fresh.append(RulesetEntry("wyvern", "wyvern_rules:RULESET", "volley-wyvern"))
    assert loads(text, "w.yaml").ruleset == "wyvern"


def test_installed_metadata_is_read_without_importlib_metadata(tmp_path: Path) -> None:
    # an installed Volley (a wheel, a frozen bundle) keeps its entry points in
    # volley-*.dist-info/entry_points.txt beside the desktop package
    info = tmp_path / "volley-0.1.0.dist-info"
    info.mkdir()
    (info / "entry_points.txt").write_text(
        "[console_scripts]\nvolley = desktop.cli:main\n\n"
        "[volley.rulesets]\nD3 = desktop.rules.d3:RULESET\nmayhem = desktop.rules.mayhem:RULESET\n",
        encoding="utf-8")
    got = rulesets._from_metadata(info)
    assert [(e.id, e.target) for e in got] == [("D3", "desktop.rules.d3:RULESET"),
                                               ("mayhem", "desktop.rules.mayhem:RULESET")]


def test_a_pyproject_of_another_project_is_not_volleys(tmp_path: Path) -> None:
    other = tmp_path / "pyproject.toml"
    other.write_text('[project]\nname = "volley-wyvern"\n', encoding="utf-8")
    assert rulesets._from_pyproject(other) is None
