"""Muskets & Mayhem played through the engine API.  Each test cites the seed
(004) section or the ruling (RULINGS.md / docs/rulings.md) it checks.

Dice are scripted: the first two are always the initiative roll (blue, red).
"""

from __future__ import annotations

import random

import pytest

from desktop.rules import registry
from desktop.rules.engine import IllegalAction
from desktop.rules.mayhem.actions import parse
from desktop.rules.mayhem.constants import Morale
from desktop.rules.mayhem.game import MayhemGame
from desktop.rules.randomplay import play_out
from desktop.scenario.model import Unit
from desktop.scenario.vocabulary import Formation, LengthUnit, Quality, UnitType

from .helpers import new_game, officer, play, redoubt, scenario, unit

LINE = UnitType.LINE_INFANTRY
CAV = UnitType.CAVALRY
GUN = UnitType.FOOT_ARTILLERY
LIGHT = UnitType.LIGHT_INFANTRY


def facing_pair() -> tuple[Unit, Unit]:
    """Blue at (24,30) facing north, red at (24,24) facing south: a 4" gap."""
    return unit("b1", 24, 30, 0), unit("r1", 24, 24, 180)


def test_registered_as_mayhem() -> None:
    rs = registry.get("mayhem")
    assert rs.name == "Muskets & Mayhem"
    assert {o.name for o in rs.options} == {"measure", "melee_loser", "turn_limit",
                                              "long_range_penalty"}


@pytest.mark.parametrize("text", [
    "first", "second", "end", "move b1 12,30.5 45", "form b1 column", "charge b1 r1",
    "officer g1 3,4", "attach g1 b1", "hold b1", "fire b1 r1", "melee b1",
])
def test_notation_round_trips(text: str) -> None:
    a = parse(text)
    assert a.text() == text
    assert registry.get("mayhem").parse_action(a.text()) == a


def test_initiative_higher_roll_chooses_and_ties_reroll() -> None:
    """Seed, "Sequence": both roll, the higher chooses; RULINGS-style re-roll on ties."""
    g = new_game(scenario([unit("b1", 24, 40, 0)], [unit("r1", 24, 8, 180)]), [3, 3, 2, 5])
    assert g.phase == "initiative" and g.side == "red"
    assert {a.text() for a in g.legal_actions()} == {"first", "second"}
    play(g, "second")
    assert g.phase == "movement" and g.side == "blue"


def test_sides_alternate_one_unit_at_a_time() -> None:
    """Seed, "Movement": I move a unit, you move a unit."""
    sc = scenario([unit("b1", 10, 40, 0), unit("b2", 30, 40, 0)],
                  [unit("r1", 10, 8, 180), unit("r2", 30, 8, 180)])
    g = new_game(sc, [6, 1])
    play(g, "first")
    sides = []
    for t in ("hold b1", "hold r1", "hold b2", "hold r2"):
        sides.append(g.side)
        play(g, t)
    assert sides == ["blue", "red", "blue", "red"]


@pytest.mark.parametrize(("type_", "formation", "allowance"), [
    (LINE, Formation.LINE, 12.0),     # seed: line moves 12
    (LINE, Formation.COLUMN, 12.0),   # seed: attack columns 12
    (CAV, Formation.LINE, 20.0),      # seed: all cavalry 20
    (GUN, Formation.UNLIMBERED, 6.0),  # seed: artillery 6
    (GUN, Formation.LIMBERED, 12.0),   # seed: foot limbered 12
    (UnitType.HORSE_ARTILLERY, Formation.LIMBERED, 20.0),  # ruling
])
def test_move_allowances(type_: UnitType, formation: Formation, allowance: float) -> None:
    sc = scenario([unit("b1", 24, 40, 0, type_, formation=formation)],
                  [unit("r1", 24, 4, 180)])
    g = new_game(sc, [6, 1])
    play(g, "first")
    assert g.check(parse(f"move b1 24,{40 - allowance} 0")) is None
    why = g.check(parse(f"move b1 24,{40 - allowance - 0.5} 0"))
    assert why is not None and "may move" in why


def test_squares_may_not_move() -> None:
    """Seed, "Moving": squares may not move."""
    sc = scenario([unit("b1", 24, 40, 0, formation=Formation.SQUARE)], [unit("r1", 24, 4, 180)])
    g = new_game(sc, [6, 1])
    play(g, "first")
    assert "square" in (g.check(parse("move b1 24,39 0")) or "")


