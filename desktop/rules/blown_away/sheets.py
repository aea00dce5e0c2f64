"""What the printouts say about Blown Away: its roster profile, quick
reference and officer card, in our own words, with the numbers taken from the
engine's constants (desktop.rules.blown_away.constants) so that a sheet prints
what the game plays by."""

from __future__ import annotations

from typing import Final

from desktop.rules.blown_away import constants as C
from desktop.rules.officer_card import TURN_BOXES, OfficerRules, Track, number
from desktop.rules.reference_shapes import Reference, RefTable, Section
from desktop.rules.roster_profile import RosterProfile, UnitSheet, short_quality
from desktop.rules.roster_profile import Track as Boxes
from desktop.scenario.model import Unit
from desktop.scenario.vocabulary import ARTILLERY, Quality, Trait, UnitType

# --- the roster ------------------------------------------------------------

def unit_sheet(u: Unit) -> UnitSheet:
    notes: list[str] = []
    if u.type in ARTILLERY:
        notes.append("a win: card value runs (J/Q/K 4)")
    if u.type is UnitType.CAVALRY:
        notes.append("+1 runs when it wins")
    if Trait.MILITIA in u.traits or u.quality is Quality.CONSCRIPT:
        notes.append("militia: +2 run")
    if Trait.GUARD in u.traits or Trait.PIKEMEN in u.traits or u.quality is Quality.ELITE:
        notes.append("guard/pikes: −1 run")
    if u.type in (UnitType.LINE_INFANTRY, UnitType.LIGHT_INFANTRY) and not notes:
        notes.append("runs = men killed so far")
    n = u.figures
    cmd = len(u.command)
    marks = {n - i: role.value[0].upper() for i, role in enumerate(reversed(u.command))} \
        if cmd else {}
    track = Boxes(n, marks=marks, heavy=frozenset(marks))
    states = tuple(["Ball"] * C.CANNONBALLS) if u.type in ARTILLERY else ("Engaged",)
    return UnitSheet(short_quality(u.quality), "; ".join(notes), f"{n} men", n, track, states)


ROSTER_PROFILE: Final = RosterProfile(
    "Men", "Men (/ running, X killed; O D F command last)",
    "Markers",
    (
        "Mark a man running with a stroke and a man killed with a cross; clear the stroke "
        "when he rallies. The n-th man killed in an engagement sends n men running.",
        "Officer (O), drummer (D) and flag (F) go only when they are the last in ranks, "
        "the flag last of all. Artillery crosses off a ball for each long-range shot.",
    ),
    unit_sheet,
    "men",
)


# --- the quick reference ---------------------------------------------------

REFERENCE: Final = Reference(
    "Cards, not dice: each side turns a card, the higher kills a man, and every death "
    "sends more of the living running.",
    (
        Section("Set-up and turn", (
            "Each side has its own shuffled deck (Ace 1 up to King 13), reshuffling its "
            "discards when it runs out. Deploy within 7\" of your own edge; toss a coin for "
            "who starts. The sides then take whole turns in turn. In yours, if you wish:",
            ("1.", "Move one unit, or rally one unit."),
            ("2.", "Move your commander, any distance."),
            ("3.", "Fire any of your long-range artillery."),
            ("4.", "Fight with any or all of your engaged units."),
        )),
        Section("Movement", (
            RefTable(("Who", "Move"), (
                ("Infantry, artillery", '6"'),
                ("Cavalry", '12"'),
                ("A mob (no one left in ranks)", '18" any way, 6" clear of the enemy'),
            ), (2.0, 1.8)),
            "Pivot on the middle of the front rank (a gun on its axle), then go forward, up "
            "to 45° to either side. Changing formation or facing takes the whole move. Pass "
            "through friends freely.",
            "Stop as soon as any man is within 4\" of an enemy you face or who faces you. "
            "Engaged units, and units with men both in ranks and running, cannot move.",
        )),
        Section("Long-range artillery", (
            "Each gun starts with 4 cannonballs. Target: an enemy unit 4\" to 36\" away, "
            "within 45° of the barrel, in clear sight. One man in it is killed; no one runs.",
            RefTable(("Target is", "Balls used"), (
                ("in the open or in a wood", "1"),
                ("behind a wall", "2"),
                ("behind a redoubt or in a trench", "3"),
            ), (2.4, 1.0)),
        )),
        Section("Combat", (
            "Units less than 4\" apart fight if at least one faces the other. Cavalry may "
            "not attack a unit behind a wall or redoubt, in a wood or in a trench.",
            "Each side turns a card; infantry or guns defending a wall, redoubt or trench add "
            "3. The higher card kills one enemy man, the winner choosing who. Equal cards: "
            "each side loses one.",
            RefTable(("Men who run after a death", ""), (
                ("the n-th man killed in this fight", "n run 6\" to the rear"),
                ("the winner is cavalry", "+1"),
                ("pikemen or guardsmen still in the unit", "−1"),
                ("a militia unit", "+2"),
                ("won against a flank or the rear", "+4"),
                ("artillery wins", "the card's value runs (J, Q, K: 4)"),
            ), (2.3, 1.5)),
            "Officer, drummer and flag go only when they are the last men in ranks, the flag "
            "last of all. A fight ends when one side has no one in ranks in it; then clear "
            "away its dead.",
        )),
        Section("Rallying", (
            ("Men still in ranks:", "if no enemy in ranks faces the unit within 6\", as "
                                    "many runners return as there are men in ranks."),
            ("No one in ranks:", "only the commander can start it (see The commander)."),
            "Gunners who ran more than 6\" walk back 6\" a turn before the gun can fire.",
        )),
        Section("Winning", (
            "An objective is yours once your men in ranks stand on it with no enemy "
            "men in ranks, or are the last to march across it. It stays yours when they "
            "leave, until enemy men in ranks do the same.",
            "You win the moment three of the four objectives are yours.",
        )),
    ),
)


# --- the officer card ------------------------------------------------------

# Blown Away (seed 003 lines 13-15 and 25; RULINGS "Blown Away": the commander
# moves any distance, rallies a unit with no men in ranks; docs/rulings.md).

OFFICER_RULES: Final = OfficerRules(
    "The commander",
    "commander cards",
    "The commander rides any distance once in your turn, and must stand beside a unit "
    "with no men in ranks to rally its first man.",
    (
        ("Moves:", "once in your turn, any distance, besides the one thing you do."),
        ("Rally:", "a unit with no one in ranks rallies only with him within "
                   f"{number(C.COMMANDER_NEXT_TO)}\" of it and every runner "
                   f"{number(C.RALLY_SAFE)}\" or more from enemy men in ranks: one man "
                   "returns, then it doubles as usual."),
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
