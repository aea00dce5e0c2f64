"""What the printouts say about Kiddies: its roster profile, quick reference
and officer card (it has no officers), in our own words, with the numbers
taken from the engine's constants (desktop.rules.kiddies.constants)."""

from __future__ import annotations

from typing import Final

from desktop.rules.kiddies import constants as C
from desktop.rules.officer_card import OfficerRules
from desktop.rules.reference_shapes import Reference, RefTable, Section
from desktop.rules.roster_profile import RosterProfile, UnitSheet, short_quality
from desktop.rules.roster_profile import Track as Boxes
from desktop.scenario.model import Unit
from desktop.scenario.vocabulary import UnitType

# --- the roster ------------------------------------------------------------

def unit_sheet(u: Unit) -> UnitSheet:
    role = {
        UnitType.LINE_INFANTRY: "regulars: volley in fives, crew guns",
        UnitType.LIGHT_INFANTRY: "skirmishers: one shot, any way",
        UnitType.CAVALRY: '2 spans; charge in threes',
        UnitType.FOOT_ARTILLERY: "cannon: needs 2 regulars",
        UnitType.HORSE_ARTILLERY: "cannon: needs 2 regulars",
    }[u.type]
    n = u.figures
    marks: dict[int, str] = {}
    if u.type is UnitType.LINE_INFANTRY:
        marks = {k: "5" if k == C.VOLLEY_GROUP_SIZE else str(k)
                 for k in range(C.VOLLEY_GROUP_SIZE, n + 1, C.VOLLEY_GROUP_SIZE)}
    track = Boxes(n, marks=marks, heavy=frozenset(marks))
    return UnitSheet(short_quality(u.quality), role, f"{n} fig.", n, track, ())


ROSTER_PROFILE: Final = RosterProfile(
    "Figures", "Figures (cross one off as it falls)", "",
    (
        "Every figure is its own piece: cross off each one that falls. Five regulars side "
        "by side fire a volley; two regulars crew a cannon; three cavalry in line charge.",
    ),
    unit_sheet,
    "figures",
)


# --- the quick reference ---------------------------------------------------

REFERENCE: Final = Reference(
    "Every figure is a piece, distances are hand spans, and shooting is a flicked pellet.",
    (
        Section("Set-up", (
            ("Encounter:", "both sides deploy at once, up to 6\" from their baselines."),
            ("Attack/defend:", "the smaller defending army deploys first, up to half way "
                               "across; then the attacker, up to 6\" from its baseline."),
        )),
        Section("Turn sequence", (
            ("1.", "Both roll a d6 (again on a tie); the winner chooses to move first or "
                   "second."),
            ("2.", "First player moves; then the second player moves."),
            ("3.", "Hand to hand, once, for every group of enemies in contact."),
            ("4.", "Shooting in three rounds, each with its own roll-off: cannon, then "
                   "volleys, then skirmishers. The winner shoots first, then the loser; a "
                   "tied roll means no shooting of that kind this turn."),
        )),
        Section("Movement", (
            RefTable(("Who", "Move"), (
                ("Infantry", "1 span"),
                ("Cavalry", "2 spans"),
                ("Cannon (crewed at the start)", "1 span"),
                ("Whole move on a road", "+1 span"),
            ), (2.2, 1.2)),
            "A span is the scenario's setting (7\" unless it says otherwise). Hills are "
            "closed to everyone (passable ridges are not hills). Rivers are crossed only at a "
            "bridge or where a road crosses.",
        )),
        Section("Shooting", (
            RefTable(("Shot", "Who", "Pellet"), (
                ("Cannon", "a gun with 2 regulars beside it; once each", "large"),
                ("Volley", "5 regulars in line, same facing; once per group", "medium"),
                ("Skirmisher", "one figure per side per turn", "small"),
            ), (1.1, 2.6, 0.9)),
            "Cannon and volleys shoot to their front, skirmishers any way. There is no range "
            "limit. A figure knocked down is dead, whichever side it is on, ricochets "
            "included. Cannon are never killed, but one pushed off the table is lost. No "
            "volley if any of the five is in a wood.",
        )),
        Section("Hand to hand", (
            RefTable(("Fight", "Roll", "Result"), (
                ("1 v 1", "d6 each", "higher kills; tie: both die"),
                ("2 infantry v 1", "pair +1", "lone man wins: both die; tie: all three"),
                ("cavalry v infantry", "2d6 v d6 (+1 for two, +2 for three)",
                 "winner kills all; tie: all die"),
            ), (1.2, 1.6, 1.8)),
        )),
        Section("Cavalry charge", (
            "Three cavalry touching, in a line, facing the same way at the start of your "
            "move, ride together 2 spans (3 on a road) straight ahead. Infantry of either "
            "side in the path die, and gun crews too. The charge stops at any terrain but a "
            "passable ridge or at the table edge, and may not be made if it would meet enemy "
            "cavalry. Turn the three to any facing afterwards.",
        )),
        Section("Winning", (
            "Agree before the game: the last side with men standing; or the side that kills "
            "the enemy's last regular infantryman; in attack/defend, the attacker may also "
            "win by getting a regular off the enemy baseline or holding a named feature "
            "with enough men.",
        )),
    ),
)


# --- the officer card ------------------------------------------------------

# Kiddies (seed 000 has no officers at all: its troop types are regulars,
# skirmishers, cannons and cavalry).
OFFICER_RULES: Final = OfficerRules(
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
