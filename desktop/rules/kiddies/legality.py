"""Which Kiddies actions are legal now: each action's check and the listed
actions (the choice of initiative, ending, charges and exits: moves and shots
are too many to list, so they are checked and sampled)."""

from __future__ import annotations

from desktop.rules.engine import Action
from desktop.rules.kiddies.actions import (
    SHOT_KINDS,
    Charge,
    Choose,
    End,
    Exit,
    Fell,
    GroupMove,
    Move,
    Shoot,
)
from desktop.rules.kiddies.charge import KiddiesCharge
from desktop.rules.kiddies.constants import MIN_STRENGTH
from desktop.rules.kiddies.shooting import KiddiesShooting


class KiddiesLegality(KiddiesCharge, KiddiesShooting):
    """Checks and the listed actions."""

    def legal_actions(self) -> list[Action]:
        if self._outcome is not None or self._side is None:
            return []
        if self._phase == "choose":
            return [Choose(True), Choose(False)]
        out: list[Action] = [End()]
        if self._phase == "move":
            for trio in self.charge_trios(self._side):
                mid = self.figures[trio[1]]
                a = Charge(trio, mid.facing)
                if self._check(a) is None:
                    out.append(a)
            out.extend(Exit(fid) for fid in self.exits(self._side))
        return out

    def _check(self, action: Action) -> str | None:
        side = self._side
        if side is None:
            return "nobody is to act"
        phase = self._phase
        if isinstance(action, Choose):
            return None if phase == "choose" else "the initiative has been chosen"
        if phase == "choose":
            return f"{self._name(side)} must choose to move first or second"
        if isinstance(action, End):
            return None
        if isinstance(action, Move | GroupMove | Charge | Exit):
            if phase != "move":
                return "figures move only in the movement phase"
            if isinstance(action, Move):
                return self._check_move(side, (action.figure,), (0.0, 0.0), 0.0, action)
            if isinstance(action, GroupMove):
                if len(action.figures) < 2:
                    return "a group is two figures or more"
                return self._check_move(side, action.figures, action.by, action.turn, None)
            if isinstance(action, Charge):
                plan = self._plan(side, action.figures, action.facing)
                return plan if isinstance(plan, str) else None
            return self._check_exit(side, action.figure)
        if isinstance(action, Shoot | Fell):
            if phase not in SHOT_KINDS:
                return "shots are taken in the shooting phases"
            if isinstance(action, Shoot):
                if self.tabletop:
                    return "this game is played with real flicks: record who fell on the table"
                if action.kind != phase:
                    return f"it is the {self.phase_info().name.lower()} phase"
                if not MIN_STRENGTH <= action.strength <= 1.0:
                    return f"strength runs from {MIN_STRENGTH} to 1"
                return self._check_shooter(side, phase, action.shooter, action.heading)
            if not self.tabletop:
                return "shots are simulated in this game (choose real flicks when starting one)"
            why = self._check_shooter(side, phase, action.shooter, None)
            if why:
                return why
            if len(set(action.figures)) != len(action.figures):
                return "a figure is listed twice"
            for fid in action.figures:
                f = self.figures.get(fid)
                if f is None or not f.active:
                    return f"there is no figure '{fid}' on the table"
            return None
        return f"'{action.text()}' is not a Kiddies action"
