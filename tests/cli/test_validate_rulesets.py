"""`volley validate` refuses, for the scenario's ruleset, every reason it cannot
start the game, and what it accepts `balance` plays (issue 37, "Validation per
ruleset"; docs/scenario-format.md, "What validate checks")."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.cli import main
from desktop.rules.checks import choose_ruleset, game_problems, playable_under
from desktop.scenario import dumps, load
from desktop.scenario.generate import large_scenario
from desktop.scenario.lint import Kind
from desktop.scenario.model import Scenario

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def written(tmp_path: Path, s: Scenario, name: str = "s.yaml") -> Path:
    p = tmp_path / name
    p.write_text(dumps(s), encoding="utf-8")
    return p


def village() -> Scenario:
    return load(SCENARIOS / "mayhem_village.yaml")


def test_an_option_of_the_wrong_type_is_refused_with_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 37: mayhem `melee_loser: 31` passed validate and failed when a game started."""
    s = dataclasses.replace(village(), ruleset_options={"mayhem": {"melee_loser": 31}})
    path = written(tmp_path, s)
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, t in enumerate(lines, 1) if "melee_loser" in t)
    assert f"s.yaml:{line}: Muskets & Mayhem option 'Melee loser'" in err
    assert "expects a word, found 31" in err


def test_a_grid_too_small_for_the_units_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 37: Tactical Dice's "the grid has no room for every unit" came from balance."""
    s = load(SCENARIOS / "tactical_ridge.yaml")
    assert s.table.grid is not None
    s = dataclasses.replace(s, table=dataclasses.replace(
        s.table, grid=dataclasses.replace(s.table.grid, square=30.0)))
    assert main(["validate", str(written(tmp_path, s))]) == 1
    err = capsys.readouterr().err
    assert "no room for every unit" in err and "2 squares for 16 units" in err
    assert main(["balance", str(written(tmp_path, s)), "--games", "2", "--workers", "1"]) == 1
    assert "no room for every unit" in capsys.readouterr().err  # said, not a traceback


def test_the_size_limits_are_checked_by_validate(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 37: "Muskets & Mayhem at most 300 units": the docs say validate checks it."""
    s = dataclasses.replace(large_scenario(units=302, features=0, ruleset="d3"), ruleset="mayhem")
    assert main(["validate", str(written(tmp_path, s))]) == 1
    assert "supports at most 300 units; this scenario has 302" in capsys.readouterr().err
    assert main(["validate", "--ruleset", "d3", str(written(tmp_path, s))]) == 0


def test_validate_checks_each_ruleset_asked_for(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = dataclasses.replace(village(), ruleset_options={"mayhem": {"melee_loser": 31}})
    path = written(tmp_path, s)
    assert main(["validate", "--ruleset", "d3,kiddies", str(path)]) == 0
    assert "ok under d3, kiddies" in capsys.readouterr().out
    assert main(["validate", "--ruleset", "all", str(path)]) == 1
    assert main(["validate", "--ruleset", "chess", str(path)]) == 2
    assert "unknown ruleset 'chess'" in capsys.readouterr().err


def test_no_ruleset_gets_one_plain_sentence_everywhere(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 37: balance said "unknown ruleset 'None'" while validate, print and play
    accepted the file; now each says to choose one and which can play it."""
    s = dataclasses.replace(village(), ruleset=None, ruleset_options={})
    path = written(tmp_path, s)
    said = choose_ruleset(s)
    assert "names no ruleset" in said and "Muskets & Mayhem (mayhem)" in said
    assert main(["validate", str(path)]) == 0  # a warning: any ruleset may be chosen
    assert said in capsys.readouterr().err
    assert main(["validate", "--strict", str(path)]) == 1
    capsys.readouterr()
    assert main(["balance", str(path), "--games", "2", "--workers", "1"]) == 1
    err = capsys.readouterr().err
    assert said in err and "'None'" not in err
    assert main(["print", str(path), "--what", "roster", "-q",
                 "--out", str(tmp_path / "r.pdf")]) == 0
    assert said in capsys.readouterr().err


def test_a_scenario_no_ruleset_can_start_is_an_error() -> None:
    s = dataclasses.replace(large_scenario(units=520, features=0, ruleset="d3"), ruleset=None)
    assert playable_under(s) == []
    [problem] = game_problems(s)
    assert problem.kind is Kind.GAME and problem.message.startswith("no ruleset can start")


def test_every_bundled_scenario_passes_under_its_own_ruleset() -> None:
    for path in sorted(SCENARIOS.glob("*.yaml")):
        assert game_problems(load(path)) == [], path.name


def test_balance_plays_what_validate_accepts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 37: the batch must not traceback on anything validate accepted."""
    path = written(tmp_path, village())
    assert main(["validate", "-q", str(path)]) == 0
    assert main(["balance", str(path), "--games", "2", "--workers", "1", "--json"]) == 0
    assert '"games": 2' in capsys.readouterr().out


def test_sides_null_is_said_not_silent(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 37: `sides: null` made every command exit 1 with no message at all."""
    text = (SCENARIOS / "d3_crossroads.yaml").read_text(encoding="utf-8")
    head, _, rest = text.partition("\nsides:\n")
    tail = rest[rest.index("\ngame:"):]
    path = tmp_path / "null.yaml"
    path.write_text(head + "\nsides: null" + tail, encoding="utf-8")
    for command in ("validate", "info", "print"):
        assert main([command, str(path)]) == 1
        err = capsys.readouterr().err
        assert "null.yaml:" in err and "two sides" in err, command


def test_a_ruleset_that_would_start_an_illegal_position_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 37: the Crossroads under Muskets & Mayhem started with grenadiers off the
    table and over the battery (Mayhem's column base is deeper): validate says so, by
    name, and balance will not play it."""
    path = SCENARIOS / "d3_crossroads.yaml"
    assert main(["validate", "--ruleset", "mayhem", str(path)]) == 1
    err = capsys.readouterr().err
    assert "Muskets & Mayhem would start this game in an illegal position" in err
    assert "Grenadiers réunis is off the table" in err and "gren" not in err.split("réunis")[0]
    assert main(["validate", str(path)]) == 0  # its own ruleset, D3, places them legally
    assert main(["balance", str(path), "--ruleset", "mayhem", "--games", "2",
                 "--workers", "1"]) == 1
    assert "illegal position" in capsys.readouterr().err
