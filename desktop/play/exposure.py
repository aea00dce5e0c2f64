"""Who can hit whom next: pieces with an enemy inside their weapon's arc and range.

The score counts strength, ground and distance; none of those sees that a move
walks a unit into the front of an enemy battery, or round the flank of a line
that cannot turn to face it, until the shot is rolled -- which is beyond most
of the lines a search can afford.  This counts, for each side, its pieces that
have an enemy within one of their weapons' arcs (`PlayView.weapons`: the
ruleset's own ranges and arcs, the ones the window draws), so that facing the
enemy, keeping out of his arcs and taking him in the flank show in the score
at once.  A ruleset whose view draws no weapons gives nothing here.  It is off
by default (`Weights.threat`): counting arcs alone made the Veteran no better
(docs/opponent.md, eighth session).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from desktop.rules.view import PlayView
from desktop.rules.view_values import PieceInfo, Weapon


def covers(weapon: Weapon, x: float, y: float, reach: float) -> bool:
    """Whether a piece centred at (x, y), reaching `reach` beyond its centre, lies
    within `weapon`'s range and arc (facing 0 is up the table, angles clockwise,
    as `desktop.table.shapes.sector` draws it)."""
    ax, ay = weapon.apex
    dx, dy = x - ax, y - ay
    dist = math.hypot(dx, dy)
    if dist > weapon.range + reach:
        return False
    if weapon.half_angle >= 180.0 or dist <= reach:
        return True
    bearing = math.degrees(math.atan2(dx, -dy))
    off = abs((bearing - weapon.facing + 180.0) % 360.0 - 180.0)
    # the piece's own width widens the arc it can be caught in
    return off <= weapon.half_angle + math.degrees(math.asin(min(1.0, reach / dist)))


def _armed(view: PlayView, shooters: Sequence[PieceInfo],
           targets: Sequence[tuple[float, float, float]]) -> int:
    """How many of `shooters` have at least one of `targets` (x, y, reach) in reach."""
    n = 0
    for p in shooters:
        for w in view.weapons(p.id):
            if any(covers(w, x, y, r) for x, y, r in targets):
                n += 1
                break
    return n


def armed_balance(view: PlayView, side: str) -> int:
    """`side`'s pieces with an enemy in their arc and range, less the enemy's
    pieces with one of `side`'s in theirs (units only; officers neither shoot
    nor count as targets)."""
    own: list[PieceInfo] = []
    enemy: list[PieceInfo] = []
    for p in view.pieces().values():
        if p.present and not p.is_officer:
            (own if p.side == side else enemy).append(p)
    if not own or not enemy:
        return 0

    def spots(ps: Sequence[PieceInfo]) -> list[tuple[float, float, float]]:
        return [(p.x, p.y, max(p.frontage, p.depth) / 2) for p in ps]

    return _armed(view, own, spots(enemy)) - _armed(view, enemy, spots(own))