def test_pivot_is_measured_by_the_outer_corner() -> None:
    """Ruling: a move is measured by the base corner that travels furthest."""
    sc = scenario([unit("b1", 24, 40, 0, frontage=6)], [unit("r1", 24, 4, 180)])
    g = new_game(sc, [6, 1])
    play(g, "first")
    # Pivoting 180 degrees in place moves each corner across the diagonal.
    assert g.check(parse("move b1 24,40 180")) is None  # diagonal of 6x2 is 6.3
    sc = scenario([unit("b1", 24, 40, 0, frontage=14)], [unit("r1", 24, 4, 180)])
    g = new_game(sc, [6, 1])
    play(g, "first")
    assert "may move" in (g.check(parse("move b1 24,40 180")) or "")


def test_centimetres_rescale_allowances() -> None:
    """Seed, "Units of Measurement": centimetres for 15mm and below."""
    sc = scenario([unit("b1", 24, 40, 0)], [unit("r1", 24, 4, 180)])
    g = new_game(sc, [6, 1], measure="cm")
    play(g, "first")
    step = 12 / 2.54
    assert g.check(parse(f"move b1 24,{40 - step + 0.01} 0")) is None
    assert g.check(parse(f"move b1 24,{40 - step - 0.05} 0")) is not None
    # A scenario drawn in centimetres plays in centimetres by default.
    sc_cm = scenario([unit("b1", 24, 40, 0)], [unit("r1", 24, 4, 180)],
                     unit_of_length=LengthUnit.CM)
    assert new_game(sc_cm, [6, 1]).scale == pytest.approx(1 / 2.54)


def test_seed_worked_example_in_a_stationary_fire_phase() -> None:
    """Seed, "Shooting": 8 dice 1,1,2,3,4,4,5,6 v Veterans saving 2,3,4,5 -> 2 casualties;
    and casualties are applied only at the end of the phase, so the target
    still fires back with all 16 figures (8 dice)."""
    b, r = facing_pair()
    dice = [6, 1] + [1, 1, 2, 3, 4, 4, 5, 6] + [2, 3, 4, 5] + [1] * 8
    g = new_game(scenario([b], [r]), dice)
    play(g, "first", "hold b1", "hold r1")
    assert g.phase == "stationary"
    play(g, "fire b1 r1")
    assert g.unit("r1").figures == 16 and g.unit("r1").pending == 2
    assert [a.text() for a in g.legal_actions() if a.text().startswith("fire")] == ["fire r1 b1"]
    ev = g.apply_text("fire r1 b1")
    fire = [e for e in g.events if e.kind == "fire"]
    assert fire[1].data["rolls"] == [1] * 8  # full strength: 8 dice
    assert g.unit("r1").figures == 14 and g.unit("r1").pending == 0
    assert any(e.kind == "casualties" for e in ev)


def test_moving_fire_only_after_a_short_move() -> None:
    """Seed, "Moving": a line that will fire moves 8; one that moves 12 does not fire."""
    sc = scenario([unit("b1", 24, 36, 0), unit("b2", 36, 36, 0)],
                  [unit("r1", 24, 22, 180), unit("r2", 36, 22, 180)])
    g = new_game(sc, [6, 1])
    play(g, "first", "move b1 24,30 0", "hold r1", "move b2 36,26 0", "hold r2")
    # b1 moved 6: fires in moving fire; b2 moved 10: not at all.
    assert g.phase == "stationary"  # r1/r2 stood; b's are not in this phase
    assert all(not a.text().startswith("fire b") for a in g.legal_actions())
    play(g, "end")
    assert g.phase == "moving"
    texts = [a.text() for a in g.legal_actions()]
    assert "fire b1 r1" in texts and not any(t.startswith("fire b2") for t in texts)


