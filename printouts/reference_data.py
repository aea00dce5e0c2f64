"""Quick-reference sheets as data, one per ruleset id, in the project's own words.

Each sheet summarises the seed as the project reads it (docs/rulings.md and
RULINGS.md), never quoting it.  What officers do is not here: the renderer adds
the officers section from `printouts.officer_rules`, the source the officer
cards print from, so the two cannot disagree.  To add a ruleset, add a `Reference` to
`REFERENCES`; the renderer lays out whatever sections it is given.
"""

from __future__ import annotations

from typing import Final

from printouts.officer_rules import (
    D3_MOVE,
    MAYHEM_MOVE,
    TACTICAL_OFFICER_MOVE,
    officer_rules,
    officer_section,
)
from printouts.reference_shapes import Item, Reference, RefTable, Section

__all__ = ["REFERENCES", "Item", "RefTable", "Reference", "Section", "sections"]


D3: Final = Reference(
    "d3",
    "D3 Horse and Musket",
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
                ("Generals", f'{D3_MOVE}"', "no test needed"),
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

MAYHEM: Final = Reference(
    "mayhem",
    "Muskets & Mayhem",
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
                ("Commanders", str(MAYHEM_MOVE)),
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

TACTICAL: Final = Reference(
    "tactical",
    "Tactical Dice",
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
                ("Generals, ADCs", str(TACTICAL_OFFICER_MOVE)),
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

BLOWN_AWAY: Final = Reference(
    "blown_away",
    "Blown Away",
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
            "You win the moment your men in ranks hold, or were the last to pass through, "
            "three of the four objectives.",
        )),
    ),
)

KIDDIES: Final = Reference(
    "kiddies",
    "Kiddies Horse and Musket",
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

REFERENCES: Final[dict[str, Reference]] = {
    r.ruleset: r for r in (D3, MAYHEM, TACTICAL, BLOWN_AWAY, KIDDIES)
}


def sections(ref: Reference) -> tuple[Section, ...]:
    """The sheet's sections, ending with its officers, taken from the card's source.

    The printed sheet (printouts.reference) and the window's Help ▸ Quick
    reference (printouts.reference_html) both lay out exactly these."""
    return (*ref.sections, officer_section(officer_rules(ref.ruleset)))
