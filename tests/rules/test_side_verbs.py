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
from desktop.scenario.wording import SIDE_VERBS, verb_for

#: Actions played in each game (enough for phases and turns to end).
ACTIONS = 150
#: Names a player might give the sides, plural nouns both.
PLURAL = ("Roundheads", "Carminians")
#: The verbs of SIDE_VERBS after one thing, by their plural form.
BASE = {verb_for("Roundheads", v): v for v in SIDE_VERBS} | {v: v for v in SIDE_VERBS}


def disagreements(text: str, names: list[str]) -> list[str]:
    """The places in `text` where a verb after one of the side `names` does not agree."""
    out = []
    for name in names:
        for m in re.finditer(r"(?<![\w'’])" + re.escape(name) + r" (\w+)\b", text):
            verb = BASE.get(m.group(1))
            if verb is not None and m.group(1) != verb_for(name, verb):
                out.append(m.group(0))
    return out


def renamed(s: Scenario, names: tuple[str, ...]) -> Scenario:
    sides = tuple(replace(side, name=n) for side, n in zip(s.sides, names, strict=False))
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


@pytest.mark.parametrize("path", bundled_scenarios(), ids=lambda p: p.stem)
@pytest.mark.parametrize("plural", [False, True], ids=["as-named", "plural-names"])
def test_verbs_after_side_names_agree(path: object, plural: bool) -> None:
    s = load(path)  # type: ignore[arg-type]
    if plural:
        s = renamed(s, PLURAL)
    names = [side.name for side in s.sides]
    texts = sentences(s)
    assert any(name in t for t in texts for name in names)  # the sides are named at all
    bad = [(t, disagreements(t, names)) for t in texts if disagreements(t, names)]
    assert not bad, bad[:5]
