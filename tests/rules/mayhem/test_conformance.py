"""Muskets & Mayhem's options through the conformance harness (issue 3, "Done means").

The shared harness (tests/rules/test_conformance.py) plays the bundled village
and tests/rules/mayhem/data/skirmish.yaml with the default options; these
games play in centimetres with option B (the melee loser removed), with the
same checks after every action (state, every listed action, notation, clones,
record).  More games: `python -m tests.rules.conformance --ruleset mayhem --deep`.
"""

from __future__ import annotations

import pytest

from desktop.scenario import load
from tests.rules import conformance

SKIRMISH = conformance.HERE / "mayhem" / "data" / "skirmish.yaml"


@pytest.mark.parametrize("seed", range(3))
def test_random_games_in_centimetres_with_option_b(seed: int) -> None:
    game, _ = conformance.play("mayhem", "mayhem/skirmish.yaml", load(SKIRMISH), 100 + seed,
                               deep=True, options={"measure": "cm", "melee_loser": "removed"})
    assert game.options["measure"] == "cm" and game.options["melee_loser"] == "removed"
    assert game.phase == "over" and game.side is None
    conformance.check_replay(game)
