"""Sides (issue 21): a scenario has exactly two sides, so a designer clears a side
or replaces it with a new empty one, and moves its baseline (docs/editor.md,
"Sides")."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.scenario import load
from desktop.scenario.edits.base import EditError
from desktop.scenario.edits.settings import set_ruleset_option
from desktop.scenario.edits.sides import clear_side, rename_side, replace_side
from desktop.scenario.edits.table import set_deployment_zone
from desktop.scenario.io import dumps, loads
from desktop.scenario.model import Scenario
from desktop.scenario.vocabulary import Edge

D3 = Path(__file__).resolve().parents[2] / "scenarios" / "d3_crossroads.yaml"


@pytest.fixture()
def s() -> Scenario:
    return load(D3)


def test_clear_side_takes_its_pieces_and_keeps_the_side(s: Scenario) -> None:
    out = clear_side(s, "fra")
    assert not out.side("fra").units and not out.side("fra").officers
    assert out.side("aus") == s.side("aus") and out.side("fra").name == s.side("fra").name
    with pytest.raises(EditError, match="no units or officers to clear"):
        clear_side(out, "fra")


def test_replace_side_puts_a_new_empty_side_in_its_part(s: Scenario) -> None:
    s = set_ruleset_option(s, "d3", "first_side", "fra")
    s = set_deployment_zone(s, "fra", [(0, 30), (48, 30), (48, 36), (0, 36)])
    out = replace_side(s, "fra", "Bavarian corps", "#3366cc")
    new = out.sides[1]
    assert (new.name, new.colour, new.units, new.officers) == ("Bavarian corps", "#3366cc", (), ())
    assert new.baseline is s.side("fra").baseline and new.id != "fra"
    assert "fra" not in {x.id for x in out.sides}
    # what named the old side names the new one
    assert out.ruleset_options["d3"]["first_side"] == new.id
    assert any(getattr(v, "side", None) == new.id for v in out.game.victory)
    assert not any(getattr(v, "side", None) == "fra" for v in out.game.victory)
    assert new.id not in out.game.deployment  # the hand-drawn zone went with the old side
    assert loads(dumps(out)) == out  # still a valid file


def test_replace_side_may_move_the_baseline(s: Scenario) -> None:
    out = replace_side(s, "aus", "Prussians", baseline=Edge.WEST)
    assert out.sides[0].baseline is Edge.WEST and out.sides[0].name == "Prussians"


def test_replace_side_needs_a_name(s: Scenario) -> None:
    with pytest.raises(EditError, match="needs a name"):
        replace_side(s, "aus", "  ")


def test_renaming_a_side_id_follows_into_ruleset_options(s: Scenario) -> None:
    s = set_ruleset_option(s, "d3", "first_side", "aus")
    out = rename_side(s, "aus", "austria")
    assert out.ruleset_options["d3"]["first_side"] == "austria"
