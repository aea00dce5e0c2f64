"""Issue 17's Blown Away departures: a battery fires once per gun, a mob keeps its
6" without being turned to the way it runs, and scripted cards leave the deck
(seed 003; docs/rulings.md "Blown Away")."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from desktop.rules.blown_away.game import BlownAwayGame
from desktop.rules.blown_away.odds import pile_of
from tests.rules.blown_away.helpers import foot, gun, new_game, play, scenario, to_combat

SEED = "../shared/seeds/003_c69da1d180928f68.txt"


def _battery(guns: int) -> BlownAwayGame:
    sc = scenario([replace(gun("bg", 40, 60, 0), guns=guns)], [foot("r1", 40, 30, 180)])
    g = new_game(sc)
    g.state.phase = "artillery"
    return g


# --- a battery ------------------------------------------------------------------------


def test_each_gun_of_a_battery_fires_once_in_its_sides_turn() -> None:
    # Seed 003 line 29: "Each artillery piece gets 4 cannon balls"; docs/rulings.md
    # "Each gun fires once in its side's turn".  A battery of two guns: two shots.
    g = _battery(2)
    assert g.piece("bg").markers == 8
    play(g, "fire bg r1")
    assert g.check(g.parse_action("fire bg r1")) is None
    play(g, "fire bg r1")
    assert g.piece("bg").markers == 6 and g.piece("r1").men.dead == 2
    assert "fired this turn" in (g.check(g.parse_action("fire bg r1")) or "")
    assert g.invariant_problems() == []


def test_a_single_gun_still_fires_once() -> None:
    g = _battery(1)
    play(g, "fire bg r1")
    assert "fired this turn" in (g.check(g.parse_action("fire bg r1")) or "")


def test_a_batterys_shots_come_back_next_turn() -> None:
    g = _battery(2)
    play(g, "fire bg r1", "fire bg r1", "end")
    while g.side != "blue" or g.phase != "artillery":
        play(g, "end")
    assert g.check(g.parse_action("fire bg r1")) is None


# --- a mob ------------------------------------------------------------------------------


def _mob(g: BlownAwayGame, uid: str) -> None:
    p = g.piece(uid)
    p.men.run(p.ranks)
    assert p.mob


def test_a_mob_runs_sideways_past_the_enemy_keeping_its_distance() -> None:
    # Seed 003 line 19: a mob moves "in any direction ... up to 18 inches, but may
    # not pass closer than 6 inches from enemy troops".  7" from the enemy, running
    # parallel to it and keeping the 7", it never passes closer than 6".
    sc = scenario([foot("b1", 40, 39, 0)], [foot("r1", 40, 30, 180)])
    g = new_game(sc)
    _mob(g, "b1")
    assert g.piece("b1").fp().distance(g.piece("r1").fp()) == 7.0
    assert g.check(g.parse_action("move b1 55,39 0")) is None
    assert g.check(g.parse_action("move b1 25,39 180")) is None


def test_a_mob_still_may_not_pass_within_6_inches() -> None:
    # Seed 003 line 19, the same words: running across the enemy's front 5" from it
    # is refused, and so is ending turned so that its base comes within 6".
    g = new_game(scenario([foot("b1", 28, 37, 0)], [foot("r1", 40, 30, 180)]))
    _mob(g, "b1")
    assert g.piece("b1").fp().distance(g.piece("r1").fp()) > 6.0
    assert "6\"" in (g.check(g.parse_action("move b1 46,37 0")) or "")
    g = new_game(scenario([foot("b1", 40, 39, 0)], [foot("r1", 40, 30, 180)]))
    _mob(g, "b1")
    assert "6\"" in (g.check(g.parse_action("move b1 45,39 90")) or "")
    assert g.check(g.parse_action("move b1 45,39 0")) is None


# --- the decks ------------------------------------------------------------------------


def _fight(cards: list[str]) -> BlownAwayGame:
    g = new_game(scenario([foot("b1", 40, 60, 0)], [foot("r1", 40, 55, 180)]), cards=cards)
    to_combat(g)
    play(g, "combat b1 r1")
    return g


def test_a_scripted_card_leaves_its_deck() -> None:
    # Seed 003 line 35: "each player turns up the top card in their deck" — a card
    # turned is gone until the deck is reshuffled, scripted or not (issue 17).
    g = _fight(["KS", "2H"])
    blue, red = pile_of(g.chance, "blue"), pile_of(g.chance, "red")
    assert len(blue) == len(red) == 51
    assert "KS" not in blue and "2H" not in red
    assert g.snapshot()["counters"]["cards_left"] == {"blue": 51, "red": 51}  # type: ignore
    dealt = [g.chance.draw("blue", "deal") for _ in range(51)]
    assert "KS" not in dealt and len(set(dealt)) == 51


def test_odds_after_a_scripted_card_count_the_cards_really_left() -> None:
    # Seed 003 line 35 (the top card of each deck): with the blue King and the red
    # 2 gone, blue's next card beats red's less often than from two full decks.
    g = _fight(["KS", "2H"])
    play(g, "end", "end", "end")
    to_combat(g)
    o = g.combat_odds("b1", "r1")
    n = Fraction(1, 51 * 51)
    blue = pile_of(g.chance, "blue")
    red = pile_of(g.chance, "red")
    from desktop.rules.chance import card_value
    wins = sum((n for a in blue for b in red if card_value(a) > card_value(b)), Fraction(0))
    assert o.unit_wins == wins and o.unit_wins != Fraction(6, 13)


def test_a_reseeded_copy_keeps_the_cards_already_turned() -> None:
    # Issue 16's conformance harness (four_farms seed 0, action 145): a look-ahead
    # copy with a new seed knows which cards are gone, not the order of the rest.
    g = new_game(scenario([foot("b1", 40, 60, 0)], [foot("r1", 40, 55, 180)]), seed=4)
    to_combat(g)
    play(g, "combat b1 r1")
    turned = dict(g.state.last_cards)
    copy = g.clone(seed=99)
    assert copy.snapshot()["counters"] == g.snapshot()["counters"]
    assert sorted(pile_of(copy.chance, "blue")) == sorted(pile_of(g.chance, "blue"))
    rest = [copy.chance.draw("blue", "look ahead") for _ in range(51)]
    assert turned["blue"] not in rest
    again = [g.clone(seed=99).chance.draw("blue", "x") for _ in range(2)]
    assert again[0] == again[1]  # the same seed, the same shuffle
    other = [g.clone(seed=s).chance.draw("blue", "x") for s in range(8)]
    assert len(set(other)) > 1  # the order of the rest is reshuffled
