"""An order carried out in D3: the activation test and its re-roll by a
general, then the move, charge or shot itself (seed 002 "Activation Test",
"Shooting", "Generals"), and the generals an enemy comes near, who must ride
away."""

from __future__ import annotations

from shapely.geometry import LineString
from shapely.geometry import Point as SPoint

from desktop.rules.d3 import rules as R
from desktop.rules.d3.actions import Charge, Move, Shoot
from desktop.rules.d3.dice import shooting_hits
from desktop.rules.d3.ground import D3Ground, nearest_point
from desktop.rules.d3.movement import D3Movement, beyond_edge
from desktop.rules.d3.pieces import DISORDERED, EXITED, Piece
from desktop.rules.d3.words import count, firing_type, inches, move_words
from desktop.rules.engine import Event
from desktop.table.movement import obb_closer_than
from desktop.table.shapes import angle_diff, bearing, distance, forward, point_distance


class D3Orders(D3Ground, D3Movement):
    """Activation, moves, charges, shots and the generals' part in them."""

    def _activation(self, u: Piece, ev: list[Event], why: str, said: str) -> bool:
        """Seed 002 "Activation Test": `why` is the roll's purpose, `said` the log's
        opening words."""
        d = self.chance.d6(f"{why}: {u.id}")
        score = d * R.ACTIVATION_MULTIPLIER
        ok = score > u.hits
        ev.append(Event("activation",
                        f"{said}: rolls {d}, doubled to {score}, "
                        + (f"more than its {count(u.hits, 'hit')}: it acts" if ok else
                           f"not more than its {count(u.hits, 'hit')}: it fails"),
                        {"unit": u.id, "roll": d, "hits": u.hits, "passed": ok}))
        return ok

    def _disorder(self, u: Piece, ev: list[Event]) -> None:
        u.status = DISORDERED
        ev.append(Event("disordered", f"{u.id} is disordered for the rest of the turn",
                        {"unit": u.id}))

    def _carry_out(self, action: Move | Charge | Shoot, ev: list[Event]) -> None:
        u = self.pieces[action.unit]
        if isinstance(action, Move):
            self._do_move(u, action, ev)
        elif isinstance(action, Charge):
            t = self.pieces[action.target]
            g = self.charge_geometry(u, t, action.turn)
            assert not isinstance(g, str)
            (x, y), facing = g
            u.place(x, y, facing)
            u.moved = True
            u.charging = t.id
            self.charges.append((u.id, t.id))
            self._moved(u)
            ev.append(Event("charge", f"{u.id} charges {t.id}",
                            {"unit": u.id, "target": t.id, "x": x, "y": y, "facing": facing}))
            self._threaten_generals(u, ev)
        else:
            self._do_shoot(u, self.pieces[action.target], ev)

    def _do_move(self, p: Piece, m: Move, ev: list[Event]) -> None:
        dist = distance(p.pos, (m.x, m.y))
        turn = angle_diff(m.facing, p.facing)
        p.place(m.x, m.y, m.facing)
        p.moved = True
        self._moved(p)
        exit_edge = self.exit_edges.get(p.side)
        if not p.is_general and exit_edge is not None and beyond_edge(
            self.scenario, exit_edge, p.pos
        ):
            p.status = EXITED
            self._gone()
            self._exited = True
            ev.append(Event("exited", f"{p.id} leaves the table by the {exit_edge.value} edge",
                            {"unit": p.id, "edge": exit_edge.value}))
            return
        ev.append(Event("move", f"{p.id} {move_words(dist, turn, p.is_general)}",
                        {"unit": p.id, "x": m.x, "y": m.y, "facing": m.facing}))
        if not p.is_general:
            self._threaten_generals(p, ev)

    def _do_shoot(self, u: Piece, t: Piece, ev: list[Event]) -> None:
        assert u.type is not None
        u.shot = True
        if u.type in R.ARTILLERY and not u.deployed:
            u.deployed = True
            ev.append(Event("deployed", f"{u.id} deploys to shoot: from now on it may only "
                            "pivot where it stands",
                            {"unit": u.id}))
        d3 = self.chance.d3(f"shooting: {u.id} at {t.id}")
        mod = R.SHOOTING_MODIFIER[u.type]
        cover = self.in_cover(t, u.front_centre())
        hits = shooting_hits(d3, mod, cover)
        t.hits += hits
        ev.append(Event("shot",
                        f"{u.id} shoots at {t.id}: rolls {d3} on the D3"
                        + (f", one less for {firing_type(u.type)}" if mod else "")
                        + (", one less for cover" if cover else "")
                        + f": {count(hits, 'hit')}, {t.hits} in all",
                        {"unit": u.id, "target": t.id, "d3": d3, "cover": cover,
                         "hits": hits, "total": t.hits}))

    def generals_able_to_reroll(self, u: Piece) -> tuple[str, ...]:
        """Generals of `u`'s side that could re-roll its failed activation now
        (seed 002 "Generals": once a turn, within 12")."""
        return tuple(
            g.id for g in self.generals(u.side)
            if g.rerolls_used < R.GENERAL_REROLLS_PER_TURN
            and point_distance(g.pos, u.fp()) <= R.GENERAL_REROLL_RANGE + 1e-9
        )

    def rerolls_left(self, g: Piece) -> int:
        return max(0, R.GENERAL_REROLLS_PER_TURN - g.rerolls_used)

    def _threaten_generals(self, mover: Piece, ev: list[Event]) -> None:
        mo = mover.obb()
        for g in self.generals(self.enemy_of(mover.side)):
            if g.must_evade or not obb_closer_than(g.obb(), mo, R.GENERAL_THREAT_RANGE + 1e-9):
                continue
            mfp = mover.fp()
            line = LineString([g.pos, nearest_point(g.pos, mfp)])
            screened = any(
                f.fp().intersects(line) for f in self.units(g.side)
            )
            if not screened:
                g.must_evade = True
                ev.append(Event("threatened",
                                f"{mover.id} comes within {inches(R.GENERAL_THREAT_RANGE)} "
                                f"of {g.id}: he must ride away",
                                {"general": g.id, "enemy": mover.id}))

    def _evade(self, g: Piece, ev: list[Event]) -> None:
        g.must_evade = False
        enemies = self.units(self.enemy_of(g.side))
        if not enemies:
            return
        gp = SPoint(g.pos)
        nearest = min(enemies, key=lambda e: float(e.fp().distance(gp)))
        away = bearing(nearest_point(g.pos, nearest.fp()), g.pos)
        for dist in (R.GENERAL_EVADE_DISTANCE, 9.0, 6.0, 3.0):
            for dt in R.EVADE_TURNS:
                b = (away + dt) % 360.0
                fx, fy = forward(b)
                x, y = round(g.x + fx * dist, 3) + 0.0, round(g.y + fy * dist, 3) + 0.0
                if self.move_problem(g, x, y, b) is None:
                    g.place(x, y, b)
                    g.moved = True
                    self._moved(g)
                    ev.append(Event("evade", f"{g.id} rides {inches(dist)} away from {nearest.id}",
                                    {"general": g.id, "x": x, "y": y, "facing": b}))
                    return
        ev.append(Event("evade", f"{g.id} has nowhere to ride to and stays",
                        {"general": g.id}))
