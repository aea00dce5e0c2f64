"""Fire in Muskets & Mayhem: who may fire in which fire phase, at whom
(range, front arc, sight: seed 004, "Fire"; docs/rulings.md), the dice it
rolls, the casualties applied at the phase's end, and the exact odds."""

from __future__ import annotations

import math

from desktop.rules.engine import Event
from desktop.rules.mayhem import combat
from desktop.rules.mayhem.base import ARTILLERY_FIRE, MOVING_FIRE, STATIONARY_FIRE
from desktop.rules.mayhem.constants import (
    ARTILLERY_CLOSE_RANGE,
    ARTILLERY_LONG_RANGE,
    MUSKET_RANGE,
    fire_move_allowance,
)
from desktop.rules.mayhem.geometry import BLOCKS_SIGHT, FRONT_ARC, corners_of, front_centre
from desktop.rules.mayhem.losses import MayhemLosses
from desktop.rules.mayhem.odds import FireOdds, fire_odds
from desktop.rules.mayhem.position import MayhemPositions
from desktop.rules.mayhem.state import Piece
from desktop.rules.mayhem.words import count, dice_words
from desktop.scenario.model import Point
from desktop.scenario.vocabulary import Formation
from desktop.table.shapes import arc_part_coords, nearest_on_convex
from desktop.table.sight import Obstacles, Sight, SightRequest, line_of_sight_many, sight_reasons