def test_morale_check_every_four_casualties_drops_one_state() -> None:
    """Seed, "Morale": every 4 hits a check; failing drops Normal to Disorganised."""
    b, r = facing_pair()
    # b1: 8 dice, 5 hits (6s), r1 Veteran saves one of five (4), fails 4 -> 4 casualties.
    dice = [6, 1] + [6] * 5 + [1] * 3 + [4, 1, 1, 1, 1] + [1] * 8 + [3]
    g = new_game(scenario([b], [r]), dice)
    play(g, "first", "hold b1", "hold r1", "fire b1 r1", "fire r1 b1")
    u = g.unit("r1")
    assert u.casualties == 4
    assert u.morale is Morale.DISORGANISED  # the check (3, needing 4) failed
    morale = [e for e in g.events if e.kind == "morale"]
    assert morale[-1].data["rolls"] == [3] and morale[-1].data["need"] == 4


def test_disorganised_units_hit_on_five() -> None:
    """Seed, "To Hit Numbers": Disorganised 5+."""
    b, r = facing_pair()
    g = new_game(scenario([b], [r]), [6, 1] + [4] * 8)
    g.unit("b1").morale = Morale.DISORGANISED
    play(g, "first", "hold b1", "hold r1", "fire b1 r1")
    assert g.unit("r1").pending == 0


def test_prepared_defences_improve_saves() -> None:
    """Seed, "Prepared Defenses": +1 to saves; a Veteran in a redoubt saves on 3."""
    b, r = facing_pair()
    sc = scenario([b], [r], terrain=[redoubt("rd", 24, 24, 10, 4)])
    dice = [6, 1, 6, 6, 1, 1, 1, 1, 1, 1, 3, 3]
    g = new_game(sc, dice)
    assert g.in_defences(g.unit("r1")) and not g.in_defences(g.unit("b1"))
    play(g, "first", "hold b1", "hold r1", "fire b1 r1")
    last = [e for e in g.events if e.kind == "fire"][-1]
    assert last.data["save_need"] == 3 and last.data["casualties"] == 0


def test_attached_commander_cancels_one_unsaved_hit() -> None:
    """Seed, "Attached Commanders": a commander removes a single hit."""
    b, r = facing_pair()
    sc = scenario([b], [r], red_officers=[officer("g", 24, 24, attached_to="r1")])
    dice = [6, 1, 1, 1, 2, 3, 4, 4, 5, 6, 2, 3, 4, 5]
    g = new_game(sc, dice)
    play(g, "first", "hold b1", "hold r1", "hold g", "fire b1 r1")
    assert g.unit("r1").pending == 1


def test_commanders_ride_thirty_and_join_units() -> None:
    """Seed, "Moving": commanders move 30."""
    sc = scenario([unit("b1", 24, 40, 0)], [unit("r1", 24, 4, 180)],
                  blue_officers=[officer("g", 4, 44)])
    g = new_game(sc, [6, 1])
    play(g, "first")
    assert g.check(parse("officer g 34,44")) is None
    assert "30" in (g.check(parse("officer g 35,44")) or "")
    play(g, "attach g b1")
    assert g.state.commanders["g"].attached == "b1"
    play(g, "hold r1", "move b1 24,30 0")
    assert g.state.commanders["g"].position == (24, 30)


#: Spare units far from the action keep the movement phase open after a charge.
SPARES = (unit("b9", 44, 44, 0), unit("r9", 4, 4, 180))


def charge_setup(target: Unit, dice: list[int]) -> MayhemGame:
    """Blue Veteran cavalry 9" from `target`'s front; blue has the initiative."""
    sc = scenario([unit("b1", 24, 34, 0, CAV), SPARES[0]], [target, SPARES[1]])
    g = new_game(sc, [6, 1, *dice])
    play(g, "first")
    return g


def test_failed_pre_charge_check_halts() -> None:
    """Seed, "Melee Sequence" 1 and "Movement": a failed pre-charge check stays at a halt."""
    g = charge_setup(unit("r1", 24, 24, 180), [3])  # Veteran needs 4
    play(g, "charge b1 r1")
    b = g.unit("b1")
    assert b.position == (24, 34) and b.engaged is None and b.moved is None


def test_target_failing_its_check_retreats_a_full_move() -> None:
    """Seed, "Melee Sequence" 2: the target must pass or retreat a full move."""
    g = charge_setup(unit("r1", 24, 24, 180, quality=Quality.CONSCRIPT), [4, 5])
    play(g, "charge b1 r1")
    r = g.unit("r1")
    assert r.position == pytest.approx((24, 12))  # 12" straight back
    assert r.facing == pytest.approx(180)  # facing the charger
    assert g.unit("b1").engaged is None
    # Ruling: the retreat was its move; the charger takes the ground it left.
    assert r.done and r.moved == pytest.approx(12)
    assert g.check(parse("move r1 24,10 180")) is not None
    assert g.unit("b1").position[1] == pytest.approx(26.05)


