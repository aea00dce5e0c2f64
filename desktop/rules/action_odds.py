"""The one answer every ruleset gives to "what are the chances of this action?".

``Game.odds(action)`` returns an :class:`Odds` (in the engine's words: ids may
stand for pieces), and a play view's ``odds(action)`` returns the same type in
names, for the play window's odds panel.  Its own module, below the engine and
the view alike, and free of geometry and Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

#: A note of :class:`Odds` that starts with this warns of a consequence that
#: lasts beyond the action (a D3 gun that fires is deployed for the rest of the
#: game): the odds panel shows it apart, in red, before the player commits.
LASTING = "⚠ "


def pct(p: float | Fraction) -> str:
    """A chance in whole percent, never a false 0% or 100% ("<1%", ">99%")."""
    v = float(p) * 100.0
    if 0 < v < 1:
        return "<1%"
    if 99 < v < 100:
        return ">99%"
    return f"{v:.0f}%"


@dataclass(frozen=True)
class Odds:
    """The chances of an action's outcomes, ready for a small bar chart.

    `bars` are the outcomes, (label, chance), whose chances sum to exactly 1.
    Every ruleset gives exact fractions worked out from its dice or cards;
    where no exact answer exists (a simulated flick) the bars are an estimate
    from simulated tries on a copy and `margin` is its 95% margin in
    percentage points ("about 60%, ± 4").  `notes` are short sentences
    ("passes its activation test 67%"); one that starts with :data:`LASTING`
    warns of a lasting consequence.
    """

    title: str
    bars: list[tuple[str, Fraction]]
    notes: list[str] = field(default_factory=list)
    #: None for exact odds; the estimate's margin (percentage points) otherwise.
    margin: float | None = None

    @property
    def exact(self) -> bool:
        return self.margin is None

    def chance(self, label: str) -> Fraction:
        """The chance of the bar named `label` (0 if there is none)."""
        return next((p for k, p in self.bars if k == label), Fraction(0))

    def mean(self) -> Fraction:
        """The average outcome, when every bar's label is a count ("0", "1"...)."""
        return sum((int(k) * p for k, p in self.bars), Fraction(0))

    def worded(self, words: Callable[[str], str]) -> Odds:
        """The same odds with `words` applied to the title, labels and notes (a
        view's namer puts names where the engine wrote ids)."""
        return Odds(words(self.title), [(words(k), p) for k, p in self.bars],
                    [words(n) for n in self.notes], self.margin)

    def reworded(self, title: str | None = None, labels: Sequence[str] | None = None,
                 notes: Sequence[str] | None = None) -> Odds:
        """The same chances told in a view's own words: another title, a label
        for each outcome (in the bars' order) or other notes, each kept where
        None.  The chances, their order and the margin stay the engine's, so
        a view that words a chart this way shows the engine's numbers."""
        if labels is not None and len(labels) != len(self.bars):
            raise ValueError(f"{len(labels)} labels for {len(self.bars)} outcomes")
        return Odds(self.title if title is None else title,
                    self.bars if labels is None
                    else [(k, p) for k, (_, p) in zip(labels, self.bars, strict=True)],
                    list(self.notes if notes is None else notes), self.margin)

    def same_chances(self, other: Odds) -> bool:
        """Do `other`'s outcomes have exactly these chances, in this order, with
        the same margin (whatever the words)?"""
        return ([p for _, p in self.bars] == [p for _, p in other.bars]
                and self.margin == other.margin)

    def problems(self) -> list[str]:
        """What makes these odds impossible (empty when all is well): exact bars
        must sum to exactly 1 and every chance lie in [0, 1]."""
        out: list[str] = []
        total = sum((p for _, p in self.bars), Fraction(0))
        if not self.bars:
            out.append(f"{self.title!r}: no outcomes")
        elif any(not isinstance(p, Fraction) or not 0 <= p <= 1 for _, p in self.bars):
            out.append(f"{self.title!r}: a chance that is not a fraction in [0, 1]")
        elif self.exact and total != 1:
            out.append(f"{self.title!r}: exact chances sum to {total}, not 1")
        elif not self.exact and abs(total - 1) > Fraction(1, 1000):
            out.append(f"{self.title!r}: estimated shares sum to {float(total):.4f}")
        return out
