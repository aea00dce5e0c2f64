"""What the printouts say about Sixes: its roster profile, quick reference and
officer card, made from its constants so the sheets print what the game plays by."""

from __future__ import annotations

from typing import Final

from desktop.rules.officer_card import TURN_BOXES, OfficerRules, Track, in_words, number
from desktop.rules.reference_shapes import Reference, RefTable, Section
from desktop.rules.roster_profile import RosterProfile, UnitSheet, short_quality
from desktop.rules.roster_profile import Track as Boxes
from desktop.scenario.model import Unit
from desktop.scenario.vocabulary import UNIT_LABELS, Quality, UnitType
from volley_sixes import constants as C

# --- the roster ----------------------------------------------------------------------


def unit_sheet(u: Unit) -> UnitSheet:
    """Six boxes, one per hit, with the dice left marked under every second one."""
    dice = C.DICE[u.quality]
    moves = f'moves {number(C.MOVE[u.type])}"'
    shoots = f'shoots {number(C.RANGE[u.type])}"' if u.type in C.RANGE else "charges only"
    under = {h: f"{max(1, dice - h // C.HITS_PER_DIE_LOST)}d"
             for h in range(C.HITS_PER_DIE_LOST, C.STRENGTH, C.HITS_PER_DIE_LOST)}
    track = Boxes(C.STRENGTH, marks={C.STRENGTH: "off"}, heavy=frozenset({C.STRENGTH}),
                  under=under)
    return UnitSheet(short_quality(u.quality), f"{dice} dice; {moves}; {shoots}",
                     f"{C.STRENGTH} hits", C.STRENGTH, track, ("Moved", "Fired"))


ROSTER_PROFILE: Final = RosterProfile(
    "Takes", "Hits (tick one per hit; dice left under)", "This turn",
    (f"Tick one box per hit. Every {in_words(C.HITS_PER_DIE_LOST)} hits cost a die; "
     f"at {C.STRENGTH} the unit is removed.",),
    unit_sheet,
    "hits to remove",
)

# --- the quick reference ---------------------------------------------------------------

_QUALITIES = (Quality.ELITE, Quality.VETERAN, Quality.REGULAR, Quality.CONSCRIPT)

REFERENCE: Final = Reference(
    f"Every unit takes {C.STRENGTH} hits; every shot is a handful of d6 hitting on "
    f"{C.HIT_ON}+.",
    (
        Section("Turn sequence", (
            ("1.", "First side: movement (move or charge each unit once), then fire."),
            ("2.", "Second side: the same. Then the turn ends and victory is judged."),
        )),
        Section("Movement", (
            RefTable(("Who", "Move"), (
                *((UNIT_LABELS[t], f'{number(C.MOVE[t])}"') for t in UnitType),
                ("General", f'{number(C.GENERAL_MOVE)}"'),
            ), (2.0, 1.0)),
            "Move in any direction and end facing any way; never onto an enemy, never "
            "into a lake, river or marsh.",
        )),
        Section("Fire", (
            RefTable(("Quality", *(short_quality(q) for q in _QUALITIES)),
                     (("Dice", *(str(C.DICE[q]) for q in _QUALITIES)),)),
            RefTable(("Shooter", "Range"), tuple(
                (UNIT_LABELS[t], f'{number(r)}"') for t, r in C.RANGE.items()), (2.0, 1.0)),
            f"At a target within {number(C.ARC)}° either side of straight ahead. Each die of "
            f"{C.HIT_ON}+ is a hit; {C.HIT_ON + 1}+ against a unit in a wood, town or "
            f"building. One die fewer for every {in_words(C.HITS_PER_DIE_LOST)} hits carried.",
        )),
        Section("Charges", (
            f"In your movement, a unit that is not artillery may charge an enemy in front "
            f"of it within {number(C.CHARGE_REACH)}\". It moves into contact and rolls its "
            f"dice (cavalry {in_words(C.CAVALRY_CHARGE_DICE)} more), hitting on "
            f"{C.HIT_ON}+; the defender rolls {in_words(C.DEFENDER_DICE)}, hitting on "
            f"{C.DEFENDER_HIT_ON}+. A unit that charged does not fire that turn.",
        )),
        Section("Winning", (
            "The scenario's victory conditions; and a side with no units left loses.",
        )),
    ),
)

# --- the officer card ---------------------------------------------------------------------

OFFICER_RULES: Final = OfficerRules(
    "Generals",
    "general cards",
    f"A general adds {in_words(C.GENERAL_DICE)} die to the fire and charges of units "
    f"within {number(C.COMMAND_RANGE)}\" of him; he is never harmed.",
    (
        ("Moves:", f"{number(C.GENERAL_MOVE)}\" in your movement."),
        ("Command:", f"a unit of his within {number(C.COMMAND_RANGE)}\" throws "
                     f"{in_words(C.GENERAL_DICE)} more die when it fires or charges."),
        ("Safe:", "he is never shot or charged."),
    ),
    None,
    "He takes no wounds in this game",
    (Track("Units he led into a charge", TURN_BOXES),),
)
