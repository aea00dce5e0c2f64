"""Long-range artillery in Blown Away: who may fire at whom (range, the
bore's arc, cannonballs, cover), the line of sight, kept per placement of the
gun, its target and the units between, and a shot carried out."""

from __future__ import annotations

import math

from desktop.rules.blown_away.constants import (
    ARTILLERY_MAX_RANGE,
    ARTILLERY_MIN_RANGE,
    BLOCKS_SIGHT,
    BORE_HALF_ANGLE,
    COST_OPEN,
    COST_WALL,
    COST_WORKS,
    SHOTS_PER_TURN,
)
from desktop.rules.blown_away.losses import BlownAwayLosses
from desktop.rules.blown_away.sight import Line, Span, aim_lines, any_clear, ground_blocks, span
from desktop.rules.blown_away.state import _EPOCH, _MISSING, Piece
from desktop.rules.engine import Event
from desktop.table.shapes import arc_part_coords, nearest_on_convex, point_distance
from desktop.table.sight import Sight, sight_reasons

#: Slack (inches) around the box in which a unit may block a line of sight.
SIGHT_BOX_MARGIN = 1e-6


class BlownAwayFire(BlownAwayLosses):
    """Artillery fire: its checks, sight and the shot."""

    def _why_no_fire(self, g: Piece) -> str | None:
        if not g.is_artillery:
            return f"{g.id} is not artillery"
        if g.ranks == 0 or g.eliminated:
            return f"{g.id} has no gunner in ranks"
        if not g.at_gun:
            return f"{g.id}'s gunners are away from their cannon"
        if self.is_engaged(g.id):
            return f"{g.id} is engaged in combat"
        if g.shots >= self.shots_per_turn(g):
            if g.guns > 1:
                return f"all {g.guns} guns of {g.id} have fired this turn"
            return f"{g.id} has fired this turn"
        if g.markers <= 0:
            return f"{g.id} has no cannonballs left"
        return None

    @staticmethod
    def shots_per_turn(g: Piece) -> int:
        """Issue 17 (seed 003 "Each artillery piece gets 4 cannon balls"; docs/rulings.md):
        every gun of a battery fires once in its side's turn."""
        return SHOTS_PER_TURN * max(g.guns, 1)

    def shot_cost(self, g: Piece, t: Piece) -> int:
        c = self._cover_from(t, g, True)
        return COST_WORKS if c == "works" else COST_WALL if c == "wall" else COST_OPEN

    def _check_fire(self, g: Piece, t: Piece) -> str | None:
        if t.ranks == 0 or t.eliminated:
            return f"{t.id} has no men in ranks"
        key = ("fire", g.stamp, t.stamp)
        why = self._memo_get(key)
        if why is _MISSING:
            why = self._fire_geometry(g, t)
            self._memo_put(key, why)
        if why is not None:
            return why  # type: ignore[return-value]
        if not self.sees(g, t):
            return f"{g.id} has no clear line of sight to {t.id}"
        cost = self.shot_cost(g, t)
        if g.markers < cost:
            return f"the shot costs {cost} cannonballs; {g.id} has {g.markers}"
        return None

    def _fire_geometry(self, g: Piece, t: Piece) -> str | None:
        """Range and bore arc of `g` firing at `t` (theirs alone: sight is asked after)."""
        apex = g.front_centre()
        if math.dist(apex, t.pos) - t.radius > ARTILLERY_MAX_RANGE:
            return f"{t.id} is beyond {ARTILLERY_MAX_RANGE:g}\""
        tc = t.corners()
        # Plain arithmetic first; shapely's own figure where it is within a hair
        # of a limit (or printed), so every verdict is the one shapely gives.
        dist = nearest_on_convex(apex, tc)[1]
        if min(abs(dist - ARTILLERY_MIN_RANGE), abs(dist - ARTILLERY_MAX_RANGE)) < 1e-6 or \
                dist > ARTILLERY_MAX_RANGE:
            dist = point_distance(apex, t.fp())
        if dist < ARTILLERY_MIN_RANGE - 1e-9:
            return f"{t.id} is closer than {ARTILLERY_MIN_RANGE:g}\""
        if dist > ARTILLERY_MAX_RANGE + 1e-9:
            return f"{t.id} is {dist:.1f}\" away, beyond {ARTILLERY_MAX_RANGE:g}\""
        # in_arc(apex, ..., t.fp()) in plain arithmetic on the same corners (the
        # distance test it starts with has just been passed)
        if arc_part_coords(apex, g.facing, BORE_HALF_ANGLE, ARTILLERY_MAX_RANGE, tc) is None:
            return f"{t.id} is not within {BORE_HALF_ANGLE:g} degrees of the bore"
        return None

    def _sight_key(self, g: Piece, t: Piece) -> tuple[object, ...]:
        """Names everything sight from `g` to `t` depends on: their placements and
        those of the units inside the box around `g`'s front centre and `t` (no
        line between them can cross a base outside it).  Kept per position: a
        list of guns and targets asks it for every pair, then again per shot."""
        return self._sight_near(g, t)[0]

    def _sight_near(self, g: Piece, t: Piece) -> tuple[tuple[object, ...], list[Piece]]:
        """`_sight_key`, and the units it names."""
        epoch, boxes, keys = self._sights
        if epoch != _EPOCH[0]:
            boxes = [(q, q.stamp, *q.box()) for q in self.state.pieces.values()
                     if not q.eliminated]
            keys = {}
            self._sights = (_EPOCH[0], boxes, keys)
        gs, ts = g.stamp, t.stamp
        got = keys.get((gs, ts))
        if got is not None:
            return got
        ax, ay = g.front_centre()
        x0, y0, x1, y1 = t.box()
        x0, y0 = min(x0, ax) - SIGHT_BOX_MARGIN, min(y0, ay) - SIGHT_BOX_MARGIN
        x1, y1 = max(x1, ax) + SIGHT_BOX_MARGIN, max(y1, ay) + SIGHT_BOX_MARGIN
        near = [q for q, s, bx0, by0, bx1, by1 in boxes
                if bx0 <= x1 and bx1 >= x0 and by0 <= y1 and by1 >= y0 and s != gs and s != ts]
        got = keys[(gs, ts)] = (("sight", gs, ts, tuple([q.stamp for q in near])), near)
        return got

    def _ground_lines(self, g: Piece, t: Piece) -> tuple[list[Line], list[bool],
                                                          list[Line], list[bool]]:
        """The sight lines from `g`'s front centre to `t` (first the nearest point
        and the centre, then the corners) and which of them the ground blocks:
        they depend on the two placements alone, so they are kept by their stamps
        while the units between come and go."""
        key = ("ground", g.stamp, t.stamp)
        got = self._memo_get(key)
        if got is _MISSING:
            first, corners = aim_lines(g.front_centre(), t.corners())
            exempt = frozenset(self._hits(g)) | frozenset(self._hits(t))
            blocked = ground_blocks(first + corners, self.terrain, BLOCKS_SIGHT, exempt)
            got = (first, blocked[:2], corners, blocked[2:])
            self._memo_put(key, got)
        return got  # type: ignore[return-value]

    def sees(self, g: Piece, t: Piece) -> bool:
        """Sight from `g`'s front centre to any part of `t`, past every other unit
        on the table; the features either stands in do not block it (the verdict
        of `desktop.table.sight.line_of_sight`, worked out as `blown_away.sight`
        says).  Kept by the placements of the two and of the units between."""
        key, near = self._sight_near(g, t)
        got = self._memo_get(key)
        if got is _MISSING:
            first, ground_first, corners, ground_corners = self._ground_lines(g, t)
            bases = [self._span(q) for q in near]
            got = any_clear(first, ground_first, bases) or \
                any_clear(corners, ground_corners, bases)
            self._memo_put(key, got)
        return got  # type: ignore[return-value]

    def _span(self, q: Piece) -> Span:
        """`q`'s base ready for the sight test (kept per placement)."""
        key = ("span", q.stamp)
        got = self._memo_get(key)
        if got is _MISSING:
            got = span(q.corners())
            self._memo_put(key, got)
        return got  # type: ignore[return-value]

    def sight_of(self, g: Piece, t: Piece, names: dict[str, str] | None = None) -> Sight:
        """`sees` with its reasons: the lines tried and what blocks each, by name
        (desktop.table.sight); its verdict is `sees`'s."""
        seen = self.sees(g, t)
        got = sight_reasons(g.front_centre(), t.fp(), self.terrain, BLOCKS_SIGHT,
                            [(q.id, q.fp()) for q in self.units()], exclude=(g.id, t.id),
                            exempt_features=set(self._hits(g)) | set(self._hits(t)),
                            names=names)
        return got if got.clear == seen else Sight(seen, got.lines)

    def _fire(self, g: Piece, t: Piece, ev: list[Event]) -> None:
        cost = self.shot_cost(g, t)
        g.markers -= cost
        g.shots += 1
        engaged = self.is_engaged(t.id)
        who = t.men.kill(engaged)
        ev.append(Event("shot", f"{g.name or g.id} fires ({cost} cannonball"
                                f"{'' if cost == 1 else 's'}, {g.markers} left): one "
                                f"{who} of {t.name or t.id} is killed",
                        {"gun": g.id, "target": t.id, "cost": cost, "markers": g.markers,
                         "killed": who, "engaged": engaged}))
        if t.ranks == 0:
            self.state.engaged = {pr for pr in self.state.engaged if t.id not in pr}
            if t.running == 0:
                self._eliminate(t, f"{t.name or t.id} has no men left", ev)
