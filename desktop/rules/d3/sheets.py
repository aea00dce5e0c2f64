"""What the printouts say about D3 Horse and Musket: its roster profile, quick
reference and officer card, in our own words, with the numbers taken from the
engine's constants (desktop.rules.d3.rules) so that a sheet prints what the
game plays by."""

from __future__ import annotations

from typing import Final

from desktop.rules.d3 import rules as R
from desktop.rules.officer_card import TURN_BOXES, OfficerRules, Track, number, times
from desktop.rules.reference_shapes import Reference, RefTable, Section
from desktop.rules.roster_profile import RosterProfile, UnitSheet, short_quality
from desktop.rules.roster_profile import Track as Boxes
from desktop.scenario.model import Unit
from desktop.scenario.vocabulary import ARTILLERY, UnitType

# --- the roster ------------------------------------------------------------

def activation_roll(hits: int) -> int:
    """The lowest d6 that activates a unit carrying `hits` (2 x d6 > hits)."""
    return hits // R.ACTIVATION_MULTIPLIER + 1


def unit_sheet(u: Unit) -> UnitSheet:
    if u.type is UnitType.CAVALRY:
        meaning = "charges D3+1; no fire"
    elif u.type is UnitType.LINE_INFANTRY:
        meaning = 'shoots D3 at 12"'
    elif u.type is UnitType.LIGHT_INFANTRY:
        meaning = 'shoots D3−1 at 12"'
    else:
        meaning = 'shoots D3−1 at 48"'
    meaning += f'; moves {number(R.MOVE_ALLOWANCE[u.type])}"'
    under: dict[int, str] = {}
    for h in range(2, R.ELIMINATION_HITS, 2):
        under[h] = f"{activation_roll(h)}+"
    track = Boxes(
        R.ELIMINATION_HITS,
        marks={R.ELIMINATION_HITS: "off"},
        heavy=frozenset({R.ELIMINATION_HITS}),
        under=under,
    )
    states = ("Disordered", "Deployed") if u.type in ARTILLERY else ("Disordered",)
    return UnitSheet(short_quality(u.quality), meaning, f"{R.ELIMINATION_HITS} hits",
                     R.ELIMINATION_HITS, track, states)


ROSTER_PROFILE: Final = RosterProfile(
    "Limit", "Hits (tick one per hit; d6 needed to activate below)",
    "State",
    (
        "Tick one box per hit. To move or shoot, roll a d6 and double it: it must beat the "
        "hits taken. The small number under the boxes is the lowest d6 that still works.",
        "A failed test leaves the unit disordered (no move, no fire) for the rest of the "
        "turn. Nine hits: the unit is removed in the elimination phase.",
        "Artillery that has fired is deployed: it may pivot but never move again.",
    ),
    unit_sheet,
    "hits to remove",
)


# --- the quick reference ---------------------------------------------------

