"""What D3's dice mean (seed 002: "Activation Test", "Shooting",
"Hand-to-Hand Combat"): pure functions of the rolls and the circumstances,
shared by the game that rolls them and the odds that enumerate them.
"""

from __future__ import annotations

from desktop.rules.d3 import rules as R
from desktop.table.shapes import Aspect


def activation_passes(d6: int, hits: int) -> bool:
    return d6 * R.ACTIVATION_MULTIPLIER > hits


def shooting_hits(d3: int, modifier: int, cover: bool) -> int:
    return max(0, d3 + modifier + (R.COVER_MODIFIER if cover else 0))


def charge_hits(d3: int, on_hill: bool, defender_cavalry: bool, side_on: Aspect) -> int:
    hits = d3 + R.CHARGE_BONUS
    if on_hill:
        hits += R.HILL_DEFENDER_MODIFIER
    if defender_cavalry:
        hits += R.CAVALRY_DEFENDER_MODIFIER
    hits = max(0, hits)
    if side_on is not Aspect.FRONT:
        hits *= R.FLANK_REAR_MULTIPLIER
    return hits
