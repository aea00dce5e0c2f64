"""What the printouts say about Tactical Dice: its roster profile, quick
reference and officer card, in our own words, with the numbers taken from the
engine's constants (desktop.rules.tactical.constants) so that a sheet prints
what the game plays by."""

from __future__ import annotations

from typing import Final

from desktop.rules.officer_card import TURN_BOXES, Casualty, OfficerRules, Track, in_words
from desktop.rules.reference_shapes import Reference, RefTable, Section
from desktop.rules.roster_profile import RosterProfile, UnitSheet, short_quality
from desktop.rules.roster_profile import Track as Boxes
from desktop.rules.tactical import constants as C
from desktop.scenario.model import Unit
from desktop.scenario.vocabulary import ARTILLERY

# --- the roster ------------------------------------------------------------

def half_box(cv: int) -> int:
    """The first box whose tick means *more than half* the CV is lost."""
    return cv // 2 + 1


def unit_sheet(u: Unit) -> UnitSheet:
    q = C.ARTILLERY_QUALITY if u.type in ARTILLERY else u.quality
    cv = C.ARTILLERY_CV if u.type in ARTILLERY else u.cv
    dice = C.QUALITY_DICE[q]
    half = half_box(cv)
    marks = {cv: "0"}
    if cv >= 2:
        marks[half] = "½"
    track = Boxes(cv, marks=marks, heavy=frozenset({half, cv}) if cv >= 2 else frozenset({cv}))
    return UnitSheet(
        short_quality(q), f"{dice} dice (Q{dice})", f"CV {cv}", cv, track,
        ("Flag", "Halted", "Retiring", "Routed"),
    )


ROSTER_PROFILE: Final = RosterProfile(
    "Start", "Combat Value lost (tick one per hit)",
    "Flags & state",
    (
        "Tick one box for each CV lost. Past ½ (more than half gone) the unit throws one "
        "die fewer and may only reply, never fire or charge first.",
        "At 0 CV it retires; any further hit or Flag routs it from the field.",
        "Flags from one throw: 1 = one die fewer this turn; 2 to Q−1 = halt, one die "
        "fewer; exactly Q = halt and retire a square; more than Q = rout.",
    ),
    unit_sheet,
    "CV",
)


# --- the quick reference ---------------------------------------------------

