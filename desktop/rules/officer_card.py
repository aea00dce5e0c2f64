"""What officers do under a ruleset: the shapes of the one source for the officer
card, the officers section of the quick reference and the officers line of the
roster.

The rulesets treat officers very differently: one wounds them, one makes its
generals untouchable, one has no officers at all.  A ruleset says so as
``Ruleset.officer_rules``, an :class:`OfficerRules` in its own words, built
from its engine's constants (so the card prints the numbers the game plays
by) and naming the records its card keeps, so that a card never carries
another ruleset's table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from desktop.rules.reference_shapes import RefTable, Section

#: Turns a card has boxes for.
TURN_BOXES: Final = 12

_WORDS: Final = {1: "one", 2: "two", 3: "three"}


def in_words(n: int) -> str:
    """Small numbers in words, as a sentence reads them: "one", "two", "12"."""
    return _WORDS.get(n, str(n))


def times(n: int) -> str:
    """How often, in words: "once", "twice", "3 times"."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def number(x: float) -> str:
    """A distance or count as a card prints it: 12.0 as "12", 2.5 as "2.5"."""
    return str(int(x)) if float(x).is_integer() else str(x)


@dataclass(frozen=True)
class Casualty:
    """A roll made for an officer when something happens to his unit."""

    #: When the roll is made, after the bold `term`.
    when: str
    #: (roll, result) rows.
    rows: tuple[tuple[str, str], ...]
    term: str = "Casualty:"


@dataclass(frozen=True)
class Track:
    """A row of boxes on the card.

    `per_turn`: one small box per game turn, numbered (ticked or written in);
    otherwise `boxes` heavy boxes, each followed by "turn ___".
    """

    label: str
    boxes: int
    per_turn: bool = True


@dataclass(frozen=True)
class OfficerRules:
    #: The heading of the reference section ("Generals and ADCs").
    title: str
    #: What the card sheet is called in the footer and the progress line.
    card_name: str
    #: One line for the roster's officers box.
    summary: str
    #: (bold term, text) points, in play order.
    rules: tuple[tuple[str, str], ...]
    casualty: Casualty | None
    #: The note printed on the drawing.
    art_note: str
    tracks: tuple[Track, ...]
    #: Final states, each a heavy box with "on turn ___" (card) or a box (roster).
    outcomes: tuple[str, ...] = ()
    #: Ruled write-in lines: (label, how many).
    lines: tuple[tuple[str, int], ...] = ()

    @property
    def wounds(self) -> bool:
        """Whether the ruleset can wound or kill an officer at all."""
        return self.casualty is not None or any(not t.per_turn for t in self.tracks)

    @property
    def roster_boxes(self) -> tuple[str, ...]:
        """The boxes on an officer's roster row: his marks, then how he left."""
        return tuple(t.label for t in self.tracks if not t.per_turn) + self.outcomes


def officer_section(rules: OfficerRules) -> Section:
    """The quick reference's officers section, printed from the same data as the card."""
    items: list[str | tuple[str, str] | RefTable] = list(rules.rules)
    if rules.casualty is not None:
        items.append((rules.casualty.term, rules.casualty.when))
        items.append(RefTable(("d6", "Result"), rules.casualty.rows, (0.5, 3.5)))
    return Section(rules.title, tuple(items))


#: No ruleset chosen (or one that says nothing of officers): a plain card that
#: records wounds under the players' own rules.
GENERIC: Final = OfficerRules(
    "Officers",
    "officer wound cards",
    "",
    (("Rules:", "no ruleset chosen: use your own rules for officers and record here what "
                "befalls him."),),
    None,
    "Mark each wound on the drawing",
    (Track("Wound", 3, per_turn=False), Track("Rolls (write the score)", TURN_BOXES)),
    ("Killed", "Left the field"),
)
