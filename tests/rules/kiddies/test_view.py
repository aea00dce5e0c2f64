"""The Kiddies play view: odds of every attacking action, and everything in words.

Issue 16 parts 1, 2 and 4: hand to hand in exact fractions (seed 000, "Hand to
hand fighting"; RULINGS.md "Kiddies": "The seed's odds tables are exact"); a
simulated flick (RULINGS.md "Kiddies", "Flicked shots") has no exact answer, so
its odds are an estimate from simulated tries on a copy of the game, with a 95%
margin; names, never ids or notation, on the card, buttons and log.
"""

from __future__ import annotations

import random
import re
from fractions import Fraction
from typing import Any

import pytest

from desktop.resources import bundled_scenario
from desktop.rules import registry
from desktop.rules.kiddies import view as kview
from desktop.rules.kiddies.actions import Shoot, parse
from desktop.rules.kiddies.game import KiddiesGame
from desktop.rules.kiddies.view import ODDS_TRIES, KiddiesView, flight_of, margin95
from desktop.rules.randomplay import random_action
from desktop.rules.view import view_of
from desktop.scenario import load
from tests.rules.kiddies.helpers import horse, line, new_game, to_movement

FAR_RED = line("rx", 46, 34, facing=270)
#: Notation that must never reach a player: coordinates, ids of figures, "span(s)".
NOTATION = re.compile(r"\d+(\.\d+)?,\d|\b[a-z_]+\.\d+\b|\(s\)|\+|heading|strength \d")


def named(unit: dict[str, Any], name: str) -> dict[str, Any]:
    return {**unit, "name": name}


def view(g: KiddiesGame) -> KiddiesView:
    v = view_of(g)
    assert isinstance(v, KiddiesView)
    return v


def _duel(**kw: Any) -> KiddiesGame:
    """Grenadiers (blue) and Fusiliers (red) far apart; red's gun faces blue's line."""
    g = new_game([named(line("b", 10, 10, 5), "Grenadiers")],
                 [named(line("r", 30, 10, 5, 270), "Fusiliers")], dice=[6, 1, 6, 1], **kw)
    to_movement(g)
    return g


def _to_volley(g: KiddiesGame) -> None:
    g.apply_text("end")
    g.apply_text("end")
    assert g.phase == "volley" and g.side == "blue"


# -- odds: hand to hand, exact -----------------------------------------------------------------


def test_a_move_into_contact_shows_the_fight_in_exact_fractions() -> None:
    # seed 000 "Hand to hand fighting": one against one is d6 against d6, highest
    # kills, a tie kills both: 15/36 win, 6/36 all fall, 15/36 lose
    g = new_game([named(line("b", 10, 10), "Grenadiers")],
                 [named(line("r", 13, 10, facing=270), "Fusiliers")], dice=[6, 1])
    to_movement(g)
    odds = view(g).odds(parse("move b.1 12,10 90"))
    assert odds is not None and odds.exact and odds.margin is None
    assert odds.bars == [("win", Fraction(5, 12)), ("all fall", Fraction(1, 6)),
                         ("lose", Fraction(5, 12))]
    assert odds.title == "Hand to hand: Grenadiers #1 against Fusiliers #1"
    assert g.figures["b.1"].pos == (10, 10)  # worked out on a copy


def test_a_horseman_riding_into_three_infantry_shows_their_odds() -> None:
    # seed 000: a horseman against three infantry throws 2d6 against d6 + 2
    g = new_game([named(horse("h", 10, 10), "Hussars")],
                 [named(line("r", 13, 10, 3, 270), "Fusiliers")], dice=[6, 1])
    to_movement(g)
    odds = view(g).odds(parse("move h.1 11.5,10 90"))
    assert odds is not None and odds.exact
    from desktop.rules.kiddies.odds import horse_against_foot

    ref = horse_against_foot(3)
    assert odds.bars == [("win", ref.win), ("all fall", ref.draw), ("lose", ref.loss)]
    assert "Fusiliers #1, #2 and #3" in odds.title


