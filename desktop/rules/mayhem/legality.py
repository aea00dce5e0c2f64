"""What a Muskets & Mayhem player may do now: each action's check, in plain
words, and the actions that can be listed in each phase (with the sampled
free moves)."""

from __future__ import annotations

import random

from desktop.rules.engine import Action
from desktop.rules.mayhem.actions import (
    ACTION_TYPES,
    Attach,
    Charge,
    Choose,
    End,
    Fire,
    Form,
    Hold,
    MayhemAction,
    Melee,
    Move,
    OfficerMove,
)
from desktop.rules.mayhem.base import FIRE_PHASES, INITIATIVE, MELEE, MOVEMENT
from desktop.rules.mayhem.charge import MayhemCharge
from desktop.rules.mayhem.constants import FORMATIONS
from desktop.rules.mayhem.state import Piece


class MayhemLegality(MayhemCharge):
    """Checks and the listed actions."""

    def legal_actions(self) -> list[Action]:
        self._scoped = None
        self._scoped = self._position()
        try:
            return self._legal_actions()
        finally:
            self._scoped = None

    def _legal_actions(self) -> list[Action]:
        st = self.state
        if st.outcome is not None or st.side is None:
            return []
        side = st.side
        out: list[Action] = []
        if st.phase == INITIATIVE:
            return [Choose(True), Choose(False)]
        if st.phase == MOVEMENT:
            enemies: list[Piece] | None = None
            position = self._position()
            for u in self._movers(side):
                verdicts = position.of(u.id)
                key = ("mover",)
                acts = verdicts.get(key)
                if acts is None:
                    if enemies is None:
                        enemies = self.active_units(st.enemy(side))
                    acts = [Hold(u.id)]
                    for f in FORMATIONS[u.type]:
                        if self._check_form(u, f) is None:
                            acts.append(Form(u.id, f))
                    for t in self._within_charge(u, enemies):
                        if self._check_charge(u, t) is None:
                            acts.append(Charge(u.id, t.id))
                    verdicts[key] = acts
                out.extend(acts)
            friends = self.active_units(side)
            for c in self._free_commanders(side):
                out.append(Hold(c.id))
                for u in friends:
                    if self._check_attach(c, u) is None:
                        out.append(Attach(c.id, u.id))
            out.append(End())
            return out
        if st.phase in FIRE_PHASES:
            for u in self._shooters(side):
                out.append(Hold(u.id))
                out.extend(Fire(u.id, t) for t in st.targets.get(u.id, ()))
            out.append(End())
            return out
        if st.phase == MELEE:
            seen: set[str] = set()
            for first, _ in self._melees():
                if first.id not in seen:
                    out.append(Melee(first.id))
                    seen.add(first.id)
            return out
        return out

    def sample_actions(self, rng: random.Random, n: int = 8) -> list[Action]:
        st = self.state
        if st.outcome is None and st.phase == MOVEMENT and st.side is not None:
            self._scoped = None
            self._scoped = self._position()
            try:
                return self._sample_moves(st.side, rng, n)
            finally:
                self._scoped = None
        return []

    def _check(self, action: Action) -> str | None:
        if type(action) not in ACTION_TYPES and not isinstance(action, MayhemAction):
            return f"'{action}' is not a Muskets & Mayhem action"
        st = self.state
        side = st.side
        if side is None:
            return "no side is to act"
        phase = st.phase
        if isinstance(action, Choose):
            if phase != INITIATIVE:
                return "going first or second is chosen in the initiative phase"
            return None
        if phase == INITIATIVE:
            return f"{side} must first choose to go first or second"
        if isinstance(action, End):
            return None if phase in (MOVEMENT, *FIRE_PHASES) else f"nothing to end in {phase}"
        if isinstance(action, Hold):
            return self._check_hold(side, action.piece)
        if isinstance(action, (Move, Form, Charge, OfficerMove, Attach)):
            if phase != MOVEMENT:
                return f"units move in the movement phase, not the {phase} phase"
            if isinstance(action, (OfficerMove, Attach)):
                return self._check_commander_order(side, action)
            return self._check_unit_order(side, action)
        if isinstance(action, Fire):
            return self._check_fire(side, phase, action)
        if isinstance(action, Melee):
            if phase != MELEE:
                return "melees are fought in the melee phase"
            if all(action.unit not in (a.id, b.id) for a, b in self._melees()):
                return f"{action.unit} is not in a melee still to be fought"
            return None
        return "not an action of this phase"

    def _check_commander_order(self, side: str, action: OfficerMove | Attach) -> str | None:
        """A commander's ride or joining a unit, in the movement phase."""
        st = self.state
        c = st.commanders.get(action.officer)
        if c is None:
            return f"there is no commander '{action.officer}'"
        if c.side != side:
            return f"{c.id} is not {side}'s"
        if c.done:
            return f"{c.id} has already moved this turn"
        if isinstance(action, OfficerMove):
            return self._check_officer_move(c, action.to)
        target = st.units.get(action.unit)
        if target is None:
            return f"there is no unit '{action.unit}'"
        return self._check_attach(c, target)

    def _check_unit_order(self, side: str, action: Move | Form | Charge) -> str | None:
        """A unit's move, change of formation or charge, in the movement phase."""
        u, why = self._own_mover(side, action.unit)
        if u is None:
            return why
        if isinstance(action, Move):
            return self._check_move(u, action.to, action.facing)
        if isinstance(action, Form):
            return self._check_form(u, action.formation)
        t = self.state.units.get(action.target)
        if t is None:
            return f"there is no unit '{action.target}'"
        return self._check_charge(u, t)

    def _check_fire(self, side: str, phase: str, action: Fire) -> str | None:
        """A unit firing, in the fire phase it fires in, at a target it has."""
        st = self.state
        if phase not in FIRE_PHASES:
            return "units fire in the artillery, stationary and moving fire phases"
        u = st.units.get(action.unit)
        if u is None:
            return f"there is no unit '{action.unit}'"
        if u.side != side:
            return f"{u.id} is not {side}'s"
        if u not in self._shooters(side):
            return f"{u.id} cannot fire in the {phase} fire phase ({self._why_not_fire(u)})"
        if action.target not in st.targets.get(u.id, ()):
            why = self._why_not_target(u, action.target)
            return f"{u.id} cannot fire at {action.target} ({why})"
        return None

    def _check_hold(self, side: str, pid: str) -> str | None:
        st = self.state
        if st.phase == MOVEMENT:
            if pid in st.commanders:
                c = st.commanders[pid]
                if c.side != side:
                    return f"{pid} is not {side}'s"
                return f"{pid} has already moved this turn" if c.done else None
            u, why = self._own_mover(side, pid)
            return why if u is None else None
        if st.phase in FIRE_PHASES:
            u = st.units.get(pid)
            if u is None:
                return f"there is no unit '{pid}'"
            if u.side != side:
                return f"{pid} is not {side}'s"
            return None if u in self._shooters(side) else f"{pid} has nothing to do now"
        return f"nothing to hold in the {st.phase} phase"
