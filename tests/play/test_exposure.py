"""Who can hit whom next (desktop.play.exposure), the score's threat term.

Issue 23: the Veteran must see what a move exposes to the enemy's next fire;
the arcs and ranges are the ones each ruleset's play view draws (`weapons`).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import cast

import pytest

from desktop.play.exposure import armed_balance, covers
from desktop.play.opponent import Weights, score, steady_action
from desktop.rules import registry
from desktop.rules.view import PlayView, view_of
from desktop.rules.view_values import PieceInfo, Weapon
from tests.play.bundled import first_bundled

# Facing 0 is up the table (y falling), angles clockwise, as the overlay draws it.
NORTH = Weapon("musket", (10.0, 10.0), 0.0, 45.0, 6.0)


def test_a_target_straight_ahead_and_in_range_is_covered() -> None:
    assert covers(NORTH, 10.0, 5.0, 0.0)


def test_a_target_out_of_range_is_not() -> None:
    assert not covers(NORTH, 10.0, 3.0, 0.0)
    assert covers(NORTH, 10.0, 3.0, 1.5)  # its near edge is in range


def test_a_target_behind_or_beside_is_not_covered() -> None:
    assert not covers(NORTH, 10.0, 14.0, 0.0)  # behind
    assert not covers(NORTH, 15.0, 9.0, 0.0)  # off to the right, outside 45 degrees


def test_facing_is_clockwise_from_up_the_table() -> None:
    east = Weapon("gun", (10.0, 10.0), 90.0, 10.0, 20.0)
    assert covers(east, 25.0, 10.0, 0.0)
    assert not covers(east, -5.0, 10.0, 0.0)


def test_a_wide_target_is_caught_by_its_edge() -> None:
    # 50 degrees off the facing at 5 inches: outside a 45 degree arc for a point,
    # inside it for a piece reaching 1 inch beyond its centre.
    x, y = 10.0 + 5 * math.sin(math.radians(50)), 10.0 - 5 * math.cos(math.radians(50))
    assert not covers(NORTH, x, y, 0.0)
    assert covers(NORTH, x, y, 1.0)


def test_an_all_round_weapon_covers_every_bearing() -> None:
    square = Weapon("square", (0.0, 0.0), 0.0, 180.0, 5.0)
    assert all(covers(square, x, y, 0.0) for x, y in [(0, -4), (4, 0), (0, 4), (-4, 0)])


def _piece(pid: str, side: str, x: float, y: float, facing: float,
           kind: str = "unit") -> PieceInfo:
    return PieceInfo(pid, side, kind, "line_infantry", x, y, facing, 2.0, 1.0, "active")


@dataclass
class _View:
    """Just the two queries the threat term reads."""

    table: dict[str, PieceInfo]
    arcs: dict[str, list[Weapon]] = field(default_factory=dict)

    def pieces(self) -> dict[str, PieceInfo]:
        return self.table

    def weapons(self, pid: str) -> list[Weapon]:
        p = self.table[pid]
        return [Weapon("musket", (p.x, p.y), p.facing, 45.0, 6.0)]


def _balance(pieces: list[PieceInfo], side: str = "a") -> int:
    return armed_balance(cast(PlayView, _View({p.id: p for p in pieces})), side)


def test_facing_an_enemy_who_faces_away_counts_for_the_side() -> None:
    a = _piece("a1", "a", 10, 10, 0.0)  # faces up the table at b1
    b = _piece("b1", "b", 10, 5, 0.0)  # faces away from a1
    assert _balance([a, b]) == 1
    assert _balance([a, b], side="b") == -1


def test_two_lines_face_to_face_cancel_out() -> None:
    assert _balance([_piece("a1", "a", 10, 10, 0.0), _piece("b1", "b", 10, 5, 180.0)]) == 0


def test_a_piece_counts_once_however_many_it_could_hit() -> None:
    a = _piece("a1", "a", 10, 10, 0.0)
    bs = [_piece(f"b{i}", "b", 9 + i, 5, 90.0) for i in range(3)]
    assert _balance([a, *bs]) == 1


def test_officers_neither_shoot_nor_are_shot() -> None:
    a = _piece("a1", "a", 10, 10, 0.0, kind="officer")
    b = _piece("b1", "b", 10, 5, 0.0)
    assert _balance([a, b]) == 0


@pytest.mark.parametrize("ruleset_id", ["d3", "mayhem", "blown_away", "kiddies"])
def test_the_threat_weight_moves_the_score_by_the_balance(ruleset_id: str) -> None:
    game = registry.get(ruleset_id).new_game(first_bundled(ruleset_id), seed=4)
    rng = random.Random(4)
    side = game.side
    assert side is not None
    for _ in range(300):  # Steady play until some piece has an enemy in its arc
        if armed_balance(view_of(game), side) != 0 or game.outcome is not None:
            break
        game.apply(steady_action(game, rng))
        side = game.side or side
    balance = armed_balance(view_of(game), side)
    assert balance != 0  # (else the comparison below could not fail)
    plain = score(game, side, Weights())
    assert score(game, side, Weights(threat=3.0)) == pytest.approx(plain + 3.0 * balance)