REFERENCE: Final = Reference(
    "Square grid, no arithmetic: each unit throws dice by quality and reads the symbols.",
    (
        Section("Turn sequence", (
            ("1.", "Artillery: both sides fire their foot artillery, all at once (a battery "
                   "hit now still fires). Horse artillery may wait and fire after moving."),
            ("2.", "Initiative: both roll a d6; the lower score chooses to go first or "
                   "second. Re-roll ties. A side that has had the choice N turns running "
                   "(N ≥ 2) adds N − 1."),
            ("3.", "First side: moves, fires in close support, fights close combats; routs "
                   "and pursuits follow at once."),
            ("4.", "Second side: the same."),
        )),
        Section("The dice", (
            RefTable(("Face", "1", "2–3", "4", "5", "6"),
                     (("Means", "Officer", "Target", "Flag", "Fire", "Sabre"),),
                     (1.0, 1.0, 1.0, 0.8, 0.8, 0.9)),
            RefTable(("Quality", "Dice", "CV"), (
                ("Elite, Guard, Veteran", "4", "10"),
                ("Trained, Regular", "3", "7"),
                ("Conscript, Militia, Raw", "2", "4"),
                ("Artillery (always)", "3", "7"),
            ), (2.2, 0.6, 0.6)),
            "Each hit takes one point off the unit's CV.",
        )),
        Section("Movement (squares)", (
            "Steps go square to square along rows and columns.",
            RefTable(("Who", "Move"), (
                ("Formed infantry", "2 without fighting, or 1 and fire or fight"),
                ("Skirmishers", "2 and fire"),
                ("Cavalry", "3; or charge up to 4 (last 2 straight)"),
                ("Foot artillery", "2 limbered, or 1 and unlimber to fire next turn"),
                ("Horse artillery", "3 limbered; 2 and unlimber; or 1, unlimber and fire"),
                ("Generals, ADCs", str(C.OFFICER_MOVE)),
            ), (1.2, 2.6)),
            "Limbering up costs one square.",
        )),
        Section("Fire", (
            "Ranges count squares as a king moves: diagonals count one.",
            RefTable(("Firer", "Range", "Hits on"), (
                ("Infantry (musket)", "1", "Target"),
                ("Foot artillery, canister", "up to 3", "Target"),
                ("Foot artillery, effective", "up to 8", "Fire"),
                ("Horse artillery, canister", "up to 2", "Target"),
                ("Horse artillery, effective", "up to 6", "Fire"),
                ("Skirmishers, unscreened target", "—", "Target (1 die)"),
            ), (2.2, 0.9, 1.1)),
            ("Hills:", "artillery on a hill adds a square to its effective range and may fire "
                       "over friends below."),
            ("Cover:", "firing at a town: two dice fewer. Behind a fence or wall: only Fire "
                       "faces hit."),
        )),
        Section("Close combat", (
            "Against an enemy in the next square along a row or column: throw dice for "
            "quality (a General may add one); Sabres hit.",
            ("Cavalry v infantry:", "Sabres + Flags ≥ the defender's quality: no square, it "
                                   "routs and the cavalry pursues with an extra die. Otherwise, "
                                   "no Flags: square formed in time, Sabres ignored, it fires "
                                   "half its dice (round up). Otherwise: square formed late, "
                                   "takes the Sabres, fires one die."),
            ("Bayonets:", "Flags (+ Sabres) ≥ the defender's quality: it flees. No Flags: it "
                          "stands and fires all its dice; 1 Flag: one die fewer; more: one "
                          "die fewer, then it retires unless its fire halted the attackers "
                          "(two or more Flags on them)."),
        )),
        Section("Flags and Combat Value", (
            RefTable(("Flags from one throw", "Effect"), (
                ("1", "one die fewer this turn"),
                ("2 to quality − 1", "halts; one die fewer"),
                ("equal to quality", "halts and retires a square"),
                ("more than quality", "routs"),
            ), (1.4, 2.0)),
            "A General in the square may cancel one (see Generals and ADCs).",
            ("Over half the CV lost:", "one die fewer; may only reply, never fire or charge "
                                      "first."),
            ("CV 0:", "it retires; any further hit or Flag routs it off the table."),
        )),
        Section("Terrain", (
            RefTable(("Square", "Effect"), (
                ("Forest", "formed troops only on a road; skirmishers 1 a turn; blocks sight"),
                ("Hill", "blocks sight"),
                ("Town", "formed infantry stops; cavalry and guns only on a road; blocks "
                         "sight"),
                ("River, stream", "cross only at a bridge or ford"),
                ("Tall crops", "infantry 1, cavalry 2; one die fewer attacking into it"),
                ("Fence, wall", "formed troops stop; infantry attack with one die fewer; "
                                "cavalry may not"),
            ), (1.0, 3.0)),
        )),
    ),
)


# --- the officer card ------------------------------------------------------

# Tactical Dice (seed 001 lines 91-102; RULINGS "General and ADC casualties";
# docs/rulings.md "Generals and ADCs").

OFFICER_RULES: Final = OfficerRules(
    "Generals and ADCs",
    "officer wound cards",
    "A General adds a die to his unit's close combat and cancels its first Flag a turn; "
    "an officer whose unit is hit may fall (see his card).",
    (
        ("Moves:", f"{C.OFFICER_MOVE} squares a turn. With a unit in his square he "
                   "goes wherever it goes: its move, charge, retreat or pursuit."),
        ("A General", f"(not an ADC) gives a unit in his square {in_words(C.GENERAL_COMBAT_DICE)} "
                      "more die in close combat (never in fire) and cancels the first Flag it "
                      "takes each turn."),
        ("Rally:", "with a unit that is halted or has a Flag this turn, and has not moved, "
                   "charged or been charged or fired on, he rolls a d6 once a turn: on a "
                   f"{C.RALLY_ON} the halt and the Flag are gone and the unit stays "
                   "put."),
        ("Captured:", "left alone in a square an enemy unit enters, he rides a square back; "
                      "with nowhere to go he is taken."),
    ),
    Casualty(
        "when a unit in his square takes at least one hit and another die of "
        "that throw shows an Officer, roll a d6 for him:",
        (
            (f"{C.OFFICER_KILLED_ON}", "Killed."),
            (f"{C.OFFICER_WOUNDED_ON}", "Wounded. From now on roll a d6 at the start of every "
                                       f"turn: a {C.WOUND_LEAVES_ON} carries him off. A "
                                       "second wound carries him off too."),
            (f"{C.OFFICER_WOUNDED_ON + 1}–6", "Unharmed."),
        ),
    ),
    "Mark his wound on the drawing",
    (
        Track("Wounded", 1, per_turn=False),
        Track(f"Rolls once wounded ({C.WOUND_LEAVES_ON} = carried off)", TURN_BOXES),
    ),
    ("Killed", "Carried off", "Captured"),
)
