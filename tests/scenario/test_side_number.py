"""A side's `plural` field: the scenario says whether its name takes a plural
verb, where the guess from the name reads wrongly (issue 34: "Anglo-Allied"
reads as one thing, "Anglo-Allied wins").  Left out, the guess stays."""

from __future__ import annotations

import pytest

from desktop.resources import bundled_scenario
from desktop.scenario import ScenarioError, load, loads
from desktop.scenario.describe import victory_sentences
from desktop.scenario.edits.base import EditError
from desktop.scenario.edits.sides import update_side
from desktop.scenario.io import dumps
from desktop.scenario.model import ArmyBreak, Scenario, TurnLimit
from desktop.scenario.wording import (
    agree_in,
    declared,
    its,
    number_of,
    plural_name,
    side_does,
    verb_for,
)
from tests.scenario.test_bad_files import GOOD_SIDES, HEAD


def _with_plural(value: str) -> str:
    """The small two-side file, the blue side saying `plural: value`."""
    return HEAD + GOOD_SIDES.replace("    name: Blue\n", f"    name: Blue\n    plural: {value}\n")


def test_reading_the_field() -> None:
    assert loads(_with_plural("true")).side("blue").plural is True
    assert loads(_with_plural("false")).side("blue").plural is False
    s = loads(HEAD + GOOD_SIDES)
    assert s.side("blue").plural is None and s.side("red").plural is None  # left out: guess
    assert loads(_with_plural("")).side("blue").plural is None  # written empty: as left out


@pytest.mark.parametrize(("value", "found"), [
    ("'maybe'", "found 'maybe'"), ("1", "found the number 1"), ("[true]", "found a list of 1"),
    ("{a: 1}", "found a mapping"),
])
def test_a_wrong_type_is_named_with_its_field(value: str, found: str) -> None:
    with pytest.raises(ScenarioError) as info:
        loads(_with_plural(value), "bad.yaml")
    [problem] = [str(p) for p in info.value.problems]
    assert problem.startswith("bad.yaml:13:"), problem  # the line of the field
    assert "sides[1].plural: expected true or false" in problem and found in problem


def test_writing_the_field_and_reading_it_back() -> None:
    s = load(bundled_scenario("d3_crossroads"))
    assert "plural" not in dumps(s)  # the guess: nothing written
    for value in (True, False):
        said = update_side(s, "aus", plural=value)
        text = dumps(said)
        assert f"  plural: {'true' if value else 'false'}\n" in text
        back = loads(text)
        assert back == said and back.side("aus").plural is value
        assert back.side("fra").plural is None


def test_the_edit_sets_keeps_and_clears_it() -> None:
    s = load(bundled_scenario("d3_crossroads"))
    said = update_side(s, "aus", plural=True)
    assert said.side("aus").plural is True
    renamed = update_side(said, "aus", name="Anglo-Allied")  # other changes keep it
    assert renamed.side("aus").plural is True
    assert update_side(renamed, "aus", plural=None).side("aus").plural is None
    with pytest.raises(EditError, match="'plural' is true, false or left out"):
        update_side(s, "aus", plural="yes")  # type: ignore[arg-type]


def test_the_field_has_the_last_word_over_the_guess() -> None:
    assert plural_name("Anglo-Allied") is False  # the guess reads it as one thing
    assert plural_name("Anglo-Allied", True) is True
    assert plural_name("Reds", False) is False
    assert side_does("Anglo-Allied", "wins", True) == "Anglo-Allied win"
    assert side_does("Anglo-Allied", "wins") == "Anglo-Allied wins"
    assert side_does("Reds", "has", False) == "Reds has"
    assert verb_for("Anglo-Allied", "occupies", True) == "occupy"
    assert its("Anglo-Allied", True) == "their" and its("Reds", False) == "its"


def _anglo_allied(plural: bool | None) -> Scenario:
    s = load(bundled_scenario("blown_away_four_farms"))
    first = s.sides[0].id
    s = update_side(s, first, name="Anglo-Allied", plural=plural)
    victory = (*s.game.victory, ArmyBreak(side=first, fraction=0.5),
               TurnLimit(turns=12, fallback=first))
    from dataclasses import replace

    return replace(s, game=replace(s.game, victory=victory))


def test_an_engines_text_agrees_with_the_number_the_scenario_says() -> None:
    s = _anglo_allied(True)
    names = [x.name for x in s.sides]
    numbers = declared(s.sides)
    assert numbers == {"Anglo-Allied": True}
    assert number_of(s.sides, "Anglo-Allied") is True
    assert number_of(s.sides, "Royal Army") is None
    assert agree_in("Anglo-Allied takes Knowe Farm", names, numbers) == \
        "Anglo-Allied take Knowe Farm"
    assert agree_in("Anglo-Allied takes Knowe Farm", names) == "Anglo-Allied takes Knowe Farm"
    # a name the guess makes plural, said to be one: the engine's singular stands
    assert agree_in("Reds holds its ground", ["Reds"], {"Reds": False}) == \
        "Reds holds its ground"
    assert agree_in("Reds holds its ground", ["Reds"]) == "Reds hold their ground"


def test_the_victory_sentences_follow_the_field() -> None:
    plural = victory_sentences(_anglo_allied(True))
    guessed = victory_sentences(_anglo_allied(None))
    assert "Anglo-Allied break and lose at once when they have lost half of their units." \
        in plural
    assert "Anglo-Allied breaks and loses at once when it has lost half of its units." \
        in guessed
    assert any(x.endswith("if no side has won by then, Anglo-Allied win.") for x in plural)