class MayhemFire(MayhemPositions, MayhemLosses):
    """Targets, sight, fire and its casualties."""

    #: Every active unit's base indexed for sight, with the places it was built for.
    _sight_cache: tuple[tuple[object, ...], Obstacles] | None

    def can_fire_now(self, u: Piece, phase: str) -> bool:
        """Whether `u` fires in fire phase `phase` at all (targets aside)."""
        if not u.active or u.engaged is not None or u.fired:
            return False
        if combat.fire_dice(u.type, u.figures) <= 0:
            return False
        limit = fire_move_allowance(u.type, u.formation)
        if limit is None:
            return False
        if u.is_artillery:
            return phase == ARTILLERY_FIRE and not u.reformed
        if phase == STATIONARY_FIRE:
            return u.moved is None
        if phase == MOVING_FIRE:
            return u.moved is not None and u.moved <= self.units_of_measure(limit) + 1e-9
        return False

    def fire_range(self, u: Piece) -> float:
        return self.units_of_measure(ARTILLERY_LONG_RANGE if u.is_artillery else MUSKET_RANGE)

    def targets_of(self, u: Piece) -> list[str]:
        """Enemy units `u` could fire at: in range, in its arc, in sight, not in melee.

        Remembered per arrangement of units (never carried over to the next:
        a line of sight can run past any unit on the table); the steady player's
        copies that end the movement phase ask it again and again."""
        sights = self._position().sights
        got = sights.get(u.id)
        if got is None:
            got = sights[u.id] = tuple(self._targets_of(u))
        return list(got)

    def _targets_of(self, u: Piece) -> list[str]:
        rng = self.fire_range(u)
        uf = u.foot()
        ufp = uf.poly
        eye = self.eye(u)
        all_round = u.formation is Formation.SQUARE
        found: list[Piece] = []
        # Bases whose centres are further apart than range and both reaches
        # (with room for rounding) are out of range without asking shapely.
        beyond = rng + 1e-9 + 1e-6 + uf.reach
        ux, uy = u.position
        for t in self.active_units(self.state.enemy(u.side)):
            if t.engaged is not None:
                continue
            tf = t.foot()
            if math.hypot(t.position[0] - ux, t.position[1] - uy) - tf.reach > beyond:
                continue
            tfp = tf.poly
            if ufp.distance(tfp) > rng + 1e-9:
                continue
            if not all_round and arc_part_coords(eye, u.facing, FRONT_ARC, rng + 50.0,
                                                 t.foot().corners) is None:
                continue
            found.append(t)
        if not found:
            return []
        reqs = [self._sight_request(u, t, eye) for t in found]
        seen = line_of_sight_many(reqs, self.terrain, BLOCKS_SIGHT, self._obstacles())
        return [t.id for t, ok in zip(found, seen, strict=True) if ok]

    def eye(self, u: Piece) -> Point:
        """Where `u` sees and fires from: its front centre (a square: its centre)."""
        if u.formation is Formation.SQUARE:
            return u.position
        return front_centre(u.position, u.size, u.facing)

    def _sight_request(self, u: Piece, t: Piece, eye: Point) -> SightRequest:
        """docs/rulings.md, M&M "Fire": lines to the target's nearest point and
        its centre (no corners), not through other units or sight-blocking
        ground the two do not stand in."""
        tf = t.foot()
        tfp = tf.poly
        verts = tuple(tf.corners)
        near_pt, _ = nearest_on_convex(eye, verts)
        return SightRequest(eye, verts, (u.id, t.id),
                            self.ground.sight_exempt((u.footprint(), tfp)),
                            (near_pt, t.position), corners=False)

    def _obstacles(self) -> Obstacles:
        """Every active unit's base, indexed for sight (rebuilt when one moves)."""
        us = self.active_units()
        key = tuple((o.id, o.position, o.facing, o.formation) for o in us)
        if self._sight_cache is None or self._sight_cache[0] != key:
            feet = [o.foot() for o in us]
            self._sight_cache = (key, Obstacles([f.poly for f in feet], [o.id for o in us],
                                                [f.corners for f in feet]))
        return self._sight_cache[1]

    def sight(self, u: Piece, t: Piece, eye: Point, others: list[Piece]) -> bool:
        """Can `u`, looking from `eye`, see `t` past `others`?"""
        fps = [o.footprint() for o in others]
        obstacles = Obstacles(fps, [o.id for o in others], [corners_of(fp) for fp in fps]) \
            if others else None
        return line_of_sight_many([self._sight_request(u, t, eye)], self.terrain,
                                  BLOCKS_SIGHT, obstacles)[0]

    def sight_of(self, u: Piece, t: Piece, names: dict[str, str] | None = None) -> Sight:
        """Sight from `u` to `t` with the reasons (what blocks each line, by
        name) through desktop.table.sight; its verdict is the one targets_of
        gives."""
        eye = self.eye(u)
        seen = line_of_sight_many([self._sight_request(u, t, eye)], self.terrain,
                                  BLOCKS_SIGHT, self._obstacles())[0]
        bases = [(o.id, o.footprint()) for o in self.active_units()]
        got = sight_reasons(eye, t.footprint(), self.terrain, BLOCKS_SIGHT, bases,
                            exclude=(u.id, t.id),
                            exempt_features=self.ground.sight_exempt(
                                (u.footprint(), t.footprint())),
                            names=names, corners=False)
        return got if got.clear == seen else Sight(seen, got.lines)

    def _why_not_fire(self, u: Piece) -> str:
        if u.engaged is not None:
            return "it is in melee"
        if u.fired or u.done:
            return "it has already fired or held"
        if combat.fire_dice(u.type, u.figures) <= 0:
            return "too few figures to throw a fire die"
        if fire_move_allowance(u.type, u.formation) is None:
            return f"a unit in {u.formation.value} does not fire"
        if u.is_artillery:
            return "guns fire in the artillery phase, not on the turn they limber or unlimber"
        if u.moved is None:
            return "it stood still, so it fires in the stationary phase"
        return "it moved, so it fires in the moving phase, and only if it moved little enough"

    def _why_not_target(self, u: Piece, tid: str) -> str:
        t = self.state.units.get(tid)
        if t is None:
            return f"there is no unit '{tid}'"
        if t.side == u.side:
            return "it is a friend"
        if not t.active:
            return f"it is {t.status}"
        if t.engaged is not None:
            return "it is in melee"
        if u.footprint().distance(t.footprint()) > self.fire_range(u):
            return f"it is beyond {self.fire_range(u):g}\""
        return "it is out of the front arc or out of sight"

    # -- fire ------------------------------------------------------------------------

    def _fire_numbers(self, u: Piece, t: Piece) -> tuple[int, int, int, bool]:
        dice = combat.fire_dice(u.type, u.figures)
        # Seed 004, "To Hit Numbers": morale alone sets the number; the range
        # penalty is an off-by-default house rule.
        long_range = (self.long_range_penalty and u.is_artillery
                      and u.footprint().distance(t.footprint())
                      > self.units_of_measure(ARTILLERY_CLOSE_RANGE) + 1e-9)
        need = combat.hit_number(u.morale, long_range)
        save = combat.save_number(t.quality, self.in_defences(t))
        return dice, need, save, self.commander_of(t) is not None

    def fire_numbers(self, unit: str, target: str) -> tuple[int, int, int, bool]:
        """Dice, the number to hit, the target's save and whether a commander
        with the target cancels a hit: what `unit` firing at `target` rolls."""
        return self._fire_numbers(self.state.units[unit], self.state.units[target])

    def _fire(self, u: Piece, t: Piece, ev: list[Event]) -> None:
        dice, need, save, cmd = self._fire_numbers(u, t)
        res = combat.resolve_fire(self.chance.d6, dice, need, save, cmd,
                                  f"{u.id} fires at {t.id}")
        u.done = u.fired = True
        t.pending += res.casualties
        self._fire_event(u, t, res, ev, f"{self.state.phase} fire")

    def _fire_event(self, u: Piece, t: Piece, res: combat.FireResult, ev: list[Event],
                    what: str) -> None:
        ev.append(Event(
            "fire",
            f"{u.id} fires at {t.id} ({what}): {count(len(res.rolls), 'die', 'dice')} "
            f"needing {res.need}+ show {dice_words(res.rolls)}, {count(res.hits, 'hit')}"
            + (f", {res.saved} saved" if res.hits else "")
            + (f", {res.cancelled} taken off by the commander" if res.cancelled else "")
            + f": {count(res.casualties, 'casualty', 'casualties')}",
            {"unit": u.id, "target": t.id, "rolls": list(res.rolls), "need": res.need,
             "saves": list(res.saves), "save_need": res.save_need, "hits": res.hits,
             "saved": res.saved, "cancelled": res.cancelled, "casualties": res.casualties},
        ))

    def _end_fire_phase(self, phase: str, ev: list[Event]) -> None:
        for u in self.active_units():
            if u.pending:
                n, u.pending = u.pending, 0
                self._take_casualties(u, n, ev)

    def fire_odds(self, unit: str, target: str) -> FireOdds:
        """Exact odds of `unit` firing at `target` now (this resolution alone)."""
        u, t = self.state.units[unit], self.state.units[target]
        dice, need, save, cmd = self._fire_numbers(u, t)
        check = combat.check_number(t.quality, self.in_defences(t))
        return fire_odds(dice, need, save, check, t.figures - t.pending,
                         t.casualties + t.pending, t.morale, cmd)
