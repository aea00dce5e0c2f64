"""Exact odds of a Blown Away combat from the decks as they stand.

Each side turns the top card of its own deck.  The cards still in a deck are
equally likely to be on top (a deck that has run out is reshuffled from its
discards), so the odds are an exact enumeration over the two piles: every
pair of cards, each weighted 1 / (len(a) * len(b)).  Everything is a
:class:`fractions.Fraction`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from desktop.rules.chance import Chance, card_value


def pile_of(chance: Chance, deck: str) -> list[str]:
    """The cards the next draw from `deck` may turn up, as the deck stands now."""
    return chance.pile(deck)


@dataclass(frozen=True)
class CombatOdds:
    """Who wins a combat, and how many men each side may see run."""

    unit_wins: Fraction
    target_wins: Fraction
    tie: Fraction
    #: Men of the target made to run (0 when it does not lose), by number.
    target_runs: dict[int, Fraction] = field(default_factory=dict)
    #: Men of the unit made to run (0 when it does not lose), by number.
    unit_runs: dict[int, Fraction] = field(default_factory=dict)

    @property
    def target_loses_a_man(self) -> Fraction:
        return self.unit_wins + self.tie

    @property
    def unit_loses_a_man(self) -> Fraction:
        return self.target_wins + self.tie

    def to_json(self) -> dict[str, object]:
        return {
            "kind": "combat",
            "result": {"unit wins": float(self.unit_wins), "tie": float(self.tie),
                       "target wins": float(self.target_wins)},
            "unit_wins": float(self.unit_wins),
            "target_wins": float(self.target_wins),
            "tie": float(self.tie),
            "target_runs": {str(k): float(v) for k, v in self.target_runs.items()},
            "unit_runs": {str(k): float(v) for k, v in self.unit_runs.items()},
        }


def combat_odds(
    unit_pile: Sequence[str],
    target_pile: Sequence[str],
    unit_bonus: int,
    target_bonus: int,
    runs_on_target: Callable[[str], int],
    runs_on_unit: Callable[[str], int],
) -> CombatOdds:
    """Enumerate every pair of top cards.  `runs_on_target(card)` is how many of
    the target run when the unit wins (or ties) with `card`, and the same the
    other way round."""
    if not unit_pile or not target_pile:
        raise ValueError("an empty deck")
    w = Fraction(1, len(unit_pile) * len(target_pile))
    uw = tw = tie = Fraction(0)
    t_runs: dict[int, Fraction] = {}
    u_runs: dict[int, Fraction] = {}
    for cu in unit_pile:
        vu = card_value(cu) + unit_bonus
        for ct in target_pile:
            vt = card_value(ct) + target_bonus
            rt = ru = 0
            if vu > vt:
                uw += w
                rt = runs_on_target(cu)
            elif vt > vu:
                tw += w
                ru = runs_on_unit(ct)
            else:
                tie += w
                rt, ru = runs_on_target(cu), runs_on_unit(ct)
            t_runs[rt] = t_runs.get(rt, Fraction(0)) + w
            u_runs[ru] = u_runs.get(ru, Fraction(0)) + w
    return CombatOdds(uw, tw, tie, dict(sorted(t_runs.items())), dict(sorted(u_runs.items())))
