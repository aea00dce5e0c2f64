"""Throws and what they do in Tactical Dice (seed 001, "Hits and Flags";
RULINGS.md): the dice thrown and told, a General's cancelled Flag, officer
casualties, Combat Value lost, Flags read on the troop-quality table, and
units that retire, rout or advance into a square left empty.
"""

from __future__ import annotations

from desktop.rules.engine import JSON, Event
from desktop.rules.tactical import constants as C
from desktop.rules.tactical import dice as D
from desktop.rules.tactical.base import BACK
from desktop.rules.tactical.constants import Face
from desktop.rules.tactical.grid import Square, add, king_distance
from desktop.rules.tactical.movement import TacticalMovement
from desktop.rules.tactical.state import CARRIED_OFF, KILLED, ROUTED, SPENT, WOUNDED, TUnit
from desktop.rules.tactical.words import FLAG_EFFECT as FLAG_WORDS
from desktop.rules.tactical.words import counted


class TacticalLosses(TacticalMovement):
    """Throws, hits and Flags, retreats and routs."""

    def _throw(self, n: int, face: Face, purpose: str) -> D.Throw:
        return D.Throw(tuple(self.chance.roll(n, purpose)), face)

    def _throw_event(self, kind: str, who: TUnit, at: TUnit | None, thr: D.Throw, text: str,
                     ev: list[Event], **extra: JSON) -> None:
        data: dict[str, JSON] = {
            "unit": who.id, "target": at.id if at else None, "dice": list(thr.dice),
            "faces": thr.faces(), "hit_face": thr.hit_face.name.lower(), "hits": thr.hits,
            "flags": thr.flags, "sabres": thr.sabres, "officers": thr.officers,
        }
        data.update(extra)
        ev.append(Event(kind, text, data))

    def _cancel_flag(self, u: TUnit, flags: int, ev: list[Event]) -> int:
        """A General in the unit's square ignores its first Flag of the turn."""
        if flags > 0 and not u.flag_cancelled:
            g = self.general_with(u)
            if g is not None:
                u.flag_cancelled = True
                ev.append(Event("flag_ignored", f"{g.id} steadies {u.id}: its first Flag of "
                                "the turn is ignored",
                                {"unit": u.id, "officer": g.id}))
                return flags - 1
        return flags

    def _officer_check(self, u: TUnit, thr: D.Throw, ev: list[Event]) -> None:
        """A unit hit while an Officer shows: officers in its square may fall."""
        if not thr.officer_casualty_due():
            return
        for o in sorted(self.officers_at(u.sq, u.side), key=lambda x: x.id):
            roll = self.chance.d6(f"officer casualty {o.id}")
            if roll == C.OFFICER_KILLED_ON:
                o.wound = KILLED
            elif roll == C.OFFICER_WOUNDED_ON:
                # Ruling: a second wound carries the officer off the field.
                o.wound = CARRIED_OFF if o.wound == WOUNDED else WOUNDED
            word = {KILLED: "is killed", WOUNDED: "is wounded",
                    CARRIED_OFF: "is carried off the field"}.get(o.wound, "escapes unscathed")
            if roll > C.OFFICER_WOUNDED_ON:
                word = "escapes unscathed"
            ev.append(Event("officer_casualty", f"{o.id} {word} (rolled {roll})",
                            {"officer": o.id, "roll": roll, "wound": o.wound, "unit": u.id}))

    def _take(self, u: TUnit, hits: int, flags: int, cause: Square | None, ev: list[Event],
              table: bool = True) -> None:
        """Apply hits (CV) and Flags from one resolution (Flags already past the General).

        A spent unit (0 CV) routs on any further hit or Flag; otherwise the Flags
        go through the table by troop quality (unless `table` is False, where a
        charge table has already decided what they do).
        """
        if not u.on_table or (hits <= 0 and flags <= 0):
            return
        if u.status == SPENT:
            self._rout(u, ev, "is struck again with its Combat Value spent: it routs and "
                       "flees the field")
            return
        if hits > 0:
            u.cv = max(0, u.cv - hits)
            ev.append(Event("hits", f"{u.id} loses {hits} Combat Value ({u.cv} of "
                            f"{u.start_cv} left)",
                            {"unit": u.id, "hits": hits, "cv": u.cv}))
            if u.cv == 0:
                u.status = SPENT
                ev.append(Event("spent", f"{u.id} has lost all its Combat Value and retires",
                                {"unit": u.id}))
        if flags > 0:
            u.flags_turn += flags
            effect = D.flag_effect(flags, u.q)
            said = f": {FLAG_WORDS[effect]}" if table else ""
            ev.append(Event("flags", f"{u.id} suffers {counted(flags, 'Flag')}{said}",
                            {"unit": u.id, "flags": flags, "effect": effect.name.lower()}))
            if not table:
                return
            if effect is D.FlagEffect.ROUT:
                self._rout(u, ev)
            elif effect in (D.FlagEffect.HALT, D.FlagEffect.RETIRE):
                u.halted_until = self.st.turn + C.HALT_TURNS
                if effect is D.FlagEffect.RETIRE:
                    self._retire(u, cause, ev)

    def _break_engagement(self, u: TUnit) -> None:
        if u.engaged is not None:
            o = self.st.units.get(u.engaged)
            if o is not None and o.engaged == u.id:
                o.engaged, o.attacker, o.rounds = None, False, 0
        u.engaged, u.attacker, u.rounds = None, False, 0

    def _rout(self, u: TUnit, ev: list[Event], why: str = "routs and flees the field") -> None:
        if not u.on_table:
            return
        self._break_engagement(u)
        u.status = ROUTED
        ev.append(Event("rout", f"{u.id} {why}",
                        self._where(u.sq, {"unit": u.id})))

    def _retire(self, u: TUnit, cause: Square | None, ev: list[Event],
                why: str = "retires") -> bool:
        """One square back towards its own baseline (else aside); blocked: routs."""
        self._break_engagement(u)
        back = BACK[self.baseline[u.side]]
        side_a, side_b = (back[1], back[0]), (-back[1], -back[0])
        cands = [add(u.sq, back)]
        sides = [add(u.sq, side_a), add(u.sq, side_b)]
        if cause is not None:
            sides.sort(key=lambda s: -king_distance(s, cause))
        cands += sides
        if not self.board.on_board(cands[0]):
            self._rout(u, ev, "retires off the table and is lost")
            return False
        for c in cands:
            if not self.board.on_board(c):
                continue
            why_not, _ = self.step_problem(u, u.sq, c)
            if why_not is None:
                self._place(u, c, ev, "retire", why if "{" in why else why + " from {a} to {b}")
                u.halted_until = max(u.halted_until, self.st.turn + C.HALT_TURNS)
                return True
        if C.RETIRE_BLOCKED_ROUTS:
            self._rout(u, ev, "has nowhere to retire: it routs and flees the field")
        return False

    def _occupy(self, u: TUnit, sq: Square, ev: list[Event]) -> None:
        if u.on_table and self.unit_at(sq) is None and self.board.on_board(sq):
            self._place(u, sq, ev, "occupy", "advances from {a} into {b}")
