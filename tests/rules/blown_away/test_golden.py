"""What Blown Away's golden records show (their byte-for-byte replay:
tests/rules/test_golden.py).

- blown_away_scripted_combat: cards turned per side, the n-th killed making n
  run, a tie where both win, cavalry and militia modifiers, a unit breaking
  into a mob and its engagement ending.
- blown_away_rally_and_guns: long-range fire paying 3 cannonballs at a
  redoubt and 1 in the open, a picket broken, its mob running clear, the
  commander riding to it and rallying one man (rally case 2).
- blown_away_four_farms_random: a whole random game on the bundled scenario,
  won by holding three of the four farms.

After a deliberate rules change: `python -m tests.rules.regen_golden RECORD`.
"""

from __future__ import annotations

from desktop.rules.record import load_game
from tests.rules.regen_golden import GOLDEN


def test_scripted_records_use_exactly_their_cards() -> None:
    for name in ("blown_away_scripted_combat", "blown_away_rally_and_guns"):
        game = load_game(GOLDEN / f"{name}.yaml")
        cards = [d for d in game.chance.log if d.kind == "card"]
        assert cards and all(d.scripted for d in cards), name


def test_scripted_combat_shows_the_rules_at_work() -> None:
    g = load_game(GOLDEN / "blown_away_scripted_combat.yaml")
    units = {u["id"]: u for u in g.snapshot()["units"]}
    # Red foot: killed 1st, 2nd (tie), 3rd: 1 + 2 + 3 ran
    assert (units["r_foot"]["ranks"], units["r_foot"]["running"],
            units["r_foot"]["killed"]) == (4, 6, 3)
    # Militia beaten by horse: 4, then 5 ran, then the last in ranks: a mob
    assert units["r_mil"]["status"] == "disordered" and units["r_mil"]["dead"] == 3
    assert units["r_mil"]["command"] == [] and units["r_mil"]["engaged"] == []
    turned = [e for e in g.events if e.kind == "cards"]
    assert [e.data["unit_card"] for e in turned] == ["KS", "QS", "5D", "AD", "10S", "JD", "KC"]


def test_random_record_is_won_on_the_farms_and_guns_show_their_markers() -> None:
    state = load_game(GOLDEN / "blown_away_four_farms_random.yaml").snapshot()
    assert state["outcome"]["winner"] == "royal"
    guns = [u for u in state["units"] if u["type"] == "foot_artillery"]
    assert all("markers" in u for u in guns)