def test_limbered_guns_never_double() -> None:
    """Ruling: only unlimbered guns earn double dice for standing a charge."""
    gun = unit("r1", 24, 24, 180, GUN, formation=Formation.LIMBERED)
    g = charge_setup(gun, [6, 4])
    play(g, "charge b1 r1")
    _, guns = g.melee_numbers(g.unit("b1"), g.unit("r1"))
    assert guns.dice == 4


def test_infantry_that_stands_fires_at_the_charger() -> None:
    """Seed, "Melee Sequence" 3: infantry receiving a charge may fire at once."""
    # pre-charge 6; receiving 4 (passes); 8 dice all 6 -> 8 hits; cavalry saves all fail.
    g = charge_setup(unit("r1", 24, 24, 180), [6, 4] + [6] * 8 + [1] * 8)
    play(g, "charge b1 r1")
    assert g.unit("b1").status == "eliminated"
    assert g.unit("r1").fired


def test_cavalry_counter_charge_meets_in_the_middle() -> None:
    """Seed, "Melee Sequence" 3: charged cavalry counter-charge; they meet midway."""
    g = charge_setup(unit("r1", 24, 20, 180, CAV), [6, 4])
    play(g, "charge b1 r1")
    b, r = g.unit("b1"), g.unit("r1")
    assert b.engaged == "r1" and r.engaged == "b1" and r.charged
    # Fronts at y=21 and y=33: a 12" gap, 6" each (the charger stops 0.05" short).
    assert r.position[1] == pytest.approx(26.0)
    assert b.position[1] == pytest.approx(28.05)


def test_cavalry_charging_infantry_in_line_rolls_double_dice() -> None:
    """Seed, "Combat Dice Additions": cavalry charging infantry in line double."""
    # pre 6, receive 4, r1 defensive fire 8 dice all miss -> contact.
    g = charge_setup(unit("r1", 24, 24, 180), [6, 4] + [1] * 8 + [1] * 16 + [1] * 16)
    play(g, "charge b1 r1", "end", "end")
    melee = next(e for e in g.events if e.kind == "melee")
    assert len(melee.data["a_rolls"]) == 16  # 8 troopers doubled
    assert len(melee.data["b_rolls"]) == 16  # one die per figure


def test_artillery_that_passes_doubles_in_melee() -> None:
    """Seed, "Combat Dice Additions": artillery that passed its check doubles."""
    g = charge_setup(unit("r1", 24, 24, 180, GUN), [6, 4] + [1] * 8 + [1] * 8)
    play(g, "charge b1 r1", "end", "end")
    melee = next(e for e in g.events if e.kind == "melee")
    assert len(melee.data["a_rolls"]) == 8  # cavalry v guns: no doubling
    assert len(melee.data["b_rolls"]) == 8  # 4 gunners doubled


def melee_game(loser: str = "retreat", behind: bool = False) -> MayhemGame:
    """Blue cavalry (8) charges red Regulars in column (no defensive fire, no doubles)."""
    reds = [unit("r1", 24, 24, 180, quality=Quality.REGULAR, formation=Formation.COLUMN),
            SPARES[1]]
    if behind:
        reds.append(unit("r2", 24, 18, 180))
    sc = scenario([unit("b1", 24, 34, 0, CAV), SPARES[0]], reds)
    # pre 6, receive 5; melee: blue 8 dice: 6 hits (6x6,1,1), red saves 5 need 5: all 1;
    # red 16 dice all 1.
    dice = [6, 1, 6, 5] + [6] * 6 + [1, 1] + [1] * 6 + [1] * 16
    g = new_game(sc, dice, melee_loser=loser)
    play(g, "first", "charge b1 r1", "end", "end")
    return g


