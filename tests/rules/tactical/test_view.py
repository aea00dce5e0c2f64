"""TacticalView: the play window's questions answered by the engine, in names and
words (issue 16, parts 1, 2 and 4; docs/engine.md, "The play view")."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from fractions import Fraction

from desktop.resources import bundled_scenario
from desktop.rules import registry
from desktop.rules.tactical import dice as D
from desktop.rules.tactical.actions import Charge, Choose, End, Fire, Limber, Move, OfficerMove
from desktop.rules.tactical.constants import Face
from desktop.rules.tactical.game import TacticalGame
from desktop.rules.tactical.odds import FireOdds
from desktop.rules.tactical.view import TacticalView
from desktop.rules.view import view_of
from desktop.scenario import load
from desktop.scenario.model import Officer, Scenario, Unit
from desktop.scenario.vocabulary import Formation, Quality
from tests.rules.tactical.helpers import (
    CAV,
    FA,
    SK,
    blue_first,
    new_game,
    officer,
    play,
    scenario,
    unit,
)

#: Notation and raw values a player must never read.
RAW = re.compile(r"\(s\)|\bCV\b|_|\b(fire|charge|move|officer|rally|limber|unlimber) Name\b")


def named(u: Unit, name: str) -> Unit:
    return replace(u, name=name)


def named_officer(o: Officer, name: str) -> Officer:
    return replace(o, name=name)


def game_of(sc: Scenario, dice: list[int]) -> tuple[TacticalGame, TacticalView]:
    g = new_game(sc, dice)
    v = view_of(g)
    assert isinstance(v, TacticalView)
    return g, v


def duel(dice: list[int]) -> tuple[TacticalGame, TacticalView]:
    """52nd Foot (elite) on c4 facing 3e Ligne on c3 with General Foy; 1st Hussars on e6."""
    sc = scenario([named(unit("b", "c4", quality=Quality.ELITE), "52nd Foot"),
                   named(unit("k", "e6", CAV), "1st Hussars")],
                  [named(unit("r", "c3"), "3e Ligne"), named(unit("r2", "e2"), "4e Léger")],
                  red_officers=[named_officer(officer("g", "c3"), "General Foy")])
    return game_of(sc, dice)


# -- odds: exact fractions from the engine ---------------------------------------------


def test_tactical_view_fire_odds_are_exact_fractions_titled_in_names() -> None:
    """Issue 16 part 2: the bars are the engine's exact distribution (RULINGS: Target
    is 2 or 3, so four dice at a unit with a General: hits by convolution)."""
    g, v = duel([1, 6])
    blue_first(g)
    o = v.odds(Fire("b", "r"))
    assert o is not None and o.exact
    want = D.as_list(D.marginal(D.throw_distribution(4, Face.TARGET), 0))
    assert [p for _k, p in o.bars] == want
    assert all(isinstance(p, Fraction) for _k, p in o.bars)
    assert sum(p for _k, p in o.bars) == 1
    assert o.bars[0] == ("no hits", Fraction(16, 81))
    assert o.title.startswith("52nd Foot fires at 3e Ligne: 4 dice")
    assert not any(RAW.search(x) for x in [o.title, *o.notes, *(k for k, _ in o.bars)])


def test_tactical_view_charge_odds_are_the_charge_table_in_words() -> None:
    """Seed 001:158-164: cavalry against formed infantry, cases by Sabres and Flags."""
    g, v = duel([1, 6])
    blue_first(g)
    o = v.odds(Charge("k", "r2", (4, 2)))
    assert o is not None and o.exact
    assert sum(p for _k, p in o.bars) == 1
    labels = [k for k, _ in o.bars]
    assert "Square in time" in labels  # a few words on the bar (issue 34)
    assert o.title.startswith("1st Hussars charges 4e Léger")
    exact = g.charge_chances("k", "r2", (4, 2))
    assert [p for _k, p in o.bars] == list(exact.cases.values())
    assert v.odds(Move("b", (1, 3))) is None


def test_tactical_engine_odds_are_the_chances_fractions() -> None:
    """Game.odds gives the hits distribution of TacticalGame.chances, exactly."""
    g, _v = duel([1, 6])
    blue_first(g)
    got = g.chances(Fire("b", "r"))
    o = g.odds(Fire("b", "r"))
    assert isinstance(got, FireOdds) and o is not None and o.exact
    assert [p for _, p in o.bars] == list(got.hits) and sum(p for _, p in o.bars) == 1
    assert o.bars[0][0] == "no hits"


# -- the engine answers: no rule written twice ----------------------------------------------


def test_tactical_view_moves_are_exactly_the_engines_legal_moves() -> None:
    """The bands (reach_area, can_move) come from TacticalGame.destinations, which
    offers the same squares as legal_actions, for units and officers alike."""
    sc = load(bundled_scenario("tactical_ridge.yaml"))
    g = registry.get("tactical").new_game(sc, {}, 4)
    assert isinstance(g, TacticalGame)
    v = view_of(g)
    rng = random.Random(4)
    checked = 0
    for _ in range(80):
        legal = g.legal_actions()
        for pid in [*g.st.units, *g.st.officers]:
            moves = sorted(a.to for a in legal
                           if isinstance(a, (Move, OfficerMove)) and (
                               a.unit if isinstance(a, Move) else a.officer) == pid)
            assert g.destinations(pid) == moves, pid
            assert v.can_move(pid) == bool(moves)
            if moves:
                x, y = g.board.centre(moves[0])
                act = v.move_action(pid, x + 0.3, y - 0.2, 0.0)
                assert act is not None and g.check(act) is None
                checked += 1
        g.apply(rng.choice(legal))
        if g.outcome is not None:
            break
    assert checked > 20


def test_tactical_view_does_not_move_unlimbered_guns() -> None:
    """Seed 001 (artillery limbers before it moves): the engine's why_not_walk."""
    g, v = game_of(scenario([unit("a", "c5", FA, formation=Formation.UNLIMBERED)],
                            [unit("r", "a1")]), [1, 6])
    while g.phase == "artillery":
        play(g, "end")
    blue_first(g)
    assert not v.can_move("a") and v.reach_area("a") is None
    assert "limber" in v.prompt("a")
    assert v.card_actions("a") == [("Limber up", Limber("a", True))]


