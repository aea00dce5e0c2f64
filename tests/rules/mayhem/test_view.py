"""MayhemView: exact odds from the engine, and names, never ids or notation
(issue 16 parts 1, 2 and 4).  Seed 004 sections are cited where a number is
checked; the wording rule is issue 16's "Names, never ids or notation".
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from fractions import Fraction

from desktop.rules.mayhem.actions import Charge, Choose, End, Fire, Form, Hold, Melee, Move
from desktop.rules.mayhem.game import MayhemGame
from desktop.rules.mayhem.state import new_version
from desktop.rules.mayhem.view import MayhemView
from desktop.rules.randomplay import random_action
from desktop.rules.view import view_of
from desktop.scenario.model import Scenario
from desktop.scenario.vocabulary import Formation, UnitType

from .helpers import new_game, officer, play, scenario, unit

NAMES = {"b1": "46e de Ligne", "b2": "7e Hussards", "r1": "IR 49", "r2": "IR 4",
         "gb": "Général Foy", "blue": "French", "red": "Austrians"}
IDS = re.compile(r"\b(b1|b2|r1|r2|gb|side_blue|side_red)\b")
NOTATION = re.compile(r"\d+(?:\.\d+)?,\d+(?:\.\d+)?|->|\(s\)|\[|\]|_")


def named(sc: Scenario) -> Scenario:
    """The same battlefield with names that differ from the ids."""
    sides = tuple(replace(s, id=f"side_{s.id}", name=NAMES[s.id],
                          units=tuple(replace(u, name=NAMES.get(u.id, u.id)) for u in s.units),
                          officers=tuple(replace(o, name=NAMES.get(o.id, o.id))
                                         for o in s.officers))
                  for s in sc.sides)
    return replace(sc, sides=sides)


def view(g: MayhemGame) -> MayhemView:
    v = view_of(g)
    assert isinstance(v, MayhemView)
    return v


def clean(text: str) -> None:
    assert not IDS.search(text), text
    assert not NOTATION.search(text), text


def facing(dice: list[int]) -> MayhemGame:
    """Blue at (24,30) facing north, red at (24,24) facing south: a 4" gap."""
    sc = named(scenario([unit("b1", 24, 30, 0), unit("b2", 10, 40, 0, UnitType.CAVALRY)],
                        [unit("r1", 24, 24, 180), unit("r2", 40, 10, 180)],
                        blue_officers=[officer("gb", 24, 30, attached_to="b1")]))
    return new_game(sc, dice)


# --- odds: exact, from the engine ---------------------------------------------------------


def test_engine_odds_are_fractions() -> None:
    """The engine's odds carry exact Fractions (they were floats)."""
    g = facing([6, 1])
    play(g, "first", "hold b1", "hold r1", "hold b2", "hold r2", "hold gb")
    assert g.phase == "stationary"
    o = g.odds(Fire("b1", "r1"))
    assert o is not None and o.exact
    assert all(isinstance(p, Fraction) for _, p in o.bars)
    assert sum(p for _, p in o.bars) == 1
    assert [p for _, p in o.bars] == list(g.fire_odds("b1", "r1").casualties)


def test_fire_odds_exact_and_in_names() -> None:
    """Seed 004, "To Hit Numbers" / "Troop Quality": 8 dice at 4+, Veteran saves 4+."""
    g = facing([6, 1])
    play(g, "first", "hold b1", "hold r1", "hold b2", "hold r2", "hold gb")
    o = view(g).odds(Fire("b1", "r1"))
    assert o is not None and o.margin is None
    assert all(isinstance(p, Fraction) for _, p in o.bars)
    assert sum(p for _, p in o.bars) == 1
    # each die: hits 1/2 and the save fails 1/2, so a casualty 1/4; none in 8: (3/4)^8
    assert o.bars[0] == ("0", Fraction(3, 4) ** 8)
    assert o.title == "46e de Ligne fires at IR 49: casualties"
    for text in (o.title, *o.notes, *(k for k, _ in o.bars)):
        clean(text)


def test_charge_odds_come_from_the_engine() -> None:
    """Seed 004, "Movement": the charger's pre-charge check, then the target's
    check; a Veteran needs 4+ for each (a natural 1 fails)."""
    g = facing([6, 1])
    play(g, "first")
    act = Charge("b1", "r1")
    assert g.check(act) is None
    c = g.charge_odds("b1", "r1")
    assert (c.charger_need, c.target_need) == (4, 4)
    o = view(g).odds(act)
    assert o is not None
    assert o.bars == [("46e de Ligne halts", Fraction(1, 2)),
                      ("IR 49 gives way", Fraction(1, 4)),
                      ("IR 49 stands: melee", Fraction(1, 4))]
    assert o.title == "46e de Ligne charges IR 49: the checks"
    for text in (o.title, *o.notes):
        clean(text)
    # the numbers the odds use are the ones the dice are rolled against
    g.apply(act)
    checks = [e for e in g.events if e.kind == "check"]
    assert checks[0].data["need"] == c.charger_need


def test_melee_odds_and_labels_name_both_units() -> None:
    g = _two_melees()
    v = view(g)
    legal = g.legal_actions()
    assert legal and all(isinstance(a, Melee) for a in legal)
    assert v.prompt(None) == "Choose which melee to fight next."
    labels = {v.label(a) for a in legal}
    assert labels == {"Fight the melee of 46e de Ligne and IR 49",
                      "Fight the melee of 7e Hussards and IR 4"}
    o = v.odds(legal[0])
    assert o is not None and sum(p for _, p in o.bars) == 1
    assert all(isinstance(p, Fraction) for _, p in o.bars)
    assert "IR" in o.title
    for text in (o.title, *(k for k, _ in o.bars), v.describe(legal[0])):
        clean(text)


