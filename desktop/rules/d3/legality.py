"""What a D3 player may do now: each action's check, in plain words, and the
actions that can be listed (ends of phases, shots, re-rolls, aimed charges,
sampled moves)."""

from __future__ import annotations

import math
import random

from desktop.rules.d3 import rules as R
from desktop.rules.d3.actions import Accept, Charge, D3Action, End, Move, Reroll, Shoot
from desktop.rules.d3.fire import D3Fire
from desktop.rules.d3.movement import D3Movement
from desktop.rules.d3.pieces import Piece
from desktop.rules.d3.sampler import sample_moves
from desktop.rules.d3.state import MOVEMENT, SHOOTING, Pending
from desktop.rules.engine import Action
from desktop.scenario.vocabulary import UnitType
from desktop.table.shapes import angle_diff, bearing, distance


class D3Legality(D3Fire, D3Movement):
    """Checks and the listed actions."""

    def _check(self, action: Action) -> str | None:
        """Checks are memoised until the next action is applied (random play and
        the computer player check a move, then apply it)."""
        checked = self._checked.at(self.position_stamp())
        try:
            return checked[action]  # type: ignore[no-any-return]
        except KeyError:
            pass
        except TypeError:
            return self._check_now(action)
        why = self._check_now(action)
        if len(checked) < 256:
            checked[action] = why
        return why

    def _check_now(self, action: Action) -> str | None:
        if not isinstance(action, (End, Move, Charge, Shoot, Reroll, Accept)):
            return f"'{action}' is not a D3 action"
        if self.pending is not None:
            return self._check_pending(self.pending, action)
        if isinstance(action, (Reroll, Accept)):
            return "no failed activation is waiting for a re-roll"
        if isinstance(action, End):
            return None
        p = self._piece(action.unit)
        if isinstance(p, str):
            return p
        if isinstance(action, Move):
            return self._check_move(p, action)
        if isinstance(action, Charge):
            return self._check_charge(p, action)
        return self._check_shoot(p, action)

    def _check_pending(self, pending: Pending, action: D3Action) -> str | None:
        """A failed activation waits (seed 002 "Generals"): only a re-roll by a
        general who may give it, or accepting the failure."""
        if isinstance(action, Accept):
            return None
        if isinstance(action, Reroll):
            if action.general not in pending.generals:
                return (f"{action.general} cannot re-roll this activation (only "
                        f"{' or '.join(pending.generals)} may)")
            return None
        return (f"{pending.unit} failed its activation test: a general re-rolls "
                "it or the failure is accepted first")

    def _check_move(self, p: Piece, action: Move) -> str | None:
        if self._phase != MOVEMENT:
            return "units move only in the movement phase"
        why = self._unit_ready(p, "move")
        if why:
            return why
        if self.pivots_only(p) and (
            abs(action.x - p.x) > 1e-9 or abs(action.y - p.y) > 1e-9
        ):
            return f"{p.id} is deployed artillery: it may pivot but not move"
        if not all(math.isfinite(v) for v in (action.x, action.y, action.facing)):
            return "the move is not a finite position"
        return self.move_problem(p, action.x, action.y, action.facing)

    def _check_charge(self, p: Piece, action: Charge) -> str | None:
        if self._phase != MOVEMENT:
            return "charges are made in the movement phase"
        if p.type is not UnitType.CAVALRY:
            return "only cavalry charge"
        why = self._unit_ready(p, "charge")
        if why:
            return why
        if abs(action.turn) > R.CHARGE_MAX_TURN + 1e-9:
            return f"a charge may turn at most {R.CHARGE_MAX_TURN:g} degrees first"
        t = self._enemy_target(p, action.target)
        if isinstance(t, str):
            return t
        if any(d == t.id for _, d in self.charges):
            return f"{t.id} has already been charged this turn (one attacker per defender)"
        g = self.charge_geometry(p, t, action.turn)
        return g if isinstance(g, str) else None

    def _check_shoot(self, p: Piece, action: Shoot) -> str | None:
        if self._phase != SHOOTING:
            return "units shoot only in the shooting phase"
        if p.is_general:
            return "generals do not shoot"
        if p.type is UnitType.CAVALRY:
            return "cavalry never shoot"
        why = self._unit_ready(p, "shoot")
        if why:
            return why
        t = self._enemy_target(p, action.target)
        if isinstance(t, str):
            return t
        if t.id in self.shot_table().get(p.id, ()):
            return None
        return self.fire_problem(p, t)

    def _enemy_target(self, p: Piece, target: str) -> Piece | str:
        """The piece `p` would charge or shoot at, or why it may not: an enemy
        unit on the table (generals are never attacked)."""
        t = self._piece(target)
        if isinstance(t, str):
            return t
        if t.is_general:
            return "generals cannot be attacked"
        if t.side == p.side:
            return f"{t.id} is a friend"
        if not t.present:
            return f"{t.id} is no longer on the table"
        return t

    def legal_actions(self) -> list[Action]:
        if self._outcome is not None:
            return []
        if self.pending is not None:
            return [*(Reroll(g) for g in self.pending.generals), Accept()]
        out: list[Action] = [End()]
        if self._phase == SHOOTING:
            for uid, targets in self.shot_table().items():
                u = self.pieces[uid]
                if self._unit_ready(u, "shoot") is None:
                    out.extend(Shoot(uid, t) for t in targets if self.pieces[t].present)
        return out

    def aimed_charge(self, c: Piece, e: Piece) -> Charge | None:
        """The charge of `c` aimed at the centre of `e` (or straight ahead), if legal."""
        if distance(c.pos, e.pos) > c.allowance + (c.frontage + e.frontage + c.depth) / 2.0:
            return None
        turn = angle_diff(bearing(c.pos, e.pos), c.facing)
        tries = [round(max(-R.CHARGE_MAX_TURN, min(R.CHARGE_MAX_TURN, turn)), 1)]
        if tries[0] != 0.0:
            tries.append(0.0)
        for t in tries:
            ch = Charge(c.id, e.id, t)
            if self.check(ch) is None:
                return ch
        return None

    def aimed_charges(self) -> list[Charge]:
        """For each ready cavalry unit and enemy, the charge aimed at the enemy's
        centre (or straight ahead), when legal."""
        if self._phase != MOVEMENT or self.pending is not None or self._outcome is not None:
            return []
        side = self.order[self._side_index]
        out: list[Charge] = []
        for c in self.units(side):
            if c.type is not UnitType.CAVALRY or self._unit_ready(c, "charge"):
                continue
            for e in self.units(self.enemy_of(side)):
                ch = self.aimed_charge(c, e)
                if ch is not None:
                    out.append(ch)
        return out

    def sample_actions(self, rng: random.Random, n: int = 8) -> list[Action]:
        if self._outcome is not None or self.pending is not None or self._phase != MOVEMENT:
            return []
        return list(sample_moves(self, rng, n))
