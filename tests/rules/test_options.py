"""Rulesets declare their options with kinds, plain names and choices (issue 20, item 3)."""

from __future__ import annotations

import dataclasses

import pytest

from desktop.resources import bundled_scenario
from desktop.rules import RulesError, registry
from desktop.rules.options import OptionKind, OptionSpec
from desktop.rules.record import Record
from desktop.scenario import load
from desktop.scenario.model import Scenario, TurnLimit


def _without_turn_limit(name: str) -> Scenario:
    sc = load(bundled_scenario(name))
    game = dataclasses.replace(
        sc.game, victory=tuple(v for v in sc.game.victory if not isinstance(v, TurnLimit)))
    return dataclasses.replace(sc, game=game)


@pytest.mark.parametrize("rid", registry.ids())
def test_every_option_has_a_plain_name_help_and_a_kind_that_fits_its_default(rid: str) -> None:
    sc = load(bundled_scenario("d3_crossroads.yaml"))
    for spec in registry.get(rid).options:
        assert spec.title and "_" not in spec.title and spec.help, spec.name
        kind = spec.option_kind
        if kind is OptionKind.CHOICE:
            offered = spec.choices_for(sc)
            assert str(spec.default) in [c.value for c in offered], spec.name
            assert all(c.label for c in offered)
        elif kind is OptionKind.FLAG:
            assert isinstance(spec.default, bool)
        else:
            assert isinstance(spec.default, (int, float)) and not isinstance(spec.default, bool)
            low, high = spec.bounds()
            assert low <= spec.default <= high


def test_the_turn_limit_comes_from_the_scenarios_victory_conditions() -> None:
    """The issue: D3 offered 15 turns on a scenario that ends after 12, Mayhem 12 against 10."""
    for name, rid, turns in (("d3_crossroads.yaml", "d3", 12),
                             ("mayhem_village.yaml", "mayhem", 10)):
        sc = load(bundled_scenario(name))
        spec = next(o for o in registry.get(rid).options if o.name == "turn_limit")
        assert spec.default != turns  # the ruleset's own default differs ...
        assert spec.default_for(sc) == turns  # ... the scenario's wins
        assert spec.value_label(turns, sc) == f"{turns} turns"
    sc = _without_turn_limit("d3_crossroads.yaml")
    spec = next(o for o in registry.get("d3").options if o.name == "turn_limit")
    assert spec.settled_value(sc) is None and spec.default_for(sc) == spec.default
    assert spec.value_label(0, sc) == "No limit"


def test_side_choices_name_the_scenarios_sides() -> None:
    sc = load(bundled_scenario("blown_away_four_farms.yaml"))
    spec = next(o for o in registry.get("blown_away").options if o.name == "first_side")
    offered = spec.choices_for(sc)
    assert [c.value for c in offered] == ["coin", *(s.id for s in sc.sides)]
    assert [c.label for c in offered][1:] == [s.name for s in sc.sides]
    assert spec.value_label(sc.sides[0].id, sc) == sc.sides[0].name


def test_old_option_values_still_load_and_bad_ones_are_named() -> None:
    sc = load(bundled_scenario("mayhem_village.yaml"))
    mayhem = registry.get("mayhem")
    # the spellings files have always used
    opts = mayhem.resolve_options(sc, {"measure": "inch", "melee_loser": "removed"})
    assert (opts["measure"], opts["melee_loser"]) == ("inch", "removed")
    with pytest.raises(RulesError) as e:
        mayhem.resolve_options(sc, {"melee_loser": "fled"})
    text = str(e.value)
    assert "Melee loser" in text and "'fled'" in text and "'retreat'" in text
    assert "Muskets & Mayhem" in text or mayhem.name in text
    d3 = registry.get("d3")
    crossroads = load(bundled_scenario("d3_crossroads.yaml"))
    assert d3.resolve_options(crossroads, {"first_side": crossroads.sides[1].id})
    with pytest.raises(RulesError, match="First side"):
        d3.resolve_options(crossroads, {"first_side": "prussians"})
    with pytest.raises(RulesError, match="between 0 and"):
        d3.resolve_options(crossroads, {"turn_limit": -3})


def test_a_record_with_a_value_no_choice_offers_is_refused_in_words() -> None:
    from desktop.rules.record import RecordError, from_mapping, to_mapping

    sc = load(bundled_scenario("kiddies_bridge.yaml"))
    data = to_mapping(Record(scenario=sc, ruleset="kiddies", options={"shots": "tabletop"}))
    assert from_mapping(data, force=True).options == {"shots": "tabletop"}  # the old spelling loads
    data["options"] = {"shots": "pellets"}
    with pytest.raises(RecordError, match="Shots may be"):
        from_mapping(data, force=True)


def test_a_measure_option_is_bounded_below_by_zero() -> None:
    spec = OptionSpec("reach", 6.0, "How far.", kind=OptionKind.MEASURE)
    assert spec.bounds()[0] == 0
    sc = load(bundled_scenario("d3_crossroads.yaml"))
    assert spec.problem(-1.0, sc) is not None and spec.problem(3.5, sc) is None
