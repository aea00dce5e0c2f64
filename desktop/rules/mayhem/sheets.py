"""What the printouts say about Muskets & Mayhem: its roster profile, quick
reference and officer card, in our own words, with the numbers taken from the
engine's constants (desktop.rules.mayhem.constants) so that a sheet prints
what the game plays by."""

from __future__ import annotations

from typing import Final

from desktop.rules.mayhem import constants as C
from desktop.rules.officer_card import TURN_BOXES, OfficerRules, Track, in_words, number
from desktop.rules.reference_shapes import Reference, RefTable, Section
from desktop.rules.roster_profile import RosterProfile, UnitSheet, short_quality
from desktop.rules.roster_profile import Track as Boxes
from desktop.scenario.model import Unit
from desktop.scenario.vocabulary import ARTILLERY, Quality

# --- the roster ------------------------------------------------------------

def fire_dice(u: Unit, figures: int) -> int:
    """Fire dice with `figures` left: a die per two figures; artillery a die per gunner."""
    if u.type in ARTILLERY:
        return figures
    return figures // C.FIGURES_PER_FIRE_DIE


def unit_sheet(u: Unit) -> UnitSheet:
    save = C.QUALITY_NUMBER[u.quality]
    label = "Second rate" if u.quality is Quality.CONSCRIPT else short_quality(u.quality)
    save_txt = f"{save}+" if save < 6 else "6"
    dice = fire_dice(u, u.figures)
    n = u.figures
    marks = {k: "M" for k in range(C.CASUALTIES_PER_STAND, n + 1, C.CASUALTIES_PER_STAND)}
    under = {k: f"{fire_dice(u, n - k)}d" for k in marks if k < n}
    track = Boxes(n, marks=marks, heavy=frozenset(marks), under=under)
    return UnitSheet(
        label, f"saves {save_txt}; {dice} fire dice", f"{n} fig.", n, track,
        ("Disorg.", "Shaken", "Routed"),
    )


ROSTER_PROFILE: Final = RosterProfile(
    "Figures", "Casualties (M = morale check; dice left under)",
    "Morale state",
    (
        "Tick one box per casualty. At each M (a stand of four lost) test morale: roll the "
        "save number or better, or drop a state: Normal → Disorganised → Shaken → routed.",
        "Hits are scored on 4+ when Normal, 5+ Disorganised, 6 Shaken. Each hit is saved "
        "on the quality number; the figure under an M is the fire dice left.",
    ),
    unit_sheet,
    "figures",
)


# --- the quick reference ---------------------------------------------------

REFERENCE: Final = Reference(
    "Buckets of dice: the firer rolls to hit, the target rolls to stand it, and morale "
    "slides from Normal to Shaken.",
    (
        Section("Turn sequence", (
            ("1.", "Initiative: both roll a d6; the higher chooses to go first or second."),
            ("2.", "Movement: the sides take turns, one unit at a time. A unit that means to "
                   "charge tests troop quality first (fail: it stays put); its target then "
                   "tests too."),
            ("3.", "Artillery fire."),
            ("4.", "Stationary fire: units that did not move."),
            ("5.", "Moving fire: units that moved and may still shoot."),
            "Remove casualties at the end of each fire phase.",
            ("6.", "Morale: tests for stands lost to fire this turn."),
            ("7.", "Melee: units in contact fight; the initiative player picks the order."),
        )),
        Section("Movement", (
            "Distances are in units: inches for figures above 15 mm, centimetres for 15 mm "
            "and below.",
            RefTable(("Who", "Move"), (
                ("Line, not firing this turn", "12"),
                ("Line, moving and firing", "8"),
                ("Attack column", "12"),
                ("Artillery", "6"),
                ("Foot artillery, limbered", "12"),
                ("Cavalry", "20"),
                ("Commanders", number(C.COMMANDER_MOVE)),
                ("Square", "cannot move"),
            ), (2.2, 1.0)),
            "A unit that falls back through friends after losing a melee takes one extra hit.",
        )),
        Section("Ranges", (
            RefTable(("Weapon", "Range"), (
                ("Muskets", "6"),
                ("Artillery, close", "6"),
                ("Artillery, long", "20"),
            ), (2.2, 1.0)),
        )),
        Section("Fire", (
            RefTable(("Firer", "Fire dice"), (
                ("Line infantry, cavalry", "1 per 2 figures (round down)"),
                ("Light infantry", "1 per base of two"),
                ("Artillery", "1 per gunner with the gun"),
            ), (1.5, 1.7)),
            RefTable(("Firer's morale", "Normal", "Disorganised", "Shaken"),
                     (("Hits on", "4+", "5+", "6"),), (1.4, 1.0, 1.3, 1.0)),
            "For each hit the target rolls a save on its troop quality; each failed save is a "
            "figure lost.",
            RefTable(("Quality", "Elite", "Veteran", "Regular", "Second rate"),
                     (("Save / test", "3+", "4+", "5+", "6"),), (1.3, 1.0, 1.0, 1.0, 1.3)),
            ("Example:", "eight dice at Normal roll 1 1 2 3 4 4 5 6: four hits. The Veteran "
                         "target saves with 2 3 4 5: two saved, two figures lost."),
            ("Commander:", "one attached to the unit cancels hits (see Commanders)."),
            ("Prepared defences:", "+1 to saves and morale tests, +2 to the test when "
                                   "charged."),
        )),
        Section("Morale", (
            "Morale (Normal, Disorganised, Shaken) is not troop quality: quality stays fixed, "
            "morale changes. Each time a unit's losses reach another 4 figures (a stand), it "
            "tests: roll its quality number or better.",
            "A failure drops it one state. A Shaken unit that fails again routs.",
        )),
        Section("Charges and melee", (
            ("Charger:", "tests quality before moving in; fails and it halts."),
            ("Target:", "tests quality; fails and it falls back a full move. If it passes, "
                        "infantry may fire at the chargers at once, cavalry may "
                        "counter-charge (they meet half way)."),
            ("Melee:", "each side rolls a die per figure, hitting on its morale number; both "
                       "save as against fire."),
            ("Result:", "a side that inflicts two or more casualties than it takes wins. The "
                        "loser falls back a full move facing the enemy and tests quality if "
                        "it lost a stand (or, by scenario option, is removed)."),
            ("Double dice:", "cavalry charging infantry in line; artillery that passes its test "
                             "when charged by infantry or cavalry."),
        )),
    ),
)


# --- the officer card ------------------------------------------------------

# Muskets & Mayhem (seed 004 lines 15 and 73-76; RULINGS "An attached
# commander cancels one unsaved hit per resolution"; docs/rulings.md "Commanders").

OFFICER_RULES: Final = OfficerRules(
    "Commanders",
    "commander cards",
    f"An attached commander cancels {in_words(C.COMMANDER_CANCELS)} unsaved hit on his unit each "
    "time it is fired on or fights; he is never hit himself.",
    (
        ("Moves:", f"up to {number(C.COMMANDER_MOVE)} a turn. He may join a friendly unit "
                   "within reach (one commander to a unit) and then moves with it."),
        ("Attached:", f"each time his unit is fired on or fights a melee, he cancels "
                      f"{in_words(C.COMMANDER_CANCELS)} hit it failed to save (never the "
                      "casualty for falling back through friends)."),
        ("Safe:", "he is never hit or attacked. If his unit is destroyed he stays where "
                  "it stood."),
    ),
    None,
    "He takes no wounds in this game",
    (Track("Hits cancelled (write how many each turn)", TURN_BOXES),),
    lines=(("With unit", 3),),
)
