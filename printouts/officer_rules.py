"""What officers do under each ruleset: the one source for the officer card, the
officers section of the quick reference and the officers line of the roster.

The rulesets treat officers very differently (seed line cited on each entry):
only Tactical Dice wounds them; D3 generals cannot be attacked; a Muskets &
Mayhem commander cancels hits; a Blown Away commander rallies broken units;
Kiddies has no officers at all.  Each `OfficerRules` says that in our own
words and names the records its card keeps, so a card never carries another
ruleset's table.  The numbers are named here and checked against the engine's
constants by tests/printouts/test_officer_rules.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from printouts.reference_shapes import RefTable, Section


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
    ruleset: str
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


#: Turns a card has boxes for.
TURN_BOXES: Final = 12

_WORDS: Final = {1: "one", 2: "two", 3: "three"}


def _word(n: int) -> str:
    """Small numbers in words, as a sentence reads them."""
    return _WORDS.get(n, str(n))


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")

# Tactical Dice (seed 001 lines 91-102; RULINGS "General and ADC casualties";
# docs/rulings.md "Generals and ADCs").
TACTICAL_OFFICER_MOVE: Final = 3
TACTICAL_GENERAL_DICE: Final = 1
TACTICAL_KILLED_ON: Final = 1
TACTICAL_WOUNDED_ON: Final = 2
TACTICAL_LEAVES_ON: Final = 1
TACTICAL_RALLY_ON: Final = 6

TACTICAL: Final = OfficerRules(
    "tactical",
    "Generals and ADCs",
    "officer wound cards",
    "A General adds a die to his unit's close combat and cancels its first Flag a turn; "
    "an officer whose unit is hit may fall (see his card).",
    (
        ("Moves:", f"{TACTICAL_OFFICER_MOVE} squares a turn. With a unit in his square he "
                   "goes wherever it goes: its move, charge, retreat or pursuit."),
        ("A General", f"(not an ADC) gives a unit in his square {_word(TACTICAL_GENERAL_DICE)} "
                      "more die in close combat (never in fire) and cancels the first Flag it "
                      "takes each turn."),
        ("Rally:", "with a unit that is halted or has a Flag this turn, and has not moved, "
                   "charged or been charged or fired on, he rolls a d6 once a turn: on a "
                   f"{TACTICAL_RALLY_ON} the halt and the Flag are gone and the unit stays "
                   "put."),
        ("Captured:", "left alone in a square an enemy unit enters, he rides a square back; "
                      "with nowhere to go he is taken."),
    ),
    Casualty(
        "when a unit in his square takes at least one hit and another die of "
        "that throw shows an Officer, roll a d6 for him:",
        (
            (f"{TACTICAL_KILLED_ON}", "Killed."),
            (f"{TACTICAL_WOUNDED_ON}", "Wounded. From now on roll a d6 at the start of every "
                                       f"turn: a {TACTICAL_LEAVES_ON} carries him off. A "
                                       "second wound carries him off too."),
            ("3–6", "Unharmed."),
        ),
    ),
    "Mark his wound on the drawing",
    (
        Track("Wounded", 1, per_turn=False),
        Track(f"Rolls once wounded ({TACTICAL_LEAVES_ON} = carried off)", TURN_BOXES),
    ),
    ("Killed", "Carried off", "Captured"),
)

# D3 (seed 002 lines 106-112; RULINGS "D3": a General cannot be attacked;
# docs/rulings.md "General's re-roll", "Generals in danger").
D3_MOVE: Final = 12
D3_REROLL_RANGE: Final = 12
D3_REROLLS_PER_TURN: Final = 1
D3_THREAT_RANGE: Final = 6
D3_EVADE_DISTANCE: Final = 12

D3: Final = OfficerRules(
    "d3",
    "Generals",
    "general cards",
    f"A General re-rolls one failed activation a turn for a unit within {D3_REROLL_RANGE}\"; "
    f"he cannot be attacked, but rides {D3_EVADE_DISTANCE}\" away from an enemy that ends "
    f"within {D3_THREAT_RANGE}\".",
    (
        ("Moves:", f"{D3_MOVE}\" a turn, with no activation test."),
        ("Re-roll:", f"{_times(D3_REROLLS_PER_TURN)} a turn, a unit within "
                     f"{D3_REROLL_RANGE}\" of him that fails its activation test may roll it "
                     "again."),
        ("Untouchable:", "he cannot be charged or shot and never takes a wound; units move, "
                         "shoot and see as if he were not there."),
        ("Too close:", f"when an enemy unit ends a move within {D3_THREAT_RANGE}\" of him "
                       "with no friendly unit in between, he must ride "
                       f"{D3_EVADE_DISTANCE}\" away at the start of your next movement "
                       "(his move for that turn)."),
    ),
    None,
    "He takes no wounds in this game",
    (
        Track("Re-roll used (one a turn)", TURN_BOXES),
        Track("Had to ride away from the enemy", TURN_BOXES),
    ),
)

# Muskets & Mayhem (seed 004 lines 15 and 73-76; RULINGS "An attached
# commander cancels one unsaved hit per resolution"; docs/rulings.md "Commanders").
MAYHEM_MOVE: Final = 30
MAYHEM_CANCELS: Final = 1

MAYHEM: Final = OfficerRules(
    "mayhem",
    "Commanders",
    "commander cards",
    f"An attached commander cancels {_word(MAYHEM_CANCELS)} unsaved hit on his unit each "
    "time it is fired on or fights; he is never hit himself.",
    (
        ("Moves:", f"up to {MAYHEM_MOVE} a turn. He may join a friendly unit within reach "
                   "(one commander to a unit) and then moves with it."),
        ("Attached:", f"each time his unit is fired on or fights a melee, he cancels "
                      f"{_word(MAYHEM_CANCELS)} hit it failed to save (never the casualty for "
                      "falling back through friends)."),
        ("Safe:", "he is never hit or attacked. If his unit is destroyed he stays where "
                  "it stood."),
    ),
    None,
    "He takes no wounds in this game",
    (Track("Hits cancelled (write how many each turn)", TURN_BOXES),),
    lines=(("With unit", 3),),
)

# Blown Away (seed 003 lines 13-15 and 25; RULINGS "Blown Away": the commander
# moves any distance, rallies a unit with no men in ranks; docs/rulings.md).
BLOWN_AWAY_NEXT_TO: Final = 1
BLOWN_AWAY_RUNNERS_CLEAR: Final = 24

BLOWN_AWAY: Final = OfficerRules(
    "blown_away",
    "The commander",
    "commander cards",
    "The commander rides any distance once in your turn, and must stand beside a unit "
    "with no men in ranks to rally its first man.",
    (
        ("Moves:", "once in your turn, any distance, besides the one thing you do."),
        ("Rally:", "a unit with no one in ranks rallies only with him within "
                   f"{BLOWN_AWAY_NEXT_TO}\" of it and every runner {BLOWN_AWAY_RUNNERS_CLEAR}\" "
                   "or more from enemy men in ranks: one man returns, then it doubles as "
                   "usual."),
        ("Safe:", "he belongs to no unit, so he is never killed and never runs. The officer "
                  "of a unit's command element is one of its men, on the roster."),
    ),
    None,
    "He takes no wounds in this game",
    (
        Track("Rode this turn", TURN_BOXES),
        Track("Rallied a unit with no one in ranks", TURN_BOXES),
    ),
)

# Kiddies (seed 000 has no officers at all: its troop types are regulars,
# skirmishers, cannons and cavalry).
KIDDIES: Final = OfficerRules(
    "kiddies",
    "Officers",
    "officer cards",
    "The Kiddies rules have no officers: he stands for the player and takes no part in "
    "the game.",
    (
        ("No rules:", "Kiddies has no officers. He stands for you, the player: he is not "
                      "one of the pieces, cannot be shot or fought, and counts for nothing "
                      "in winning."),
        ("For fun:", "colour in his coat on the drawing before the game."),
    ),
    None,
    "Colour in his uniform",
    (),
    lines=(("Notes", 4),),
)

#: No ruleset chosen: a plain card that records wounds under the players' own rules.
GENERIC: Final = OfficerRules(
    "",
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

OFFICER_RULES: Final[dict[str, OfficerRules]] = {
    r.ruleset: r for r in (TACTICAL, D3, MAYHEM, BLOWN_AWAY, KIDDIES)
}


def officer_rules(ruleset: str | None) -> OfficerRules:
    """The officer rules for `ruleset`; the generic card for none or an unknown one."""
    if ruleset is None:
        return GENERIC
    return OFFICER_RULES.get(ruleset, GENERIC)