# -- the unit card ---------------------------------------------------------------------


def test_tactical_card_rows_in_names_and_words() -> None:
    """Issue 16 part 4: "Type line_infantry", "Cv", "Start cv" become real rows."""
    g, v = duel([1, 6])
    blue_first(g)
    c = v.card("r")
    rows = dict(c.rows)
    assert c.title == "3e Ligne"
    assert rows["Type"] == "Line infantry"
    assert rows["Combat Value"] == "7 of 7"
    assert rows["Troop quality"] == "Regular / Trained: 3 Tactical Dice"
    assert rows["With"] == "General Foy"
    assert rows["Square"] == "c3, open ground"
    labels = [k for k, _ in c.rows]
    assert "Cv" not in labels and "Start cv" not in labels
    assert not any(RAW.search(f"{k} {val}") for k, val in c.rows)
    o = v.card("g")
    assert dict(o.rows)["Rank"] == "General" and dict(o.rows)["With"] == "3e Ligne"


def test_tactical_card_buttons_and_labels_in_words() -> None:
    """Card buttons: "Limber up", "Rally 52nd Foot"; the phase bar: "Go first"."""
    g, v = duel([6, 1])
    assert v.action_label(Choose(True)) == "Go first"
    assert v.action_label(Choose(False)) == "Go second"
    red = v.side_name(g.side)
    assert v.describe(Choose(True)) == f"{red} chooses to go first"  # a sentence
    play(g, "second")
    assert v.action_label(End()) == "End your move ▶"
    assert g.side == "blue"  # red chose to go second
    assert v.describe(End()) == f"{v.side_name('blue')} ends its move"


# -- the log and the phase bar -------------------------------------------------------------


def test_tactical_describe_in_names_with_squares_as_the_map_names_them() -> None:
    g, v = duel([1, 6])
    blue_first(g)
    assert v.describe(Move("b", (1, 3))) == "52nd Foot moves to b4"
    assert v.describe(Fire("b", "r")) == "52nd Foot fires at 3e Ligne"
    assert v.describe(Charge("k", "r2", (4, 2))) == "1st Hussars charges 4e Léger from e3"
    assert v.describe(OfficerMove("g", (2, 1))) == "General Foy rides to c2"


def test_tactical_prompts_say_what_can_be_done_now() -> None:
    """The initiative question is asked as one; the artillery phase never says drag."""
    sc = scenario([unit("a", "c5", FA, formation=Formation.UNLIMBERED), unit("b", "d5")],
                  [unit("r", "c2")])
    g, v = game_of(sc, [])
    assert g.phase == "artillery"
    for sel in (None, "a", "b", "r"):
        assert "drag" not in v.prompt(sel).lower()
    play(g, "end")
    while g.phase == "artillery":
        play(g, "end")
    assert g.phase == "initiative"
    assert v.prompt(None) == "You won the initiative: go first or second?"


def test_tactical_events_read_in_words() -> None:
    """Event texts carry ids (the window's Namer names them) but no notation, no
    "Flag(s)", no "CV" and no raw values such as line_infantry or driven_in."""
    sc = scenario([unit("bc", "c5", CAV), unit("bs", "a4", SK),
                   unit("b", "e5")],
                  [unit("r1", "c3"), unit("rs", "a2", SK),
                   unit("r2", "e3")],
                  red_officers=[officer("rg", "c3")])
    g = new_game(sc, [1, 6, 6, 1, 4, 2, 1, 1, 4, 5, 6, 6, 4, 2, 3, 3, 1, 2])
    blue_first(g)
    for text in ("charge bc r1 c4", "fire bs rs", "charge b r2 e4"):
        if g.check(g.parse_action(text)) is None:
            play(g, text)
    texts = [e.text for e in g.events]
    assert any("Sabre" in t for t in texts)
    for t in texts:
        clean = t
        for pid in [*g.st.units, *g.st.officers]:
            clean = re.sub(rf"\b{pid}\b", "Name", clean)
        assert not RAW.search(clean), t


def test_tactical_dice_in_words_are_still_plain_rolls() -> None:
    """The tray asks with the purpose in words ("Initiative of Blue")."""
    _g, v = duel([1, 6])
    assert v.die_face("d6", 1, "Initiative of Blue") is None
    assert v.die_face("d6", 2, "Rally of 52nd Foot by General Foy") is None
    assert v.die_face("d6", 1, "Officer casualty General Foy") is None
    assert v.die_face("d6", 4, "52nd Foot fires at 3e Ligne") == "Flag"
