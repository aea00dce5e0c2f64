"""Hand to hand in Kiddies: the dice, and their exact odds (seed, "Hand to hand fighting").

Every fight is one roll against another: the attacker's side throws
``dice`` d6 and adds ``bonus``; the other side likewise; the higher total
wins and kills everyone on the other side, a tie kills everyone in the fight.

- one against one (infantry or cavalry): d6 against d6;
- two infantry (or two cavalry) against one: the pair adds +1;
- a horseman against one, two or three infantry: 2d6 against d6 +0, +1, +2.

The odds are exact fractions, enumerated (never sampled).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True)
class Roll:
    """How one side of a fight rolls."""

    dice: int
    bonus: int = 0


@dataclass(frozen=True)
class FightOdds:
    """Exact chances for the first side: it wins, both die (a tie), it loses."""

    win: Fraction
    draw: Fraction
    loss: Fraction

    def to_json(self) -> dict[str, str]:
        return {"win": str(self.win), "draw": str(self.draw), "loss": str(self.loss)}


def totals(roll: Roll) -> dict[int, Fraction]:
    """Distribution of a side's total."""
    out: dict[int, Fraction] = {}
    p = Fraction(1, 6**roll.dice)
    for faces in itertools.product(range(1, 7), repeat=roll.dice):
        t = sum(faces) + roll.bonus
        out[t] = out.get(t, Fraction(0)) + p
    return out


def fight_odds(a: Roll, b: Roll) -> FightOdds:
    win = draw = loss = Fraction(0)
    for ta, pa in totals(a).items():
        for tb, pb in totals(b).items():
            if ta > tb:
                win += pa * pb
            elif ta == tb:
                draw += pa * pb
            else:
                loss += pa * pb
    return FightOdds(win, draw, loss)


def rolls_for(first_cavalry: bool, first_count: int, second_cavalry: bool,
              second_count: int) -> tuple[Roll, Roll]:
    """The rolls of a fight between `first_count` figures and `second_count` figures.

    One side of every fight is a single figure.  Horse against foot: the horseman
    throws 2d6, the foot d6 plus one less than their number.  Otherwise the side
    of two adds +1.
    """
    if first_cavalry and not second_cavalry:
        return Roll(2), Roll(1, second_count - 1)
    if second_cavalry and not first_cavalry:
        return Roll(1, first_count - 1), Roll(2)
    return Roll(1, 1 if first_count == 2 else 0), Roll(1, 1 if second_count == 2 else 0)


def one_against_one() -> FightOdds:
    return fight_odds(Roll(1), Roll(1))


def two_against_one() -> FightOdds:
    """Odds for the pair (it adds +1)."""
    return fight_odds(Roll(1, 1), Roll(1))


def horse_against_foot(infantry: int) -> FightOdds:
    """Odds for the horseman against 1, 2 or 3 infantry."""
    if not 1 <= infantry <= 3:
        raise ValueError("a horseman fights one, two or three infantry")
    return fight_odds(Roll(2), Roll(1, infantry - 1))
