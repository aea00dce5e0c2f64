"""What the Kiddies golden records show (their byte-for-byte replay:
tests/rules/test_golden.py).

- kiddies_scripted_melee: a charge riding down a grenadier; a horseman against
  three infantry; a lone man against a pair, tied; cavalry against cavalry.
- kiddies_flicks_seed5: simulated cannon and volley flicks, a roll-off won by a
  side that cannot fire, a tied skirmisher roll-off.
- kiddies_tabletop: the tabletop mode, figures that fell on a real table.
- kiddies_bridge_random: a whole random game on Miller's Bridge.

After a deliberate rules change: `python -m tests.rules.regen_golden RECORD`.
"""

from __future__ import annotations

from desktop.rules.record import load_game
from tests.rules.regen_golden import GOLDEN


def test_scripted_melee_uses_exactly_its_dice() -> None:
    g = load_game(GOLDEN / "kiddies_scripted_melee.yaml")
    assert g.chance.scripted_dice_left == 0
    assert all(d.scripted for d in g.chance.log)
    status = {u["id"]: u["status"] for u in g.snapshot()["units"]}
    assert status["r.1"] == "killed"  # ridden down by the charge
    assert [status[f"f{k}.1"] for k in (1, 2, 3)] == ["killed"] * 3  # 11 against 3 + 2
    assert status["b.1"] == status["b.2"] == status["r2.1"] == "killed"  # 4 against 3 + 1


def test_flicks_record_keeps_its_flights() -> None:
    g = load_game(GOLDEN / "kiddies_flicks_seed5.yaml")
    shots = [e for e in g.events if e.kind == "shot"]
    assert [s.data["kind"] for s in shots] == ["cannon", "volley"]
    assert all(len(s.data["flight"]["path"]) > 3 for s in shots)

