"""How many dice a Tactical Dice unit throws, and which face hits (seed 001,
"Firing", "Close Combat"; RULINGS.md): troop quality less Flags and half
Combat Value, with the ground's and a General's dice, for fire, defensive
fire and close combat.
"""

from __future__ import annotations

from desktop.rules.tactical import constants as C
from desktop.rules.tactical.base import TacticalBase
from desktop.rules.tactical.constants import Face
from desktop.rules.tactical.grid import Square, king_distance
from desktop.rules.tactical.state import ACTIVE, UNLIMBERED, TUnit
from desktop.scenario.vocabulary import ARTILLERY, UnitType


class TacticalCounts(TacticalBase):
    """Dice counts and the face that hits."""

    def base_modifiers(self, u: TUnit) -> int:
        m = 0
        if u.half_cv:
            m += C.HALF_CV_DICE
        if u.flags_turn > 0:
            m += C.FLAGGED_DICE
        return m

    def fire_dice(self, u: TUnit, t: TUnit) -> int:
        """Tactical Dice `u` throws firing at `t` (skirmish fire: one die)."""
        if u.status != ACTIVE:
            return 0
        base = C.SKIRMISH_DICE if self.is_skirmisher(u) else u.q
        n = base + self.base_modifiers(u)
        if self.board.area(t.sq) == C.TOWN:
            floor = C.MIN_DICE
            if n > 0 and self.is_skirmisher(u) and self.is_skirmisher(t):
                floor = C.BUA_SKIRMISH_MIN_DICE  # seed: they may skirmish inside a BUA
            n = max(floor, n + C.BUA_FIRE_DICE)
        return max(C.MIN_DICE, n)

    def fire_dice_reply(self, t: TUnit) -> int:
        """Dice for defensive fire: troop quality (one for skirmishers) less Flags and
        half CV; limbered guns cannot reply."""
        if t.status != ACTIVE or (t.type in ARTILLERY and t.formation != UNLIMBERED):
            return 0
        base = C.SKIRMISH_DICE if self.is_skirmisher(t) else t.q
        return max(C.MIN_DICE, base + self.base_modifiers(t))

    def combat_dice(self, u: TUnit, t: TUnit, from_sq: Square, attacking: bool) -> int:
        """Close combat dice: Q, +1 with a General, less Flags, half CV and terrain."""
        if u.status != ACTIVE:
            return 0
        n = u.q + self.base_modifiers(u)
        if self.general_with(u) is not None and u.type is not UnitType.FOOT_ARTILLERY \
                and u.type is not UnitType.HORSE_ARTILLERY:
            n += C.GENERAL_COMBAT_DICE
        if attacking:
            if self.board.area(t.sq) == C.CROPS:
                n += C.CROPS_COMBAT_DICE
            if self.board.barrier_between(from_sq, t.sq):
                n += C.FENCE_COMBAT_DICE
        return max(C.MIN_DICE, n)

    def hit_face(self, u: TUnit, t: TUnit) -> Face:
        """Which face hits when `u` fires at `t` (by context, RULINGS and seed)."""
        dist = king_distance(u.sq, t.sq)
        face = Face.TARGET
        if self.is_skirmisher(u):
            face = Face.FIRE if self.is_skirmisher(t) else Face.TARGET
        elif u.type in ARTILLERY:
            face = Face.TARGET if dist <= C.CANISTER_RANGE[u.type] else Face.FIRE
        if self.is_skirmisher(t) and C.SKIRMISHERS_HIT_BY_FIRE_ONLY:
            face = Face.FIRE
        if self.behind_barrier(u.sq, t.sq):
            face = Face.FIRE
        return face

    def behind_barrier(self, shooter: Square, target: Square) -> bool:
        """Ruling: the line of fire crosses a fence or wall running through the target's square."""
        return self.board.terrain[target].barrier and self.board.barrier_between(shooter, target)
