"""Blown Away action notation round-trips (docs/engine.md, "Actions")."""

from __future__ import annotations

import pytest

from desktop.rules import registry
from desktop.rules.blown_away.actions import Combat, End, Fire, Form, Move, Rally, Rejoin
from desktop.rules.engine import NotationError
from desktop.scenario.vocabulary import Formation

ACTIONS = [Move("b1", (12.5, 30.0), 45.0), Form("b1", Formation.COLUMN, 270.0), Rally("b1"),
           Rejoin("g1"), Fire("g1", "r1"), Combat("b1", "r1"), End()]


@pytest.mark.parametrize("action", ACTIONS, ids=[a.text() for a in ACTIONS])
def test_every_action_reads_back_as_itself(action: object) -> None:
    rs = registry.get("blown_away")
    assert isinstance(action, (Move, Form, Rally, Rejoin, Fire, Combat, End))
    assert rs.parse_action(action.text()) == action


def test_notation_is_canonical_and_errors_are_plain() -> None:
    rs = registry.get("blown_away")
    assert rs.parse_action("move b1 12.50,30 405").text() == "move b1 12.5,30 45"
    with pytest.raises(NotationError, match="should read"):
        rs.parse_action("combat b1")
    with pytest.raises(NotationError, match="not a formation"):
        rs.parse_action("form b1 wedge 0")
    with pytest.raises(NotationError, match="not a Blown Away action"):
        rs.parse_action("charge b1 r1")