def test_melee_winner_by_two_and_loser_retreats_option_a() -> None:
    """Seed, "Melee Sequence" 8-9: winner by 2; option A the loser retreats facing the enemy."""
    g = melee_game()
    r = g.unit("r1")
    assert r.casualties == 6 and r.engaged is None and r.active
    assert r.position[1] < 24 - 11  # retreated a full (column) move
    assert r.facing == pytest.approx(180)
    # one stand (4) crossed -> one check, taken at once (Regular needs 5).
    assert any(e.kind == "morale" and e.data["unit"] == "r1" for e in g.events)


def test_melee_loser_removed_under_option_b() -> None:
    """Seed, "Optional Melee Results" option B: the loser is removed."""
    g = melee_game("removed")
    assert g.unit("r1").status == "removed"


def test_retreat_through_friends_costs_a_casualty() -> None:
    """Seed, "Interpenetration": retreating through friends after a melee loss: +1 hit."""
    g = melee_game(behind=True)
    r = g.unit("r1")
    assert r.casualties == 7
    retreat = next(e for e in g.events if e.kind == "retreat")
    assert retreat.data["through"] == ["r2"]


def test_units_in_melee_neither_move_nor_fire() -> None:
    g = charge_setup(unit("r1", 24, 24, 180), [6, 4] + [1] * 8)
    play(g, "charge b1 r1")
    assert g.unit("r1").engaged == "b1"
    with pytest.raises(IllegalAction, match="locked in melee"):
        g.apply_text("move r1 24,20 180")
    assert not g.can_fire_now(g.unit("r1"), "stationary")


def test_game_odds_match_the_pure_odds() -> None:
    """Issue 3 item 7: the engine returns the exact distribution before the roll."""
    b, r = facing_pair()
    g = new_game(scenario([b], [r]), [6, 1])
    play(g, "first", "hold b1", "hold r1")
    o = g.odds(parse("fire b1 r1"))
    assert o is not None and o.title == "b1 fires at r1: casualties"
    assert sum(p for _, p in o.bars) == 1
    assert o.chance("0") == pytest.approx((3 / 4) ** 8)


def test_clone_is_independent_and_replays_alike() -> None:
    sc = scenario([unit("b1", 24, 36, 0), unit("b2", 10, 36, 0, CAV)],
                  [unit("r1", 24, 20, 180), unit("r2", 10, 20, 180, CAV)])
    g = new_game(sc, seed=5)
    c = g.clone()
    play_out(g, random.Random(3))
    assert c.turn == 1 and c.outcome is None
    play_out(c, random.Random(3))
    assert c.snapshot() == g.snapshot()


def test_squares_fire_all_round_and_columns_not_at_all() -> None:
    """Rulings: a square fires all round; an attack column never fires."""
    sq = unit("b1", 24, 30, 0, formation=Formation.SQUARE)
    behind = unit("r1", 24, 35, 0)  # behind the square, 2" gap
    g = new_game(scenario([sq, unit("b2", 10, 30, 0, formation=Formation.COLUMN)],
                          [behind, unit("r2", 10, 25, 180)]), [6, 1])
    play(g, "first", "hold b1", "hold r1", "hold b2", "hold r2")
    texts = [a.text() for a in g.legal_actions()]
    assert "fire b1 r1" in texts
    assert not any(t.startswith("fire b2") for t in texts)


def test_impassable_ground_blocks_moves() -> None:
    """Ruling IMPASSABLE: lakes cannot be crossed."""
    from desktop.scenario.model import EllipseShape, TerrainFeature
    from desktop.scenario.vocabulary import TerrainType

    lake = TerrainFeature("lake", TerrainType.LAKE, EllipseShape((24, 34), (6, 1.5)))
    g = new_game(scenario([unit("b1", 24, 40, 0)], [unit("r1", 24, 4, 180)], terrain=[lake]),
                 [6, 1])
    play(g, "first")
    assert "impassable" in (g.check(parse("move b1 24,29 0")) or "")
    assert g.check(parse("move b1 24,37 0")) is None


def test_light_infantry_move_twelve() -> None:
    """Ruling SKIRMISH_MOVE: light infantry move as a line, 12."""
    g = new_game(scenario([unit("b1", 24, 40, 0, LIGHT)], [unit("r1", 24, 4, 180)]), [6, 1])
    play(g, "first")
    assert g.check(parse("move b1 24,28 0")) is None
    assert g.check(parse("move b1 24,27.5 0")) is not None
