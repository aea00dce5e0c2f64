"""The exact odds of a Tactical Dice fire, charge or close combat round as the
game stands (the sums are in desktop.rules.tactical.odds): as records, as
plain data, and as the engine's `Odds` for the odds panel.
"""

from __future__ import annotations

from desktop.rules.action_odds import Odds, pct
from desktop.rules.engine import JSON, Action, RulesError
from desktop.rules.tactical import odds as O
from desktop.rules.tactical.actions import Charge, Fire
from desktop.rules.tactical.constants import Face
from desktop.rules.tactical.counts import TacticalCounts
from desktop.rules.tactical.grid import Square
from desktop.rules.tactical.state import SPENT, SQUARE_FORMATION, TUnit
from desktop.rules.tactical.words import case_words, counted
from desktop.scenario.vocabulary import ARTILLERY, UnitType


class TacticalChances(TacticalCounts):
    """Exact odds of the actions that throw dice."""

    def _cancel_of(self, t: TUnit) -> int:
        """Flags a General in `t`'s square will still ignore this turn."""
        return 1 if (self.general_with(t) is not None and not t.flag_cancelled) else 0

    def fire_chances(self, unit: str, target: str) -> O.FireOdds:
        """Exact odds of `unit` firing at `target` now (this resolution alone)."""
        u, t = self.st.units[unit], self.st.units[target]
        return O.fire_odds(self.fire_dice(u, t), self.hit_face(u, t), t.q, t.cv,
                           self._cancel_of(t), t.status == SPENT)

    def charge_against(self, u: TUnit, t: TUnit) -> str:
        """Which charge table `u` charging `t` uses (:data:`O.AGAINST`)."""
        if u.type is UnitType.CAVALRY and t.type is UnitType.CAVALRY:
            return "cavalry"
        if u.type is UnitType.CAVALRY:
            return "square" if t.formation == SQUARE_FORMATION else "formed"
        return "bayonet"

    def charge_chances(self, unit: str, target: str, via: Square) -> O.ChargeOdds:
        """Exact odds of a charge: the attacker's throw and which case follows."""
        u, t = self.st.units[unit], self.st.units[target]
        return O.charge_odds(self.combat_dice(u, t, via, True), self.charge_against(u, t),
                             t.q, t.cv, self._cancel_of(t), t.skirmish_flags,
                             t.type in ARTILLERY)

    def close_combat_chances(self, unit: str) -> tuple[TUnit, TUnit, O.FireOdds, O.FireOdds]:
        """The next round of the close combat `unit` is locked in: the attackers, the
        defenders, and each one's throw at the other (Sabres hit)."""
        u = self.st.units[unit]
        if u.engaged is None:
            raise RulesError(f"{unit} is not locked in close combat")
        t = self.st.units[u.engaged]
        a, d = (u, t) if u.attacker else (t, u)

        def side(x: TUnit, y: TUnit, attacking: bool) -> O.FireOdds:
            return O.fire_odds(self.combat_dice(x, y, x.sq, attacking), Face.SABRE, y.q, y.cv,
                               self._cancel_of(y), y.status == SPENT)

        return a, d, side(a, d, True), side(d, a, False)

    def chances(self, action: Action) -> O.FireOdds | O.ChargeOdds | None:
        """The exact odds of a legal fire or charge (None for anything else)."""
        if self.check(action) is not None:
            return None
        if isinstance(action, Fire):
            return self.fire_chances(action.unit, action.target)
        if isinstance(action, Charge):
            return self.charge_chances(action.unit, action.target, action.via)
        return None

    def fire_odds(self, unit: str, target: str) -> dict[str, JSON]:
        """:meth:`fire_chances` as plain data."""
        return self.fire_chances(unit, target).to_json()

    def charge_odds(self, unit: str, target: str, via: Square) -> dict[str, JSON]:
        """:meth:`charge_chances` as plain data."""
        return self.charge_chances(unit, target, via).to_json()

    def close_combat_odds(self, unit: str) -> dict[str, JSON]:
        """:meth:`close_combat_chances` as plain data."""
        a, d, by_a, by_d = self.close_combat_chances(unit)
        return {"kind": "close_combat", "attacker": a.id, "defender": d.id,
                "round": a.rounds + 1, "by_attacker": by_a.to_json(),
                "by_defender": by_d.to_json()}

    def odds(self, action: Action) -> Odds | None:
        """The exact chances of a legal fire (its hits) or charge (how the charged
        unit answers), from :meth:`chances`, in ids; None for anything else."""
        got = self.chances(action)
        if isinstance(got, O.FireOdds) and isinstance(action, Fire):
            return Odds(f"{action.unit} fires at {action.target}: "
                        f"{counted(got.dice, 'die')}, hitting on {got.hit_face.name.title()}",
                        [(counted(i, "hit"), p) for i, p in enumerate(got.hits)],
                        [f"brought to 0 CV {pct(got.spent)}", f"routs {pct(got.rout)}"])
        if isinstance(got, O.ChargeOdds) and isinstance(action, Charge):
            guns = self.unit(action.target).type in ARTILLERY
            return Odds(f"{action.unit} charges {action.target}: {counted(got.dice, 'die')}",
                        [(case_words(c, guns, short=True), p) for c, p in got.cases.items()],
                        [f"at least one Sabre {pct(1 - got.sabres[0])}"])
        return None


# --- odds as data ---------------------------------------------------------------------


def fire_odds_json(n: int, face: Face, quality: int, cv: int, cancel: int = 0,
                   spent: bool = False) -> dict[str, JSON]:
    """Exact odds of one fire resolution as plain data (see :func:`O.fire_odds`)."""
    return O.fire_odds(n, face, quality, cv, cancel, spent).to_json()


def charge_odds_json(n: int, what: str, quality: int, cv: int, cancel: int = 0,
                     extra_flags: int = 0, guns: bool = False) -> dict[str, JSON]:
    """Exact odds of a charge as plain data (see :func:`O.charge_odds`)."""
    return O.charge_odds(n, what, quality, cv, cancel, extra_flags, guns).to_json()
