"""A record without a fingerprint of its scenario does not replay another battle
quietly (issue 37, "A record's scenario swapped unseen").

Remove `record_format`, `scenario_sha256` and the closing line from a record and
edit its scenario: the change itself cannot be told, but the replay stops at the
first action that no longer applies, naming its number, why, and that the record
carries no fingerprint of the scenario; `volley replay` exits 1.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.cli import main
from desktop.rules.record import RecordError, load_record, replay

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "rules" / "golden" / "d3_crossroads_seed13.yaml"


def unsealed(tmp_path: Path, move_to: str | None = None) -> Path:
    """The golden record as an older Volley wrote it, its scenario copied beside it
    (with Regiment IR 4 set up elsewhere when `move_to` is given)."""
    (tmp_path / "scenarios").mkdir()
    scenario = tmp_path / "scenarios" / "d3_crossroads.yaml"
    shutil.copy(GOLDEN.parent / "scenarios" / "d3_crossroads.yaml", scenario)
    if move_to is not None:
        text = scenario.read_text(encoding="utf-8")
        scenario.write_text(text.replace("position: [21.5, 12.3]", f"position: {move_to}", 1),
                            encoding="utf-8")
    text = GOLDEN.read_text(encoding="utf-8")
    text = re.sub(r"^(record_format|scenario_sha256|end):.*\n", "", text, flags=re.MULTILINE)
    record = tmp_path / "old.yaml"
    record.write_text(text, encoding="utf-8")
    return record


def test_an_unchanged_scenario_replays_with_a_warning_only(tmp_path: Path) -> None:
    record = load_record(unsealed(tmp_path))
    assert record.unchecked_scenario == "scenarios/d3_crossroads.yaml"
    assert replay(record).over
    assert any("older Volley" in w for w in record.warnings)


def test_an_edited_scenario_stops_at_the_first_action_that_no_longer_applies(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = unsealed(tmp_path, move_to="[21.5, 30.3]")
    with pytest.raises(RecordError) as caught:
        replay(load_record(path))
    said = str(caught.value)
    assert caught.value.index == 2
    assert "action 2 'move aus_ir4" in said and "may move at most" in said
    assert "no fingerprint of its scenario scenarios/d3_crossroads.yaml" in said
    assert main(["replay", str(path)]) == 1
    assert "action 2 'move aus_ir4" in capsys.readouterr().err


def test_a_sealed_record_is_told_apart_by_its_fingerprint(tmp_path: Path) -> None:
    (tmp_path / "scenarios").mkdir()
    shutil.copy(GOLDEN.parent / "scenarios" / "d3_crossroads.yaml", tmp_path / "scenarios")
    record = tmp_path / "new.yaml"
    shutil.copy(GOLDEN, record)
    assert load_record(record).unchecked_scenario is None
