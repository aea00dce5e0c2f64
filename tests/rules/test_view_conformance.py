"""The play-view conformance harness (tests/rules/view_conformance.py) over every
registered ruleset (docs/engine.md, "View conformance harness").

A view's class declares the capability protocols it offers
(desktop.rules.view_capabilities) and implements each of them; on a few
positions of a seeded game on one of the ruleset's scenarios the core protocol
and every capability answer with values of the right kinds about pieces that
exist, and asking changes nothing; on every scenario that comes with a ruleset
its view gives the Victory panel the conditions and their live state.  The
last tests show the harness catches what it is meant to.
"""

from __future__ import annotations

import inspect
from fractions import Fraction

import pytest

from desktop.rules import registry
from desktop.rules.action_odds import Odds
from desktop.rules.engine import Action
from desktop.rules.victory import VictoryState
from desktop.rules.view import PlayView, view_of
from desktop.rules.view_capabilities import CAPABILITIES, FlicksView, GridView
from tests.rules import view_conformance as vc
from tests.rules.conformance import scenarios_for


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_a_view_declares_exactly_the_capabilities_it_implements(ruleset_id: str) -> None:
    assert vc.declared_problems(vc.view_class_of(ruleset_id)) == []


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_a_view_answers_the_protocol_on_positions_of_a_game(ruleset_id: str) -> None:
    name, sc = scenarios_for(ruleset_id)[0]
    assert vc.play(ruleset_id, sc, seed=1) == [], name


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_a_view_shows_the_victory_conditions_of_every_scenario_it_comes_with(
        ruleset_id: str) -> None:
    """The Victory dock shows each side's conditions with where they stand
    (VictoryJudge.report), never "No victory conditions to show", on every
    bundled scenario of the ruleset (scenarios/ and its package's own)."""
    bundled = vc.bundled_for(ruleset_id)
    assert bundled, f"{ruleset_id} comes with no scenario"
    for name, sc in bundled:
        game = registry.get(ruleset_id).new_game(sc, seed=1)
        assert vc.victory_problems(view_of(game)) == [], name


@pytest.mark.parametrize("ruleset_id", registry.ids())
def test_a_view_shows_the_engine_s_odds(ruleset_id: str) -> None:
    """One source of odds per ruleset (Game.odds, desktop.rules.action_odds): the
    chart the window shows of every action a player is offered, on positions
    of a seeded game, has the engine's chances, whatever its words."""
    for name, sc in scenarios_for(ruleset_id)[:2]:
        assert vc.odds_problems(ruleset_id, sc, seed=1) == [], name


def test_the_bundled_views_offer_the_capabilities_their_play_needs() -> None:
    """What the window offers each bundled ruleset: Kiddies' figures, group moves
    and flicks; Blown Away's facing bands; Tactical Dice's grid; nothing more."""
    offered = {rid: sorted(w for w, p in CAPABILITIES.items()
                           if p in inspect.getmro(vc.view_class_of(rid)))
               for rid in ("blown_away", "d3", "kiddies", "mayhem", "tactical")}
    assert offered == {"blown_away": ["facing bands"], "d3": [],
                       "kiddies": ["figures", "flicks", "group moves"], "mayhem": [],
                       "tactical": ["grid"]}


# -- the harness catches what it is meant to -------------------------------------------


class _Declares(PlayView, GridView):
    """Says it is a grid, names no square."""


class _Hides(PlayView):
    """Can flick, but does not say so."""

    @property
    def tabletop(self) -> bool:
        return False

    def shot_kind(self) -> str | None:
        return None

    def shooters(self) -> list[str]:
        return []

    def aim(self, shooter: str, heading: float, strength: float) -> None:
        return None

    def shot_action(self, aim: object) -> None:
        return None

    def strength_for(self, shooter: str, distance: float) -> float:
        return 0.0

    def fell_action(self, shooter: str, ids: list[str]) -> None:
        return None

    def flight(self, events: object) -> None:
        return None


def test_the_harness_finds_a_capability_declared_but_not_implemented() -> None:
    assert vc.declared_problems(_Declares) == [
        "_Declares declares grid (GridView) but does not implement square_name"]


def test_the_harness_finds_a_capability_implemented_but_not_declared() -> None:
    assert isinstance(_Hides(registry.get("d3").new_game(scenarios_for("d3")[0][1])),
                      FlicksView)  # the window would offer flicks all the same
    assert vc.declared_problems(_Hides) == [
        "_Hides implements every method of flicks (FlicksView) but does not declare it"]


def test_the_harness_finds_odds_that_do_not_sum_to_one() -> None:
    game = registry.get("d3").new_game(scenarios_for("d3")[0][1])

    class Lopsided(PlayView):
        def odds(self, action: Action) -> Odds | None:
            return Odds("b1 fires at r1", [("hit", Fraction(1, 2))])

    act = game.legal_actions()[0]
    assert vc.action_problems(Lopsided(game), act) == [
        f"odds({act.text()}): 'b1 fires at r1': exact chances sum to 1/2, not 1"]


def test_the_harness_finds_a_view_with_no_victory_conditions() -> None:
    game = registry.get("d3").new_game(scenarios_for("d3")[0][1])

    class Silent(PlayView):
        """Says nothing of victory (the base view's answer)."""

    class Blank(PlayView):
        def victory(self) -> VictoryState | None:
            return VictoryState(game.turn + 1, None, (), (), None, "")

    assert vc.victory_problems(Silent(game)) == [
        "victory() gives nothing: the Victory panel shows no conditions"]
    objectives = [o.id for o in game.scenario.game.objectives]
    assert objectives and vc.victory_problems(Blank(game)) == [
        f"victory() is at turn {game.turn + 1}, the game at turn {game.turn}",
        f"victory() shows objectives [], the scenario has {objectives}",
        "victory() gives no way for any side to win",
        "victory() does not say what would decide the game now"]


def test_the_harness_finds_odds_of_the_view_s_own() -> None:
    game = registry.get("d3").new_game(scenarios_for("d3")[0][1])
    act = game.legal_actions()[0]  # an end of the phase: the engine gives no odds
    engine = Odds("b1 fires at r1", [("no hits", Fraction(1, 3)), ("hits", Fraction(2, 3))])
    own = engine.reworded(labels=["none", "some"]).reworded()
    other = Odds("b1 fires at r1", [("no hits", Fraction(1, 2)), ("hits", Fraction(1, 2))])
    estimate = Odds("a flick", other.bars, margin=4.0)
    assert vc.odds_agreement(engine, own, act) == []  # other words, the same chances
    assert vc.odds_agreement(engine, other, act) == [
        f"odds({act.text()}): the view shows ['1/2', '1/2'], the engine ['1/3', '2/3']"]
    assert vc.odds_agreement(engine, None, act) == [
        f"odds({act.text()}): the view shows nothing of the engine's odds"]
    assert vc.odds_agreement(None, other, act) == [
        f"odds({act.text()}): the view shows exact chances the engine does not give"]
    assert vc.odds_agreement(None, estimate, act) == []


def test_the_harness_finds_a_view_that_rolls_the_game_s_dice() -> None:
    game = registry.get("d3").new_game(scenarios_for("d3")[0][1])

    class Peeking(PlayView):
        def prompt(self, selected: str | None) -> str:
            self.game.chance.d6("a peek")
            return "Go on."

    registry_view = type(game.ruleset).view_class
    try:
        type(game.ruleset).view_class = Peeking
        found = vc.position_problems(game)
    finally:
        type(game.ruleset).view_class = registry_view
    assert "asking the view changed the game or drew from its dice or cards" in found
