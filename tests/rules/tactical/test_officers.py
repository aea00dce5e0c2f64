"""Generals and ADCs (seed 001; RULINGS: casualties, wounds, rallying)."""

from __future__ import annotations

from desktop.rules.tactical.game import TacticalGame
from desktop.rules.tactical.state import CARRIED_OFF, KILLED, UNHARMED, WOUNDED
from desktop.scenario.vocabulary import Quality, Rank
from tests.rules.tactical.helpers import (
    blue_first,
    new_game,
    officer,
    play,
    scenario,
    unit,
)


def test_tactical_officers_ride_three_squares() -> None:
    g = new_game(scenario([unit("b", "a6")], [unit("r", "f1")],
                          blue_officers=[officer("g", "c6")]), dice=[1, 6])
    blue_first(g)
    assert g.check(g.parse_action("officer g c3")) is None
    assert g.check(g.parse_action("officer g c2")) is not None
    play(g, "officer g b4")
    assert g.officer("g").sq == (1, 3)
    assert g.check(g.parse_action("officer g b5")) is not None  # once a turn


def test_tactical_general_ignores_the_first_flag() -> None:
    """Seed: ignore the first Falling Flag suffered by a unit in a General's square."""
    g = new_game(scenario([unit("b", "c4", quality=Quality.ELITE)], [unit("r", "d3")],
                          red_officers=[officer("g", "d3")]), dice=[1, 6, 4, 2, 2, 6])
    blue_first(g)
    g.apply_text("fire b r")
    r = g.unit("r")
    assert r.cv == 5 and r.flags_turn == 0 and r.flag_cancelled
    assert "flag_ignored" in [e.kind for e in g.events]


def test_tactical_adc_does_not_cancel_flags_or_add_dice() -> None:
    g = new_game(scenario([unit("b", "c4")], [unit("r", "c3")],
                          blue_officers=[officer("a", "c4", Rank.ADC)]))
    b, r = g.unit("b"), g.unit("r")
    assert g.general_with(b) is None and g.combat_dice(b, r, b.sq, True) == 3


def casualty_game(*dice: int) -> TacticalGame:
    g = new_game(scenario([unit("b", "c4")], [unit("r", "d3")],
                          red_officers=[officer("g", "d3")]), dice=[1, 6, 2, 1, 5, *dice])
    blue_first(g)
    g.apply_text("fire b r")
    return g


def test_tactical_officer_killed_on_a_one() -> None:
    """RULINGS: a hit and another die showing an Officer: d6 1 killed."""
    g = casualty_game(1)
    assert g.officer("g").wound == KILLED
    assert g.general_with(g.unit("r")) is None


def test_tactical_officer_wounded_on_a_two_then_rolls_each_turn() -> None:
    """RULINGS: 2 wounded, from then on roll each turn; a 1 sends him off the field."""
    g = casualty_game(2, 4, 1, 6, 1)
    o = g.officer("g")
    assert o.wound == WOUNDED
    snap = g.snapshot()
    entry = next(u for u in snap["units"] if u["id"] == "g")
    assert entry["kind"] == "officer" and entry["wound"] == "wounded"
    play(g, "end", "end")
    assert o.wound == WOUNDED  # rolled 4: stays
    play(g, "first", "end", "end")
    assert o.wound == CARRIED_OFF and not o.present


def test_tactical_officer_unharmed_on_three_or_more() -> None:
    g = casualty_game(3)
    assert g.officer("g").wound == UNHARMED


def test_tactical_no_officer_roll_without_a_hit() -> None:
    g = new_game(scenario([unit("b", "c4")], [unit("r", "d3")],
                          red_officers=[officer("g", "d3")]), dice=[1, 6, 1, 1, 5])
    blue_first(g)
    g.apply_text("fire b r")
    assert not [e for e in g.events if e.kind == "officer_casualty"]


def test_tactical_rally_on_a_six() -> None:
    """Seed: a General or ADC joining a stationary unit rallies a Flag on a 6."""
    g = new_game(scenario([unit("b", "a6")], [unit("r", "d2")],
                          red_officers=[officer("a", "d2", Rank.ADC)]), dice=[6, 1, 6])
    assert g.side == "red"
    g.apply_text("first")
    r = g.unit("r")
    r.halted_until = 2
    g.invalidate()
    assert g.check(g.parse_action("rally a r")) is None
    g.apply_text("rally a r")
    assert not r.halted(1) and r.acted
    assert g.check(g.parse_action("move r d3")) is not None  # it stayed to be rallied


def test_tactical_rally_fails_below_six_and_not_when_attacked() -> None:
    g = new_game(scenario([unit("b", "a6")], [unit("r", "d2"), unit("r2", "f2")],
                          red_officers=[officer("a", "d2"), officer("a2", "f2")]),
                 dice=[6, 1, 5])
    g.apply_text("first")
    r, r2 = g.unit("r"), g.unit("r2")
    r.halted_until = r2.halted_until = 2
    r2.attacked = True
    g.invalidate()
    g.apply_text("rally a r")
    assert r.halted(1)
    assert "fired upon" in (g.check(g.parse_action("rally a2 r2")) or "")


def test_tactical_enemy_entering_an_officers_square_displaces_him() -> None:
    g = new_game(scenario([unit("b", "c5")], [unit("r", "a1")],
                          red_officers=[officer("g", "c4")]), dice=[1, 6])
    blue_first(g)
    g.apply_text("move b c4")
    assert g.officer("g").sq == (2, 2)
