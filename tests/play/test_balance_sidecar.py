"""The last balance report kept beside its scenario (issue 19, item 3): written whole,
read back the same, marked stale with what changed, bad files refused by name."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from desktop.play.balance_sidecar import (
    PARTS_KEY,
    UNKNOWN,
    Kept,
    KeptProblem,
    read_kept,
    sidecar_path,
    write_kept,
)
from desktop.resources import bundled_scenarios
from desktop.scenario import Scenario, load
from desktop.scenario.edits.placing import move_pieces
from desktop.scenario.wording import possessive
from tests.play.balance.sample import sample_report


@pytest.fixture()
def farms(tmp_path: Path) -> tuple[Path, Scenario]:
    src = next(p for p in bundled_scenarios() if p.name == "blown_away_four_farms.yaml")
    path = tmp_path / "farms.yaml"
    shutil.copy(src, path)
    return path, load(path)


def test_the_file_is_named_after_the_scenario() -> None:
    assert sidecar_path("/maps/four farms.yaml") == Path("/maps/four farms.balance.json")


def test_kept_and_read_back_current(farms: tuple[Path, Scenario]) -> None:
    path, sc = farms
    kept = write_kept(Kept.fresh(sample_report(match=True), sc), path)
    assert kept.path == path.with_name("farms.balance.json")
    again = read_kept(path, sc)
    assert again is not None
    assert again.report == sample_report(match=True)
    assert not again.stale and again.why_stale() == ""
    data = json.loads(kept.path.read_text(encoding="utf-8"))
    assert "verdict" in data and PARTS_KEY in data  # the report's own JSON, plus the parts


def test_a_changed_scenario_makes_it_stale_and_says_what(farms: tuple[Path, Scenario]) -> None:
    path, sc = farms
    write_kept(Kept.fresh(sample_report(), sc), path)
    side = sc.sides[0]
    moved = move_pieces(sc, [side.units[0].id], 2.0, 0.0)
    again = read_kept(path, moved)
    assert again is not None and again.stale
    assert again.why_stale() == ("The scenario changed since these games were played: "
                                 f"{possessive(side.name)} forces.")
    assert not again.against(sc).stale  # moved back: current again


def test_no_file_is_no_report(farms: tuple[Path, Scenario]) -> None:
    path, sc = farms
    assert read_kept(path, sc) is None


@pytest.mark.parametrize("text, words", [
    ("{not json", "not a balance report (line 1"),
    ("[1, 2]", "not a balance report"),
    ('{"inputs": 3}', "inputs should be an object"),
])
def test_a_bad_file_is_refused_by_name(farms: tuple[Path, Scenario], text: str,
                                       words: str) -> None:
    path, sc = farms
    sidecar_path(path).write_text(text, encoding="utf-8")
    with pytest.raises(KeptProblem, match=r"farms\.balance\.json") as info:
        read_kept(path, sc)
    assert words in str(info.value)


def test_a_report_without_parts_is_stale(farms: tuple[Path, Scenario]) -> None:
    path, sc = farms
    sidecar_path(path).write_text(sample_report().dumps(), encoding="utf-8")
    again = read_kept(path, sc)
    assert again is not None and again.changed == (UNKNOWN,)