def _two_melees() -> MayhemGame:
    """Two melees waiting in the melee phase: the initiative side picks."""
    sc = named(scenario([unit("b1", 10, 30, 0), unit("b2", 36, 30, 0)],
                        [unit("r1", 10, 27.95, 180), unit("r2", 36, 27.95, 180)]))
    g = new_game(sc, [6, 1] + [1] * 200)
    play(g, "first")
    st = g.state
    for a, b in (("b1", "r1"), ("b2", "r2")):
        st.units[a].engaged, st.units[b].engaged = b, a
        st.units[a].charged = True
    st.phase, st.side = "melee", st.initiative
    st.version = new_version()  # edited by hand (State.version)
    return g


# --- blocked and no_end: the engine's movement rules -----------------------------------------


def test_movement_areas_are_the_engines_rules() -> None:
    """docs/rulings.md M&M: no ending within contact of an enemy, nor on a friend."""
    g = facing([6, 1])
    play(g, "first")
    v = view(g)
    no_end, blocked = v.no_end("b1"), v.blocked("b1")
    assert no_end is not None and blocked is not None
    from shapely.geometry import Point as SPoint

    # 0.05" in front of IR 49's front edge (y 25): the engine refuses to end there
    spot = (24.0, 25.05 + 1.0)  # the mover's centre puts its front edge there
    assert g.check(Move("b1", spot, 0.0)) is not None
    assert no_end.intersects(SPoint(24.0, 25.05))
    assert blocked.contains(SPoint(24.0, 24.0))  # the enemy base blocks the path
    assert not no_end.intersects(SPoint(24.0, 34.0))


# --- names on the card, its buttons and the log ----------------------------------------------


def test_card_reads_in_names() -> None:
    g = facing([6, 1])
    play(g, "first")
    v = view(g)
    c = v.card("b1")
    assert c.title == "46e de Ligne" and c.subtitle == "Line infantry · French"
    rows = dict(c.rows)
    assert rows["Formation"] == "Line" and rows["Morale"] == "Normal"
    assert rows["Commander"] == "Général Foy" and rows["Status"] == "In the field"
    for k, val in c.rows:
        clean(k)
        clean(val)
    for word in c.may:
        clean(word)
    cc = v.card("gb")
    assert dict(cc.rows)["With"] == "46e de Ligne"
    assert cc.subtitle == "Commander · French"


def test_card_buttons_say_what_they_do() -> None:
    g = facing([6, 1])
    play(g, "first")
    v = view(g)
    buttons = {label: act for label, act in v.card_actions("b1")}
    assert "Hold" in buttons and isinstance(buttons["Hold"], Hold)
    assert "Form square" in buttons and buttons["Form square"] == Form("b1", Formation.SQUARE)
    assert "Form attack column" in buttons
    assert v.describe(buttons["Hold"]) == \
        "46e de Ligne holds its ground: it does not move this turn"
    assert v.describe(buttons["Form square"]) == "46e de Ligne forms square"
    for label, act in v.card_actions("b1"):
        clean(label)
        clean(v.describe(act))


def test_describe_a_move_and_a_shot() -> None:
    g = facing([6, 1])
    play(g, "first")
    v = view(g)
    assert v.describe(Move("b1", (24.0, 34.2), 23.0)).startswith("46e de Ligne moves ")
    assert v.describe(Move("b1", (24.0, 34.2), 23.0)).endswith("and wheels 23°")
    assert v.describe(Choose(True)) == "French go first"  # the French: plural
    play(g, "hold b1", "hold r1", "hold b2", "hold r2", "hold gb")
    assert v.describe(Fire("b1", "r1")) == "46e de Ligne fires at IR 49: 8 dice hitting on 4+"
    assert v.label(End()).startswith("End ")


def test_prompts_by_phase() -> None:
    g = facing([6, 1])
    v = view(g)
    assert v.prompt(None) == "French won the initiative: choose to go first or second."
    play(g, "first")
    assert "French to move" in v.prompt(None)
    for text in (v.prompt(None), v.prompt("b1")):
        clean(text)


def test_event_texts_are_words_with_ids_only() -> None:
    """Engine events speak in ids (the window's Namer names them) and words:
    no coordinates, arrows, bracketed lists or "(s)"."""
    kinds: set[str] = set()
    for seed in range(6):
        sc = scenario([unit("b1", 24, 30, 0), unit("b2", 20, 34, 0, UnitType.CAVALRY)],
                      [unit("r1", 24, 22, 180), unit("r2", 28, 18, 180, UnitType.CAVALRY)],
                      blue_officers=[officer("gb", 24, 30, attached_to="b1")])
        g = new_game(sc, seed=seed)
        rng = random.Random(seed)
        for _ in range(200):
            if g.outcome is not None:
                break
            for e in g.apply(random_action(g, rng)):
                kinds.add(e.kind)
                assert not EVENT_NOTATION.search(e.text), e.text
    assert {"fire", "move", "morale"} <= kinds, kinds


EVENT_NOTATION = re.compile(r"\d+(?:\.\d+)?,\d+(?:\.\d+)?|->|\(s\)|\[|\]")