def test_a_move_out_of_contact_and_an_illegal_move_have_no_odds() -> None:
    g = _duel()
    v = view(g)
    assert v.odds(parse("move b.1 12,8 90")) is None
    assert v.odds(parse("move b.1 40,8 90")) is None  # beyond its span


def test_the_fight_on_the_card_names_the_figures() -> None:
    g = new_game([named(line("b", 10, 10), "Grenadiers")],
                 [named(line("r", 11, 10, facing=270), "Fusiliers")], dice=[6, 1])
    card = view(g).card("b.1")
    assert ("In contact with", "Fusiliers #1") in card.rows
    assert card.chances[0] == ("Hand to hand: win", Fraction(5, 12))
    fight = view(g).fight_of("b.1")
    assert fight is not None
    assert fight[2].title == "Hand to hand: Grenadiers #1 against Fusiliers #1"


def test_a_charge_shows_who_it_rides_down_for_certain() -> None:
    # RULINGS.md "Kiddies": every infantryman whose footprint meets the path dies
    g = new_game([named(horse("h", 10, 10, 3), "Hussars")],
                 [named(line("r", 16, 11, facing=270), "Fusiliers"), FAR_RED], dice=[6, 1])
    to_movement(g)
    act = parse("charge h.1,h.2,h.3 90")
    odds = view(g).odds(act)
    assert odds is not None and odds.exact
    assert odds.bars == [("1 ridden down", Fraction(1))]
    assert "Fusiliers #1" in odds.title and "Hussars #1, #2 and #3" in odds.title
    assert view(g).describe(act).startswith("Hussars #1, #2 and #3 charge 2 spans, riding down "
                                            "Fusiliers #1")


# -- odds: a simulated flick, estimated --------------------------------------------------------


def test_a_flick_is_an_estimate_with_its_margin() -> None:
    g = _duel()
    _to_volley(g)
    v = view(g)
    odds = v.odds(parse("volley b.5 90 0.6"))
    assert odds is not None and not odds.exact and odds.margin is not None
    assert 0 < odds.margin < 20
    assert sum(p for _, p in odds.bars) == 1
    assert all(p.denominator <= ODDS_TRIES for _, p in odds.bars)
    assert odds.title == "Volley from Grenadiers #5"
    assert re.fullmatch(r"about \d+% to knock over at least one enemy, ± \d+", odds.notes[0])


def test_the_margin_is_the_widest_95_percent_margin_of_the_bars() -> None:
    # Agresti-Coull: (k+2)/(n+4) and its normal 95% half-width, in points
    assert round(margin95([20], 40), 2) == round(1.96 * (0.25 / 44) ** 0.5 * 100, 2)
    assert margin95([0, 40], 40) > 0  # never seen is not "certain"


def test_the_estimate_does_not_touch_the_real_games_chance() -> None:
    # issue 16: tries on a copy (game.clone(seed)); the real game's next draws unchanged
    g, h = _duel(seed=9), _duel(seed=9)
    _to_volley(g)
    _to_volley(h)
    v = view(g)
    for strength in (0.3, 0.6, 0.9):
        assert v.odds(parse(f"volley b.5 90 {strength}")) is not None
    assert len(g.chance.log) == len(h.chance.log)
    g.apply_text("volley b.5 90 0.6")
    h.apply_text("volley b.5 90 0.6")
    assert g.snapshot() == h.snapshot()
    assert [(d.kind, d.value) for d in g.chance.log] == [(d.kind, d.value) for d in h.chance.log]


def test_the_same_aim_is_answered_from_the_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kview, "ODDS_BUDGET_SECONDS", 60.0)  # all ODDS_TRIES, however slow
    g = _duel()
    _to_volley(g)
    v = view(g)
    first = v.odds(parse("volley b.5 90 0.6"))
    assert v.odds(parse("volley b.5 90 0.6")) is first
    assert view(g).odds(parse("volley b.5 90 0.6")) == first  # a new view: the same estimate


