"""Combat in Blown Away: who may fight whom, the cards each side turns and
their bonus for cover, who loses and how many of the loser run, and the exact
odds over the cards left in both decks."""

from __future__ import annotations

import copy
import math

from desktop.rules.blown_away.base import _pair
from desktop.rules.blown_away.constants import (
    ARTILLERY_RUNS_IGNORE_MODIFIERS,
    CAVALRY_BARRED,
    COMBAT_DISTANCE,
    DEFENCE_BONUS,
    DEFENCE_BONUS_EITHER_SIDE,
)
from desktop.rules.blown_away.losses import BlownAwayLosses
from desktop.rules.blown_away.men import artillery_runs, runs_after_kill
from desktop.rules.blown_away.odds import CombatOdds, combat_odds, pile_of
from desktop.rules.blown_away.state import _MISSING, Piece
from desktop.rules.blown_away.words import _ord, _plus
from desktop.rules.chance import card_name, card_value
from desktop.rules.engine import Event
from desktop.scenario.vocabulary import Trait, UnitType
from desktop.table.shapes import Aspect, aspect


class BlownAwayCombat(BlownAwayLosses):
    """Combats: their checks, their odds and carrying them out."""

    def _check_combat(self, u: Piece, t: Piece) -> str | None:
        if u.ranks == 0:
            return f"{u.id} has no men in ranks"
        if t.ranks == 0 or t.eliminated:
            return f"{t.id} has no men in ranks"
        if u.fought:
            return f"{u.id} has fought this turn"
        if u.is_artillery and not u.at_gun:
            return f"{u.id}'s gunners are away from their cannon"
        pair = _pair(u.id, t.id)
        if pair not in self.state.engaged:
            key = ("contact", u.stamp, t.stamp)
            why = self._memo_get(key)
            if why is _MISSING:
                why = self._contact_problem(u, t)
                self._memo_put(key, why)
            if why:
                return why  # type: ignore[return-value]
        if u.type is UnitType.CAVALRY:
            if self.in_works(t) or self._cover_from(t, u, False) == "wall":
                return f"cavalry may not fight {t.id} behind a wall, redoubt or in a trench"
            if self.in_terrain(t, CAVALRY_BARRED):
                return f"cavalry may not fight {t.id} in woods"
        return None

    def _contact_problem(self, u: Piece, t: Piece) -> str | None:
        """Why `u` (men in ranks) may not start a fight with `t` (men in ranks):
        too far apart, or neither faces the other."""
        if math.dist(u.pos, t.pos) - u.radius - t.radius >= COMBAT_DISTANCE or \
                self._gap(u, t) >= COMBAT_DISTANCE - 1e-9:
            return f"{t.id} is not less than {COMBAT_DISTANCE:g}\" away"
        if not self.facing_either(u, t):
            return f"neither {u.id} nor {t.id} faces the other"
        return None

    def card_bonus(self, p: Piece, enemy: Piece, defending: bool) -> int:
        if not (defending or DEFENCE_BONUS_EITHER_SIDE):
            return 0
        return DEFENCE_BONUS if self.defended(p, enemy) else 0

    def runs_for(self, loser: Piece, winner: Piece, winner_card: str, nth: int) -> int:
        """How many of `loser` run when its `nth` man of the engagement is killed."""
        if winner.is_artillery and winner.at_gun and ARTILLERY_RUNS_IGNORE_MODIFIERS:
            return artillery_runs(winner_card)
        side_on = aspect(loser.pos, loser.facing, winner.pos)
        n = nth
        if winner.is_artillery and winner.at_gun:
            n = artillery_runs(winner_card)
        return runs_after_kill(
            n,
            winner_cavalry=winner.type is UnitType.CAVALRY,
            pikes_or_guard=bool(loser.traits & {Trait.PIKEMEN, Trait.GUARD}) and loser.ranks > 0,
            militia=Trait.MILITIA in loser.traits,
            flank_or_rear=side_on in (Aspect.FLANK, Aspect.REAR),
        )

    def combat_odds(self, unit: str, target: str) -> CombatOdds:
        """Exact odds of `unit` fighting `target` now, from the cards left in each deck."""
        u, t = self.piece(unit), self.piece(target)

        def on(loser: Piece, winner: Piece) -> int:
            return loser.ranks - 1

        def runs_t(card: str) -> int:
            return min(self.runs_for(_after_kill(t), u, card, t.men.killed + 1), on(t, u))

        def runs_u(card: str) -> int:
            return min(self.runs_for(_after_kill(u), t, card, u.men.killed + 1), on(u, t))

        return combat_odds(pile_of(self.chance, u.side), pile_of(self.chance, t.side),
                           self.card_bonus(u, t, False), self.card_bonus(t, u, True),
                           runs_t, runs_u)

    def _combat(self, u: Piece, t: Piece, ev: list[Event]) -> None:
        cu = self.chance.draw(u.side, f"{u.id} fights {t.id}")
        ct = self.chance.draw(t.side, f"{t.id} defends against {u.id}")
        bu = self.card_bonus(u, t, False)
        bt = self.card_bonus(t, u, True)
        vu, vt = card_value(cu) + bu, card_value(ct) + bt
        u.fought = True
        self.state.engaged.add(_pair(u.id, t.id))
        self.state.last_cards = {u.side: cu, t.side: ct}
        if vu > vt:
            result = f"{u.name or u.id} wins"
        elif vt > vu:
            result = f"{t.name or t.id} wins"
        else:
            result = "a tie: both win"
        ev.append(Event("cards", f"{u.name or u.id} turns {card_name(cu)}{_plus(bu)}, "
                                 f"{t.name or t.id} turns {card_name(ct)}{_plus(bt)}: {result}",
                        {"unit": u.id, "target": t.id, "unit_card": cu, "target_card": ct,
                         "unit_value": vu, "target_value": vt,
                         "winner": u.id if vu > vt else t.id if vt > vu else None}))
        losers: list[tuple[Piece, Piece, str]] = []
        if vu >= vt:
            losers.append((t, u, cu))
        if vt >= vu:
            losers.append((u, t, ct))
        for loser, winner, card in losers:
            self._lose(loser, winner, card, ev)

    def _lose(self, loser: Piece, winner: Piece, card: str, ev: list[Event]) -> None:
        who = loser.men.kill(engaged=True)
        nth = loser.men.killed
        runs = self.runs_for(loser, winner, card, nth)
        ran = loser.men.run(runs)
        ev.append(Event("losses", f"{loser.name or loser.id}: one {who} killed (the {_ord(nth)} "
                                  f"of this fight), {len(ran)} run",
                        {"unit": loser.id, "killed": who, "nth": nth, "runs": runs,
                         "ran": len(ran), "ranks": loser.ranks, "running": loser.running}))
        if loser.ranks == 0:
            self._break(loser, ev)


def _after_kill(p: Piece) -> Piece:
    """A copy of `p` with one man fewer in ranks (for odds of what runs after)."""
    q = copy.copy(p)
    q.__dict__["_edits"] = None  # (a copy apart: no edit of the game's state)
    q.men = copy.deepcopy(p.men)
    q.men.kill(engaged=True)
    return q
