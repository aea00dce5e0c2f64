"""Golden records for Muskets & Mayhem: each tests/rules/golden/mayhem_*.yaml
replays to exactly the final state in the .json beside it.

- mayhem_seed_example: seed 004's worked shooting example, both ways.
- mayhem_charge_melee: a cavalry charge, defensive fire, double dice, melee
  won by the margin of two, option A retreat, morale checks.
- mayhem_countercharge_option_b: centimetres, counter-charge, an attached
  commander cancelling a hit, option B removal, army break.
- mayhem_village_random: a whole random game on the bundled scenario.

After a deliberate rules change: `python -m tests.rules.regen_golden mayhem`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop.rules.record import load_game

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
RECORDS = sorted(GOLDEN.glob("mayhem_*.yaml"))


def test_at_least_three_golden_records() -> None:
    assert len(RECORDS) >= 3


@pytest.mark.parametrize("record", RECORDS, ids=[r.stem for r in RECORDS])
def test_golden_record_replays_to_its_final_state(record: Path) -> None:
    expected = json.loads(record.with_suffix(".json").read_text(encoding="utf-8"))
    game = load_game(record)
    assert json.loads(json.dumps(game.snapshot())) == expected


def test_scripted_records_use_exactly_their_dice() -> None:
    for name in ("mayhem_seed_example", "mayhem_charge_melee", "mayhem_countercharge_option_b"):
        game = load_game(GOLDEN / f"{name}.yaml")
        assert game.chance.scripted_dice_left == 0, name
        assert all(d.scripted for d in game.chance.log), name
