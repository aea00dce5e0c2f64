"""A verb after a side's name agrees with it (issue 34, "Words": "Azurians wins",
"Reds moves first"): the one helper, `desktop.scenario.wording.verb_for`."""

from __future__ import annotations

import pytest

from desktop.resources import bundled_scenarios
from desktop.scenario import load
from desktop.scenario.wording import agree_in, its, plural_name, side_does, verb_for

#: Every bundled scenario's side names and whether each is a plural noun.  A new
#: bundled scenario must add its sides here (the test below asks for them).
NUMBER = {
    "Army of the States": False,  # an army, of the States
    "Royal Army": False,
    "Austrian rearguard": False,
    "French advance guard": False,
    "Azurians": True,
    "Carminians": True,
    "Harrow's Mill garrison": False,
    "Penhallow's brigade": False,
    "Ashcombe's Division": False,
    "Division Lemoine": False,  # a division, named for its general
}


@pytest.mark.parametrize("path", bundled_scenarios(), ids=lambda p: p.stem)
def test_every_bundled_side_name_takes_the_verb_of_its_number(path: object) -> None:
    for side in load(path).sides:  # type: ignore[arg-type]
        assert side.name in NUMBER, f"{side.name!r}: say whether it is plural in NUMBER"
        plural = NUMBER[side.name]
        assert plural_name(side.name) is plural
        assert side_does(side.name, "wins") == f"{side.name} {'win' if plural else 'wins'}"
        assert its(side.name) == ("their" if plural else "its")


@pytest.mark.parametrize(("name", "plural"), [
    ("Reds", True), ("Blues", True), ("Red", False), ("The French", True),
    ("Prussians", True), ("The Crown", False), ("Corps Davout", False),
    ("Men of Harlech", True), ("Prince's Foot Guards", True), ("Portuguese", True),
    ("Duke of Atholl's Highlanders", True), ("The Swiss", True), ("Army of Flanders", False),
])
def test_the_head_noun_decides(name: str, plural: bool) -> None:
    assert plural_name(name) is plural


@pytest.mark.parametrize(("verb", "plural_form"), [
    ("wins", "win"), ("has", "have"), ("is", "are"), ("was", "were"), ("goes", "go"),
    ("occupies", "occupy"), ("passes", "pass"), ("reaches", "reach"), ("loses", "lose"),
    ("chooses", "choose"), ("moves", "move"),
])
def test_verbs_take_their_plural_form(verb: str, plural_form: str) -> None:
    assert verb_for("Azurians", verb) == plural_form
    assert verb_for("Royal Army", verb) == verb


def test_an_engine_text_agrees_with_the_plural_side_it_names() -> None:
    names = ["Azurians", "Royal Army"]
    assert agree_in("Azurians occupies Kiddle mill", names) == "Azurians occupy Kiddle mill"
    assert agree_in("Azurians ends its move", names) == "Azurians end their move"
    assert agree_in("Royal Army wins", names) == "Royal Army wins"
    # a unit named like the side is left alone when it is part of another name
    assert agree_in("Old Azurians wins", ["Old Azurians", "Azurians"]) == "Old Azurians win"
