"""What the Muskets & Mayhem golden records show (their byte-for-byte replay:
tests/rules/test_golden.py).

- mayhem_seed_example: seed 004's worked shooting example, both ways.
- mayhem_charge_melee: a cavalry charge, defensive fire, double dice, melee
  won by the margin of two, option A retreat, morale checks.
- mayhem_countercharge_option_b: centimetres, counter-charge, an attached
  commander cancelling a hit, option B removal, army break.
- mayhem_village_random: a whole random game on the bundled scenario.

After a deliberate rules change: `python -m tests.rules.regen_golden RECORD`.
"""

from __future__ import annotations

from desktop.rules.record import load_game
from tests.rules.regen_golden import GOLDEN


def test_scripted_records_use_exactly_their_dice() -> None:
    for name in ("mayhem_seed_example", "mayhem_charge_melee", "mayhem_countercharge_option_b"):
        game = load_game(GOLDEN / f"{name}.yaml")
        assert game.chance.scripted_dice_left == 0, name
        assert all(d.scripted for d in game.chance.log), name
