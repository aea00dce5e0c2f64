"""Charges and close combat in Tactical Dice (seed 001, "Charges", "Close
Combat"; RULINGS.md): who may charge whom and by which path, the charge
tables (bayonets, cavalry against formed troops, cavalry against cavalry)
with the defenders' reply and the pursuit, blown horses, and a close
combat's next round.
"""

from __future__ import annotations

from desktop.rules.engine import Event
from desktop.rules.tactical import constants as C
from desktop.rules.tactical import dice as D
from desktop.rules.tactical.constants import Face
from desktop.rules.tactical.counts import TacticalCounts
from desktop.rules.tactical.grid import (
    STEP_BEARING,
    Square,
    add,
    orthogonal,
    square_name,
    step_between,
)
from desktop.rules.tactical.kept import Path
from desktop.rules.tactical.losses import TacticalLosses
from desktop.rules.tactical.state import ACTIVE, LINE, SQUARE_FORMATION, TUnit
from desktop.rules.tactical.words import case_words, counted
from desktop.scenario.vocabulary import ARTILLERY, UnitType


class TacticalCharges(TacticalLosses, TacticalCounts):
    """Who may charge whom, and charges and close combats resolved."""

    def charge_path(self, u: TUnit, t: TUnit, via: Square) -> Path | None:
        """The path of a charge ending at `via`, facing `t` (None if there is none)."""
        if via == u.sq:
            return ()
        final = step_between(via, t.sq)
        found = self._paths_of(u, True)
        cavalry = u.type is UnitType.CAVALRY
        key = (via, final, cavalry)
        if key in found.charges:
            return found.charges[key]
        best: Path | None = None
        fewest = found.ends.get(via)
        if fewest is not None:
            if not cavalry:
                best = self._path_to(found, via)
            else:
                for length in range(fewest, found.limit + 1):
                    best = self._first_path(found, via, length, final)
                    if best is not None:
                        break
        found.charges[key] = best
        return best

    def why_not_charge(self, u: TUnit, t: TUnit, via: Square) -> str | None:
        why = self._why_not_charger(u)
        if why is not None:
            return why
        return self._why_not_charge_at(u, t, via)

    def _why_not_charger(self, u: TUnit) -> str | None:
        """Why `u` may charge nothing now, whatever the target (None if it may)."""
        why = self.why_not_mover(u)
        if why is not None:
            return why
        if u.fired and u.type is UnitType.CAVALRY:
            return f"{u.id} has fired"
        if u.half_cv:
            return f"{u.id} has lost more than half its Combat Value: it may not charge"
        if self.kind(u) not in ("infantry", "cavalry"):
            return "only formed infantry and cavalry charge"
        if u.type is UnitType.CAVALRY and u.blown_until >= self.st.turn:
            return f"{u.id}'s horses are blown"
        return None

    def _why_not_charge_at(self, u: TUnit, t: TUnit, via: Square) -> str | None:
        """why_not_charge once `u` is known to be able to charge."""
        k = self.kind(u)
        if t.side == u.side or not t.on_table:
            return f"{t.id} is not an enemy on the table"
        if t.engaged is not None:
            return f"{t.id} is already locked in close combat"
        if k == "infantry" and t.type is UnitType.CAVALRY:
            return "infantry does not charge cavalry"
        if not orthogonal(via, t.sq):
            return f"{square_name(via)} is not next to {t.id} (orthogonally)"
        bd = self.board
        if C.WOOD in (bd.area(via), bd.area(t.sq)):
            return "there is no close combat in woods"
        if C.TOWN in (bd.area(via), bd.area(t.sq)) and k != "infantry":
            return "only infantry fights in a built-up area"
        if k == "cavalry" and bd.barrier_between(via, t.sq):
            return "cavalry cannot engage troops behind a fence or wall"
        if not bd.water_crossing_ok(via, t.sq):
            return "a river lies between them"
        if self.charge_path(u, t, via) is None:
            return f"{u.id} cannot charge {t.id} from {square_name(via)}"
        if self.combat_dice(u, t, via, True) <= 0:
            return f"{u.id} would throw no dice"
        return None

    def _charge(self, u: TUnit, t: TUnit, path: Path, ev: list[Event]) -> None:
        st = self.st
        start = u.sq
        for x in (u, t):
            if x.type is UnitType.CAVALRY and (x.cc_turns == 0 or x.cc_last < st.turn - 1):
                x.origin = x.sq  # a new run of close combat: where to fall back to
        self._walk(u, path, ev, "move")
        u.facing = STEP_BEARING[step_between(u.sq, t.sq)]
        u.acted = u.charged = True
        t.attacked = True
        if u.formation == SQUARE_FORMATION:
            u.formation = LINE
        n = self.combat_dice(u, t, u.sq, True)
        thr = self._throw(n, Face.SABRE, f"{u.id} charges {t.id}")
        extra = t.skirmish_flags
        t.skirmish_flags = 0
        self._throw_event("charge", u, t, thr, f"{u.id} charges {t.id} with {counted(n, 'die')}: "
                          f"{counted(thr.sabres, 'Sabre')}, {counted(thr.flags, 'Flag')}", ev,
                          dice_count=n, skirmish_flags=extra,
                          path=[square_name(s) for s in path])
        flags = self._cancel_flag(t, thr.flags + extra, ev)
        if not self._sabres_ignored(u, t, thr, flags):
            self._officer_check(t, thr, ev)
        if u.type is UnitType.CAVALRY and t.type is UnitType.CAVALRY:
            self._cavalry_v_cavalry(u, t, thr, flags, start, ev)
        elif u.type is UnitType.CAVALRY:
            self._cavalry_v_formed(u, t, thr, flags, start, ev)
        else:
            self._bayonet(u, t, thr, flags, ev)
        for x in (u, t):
            if x.type is UnitType.CAVALRY and x.on_table:
                self._count_cavalry_combat(x, ev)

    def _sabres_ignored(self, u: TUnit, t: TUnit, thr: D.Throw, flags: int) -> bool:
        """Seed: infantry that forms square in good time ignores the Sabres, so the
        charge scores no hit on it (and its officers are not at risk)."""
        if u.type is not UnitType.CAVALRY or t.type is UnitType.CAVALRY or t.type in ARTILLERY:
            return False
        case = D.cavalry_v_formed(thr.sabres, flags, t.q, t.formation == SQUARE_FORMATION)
        return case is D.CavalryCase.SQUARE_IN_TIME

    def _reply(self, t: TUnit, u: TUnit, n: int, face: Face, why: str,
               ev: list[Event]) -> int:
        """Defensive fire (or a counter-charge) at the attackers; returns the Flags it
        inflicted after any General's help."""
        n = max(0, n) if t.status == ACTIVE else 0
        thr = self._throw(n, face, f"{t.id} {why}")
        hit = "Sabre" if face is Face.SABRE else "hit"
        self._throw_event("reply", t, u, thr, f"{t.id} {why} with {counted(n, 'die')}: "
                          f"{counted(thr.hits, hit)}, {counted(thr.flags, 'Flag')}", ev,
                          dice_count=n)
        flags = self._cancel_flag(u, thr.flags, ev)
        self._officer_check(u, thr, ev)
        self._take(u, thr.hits, flags, t.sq, ev)
        return flags

    def _bayonet(self, u: TUnit, t: TUnit, thr: D.Throw, flags: int, ev: list[Event]) -> None:
        case = D.bayonet_case(thr.sabres, flags, t.q)
        ev.append(Event("bayonet", f"{t.id} {case_words(case)}",
                        {"unit": u.id, "target": t.id, "case": case.name.lower()}))
        target_sq = t.sq
        if case is D.BayonetCase.FLEE:
            self._take(t, thr.sabres, 0, u.sq, ev)
            self._rout(t, ev, "panics and flees the field")
            self._occupy(u, target_sq, ev)
            return
        # The charge table's "one die fewer" is what these Flags do: count it once.
        n = self.fire_dice_reply(t)
        if case is not D.BayonetCase.STAND:
            n -= 1
        self._take(t, thr.sabres, flags, u.sq, ev, table=False)
        if not t.on_table:
            self._occupy(u, target_sq, ev)
            return
        got = self._reply(t, u, n, Face.TARGET, "fires at the attackers", ev)
        halted = D.halts_attackers(got) or not u.on_table or not orthogonal(u.sq, t.sq)
        if halted and u.on_table:
            u.halted_until = max(u.halted_until, self.st.turn)
            ev.append(Event("halt", f"{u.id} is halted by the defenders' fire", {"unit": u.id}))
        if case is D.BayonetCase.FIRE_THEN_RETIRE:
            if not halted and t.on_table:
                self._retire(t, u.sq, ev)
                self._occupy(u, target_sq, ev)
            return
        if not halted and t.on_table and u.on_table:
            u.engaged, u.attacker, u.rounds = t.id, True, 1
            t.engaged, t.attacker, t.rounds = u.id, False, 1
            ev.append(Event("engaged", f"{u.id} and {t.id} are locked in close combat",
                            {"unit": u.id, "target": t.id}))

    def _cavalry_v_formed(self, u: TUnit, t: TUnit, thr: D.Throw, flags: int, start: Square,
                          ev: list[Event]) -> None:
        in_square = t.formation == SQUARE_FORMATION
        case = D.cavalry_v_formed(thr.sabres, flags, t.q, in_square)
        art = t.type in ARTILLERY
        who = f"The gunners of {t.id}" if art else t.id
        ev.append(Event("cavalry_charge", f"{who} {case_words(case, art)}",
                        {"unit": u.id, "target": t.id, "case": case.name.lower(),
                         "artillery": art}))
        target_sq = t.sq
        if case is D.CavalryCase.BROKEN:
            self._take(t, thr.sabres, 0, u.sq, ev)
            self._rout(t, ev, "is overrun and flees the field" if art
                       else "breaks and flees the field")
            self._pursue(u, t, target_sq, u.q + C.PURSUIT_EXTRA_DICE, ev)
            return
        if not art and self.is_infantry(t):
            t.formation = SQUARE_FORMATION
        full = self.fire_dice_reply(t)  # before this charge's Flags: the table rules them
        if case is D.CavalryCase.SQUARE_IN_TIME:
            if art:
                self._take(t, thr.sabres, flags, u.sq, ev, table=False)
                n = full
            else:
                self._take(t, 0, flags, u.sq, ev, table=False)
                n = (full + 1) // 2
        else:
            self._take(t, thr.sabres, flags, u.sq, ev, table=False)
            n = full - 1 if art else min(C.LATE_SQUARE_DICE, full)
        if t.on_table:
            self._reply(t, u, n, Face.TARGET, "fires as the cavalry flows past", ev)
        if art and case is D.CavalryCase.SQUARE_LATE and t.on_table:
            t.silenced_until = self.st.turn + C.SHELTER_TURNS
            ev.append(Event("shelter", f"{t.id}'s gunners shelter; the guns fall silent",
                            {"unit": t.id, "until": t.silenced_until}))
        if not t.on_table:
            self._occupy(u, target_sq, ev)
        elif u.on_table and u.sq != start and self.unit_at(start) is None:
            self._place(u, start, ev, "return", "rallies and returns from {a} to {b}")

    def _pursue(self, u: TUnit, t: TUnit, sq: Square, n: int, ev: list[Event]) -> None:
        """Cavalry follows into the square and cuts at the fugitives (no reply)."""
        thr = self._throw(max(0, n), Face.SABRE, f"{u.id} pursues {t.id}")
        self._throw_event("pursuit", u, t, thr, f"{u.id} pursues {t.id} with "
                          f"{counted(max(0, n), 'die')}: {counted(thr.sabres, 'Sabre')}",
                          ev, dice_count=n)
        if t.on_table:
            self._officer_check(t, thr, ev)
            self._take(t, thr.sabres, self._cancel_flag(t, thr.flags, ev), u.sq, ev)
        self._occupy(u, sq, ev)

    def _cavalry_v_cavalry(self, u: TUnit, t: TUnit, thr: D.Throw, flags: int, start: Square,
                           ev: list[Event]) -> None:
        case = D.cavalry_v_cavalry(flags, t.q)
        ev.append(Event("cavalry_charge", f"{t.id} {case_words(case)}",
                        {"unit": u.id, "target": t.id, "case": case.name.lower()}))
        target_sq = t.sq
        if case is D.MeleeCase.BROKEN:
            self._take(t, thr.sabres, 0, u.sq, ev)
            if t.on_table:
                if flags > t.q:
                    self._rout(t, ev)
                else:
                    t.flags_turn += flags
                    self._retire(t, u.sq, ev)
            self._pursue(u, t, target_sq, u.q, ev)
            return
        n = self.combat_dice(t, u, t.sq, False)
        if case is D.MeleeCase.DISADVANTAGE:
            n -= 1
        t.flags_turn += flags
        # Simultaneous: the counter-charge is thrown before the Sabres land.
        self._reply(t, u, n, Face.SABRE, "counter-charges", ev)
        self._take(t, thr.sabres, 0, u.sq, ev)
        if not (u.on_table and t.on_table and u.status == ACTIVE and t.status == ACTIVE
                and orthogonal(u.sq, t.sq)):
            if not t.on_table and u.on_table:
                self._occupy(u, target_sq, ev)
            return
        d = step_between(u.sq, t.sq)
        u_to, t_to = add(t.sq, d), add(u.sq, (-d[0], -d[1]))
        u_from, t_from = u.sq, t.sq
        ok_u = self.board.on_board(u_to) and self.unit_at(u_to) is None and \
            self.board.area(u_to) not in (C.LAKE, C.WOOD, C.TOWN, C.MARSH)
        ok_t = self.board.on_board(t_to) and self.unit_at(t_to) is None and \
            self.board.area(t_to) not in (C.LAKE, C.WOOD, C.TOWN, C.MARSH)
        ev.append(Event("pass_through", f"{u.id} and {t.id} pass through each other",
                        {"unit": u.id, "target": t.id}))
        if ok_u and ok_t:
            u.sq, t.sq = u_to, t_to
            u.facing = (u.facing + 180.0) % 360.0
            t.facing = STEP_BEARING[(-d[0], -d[1])]
            t.facing = (t.facing + 180.0) % 360.0
            ev.append(Event("move", f"{u.id} rides through to {square_name(u_to)}",
                            self._where(u_to, {"unit": u.id, "from": square_name(u_from)})))
            ev.append(Event("move", f"{t.id} rides through to {square_name(t_to)}",
                            self._where(t_to, {"unit": t.id, "from": square_name(t_from)})))
            self._carry_officers(u, u_from, ev)
            self._carry_officers(t, t_from, ev)
            self._displace_officers(u, ev)
            self._displace_officers(t, ev)

    def _count_cavalry_combat(self, x: TUnit, ev: list[Event]) -> None:
        turn = self.st.turn
        if x.cc_last == turn:
            return
        x.cc_turns = x.cc_turns + 1 if x.cc_last == turn - 1 else 1
        x.cc_last = turn
        if x.cc_turns >= C.BLOWN_AFTER:
            x.blown_until = turn + C.BLOWN_REST_TURNS
            x.cc_turns = 0
            ev.append(Event("blown", f"The horses of {x.id} are blown", {"unit": x.id}))
            if x.origin is not None and x.origin != x.sq and self.unit_at(x.origin) is None:
                self._place(x, x.origin, ev, "return", "falls back from {a} to {b} to rally")
            x.origin = None

    def _melee_round(self, u: TUnit, t: TUnit, ev: list[Event]) -> None:
        """A close combat that goes on: both throw, Sabres hit, Flags by the table."""
        nu = self.combat_dice(u, t, u.sq, True)
        nt = self.combat_dice(t, u, t.sq, False)
        tu = self._throw(nu, Face.SABRE, f"{u.id} in close combat with {t.id}")
        tt = self._throw(nt, Face.SABRE, f"{t.id} in close combat with {u.id}")
        u.rounds += 1
        t.rounds = u.rounds
        rounds = u.rounds
        u.attacked = t.attacked = True
        self._throw_event("close_combat", u, t, tu, f"{u.id} fights {t.id} with "
                          f"{counted(nu, 'die')}: {counted(tu.sabres, 'Sabre')}, "
                          f"{counted(tu.flags, 'Flag')}", ev, dice_count=nu, round=rounds)
        self._throw_event("close_combat", t, u, tt, f"{t.id} fights {u.id} with "
                          f"{counted(nt, 'die')}: {counted(tt.sabres, 'Sabre')}, "
                          f"{counted(tt.flags, 'Flag')}", ev, dice_count=nt, round=rounds)
        fu = self._cancel_flag(u, tt.flags, ev)
        ft = self._cancel_flag(t, tu.flags, ev)
        self._officer_check(t, tu, ev)
        self._officer_check(u, tt, ev)
        target_sq, start = t.sq, u.sq
        self._take(t, tu.sabres, ft, u.sq, ev)
        self._take(u, tt.sabres, fu, target_sq, ev)
        for x in (u, t):
            if x.type is UnitType.CAVALRY and x.on_table:
                self._count_cavalry_combat(x, ev)
        decided = not (u.on_table and t.on_table and u.engaged == t.id)
        if decided:
            self._break_engagement(u)
            held = u.on_table and u.status == ACTIVE and u.sq == start
            if held and (not t.on_table or t.sq != target_sq):
                self._occupy(u, target_sq, ev)
            return
        if rounds >= C.CLOSE_COMBAT_TURNS:
            who = "the attackers retire" if self.board.area(t.sq) == C.TOWN else "both retire"
            ev.append(Event("disengage", f"No decision after {rounds} turns of close combat: "
                            f"{who}",
                            {"unit": u.id, "target": t.id}))
            self._break_engagement(u)
            self._retire(u, t.sq, ev)
            if self.board.area(t.sq) != C.TOWN and t.on_table:
                self._retire(t, u.sq, ev)
