"""Which Blown Away actions are legal now: each action's check (judged once
per state for moves and formation changes) and the listed actions, kept per
state of the turn and the pieces."""

from __future__ import annotations

import math

from desktop.rules.blown_away.actions import (
    BlownAwayAction,
    Combat,
    End,
    Fire,
    Form,
    Move,
    Rally,
    Rejoin,
)
from desktop.rules.blown_away.base import _pair
from desktop.rules.blown_away.combat import BlownAwayCombat
from desktop.rules.blown_away.constants import COMBAT_DISTANCE
from desktop.rules.blown_away.fire import BlownAwayFire
from desktop.rules.blown_away.movement import BlownAwayMovement
from desktop.rules.blown_away.rally import BlownAwayRally
from desktop.rules.blown_away.state import ARTILLERY_PHASE, COMBAT, ORDERS
from desktop.rules.engine import Action

#: The key of the legal list among a state's answers (`_at_state`).
_LEGAL = object()


class BlownAwayLegality(BlownAwayMovement, BlownAwayRally, BlownAwayFire, BlownAwayCombat):
    """Checks and the listed actions."""

    def _legal_key(self) -> tuple[object, ...]:
        """Everything the legal-action list depends on: the turn and phase, and
        every piece and its men as they are (by their edit numbers, so whoever
        edits a piece, the engine, the play window or a test, renews the key)."""
        st = self.state
        return (st.turn, st.side, st.phase, st.acted, st.commander_moved, st.outcome is None,
                tuple(sorted(st.engaged)), st.edits.n,
                tuple([c.pos for c in st.commanders.values()]))

    def legal_actions(self) -> list[Action]:
        """Listed once per state (issue 18: a phase's end asks whether anything is
        left to do, then the player asks for the same list)."""
        at = self._at_state.at(self._legal_key())
        got: tuple[Action, ...] | None = at.get(_LEGAL)
        if got is None:
            got = at[_LEGAL] = tuple(self._list_legal())
        return list(got)

    def _verdicts_for(self, key: tuple[object, ...]) -> dict[Action, str | None]:
        """Actions already judged in the state `key` names, with their verdicts
        (kept beside the state's legal list, under the actions themselves)."""
        return self._at_state.at(key)  # type: ignore[return-value]

    def _check(self, action: Action) -> str | None:
        """Moves and formation changes are judged once per state: a sampled move
        is checked when proposed, again by the sampler, and again when applied.
        (Everything else is cheap to judge: its geometry is memoised.)"""
        if not isinstance(action, (Move, Form)):
            return self._judge(action)
        verdicts = self._verdicts_for(self._legal_key())
        if action in verdicts:
            return verdicts[action]
        why = verdicts[action] = self._judge(action)
        return why

    def _list_legal(self) -> list[Action]:
        st = self.state
        if st.outcome is not None:
            return []
        side = st.side
        out: list[Action] = []
        if st.phase == ORDERS:
            if not st.acted:
                for p in self.units(side):
                    if self._check_rally(p) is None:
                        out.append(Rally(p.id))
                    if self._check_rejoin(p) is None:
                        out.append(Rejoin(p.id))
        elif st.phase == ARTILLERY_PHASE:
            guns = [g for g in self.units(side) if self._why_no_fire(g) is None]
            targets = self.formed(st.enemy(side))
            for g in guns:
                for t in targets:
                    if self._check_fire(g, t) is None:
                        out.append(Fire(g.id, t.id))
        elif st.phase == COMBAT:
            enemies = [(t, t.radius) for t in self.formed(st.enemy(side))]
            for u in self.formed(side):
                if u.fought:
                    continue
                ur = u.radius
                for t, tr in enemies:
                    # the first test of `_contact_problem`, before anything else:
                    # most pairs are far apart and not engaged
                    if math.dist(u.pos, t.pos) - ur - tr >= COMBAT_DISTANCE and \
                            _pair(u.id, t.id) not in st.engaged:
                        continue
                    if self._check_combat(u, t) is None:
                        out.append(Combat(u.id, t.id))
        out.append(End())
        return out

    def _judge(self, action: Action) -> str | None:
        if not isinstance(action, BlownAwayAction):
            return f"'{action}' is not a Blown Away action"
        st = self.state
        if isinstance(action, End):
            return None
        if isinstance(action, Move) and action.piece in st.commanders:
            c = st.commanders[action.piece]
            if c.side != st.side:
                return f"{c.id} is not yours"
            if st.phase != ORDERS:
                return "the commander moves in the orders phase"
            if st.commander_moved:
                return "the commander has already moved this turn"
            x, y = action.to
            tab = self.scenario.table
            if not (0 <= x <= tab.width and 0 <= y <= tab.depth):
                return "would leave the table"
            return None
        uid = _subject(action)
        p = st.pieces.get(uid)
        if p is None:
            return f"no unit '{uid}'"
        if p.side != st.side:
            return f"{uid} is not yours"
        if p.eliminated:
            return f"{uid} is no longer in the game"
        if isinstance(action, (Move, Form, Rally, Rejoin)):
            if st.phase != ORDERS:
                return "units move, rally or change formation in the orders phase"
            if st.acted:
                return "this turn's one thing (a move, a rally or a formation change) is done"
            if isinstance(action, Move):
                return self._check_move(p, action.to, action.facing)
            if isinstance(action, Form):
                return self._check_form(p, action.formation, action.facing)
            if isinstance(action, Rally):
                return self._check_rally(p)
            return self._check_rejoin(p)
        t = st.pieces.get(action.target)
        if t is None:
            return f"no unit '{action.target}'"
        if t.side == p.side:
            return f"{t.id} is not an enemy"
        if isinstance(action, Fire):
            if st.phase != ARTILLERY_PHASE:
                return "long-range artillery fires in the artillery phase"
            return self._why_no_fire(p) or self._check_fire(p, t)
        if st.phase != COMBAT:
            return "combats are conducted in the combat phase"
        return self._check_combat(p, t)


def _subject(action: BlownAwayAction) -> str:
    if isinstance(action, Move):
        return action.piece
    if isinstance(action, Fire):
        return action.gun
    if isinstance(action, End):
        return ""
    return action.unit
