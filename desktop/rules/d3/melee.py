"""Hand-to-hand combat and unit elimination, D3's automatic phases at the end
of each player turn (seed 002 "Hand-to-Hand Combat", "Unit Elimination"):
each charge is resolved, the attacker falls back if the defender survives,
and units with nine hits or more leave the table."""

from __future__ import annotations

from desktop.rules.d3 import rules as R
from desktop.rules.d3.dice import charge_hits
from desktop.rules.d3.orders import D3Orders
from desktop.rules.d3.pieces import ELIMINATED, Piece
from desktop.rules.d3.words import count, inches
from desktop.rules.engine import Event
from desktop.scenario.vocabulary import UnitType
from desktop.table.shapes import Aspect, aspect, bearing, forward


class D3Melee(D3Orders):
    """Charges resolved, falls back, eliminations."""

    def _hand_to_hand(self, ev: list[Event]) -> None:
        for a_id, d_id in self.charges:
            a, d = self.pieces[a_id], self.pieces[d_id]
            if not a.present or not d.present:
                continue
            roll = self.chance.d3(f"charge: {a.id} on {d.id}")
            on_hill = self.on_hill(d)
            side_on = aspect(d.pos, d.facing, a.pos)
            hits = charge_hits(roll, on_hill, d.type is UnitType.CAVALRY, side_on)
            d.hits += hits
            ev.append(Event(
                "hits",
                f"{a.id} charges home on the {side_on.value} of {d.id}: rolls {roll} "
                "on the D3, one more for the charge"
                + (", one less for the hill" if on_hill else "")
                + (", one less against cavalry" if d.type is UnitType.CAVALRY else "")
                + (f", doubled for the {side_on.value}" if side_on is not Aspect.FRONT else "")
                + f": {count(hits, 'hit')}, {d.hits} in all",
                {"unit": a.id, "target": d.id, "d3": roll, "aspect": side_on.value,
                 "hill": on_hill, "hits": hits, "total": d.hits},
            ))
            if d.hits < R.ELIMINATION_HITS:
                self._fall_back(a, d, ev)

    def _fall_back(self, a: Piece, d: Piece, ev: list[Event]) -> None:
        full = a.allowance * R.FALL_BACK_FRACTION
        back = (a.facing + 180.0) % 360.0
        fx, fy = forward(back)
        dist = full
        while dist > 1e-9:
            x, y = round(a.x + fx * dist, 3) + 0.0, round(a.y + fy * dist, 3) + 0.0
            facing = round(bearing((x, y), d.pos), 1) % 360.0
            if self.move_problem(a, x, y, facing, allowance=full + 0.01) is None:
                a.place(x, y, facing)
                self._moved(a)
                ev.append(Event("fall_back",
                                f"{a.id} falls back {inches(dist)} to face {d.id}",
                                {"unit": a.id, "x": x, "y": y, "facing": facing}))
                self._threaten_generals(a, ev)
                return
            dist = round(dist - R.FALL_BACK_STEP, 6)
        ev.append(Event("fall_back", f"{a.id} cannot fall back and stays in contact",
                        {"unit": a.id}))

    def _eliminate(self, ev: list[Event]) -> int:
        """Remove units with 9 or more hits; return how many went."""
        n = 0
        for u in self.units():
            if u.hits >= R.ELIMINATION_HITS:
                u.status = ELIMINATED
                self._gone()
                n += 1
                ev.append(Event("eliminated", f"{u.id} is eliminated with {u.hits} hits",
                                {"unit": u.id, "hits": u.hits}))
        return n
