"""Melee in Muskets & Mayhem: the pairs in contact still to fight, the dice
each side rolls, the fight itself, and the loser's retreat or removal (seed
004, "Melee Combat"; RULINGS.md, M&M: options A and B), with the exact odds."""

from __future__ import annotations

import math

from desktop.rules.engine import Event, RulesError
from desktop.rules.mayhem import combat
from desktop.rules.mayhem.constants import COLUMN_MOVE, move_allowance
from desktop.rules.mayhem.geometry import CONTACT, swept
from desktop.rules.mayhem.judge import MayhemJudge
from desktop.rules.mayhem.losses import MayhemLosses
from desktop.rules.mayhem.movement import MayhemMovement
from desktop.rules.mayhem.odds import MeleeOdds, melee_odds
from desktop.rules.mayhem.state import REMOVED, ROUTED, Piece
from desktop.rules.mayhem.words import count
from desktop.rules.notation import canonical_facing
from desktop.scenario.model import Point
from desktop.scenario.vocabulary import Formation
from desktop.table.shapes import bearing, forward

#: Ruling: how finely (inches) a forced retreat looks for room short of its full move.
RETREAT_STEP = 0.5


class MayhemMelee(MayhemMovement, MayhemLosses, MayhemJudge):
    """Melees fought, and retreats."""

    def _melees(self) -> list[tuple[Piece, Piece]]:
        """Pairs in contact still to fight this phase, charger (or earlier id) first."""
        st = self.state
        out: list[tuple[Piece, Piece]] = []
        seen: set[str] = set()
        for u in st.units.values():
            if not u.active or u.engaged is None or u.id in seen or u.id in st.fought:
                continue
            t = st.units[u.engaged]
            seen.update((u.id, t.id))
            a, b = (u, t) if (u.charged or not t.charged) else (t, u)
            out.append((a, b))
        return out

    def _melee_step(self, ev: list[Event]) -> bool:
        """Fight melees until the initiative side has a real choice; True if it must act."""
        st = self.state
        while st.outcome is None:
            pending = self._melees()
            if len(pending) >= 2:
                st.side = st.initiative
                return True
            if not pending:
                break
            self._fight(*pending[0], ev)
            if self._check_immediate_victory(ev):
                return True
        return False

    def melee_numbers(self, a: Piece, b: Piece) -> tuple[combat.MeleeSide, combat.MeleeSide]:
        def side(x: Piece, y: Piece) -> combat.MeleeSide:
            doubled = x.first_round and (
                combat.cavalry_doubles(x.type, x.charged, y.type, y.formation)
                or combat.artillery_doubles(
                    x.type, x.stood_charge and x.formation is not Formation.LIMBERED, y.type))
            return combat.MeleeSide(
                combat.melee_dice(x.figures, doubled), combat.hit_number(x.morale),
                combat.save_number(x.quality, self.in_defences(x)),
                self.commander_of(x) is not None)
        return side(a, b), side(b, a)

    def _fight(self, a: Piece, b: Piece, ev: list[Event]) -> None:
        st = self.state
        st.fought.update((a.id, b.id))
        sa, sb = self.melee_numbers(a, b)
        res = combat.resolve_melee(self.chance.d6, sa, sb, f"melee {a.id} v {b.id}")
        a.first_round = b.first_round = False
        winner = res.winner
        ev.append(Event(
            "melee",
            f"{a.id} and {b.id} fight a melee, {count(len(res.a_strikes.rolls), 'die', 'dice')}"
            f" against {len(res.b_strikes.rolls)}: {a.id} loses "
            f"{count(res.casualties_on_a, 'figure')}, {b.id} "
            f"{count(res.casualties_on_b, 'figure')}; "
            + ({"a": f"{a.id} wins", "b": f"{b.id} wins"}[winner] if winner
               else "neither wins by two"),
            {"a": a.id, "b": b.id, "a_rolls": list(res.a_strikes.rolls),
             "b_rolls": list(res.b_strikes.rolls), "a_saves": list(res.b_strikes.saves),
             "b_saves": list(res.a_strikes.saves), "casualties_on_a": res.casualties_on_a,
             "casualties_on_b": res.casualties_on_b,
             "winner": None if winner is None else (a.id if winner == "a" else b.id)},
        ))
        self._take_casualties(a, res.casualties_on_a, ev)
        self._take_casualties(b, res.casualties_on_b, ev)
        if winner is not None and a.active and b.active:
            w, loser = (a, b) if winner == "a" else (b, a)
            w.engaged = loser.engaged = None
            if self.loser_removed:
                self._remove(loser, REMOVED, f"{loser.id} loses the melee and is removed", ev)
            else:
                self._retreat(loser, w.position, ev, melee=True)
        for x in (a, b):
            if x.active and x.checks_due:
                self._take_checks(x, ev)

    def retreat_distance(self, u: Piece) -> float:
        """A full move; a square retreats as a column (ruling)."""
        d = move_allowance(u.type, u.formation)
        return self.units_of_measure(d if d > 0 else COLUMN_MOVE)

    def _retreat(self, u: Piece, away_from: Point, ev: list[Event], melee: bool) -> None:
        """Retreat a full move straight away from `away_from`, facing it.

        Ruling: off the table, or with no room anywhere along the way, the unit
        routs; short of room at the full distance it stops at the furthest clear
        spot (steps of RETREAT_STEP).  After a melee loss, passing through
        friends costs one casualty (seed, "Interpenetration").
        """
        full = self.retreat_distance(u)
        direction = bearing(away_from, u.position)
        facing = canonical_facing(bearing(u.position, away_from))
        fx, fy = forward(direction)
        start_fp = u.footprint()
        chosen: Point | None = None
        why = "has nowhere to retreat"
        steps = max(1, int(full / RETREAT_STEP))
        for i in range(steps, 0, -1):
            d = full * i / steps
            pos = (u.position[0] + fx * d, u.position[1] + fy * d)
            f = u.foot_at(pos, facing)
            fp = f.poly
            if i == steps and not self.ground.on_table_box(f.bounds):
                why = "retreats off the table"
                break
            if self._placement_problem(u, f, set()) is None:
                path = swept(start_fp, fp)
                if any(path.intersects(o.footprint())
                       for o in self.active_units(self.state.enemy(u.side))
                       if o.footprint().distance(start_fp) > CONTACT):
                    continue
                chosen = pos
                break
        if chosen is None:
            self._remove(u, ROUTED, f"{u.id} {why} and routs", ev)
            return
        end_fp = u.footprint(chosen, facing)
        path = swept(start_fp, end_fp)
        through = [o.id for o in self.active_units(u.side)
                   if o.id != u.id and path.intersects(o.footprint())]
        dist = math.dist(u.position, chosen)
        u.position, u.facing = chosen, facing
        self._carry_commander(u)
        if not melee:
            # Ruling: retreating from a charge uses the unit's move this turn.
            u.done = True
            u.moved = max(u.moved or 0.0, dist)
        ev.append(Event("retreat", f"{u.id} retreats {dist:.1f}″",
                        {"unit": u.id, "x": chosen[0], "y": chosen[1], "facing": facing,
                         "through": through}))
        if melee and through:
            self._take_casualties(u, 1, ev)

    def melee_odds(self, unit: str) -> MeleeOdds:
        """Exact odds of the melee `unit` is in (A is the charger)."""
        for a, b in self._melees():
            if unit in (a.id, b.id):
                sa, sb = self.melee_numbers(a, b)
                return melee_odds(sa.dice, sa.need, sa.save_need, sa.commander, a.figures,
                                  sb.dice, sb.need, sb.save_need, sb.commander, b.figures)
        raise RulesError(f"{unit} is not in a melee still to be fought")

    def melee_pair(self, unit: str) -> tuple[str, str]:
        """The melee `unit` is in, still to be fought: (charger, other)."""
        for a, b in self._melees():
            if unit in (a.id, b.id):
                return a.id, b.id
        raise RulesError(f"{unit} is not in a melee still to be fought")
