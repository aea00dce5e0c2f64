"""Every ruleset declares the largest scenario it plays and refuses a larger one.

Issue 15, "Big tables": set and document the largest scenario each ruleset
supports and refuse larger ones with a clear message, at game creation,
through `volley play`, the start dialog and `volley rulesets`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.cli import main
from desktop.rules import registry
from desktop.rules.engine import RulesError, Ruleset, ScenarioTooLarge, SizeLimits
from desktop.rules.record import Record, replay
from desktop.scenario import dumps
from desktop.scenario.generate import large_scenario
from desktop.scenario.model import Scenario

RULESETS = registry.all_rulesets()
IDS = [rs.id for rs in RULESETS]


def _figures(s: Scenario) -> int:
    return sum(u.figures for side in s.sides for u in side.units)


def _over(rs: Ruleset) -> Scenario:
    """A generated scenario just above one of `rs`'s limits (its unit limit if it has one)."""
    lim = rs.limits
    if lim.units is not None:
        return large_scenario(lim.units + 1, 2, ruleset="d3")
    if lim.figures is not None:
        units = 2
        while _figures(large_scenario(units, 0, ruleset="d3")) <= lim.figures:
            units *= 2
        return large_scenario(units, 2, ruleset="d3")
    assert lim.terrain is not None
    return large_scenario(4, lim.terrain + 1, ruleset="d3")


def test_every_ruleset_declares_a_limit_below_the_readers_caps() -> None:
    """The reader allows 500 units and 500 features; each built-in ruleset states
    what it plays, at most that."""
    for rs in RULESETS:
        assert isinstance(rs.limits, SizeLimits), rs.id
        assert rs.limits != SizeLimits(), f"{rs.id} declares no limit"
        assert rs.limits.units is None or rs.limits.units <= 500, rs.id
        for value in (rs.limits.units, rs.limits.figures, rs.limits.terrain):
            assert value is None or value >= 1, rs.id


LIMITED = [r for r in RULESETS if r.limits != SizeLimits()]


@pytest.mark.parametrize("rs", LIMITED, ids=[r.id for r in LIMITED])
def test_a_scenario_above_the_limit_is_refused_with_a_sentence(rs: Ruleset) -> None:
    scenario = _over(rs)
    with pytest.raises(ScenarioTooLarge) as caught:
        rs.new_game(scenario, seed=0)
    text = str(caught.value)
    assert text.startswith(f"{rs.name} supports at most ")
    assert re.search(r"; this scenario has [\d,]+\. Remove some (units|terrain features) "
                     r"or play it with another ruleset\.$", text), text
    assert rs.size_problem(scenario) == text


def _with_figures(total: int) -> Scenario:
    """A generated scenario whose units hold exactly `total` figures (100 at most each)."""
    s = large_scenario(max(2, -(-total // 100)), 0, ruleset="d3")
    units = [u for side in s.sides for u in side.units]
    left, share = total, []
    for k in range(len(units)):
        n = max(1, min(100, left - (len(units) - k - 1)))
        share.append(n)
        left -= n
    assert left == 0
    it = iter(share)
    sides = tuple(replace(side, units=tuple(replace(u, figures=next(it)) for u in side.units))
                  for side in s.sides)
    return replace(s, sides=sides)


@pytest.mark.parametrize("rs", RULESETS, ids=IDS)
def test_a_scenario_at_the_limit_is_accepted(rs: Ruleset) -> None:
    """Exactly at the limit is allowed and one more is not (counted here, not played:
    the benchmark times that); a small generated table really starts."""
    lim = rs.limits
    if lim.units is not None:
        assert rs.size_problem(large_scenario(lim.units, 0, ruleset="d3")) is None
        assert rs.size_problem(large_scenario(lim.units + 1, 0, ruleset="d3")) is not None
    if lim.figures is not None:
        assert rs.size_problem(_with_figures(lim.figures)) is None
        assert rs.size_problem(_with_figures(lim.figures + 1)) is not None
    if lim.terrain is not None:
        assert rs.size_problem(large_scenario(4, lim.terrain, ruleset="d3")) is None
    game = rs.new_game(large_scenario(6, 4, ruleset="d3"), seed=0)
    assert game.outcome is None


def test_the_limits_count_units_figures_and_terrain() -> None:
    s = large_scenario(10, 3, ruleset="d3")
    figures = _figures(s)
    assert SizeLimits(units=10, figures=figures, terrain=3).problem("X", s) is None
    assert "at most 9 units; this scenario has 10." in str(SizeLimits(units=9).problem("X", s))
    assert f"at most {figures - 1:,} figures; this scenario has {figures:,}." in str(
        SizeLimits(figures=figures - 1).problem("X", s))
    assert "Remove some terrain features" in str(SizeLimits(terrain=2).problem("X", s))
    assert SizeLimits().describe() == "no limit of its own"
    assert SizeLimits(units=1200, figures=600).describe() == "at most 1,200 units, 600 figures"


def test_a_record_of_a_too_large_scenario_is_refused_not_replayed() -> None:
    rs = next((r for r in RULESETS if r.limits.units is not None), None)
    if rs is None:
        pytest.skip("no ruleset limits its units")
    record = Record(scenario=_over(rs), ruleset=rs.id, options={}, seed=0, actions=[])
    with pytest.raises(RulesError, match=f"{rs.name} supports at most"):
        replay(record)


def test_volley_rulesets_lists_each_limit(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rulesets"]) == 0
    out = capsys.readouterr().out
    for rs in RULESETS:
        line = next(ln for ln in out.splitlines() if ln.startswith(rs.id + " "))
        assert f"largest scenario: {rs.limits.describe()}" in line


def test_volley_play_refuses_in_a_sentence_not_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The lowest unit limit: a file above it must still pass the reader's cap of 500.
    rs = min((r for r in RULESETS if r.limits.units is not None),
             key=lambda r: r.limits.units or 0, default=None)
    if rs is None or (rs.limits.units or 0) >= 500:
        pytest.skip("no ruleset limits its units below the reader's cap")
    path = tmp_path / "big.yaml"
    path.write_text(dumps(_over(rs)), encoding="utf-8")
    code = main(["play", str(path), "--ruleset", rs.id, "--screenshot", str(tmp_path / "x.png")])
    err = capsys.readouterr().err
    assert code == 1
    assert f"{path}: {rs.name} supports at most" in err
    assert "Traceback" not in err
    assert not (tmp_path / "x.png").exists()
