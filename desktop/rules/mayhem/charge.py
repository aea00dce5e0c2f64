"""Charges in Muskets & Mayhem: whether one may be made, and making it (seed
004, "Movement"): the charger's and the target's checks, the target giving
way, cavalry counter-charging, infantry's defensive fire, and contact."""

from __future__ import annotations

import math

from desktop.rules.engine import Event
from desktop.rules.mayhem import combat
from desktop.rules.mayhem.constants import CAN_CHARGE, fire_move_allowance
from desktop.rules.mayhem.fire import MayhemFire
from desktop.rules.mayhem.geometry import (
    CHARGE_STAND_OFF,
    CONTACT,
    FRONT_ARC,
    Swept,
    contact_placement,
    face_of,
    front_centre,
    move_distance,
    overlaps_feet,
    segment_distance,
    within_feet,
)
from desktop.rules.mayhem.melee import MayhemMelee
from desktop.rules.mayhem.odds import ChargeOdds, charge_odds
from desktop.rules.mayhem.state import Piece
from desktop.rules.notation import canonical_facing
from desktop.scenario.model import Point
from desktop.scenario.vocabulary import Formation, UnitType
from desktop.table.shapes import arc_part_coords, bearing, forward


class MayhemCharge(MayhemMelee, MayhemFire):
    """Charge checks and charges carried out."""

    def charge_placement(self, u: Piece, t: Piece) -> tuple[Point, float]:
        face = face_of(t.position, t.facing, u.position)
        return contact_placement(t.position, t.size, t.facing, face, u.size)

    def _within_charge(self, u: Piece, targets: list[Piece]) -> list[Piece]:
        """The targets not ruled out by _check_charge's range test, in order: with
        hundreds of units, the full check for every pair is most of a turn's cost."""
        if u.type not in CAN_CHARGE or u.formation is Formation.SQUARE:
            return []
        span = self.allowance(u) + 1e-9
        ru = u.foot().reach
        return [t for t in targets
                if not math.dist(u.position, t.position) - ru - t.foot().reach > span]

    def _check_charge(self, u: Piece, t: Piece) -> str | None:
        verdicts = self._position().of(u.id)
        key = ("charge", t.id)
        if key not in verdicts:
            verdicts[key] = self._judge_charge(u, t)
        why: str | None = verdicts[key]
        return why

    def _judge_charge(self, u: Piece, t: Piece) -> str | None:
        if u.type not in CAN_CHARGE:
            return f"{u.type.value.replace('_', ' ')} does not charge"
        if u.formation is Formation.SQUARE:
            return "a square cannot charge"
        if t.side == u.side:
            return f"{t.id} is a friend"
        if not t.active:
            return f"{t.id} is {t.status}"
        if t.engaged is not None:
            return f"{t.id} is already in a melee"
        span = self.allowance(u)
        uf, tf = u.foot(), t.foot()
        if math.dist(u.position, t.position) - uf.reach - tf.reach > span + 1e-9:
            return f"{t.id} is beyond {u.id}'s {span:g}\" charge"
        if not within_feet(uf, tf, span + 1e-9):
            gap = uf.poly.distance(tf.poly)
            return f"{t.id} is {gap:.2f}\" away, beyond {u.id}'s {span:g}\" charge"
        apex = front_centre(u.position, uf.size, u.facing)
        if arc_part_coords(apex, u.facing, FRONT_ARC, span + t.frontage + t.depth,
                           tf.corners) is None:
            return f"{t.id} is not in {u.id}'s front arc"
        pos, facing = self.charge_placement(u, t)
        f = u.foot_at(pos, facing)
        if not self.ground.on_table_box(f.bounds):
            return "there is no room to contact it on the table"
        if not self.ground.passable_box(f, f.bounds):
            return "the contact position is impassable"
        # The other active units near the way, from the table's bases (the
        # units' own feet, in the order of the state's units).
        uid, tid, here = u.id, t.id, u.position
        others = [(oid, oside, of) for oid, oside, ox, oy, _, of in self._position().board
                  if oid != uid and oid != tid
                  and segment_distance((ox, oy), here, pos) <= uf.reach + of.reach + CONTACT]
        for oid, _, of in others:
            if overlaps_feet(f, of):
                return f"{oid} is in the way of contact"
        path = Swept(uf, f)
        if not self.ground.passable_box(path, path.bounds):
            return "the charge path crosses impassable ground"
        for oid, oside, of in others:
            if oside != u.side and path.meets(of):
                return f"the charge path runs through {oid}"
        return None

    def _charge(self, u: Piece, t: Piece, ev: list[Event]) -> None:
        u.done = True
        u.fired = True  # ruling: a unit that declares a charge does not fire this turn
        ev.append(Event("charge", f"{u.id} charges {t.id}", {"unit": u.id, "target": t.id}))
        need, need_t = self.charge_numbers(u, t)
        ok, r = combat.quality_check(self.chance.d6, need, f"{u.id} pre-charge")
        ev.append(Event("check", f"{u.id} rolls {r} for its pre-charge check (needs {need}+) "
                        "and " + ("charges home" if ok else "halts"),
                        {"unit": u.id, "roll": r, "need": need, "passed": ok,
                         "check": "pre-charge"}))
        if not ok:
            u.fired = False  # it stayed where it was: it may still fire standing
            return
        ok_t, rt = combat.quality_check(self.chance.d6, need_t, f"{t.id} receiving a charge")
        ev.append(Event("check", f"{t.id} rolls {rt} to receive the charge (needs {need_t}+) "
                        "and " + ("stands" if ok_t else "gives way"),
                        {"unit": t.id, "roll": rt, "need": need_t, "passed": ok_t,
                         "check": "receive"}))
        pos, facing = self.charge_placement(u, t)
        if not ok_t:
            self._retreat(t, u.position, ev, melee=False)
            if self._placement_problem(u, u.foot_at(pos, facing), set()) is None:
                self._place(u, pos, facing)
            return
        t.stood_charge = True
        counter = False
        if t.type is UnitType.CAVALRY:
            counter = self._counter_charge(u, t, ev)
        elif t.type in (UnitType.LINE_INFANTRY, UnitType.LIGHT_INFANTRY):
            self._defensive_fire(t, u, ev)
            if not u.active:
                return
        if not counter:
            self._place(u, pos, facing)
        u.charged = True
        u.engaged, t.engaged = t.id, u.id
        u.first_round = t.first_round = True
        ev.append(Event("contact", f"{u.id} and {t.id} are in melee",
                        {"units": [u.id, t.id]}))

    def _place(self, u: Piece, pos: Point, facing: float) -> None:
        u.moved = max(u.moved or 0.0, move_distance(u.position, u.facing, pos, facing, u.size))
        u.position, u.facing = pos, canonical_facing(facing)
        self._carry_commander(u)

    def _counter_charge(self, u: Piece, t: Piece, ev: list[Event]) -> bool:
        """Both cavalry meet in the middle; False if there is no room to."""
        d = math.dist(u.position, t.position)
        gap = d - u.size[1] / 2.0 - t.size[1] / 2.0
        if gap <= 0:
            return False
        b_tu = bearing(t.position, u.position)
        b_ut = (b_tu + 180.0) % 360.0
        fx, fy = forward(b_tu)
        t_pos = (t.position[0] + fx * gap / 2.0, t.position[1] + fy * gap / 2.0)
        gx, gy = forward(b_ut)
        half = gap / 2.0 - CHARGE_STAND_OFF
        u_pos = (u.position[0] + gx * half, u.position[1] + gy * half)
        tf, uf = t.foot_at(t_pos, b_tu), u.foot_at(u_pos, b_ut)
        if (self._placement_problem(t, tf, {u.id}) is not None
                or self._placement_problem(u, uf, {t.id}) is not None
                or tf.poly.distance(uf.poly) > CONTACT):
            return False
        self._place(t, t_pos, b_tu)
        self._place(u, u_pos, b_ut)
        t.charged = True
        ev.append(Event("counter-charge", f"{t.id} counter-charges {u.id}; they meet midway",
                        {"unit": t.id, "target": u.id}))
        return True

    def _defensive_fire(self, t: Piece, u: Piece, ev: list[Event]) -> None:
        if t.fired or fire_move_allowance(t.type, t.formation) is None:
            return
        dice = combat.fire_dice(t.type, t.figures)
        if dice <= 0:
            return
        t.fired = True
        res = combat.resolve_fire(
            self.chance.d6, dice, combat.hit_number(t.morale),
            combat.save_number(u.quality, False), self.commander_of(u) is not None,
            f"{t.id} fires at charging {u.id}")
        self._fire_event(t, u, res, ev, "defensive fire")
        self._take_casualties(u, res.casualties, ev)
        if u.active and u.checks_due:
            self._take_checks(u, ev)

    def charge_numbers(self, u: Piece, t: Piece) -> tuple[int, int]:
        """What the charger's pre-charge check and the target's check when
        charged need (seed 004, "Movement"; "Prepared Defenses": +2 charged)."""
        return (combat.check_number(u.quality, self.in_defences(u)),
                combat.check_number(t.quality, self.in_defences(t), charged=True))

    def charge_odds(self, unit: str, target: str) -> ChargeOdds:
        """Exact odds of the checks `unit` charging `target` makes now: the
        same numbers _charge rolls against."""
        u, t = self.state.units[unit], self.state.units[target]
        return charge_odds(*self.charge_numbers(u, t))