def test_the_estimate_keeps_to_its_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # hovering must stay quick on a big table: past the budget only MIN_TRIES are flown
    monkeypatch.setattr(kview, "ODDS_BUDGET_SECONDS", 0.0)
    g = _duel()
    _to_volley(g)
    odds = view(g).odds(parse("volley b.5 90 0.6"))
    assert odds is not None and odds.margin is not None
    assert odds.notes[1].startswith(f"an estimate from {kview.MIN_TRIES} simulated flicks")
    assert all(p.denominator <= kview.MIN_TRIES for _, p in odds.bars)


def test_an_illegal_shot_has_no_odds() -> None:
    g = _duel()
    _to_volley(g)
    assert view(g).odds(Shoot("volley", "b.3", 90.0, 0.5)) is None  # not a group's end


# -- words -------------------------------------------------------------------------------------


def test_describe_speaks_in_names_and_spans() -> None:
    g = _duel()
    v = view(g)
    assert v.describe(parse("move b.1 15,8 90")) == "Grenadiers #1 moves 0.71 spans"
    assert v.describe(parse("move b.1 10,8 180")) == "Grenadiers #1 turns 90° on the spot"
    assert v.describe(parse("group b.1,b.2,b.3,b.4,b.5 7,0 15")) == \
        "5 of Grenadiers move together 1 span and wheel 15°"
    assert v.describe(parse("end")) == "End of movement"
    _to_volley(g)
    text = v.describe(parse("volley b.5 90 0.8"))
    assert text == "Grenadiers #5 fires a volley, a hard flick"


def test_labels_and_prompts_are_the_kiddies_phrases() -> None:
    g = new_game([line("b", 10, 10)], [FAR_RED], dice=[6, 1])
    v = view(g)
    assert v.prompt(None).endswith("won the initiative: move first or second?")
    assert v.action_label(parse("first")) == "Move first"
    to_movement(g)
    assert v.prompt(None).startswith("Drag a figure to move it (spans).")
    g2 = _duel()
    _to_volley(g2)
    assert view(g2).prompt(None).startswith("Drag from a shooter (outlined green) to aim")
    g3 = _duel(options={"shots": "tabletop"})
    _to_volley(g3)
    assert view(g3).prompt(None).startswith("Flick on your table")
    assert view(g3).fell_prompt("b.5").startswith("Grenadiers #5 shot on the table: click")


def test_card_rows_and_buttons_use_names_with_tooltips() -> None:
    g = new_game([named(line("b", 43, 10, 5), "Grenadiers")], [FAR_RED], dice=[6, 1],
                 victory=[{"type": "exit_units", "side": "blue", "count": 1},
                          {"type": "last_man_standing"}])
    to_movement(g)
    v = view(g)
    card = v.card("b.1")
    assert ("Volley group", "5 in line; fires from Grenadiers #1 or Grenadiers #5") in card.rows
    assert not any(NOTATION.search(value) for _, value in card.rows), card.rows
    buttons = v.card_buttons("b.1")
    assert [b.label for b in buttons] == ["Leave by the enemy's baseline"]
    assert buttons[0].tip.startswith("Grenadiers #1 steps off the table")
    assert v.card_actions("b.1") == [(b.label, b.action) for b in buttons]


def test_flight_is_read_through_the_view() -> None:
    g = _duel()
    _to_volley(g)
    before = len(g.events)
    g.apply_text("volley b.5 90 0.6")
    events = g.events[before:]
    f = view(g).flight(events)
    assert f is not None and f == flight_of(events) and f.shooter == "b.5"


def test_engine_events_and_view_lines_carry_no_notation() -> None:
    # issue 16: event texts in words (ids are fine there: the window names them),
    # no "span(s)", no "a+b", no headings or strengths
    g = registry.get("kiddies").new_game(load(bundled_scenario("kiddies_bridge.yaml")), {}, 3, [])
    v = view(g)
    rng = random.Random(3)
    for _ in range(150):
        if g.outcome is not None:
            break
        a = random_action(g, rng)
        line_ = v.describe(a)
        assert not NOTATION.search(line_), line_
        g.apply(a)
    texts = [e.text for e in g.events]
    assert any("spans" in t for t in texts)
    for t in texts:
        assert "(s)" not in t and "+" not in t and "heading" not in t, t
