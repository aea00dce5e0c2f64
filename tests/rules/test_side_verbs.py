"""Every sentence a person reads that puts a verb after a side's name agrees with
it, in every ruleset (issue 34, "Words": "Azurians wins", "Reds moves first").

Each bundled scenario is played a little at random, as given and with its sides
renamed to plural nouns; every action's words, every event in names, the
victory panel's state and the scenario's victory sentences are read.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from desktop.resources import bundled_scenarios
from desktop.rules import registry
from desktop.rules.randomplay import random_action
from desktop.rules.view import view_of
from desktop.scenario import Scenario, load
from desktop.scenario.describe import victory_sentences
from desktop.scenario.wording import SIDE_VERBS, plural_name, verb_for

#: Actions played in each game (enough for phases and turns to end).
ACTIONS = 150
#: Names a player might give the sides, plural nouns both.
PLURAL = ("Roundheads", "Carminians")
#: The verbs of SIDE_VERBS after one thing, by their plural form.
BASE = {verb_for("Roundheads", v): v for v in SIDE_VERBS} | {v: v for v in SIDE_VERBS}


#: Names whose guess reads wrongly, with the number their scenario says (a side's
#: `plural` field): "Anglo-Allied" is many, "Reds" here one body.
SAID = (("Anglo-Allied", True), ("Reds", False))


def disagreements(text: str, names: list[str],
                  said: dict[str, bool] | None = None) -> list[str]:
    """The places in `text` where a verb after one of the side `names` does not
    agree (`said`: the numbers the scenario gives, by name)."""
    out = []
    for name in names:
        # the number said, else the guess; the verb's forms from a name of each number
        plural = (said or {}).get(name, plural_name(name))
        for m in re.finditer(r"(?<![\w'’])" + re.escape(name) + r" (\w+)\b", text):
            verb = BASE.get(m.group(1))
            if verb is not None and m.group(1) != verb_for(PLURAL[0] if plural else "Army", verb):
                out.append(m.group(0))
    return out


def renamed(s: Scenario, names: tuple[str, ...],
            plural: tuple[bool | None, ...] = (None, None)) -> Scenario:
    sides = tuple(replace(side, name=n, plural=p)
                  for side, n, p in zip(s.sides, names, plural, strict=False))
    return replace(s, sides=sides + s.sides[len(sides):])


def sentences(s: Scenario) -> list[str]:
    """What a person reads of a short random game on `s`."""
    game = registry.get(s.ruleset).new_game(s, seed=3)
    view = view_of(game)
    rng = random.Random(3)
    out = list(victory_sentences(s))
    for _ in range(ACTIONS):
        if game.outcome is not None:
            break
        action = random_action(game, rng, end_bias=0.4)
        out.append(view.describe(action))
        game.apply(action)
    out += [view.names_in(e.text) for e in game.events]  # the game's first events too
    state = view.victory()
    if state is not None:
        out.append(state.verdict)
        out += [f"{g.text}. {g.progress}. {g.achieved}." for g in state.goals]
    if game.outcome is not None:
        out.append(view.names_in(game.outcome.reason))
    return out


def test_the_check_finds_a_verb_that_does_not_agree() -> None:
    assert disagreements("Azurians wins; Royal Army wins", ["Azurians", "Royal Army"]) == [
        "Azurians wins"]
    assert disagreements("Royal Army win", ["Royal Army"]) == ["Royal Army win"]


def test_the_check_follows_the_number_a_scenario_says() -> None:
    said = dict(SAID)
    assert disagreements("Anglo-Allied wins; Reds wins", ["Anglo-Allied", "Reds"], said) == [
        "Anglo-Allied wins"]
    assert disagreements("Anglo-Allied win; Reds win", ["Anglo-Allied", "Reds"], said) == [
        "Reds win"]


@pytest.mark.parametrize("path", bundled_scenarios(), ids=lambda p: p.stem)
@pytest.mark.parametrize("names", ["as-named", "plural-names", "said"])
def test_verbs_after_side_names_agree(path: object, names: str) -> None:
    """"said": names the guess reads wrongly, with the number the scenario
    gives them (their `plural` field), which every sentence follows."""
    s = load(path)  # type: ignore[arg-type]
    if names == "plural-names":
        s = renamed(s, PLURAL)
    elif names == "said":
        s = renamed(s, tuple(n for n, _ in SAID), tuple(p for _, p in SAID))
    named = [side.name for side in s.sides]
    said = {side.name: side.plural for side in s.sides if side.plural is not None}
    texts = sentences(s)
    assert any(name in t for t in texts for name in named)  # the sides are named at all
    bad = [(t, disagreements(t, named, said)) for t in texts if disagreements(t, named, said)]
    assert not bad, bad[:5]
