"""Golden D3 games: each record replays to exactly the final state stored beside it.

tests/rules/golden/d3_scripted_duel.yaml scripts the dice: a charge into cavalry
on a hill (D3+1 -1 -1), skirmishers shooting into a town (D3-1 -1 cover),
artillery deploying as it fires, a general's re-roll of a failed activation.
The other two are seeded random games on the crossroads (the Austrians break)
and on the 12-against-12 field.  Regenerate a JSON file only after checking
why a change of rules changed it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop.cli import main
from desktop.rules.record import load_game

GOLDEN = Path(__file__).parent / "golden"
RECORDS = sorted(GOLDEN.glob("d3_*.yaml"))


def test_there_are_at_least_three_d3_golden_records() -> None:
    assert len(RECORDS) >= 3


@pytest.mark.parametrize("record", RECORDS, ids=[r.stem for r in RECORDS])
def test_d3_golden_record_replays_to_its_final_state(record: Path) -> None:
    expected = json.loads(record.with_suffix(".json").read_text())
    assert load_game(record).snapshot() == expected


def test_d3_scripted_duel_shows_the_rules_at_work() -> None:
    g = load_game(GOLDEN / "d3_scripted_duel.yaml")
    hits = {p.id: p.hits for p in g.pieces.values() if not p.is_general}
    assert hits["r_cav"] == 2  # D3 3 + 1, -1 hill, -1 cavalry
    assert hits["r_town"] == 2  # twice D3 3 - 1 skirmisher - 1 cover
    assert hits["r_inf"] == 1 and g.pieces["b_gun"].deployed
    assert g.pieces["b_inf"].pos == (30, 37)  # moved after the general's re-roll
    assert g.pieces["b_gen"].rerolls_used == 0  # a new turn began since


def test_volley_replay_json_matches_golden(capsys: pytest.CaptureFixture[str]) -> None:
    record = GOLDEN / "d3_crossroads_seed13.yaml"
    assert main(["replay", str(record), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state == json.loads(record.with_suffix(".json").read_text())
    assert state["outcome"]["winner"] == "fra"