REFERENCE: Final = Reference(
    "Hits wear a unit down: each makes the next order harder to carry out, and nine "
    "finish it.",
    (
        Section("Turn sequence", (
            "A game turn is two player turns. In yours, work through:",
            ("1.", "Movement: test each unit you want to move; move the ones that pass."),
            ("2.", "Shooting: test each unit you want to fire; those that pass shoot."),
            ("3.", "Hand to hand: resolve the charges your cavalry made."),
            ("4.", "Elimination: remove every unit carrying 9 or more hits."),
            "Then your opponent takes a player turn the same way.",
        )),
        Section("Activation test", (
            "Before a unit moves or shoots, roll a d6 and double the score. If the result is "
            "more than the hits the unit carries, it acts. If not, it is disordered: no "
            "moving or shooting for the rest of the turn.",
            RefTable(("Hits carried", "0–1", "2–3", "4–5", "6–7", "8"),
                     (("d6 needed", "any", "2+", "3+", "4+", "5+"),)),
            "A General may have a failed test re-rolled (see Generals).",
        )),
        Section("Movement", (
            RefTable(("Who", "Move", "Notes"), (
                ("Infantry", '6"', ""),
                ("Skirmishers", '9"', "may pass through friends"),
                ("Cavalry", '12"', "the only troops that charge"),
                ("Artillery", '6"', "once it has fired: pivot only"),
                ("Generals", f'{number(R.GENERAL_ALLOWANCE)}"', "no test needed"),
            ), (1.2, 0.6, 2.2)),
            "Move in a straight line; pivot on the centre before and/or after the move. "
            "Only skirmishers pass through friendly units (and are passed through).",
        )),
        Section("Terrain", (
            RefTable(("Ground", "Who may enter"), (
                ("Wood", "skirmishers only"),
                ("Town", "infantry and cavalry may end a move there; fire all round"),
                ("Marsh, lake", "nobody"),
                ("River", "at a bridge or ford only; crossing takes a whole move"),
                ("Stream", "not artillery; others take a whole move to cross"),
                ("Difficult ground", "infantry and skirmishers only"),
                ("Hill", "everyone"),
            ), (1.0, 2.6)),
        )),
        Section("Shooting", (
            "Cavalry never shoot, and a unit that moved this turn cannot. Pick one enemy unit "
            "lying at least partly within 45° either side of straight ahead, looking from the "
            "middle of the front edge; measure from there to its nearest point.",
            RefTable(("Shooter", "Range", "Hits"), (
                ("Infantry", '12"', "D3"),
                ("Skirmishers", '12"', "D3 − 1"),
                ("Artillery", '48"', "D3 − 1"),
            ), (1.3, 0.8, 1.0)),
            ("Cover:", "one hit fewer against a unit in a wood, a town or behind a wall "
                       "(never below none)."),
            ("Artillery", "that has fired is deployed: it can still pivot but never moves "
                          "again."),
        )),
        Section("Cavalry charges", (
            "Declare in your movement: one turn of up to 45° at the start, then straight ahead "
            "into contact. Only one charger per defender. In the hand-to-hand phase the "
            "charger alone deals hits:",
            RefTable(("Charge", "Hits"), (
                ("Basic", "D3 + 1"),
                ("Defender on a hill", "− 1"),
                ("Defender is cavalry", "− 1"),
                ("Into flank or rear", "double (after the above)"),
            ), (1.6, 1.4)),
            "If the defender is still there afterwards, the cavalry falls back half a move, "
            "still facing it.",
        )),
        Section("Losses and morale", (
            "There is no separate morale test: hits do that job through the activation "
            "test. Mark hits on the roster; a unit with 9 or more is removed in the "
            "elimination phase.",
        )),
    ),
)


# --- the officer card ------------------------------------------------------

# D3 (seed 002 lines 106-112; RULINGS "D3": a General cannot be attacked;
# docs/rulings.md "General's re-roll", "Generals in danger").

#: The General's distances as the card prints them ("12").
_MOVE, _REROLL_RANGE, _THREAT, _EVADE = (number(d) for d in (
    R.GENERAL_ALLOWANCE, R.GENERAL_REROLL_RANGE, R.GENERAL_THREAT_RANGE,
    R.GENERAL_EVADE_DISTANCE))

OFFICER_RULES: Final = OfficerRules(
    "Generals",
    "general cards",
    f"A General re-rolls one failed activation a turn for a unit within {_REROLL_RANGE}\"; "
    f"he cannot be attacked, but rides {_EVADE}\" away from an enemy that ends "
    f"within {_THREAT}\".",
    (
        ("Moves:", f"{_MOVE}\" a turn, with no activation test."),
        ("Re-roll:", f"{times(R.GENERAL_REROLLS_PER_TURN)} a turn, a unit within "
                     f"{_REROLL_RANGE}\" of him that fails its activation test may roll it "
                     "again."),
        ("Untouchable:", "he cannot be charged or shot and never takes a wound; units move, "
                         "shoot and see as if he were not there."),
        ("Too close:", f"when an enemy unit ends a move within {_THREAT}\" of him "
                       "with no friendly unit in between, he must ride "
                       f"{_EVADE}\" away at the start of your next movement "
                       "(his move for that turn)."),
    ),
    None,
    "He takes no wounds in this game",
    (
        Track("Re-roll used (one a turn)", TURN_BOXES),
        Track("Had to ride away from the enemy", TURN_BOXES),
    ),
)
