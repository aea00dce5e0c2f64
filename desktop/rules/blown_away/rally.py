"""Rallying in Blown Away (seed 003; RULINGS): when running men may be
rallied and how many come back, and gunners walking back to their cannon."""

from __future__ import annotations

import math

from desktop.rules.blown_away.base import BlownAwayBase
from desktop.rules.blown_away.constants import (
    COMMANDER_NEXT_TO,
    GUN_RETURN,
    GUN_WALK,
    RALLY_SAFE,
    RALLY_THREAT,
    REJOIN_WHILE_RUNNING,
)
from desktop.rules.blown_away.men import rally_count
from desktop.rules.blown_away.state import Piece
from desktop.rules.engine import Event
from desktop.rules.notation import canonical_facing
from desktop.table.shapes import bearing, point_distance


class BlownAwayRally(BlownAwayBase):
    """Rallies and rejoins: their checks and carrying them out."""

    def rally_case(self, p: Piece) -> int:
        return 1 if p.ranks > 0 else 2

    def _check_rally(self, p: Piece) -> str | None:
        if p.eliminated:
            return f"{p.id} is no longer in the game"
        if p.running == 0:
            return f"{p.id} has no men running"
        fp = p.fp()
        enemies = self.formed(self.state.enemy(p.side))
        if p.ranks > 0:
            for e in enemies:
                if self._gap(e, p) <= RALLY_THREAT + 1e-9 and self._faces_piece(e, p):
                    return (f"{e.name or e.id} faces {p.id} from {RALLY_THREAT:g}\" or less")
            return None
        c = [c for c in self.state.commanders.values() if c.side == p.side]
        if not any(point_distance(x.pos, fp) <= COMMANDER_NEXT_TO + 1e-9 for x in c):
            return (f"a unit with no men in ranks rallies only with the commander next to it "
                    f"(within {COMMANDER_NEXT_TO:g}\")")
        for e in enemies:
            if self._gap(e, p) < RALLY_SAFE - 1e-9:
                return (f"its running men are less than {RALLY_SAFE:g}\" from "
                        f"{e.name or e.id}")
        return None

    def _check_rejoin(self, p: Piece) -> str | None:
        if not p.is_artillery or p.eliminated:
            return f"{p.id} has no cannon to walk back to"
        if p.ranks == 0:
            return f"{p.id} has no gunners in ranks: rally them first"
        if p.at_gun:
            return f"{p.id}'s gunners are at their cannon"
        if p.running > 0 and not REJOIN_WHILE_RUNNING:
            return f"{p.id} has men running"
        return None

    def _rally(self, p: Piece, ev: list[Event]) -> None:
        case = self.rally_case(p)
        n = p.men.rally(rally_count(p.men))
        text = f"{p.name or p.id} rallies {n} running {'man' if n == 1 else 'men'}"
        if case == 2 and p.gun is not None:
            if math.dist(p.pos, p.gun[:2]) <= GUN_RETURN + 1e-6:
                p.pos = (p.gun[0], p.gun[1])
                p.facing = p.gun[2]
                text += " and the gunners return to their cannon"
            else:
                text += "; the gunners must walk back to their cannon"
        ev.append(Event("rally", text, {"unit": p.id, "rallied": n, "case": case,
                                        "ranks": p.ranks, "running": p.running}))

    def _rejoin(self, p: Piece, ev: list[Event]) -> None:
        assert p.gun is not None
        gx, gy, gf = p.gun
        dist = math.dist(p.pos, (gx, gy))
        if dist <= GUN_WALK + 1e-6:
            p.pos = (gx, gy)
            p.facing = gf
            text = f"{p.name or p.id}'s gunners are back at their cannon"
        else:
            k = GUN_WALK / dist
            p.pos = (round(p.pos[0] + (gx - p.pos[0]) * k, 6),
                     round(p.pos[1] + (gy - p.pos[1]) * k, 6))
            p.facing = canonical_facing(round(bearing(p.pos, (gx, gy)), 6))
            text = (f"{p.name or p.id}'s gunners walk {GUN_WALK:g}\" towards their cannon "
                    f"({dist - GUN_WALK:.1f}\" to go)")
        ev.append(Event("rejoin", text, {"unit": p.id, "to": list(p.pos)}))
