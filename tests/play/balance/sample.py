"""A realistic balance report for tests that draw or print one (the PDF, the dock).

Shaped like 200 Steady games on The Four Farms: the Royal side winning most,
games ending on the objectives or the turn limit, one gun never fighting.
Built with the real statistics functions so the intervals are the true ones.
"""

from __future__ import annotations

from desktop.play.balance.report import (
    ENDING_NAMES,
    Ending,
    Inputs,
    LengthBin,
    LevelResult,
    ObjectiveControl,
    Report,
    SideResult,
    SweepRow,
    TurnHolding,
    UnitRecord,
)
from desktop.play.balance.stats import share

GAMES = 200
SIDES = (("states", "Army of the States"), ("royal", "Royal Army"))
OBJECTIVES = (("obj_bridge", "Bridge Farm"), ("obj_knowe", "Knowe Farm"),
              ("obj_close", "Hallam's Close"), ("obj_sconce", "Sconce Farm"))
UNITS = (
    ("st_guard", "Prince's Foot Guards", "states", 0.35, 0.0, 0.05),
    ("st_pike", "Regiment van Hoorne (pike and shot)", "states", 0.5, 0.02, 0.1),
    ("st_foot", "Regiment Balfour", "states", 0.55, 0.0, 0.08),
    ("st_militia", "Militia of Westerzee", "states", 0.7, 0.05, 0.15),
    ("st_horse", "Horse of Count Solms", "states", 0.3, 0.0, 0.2),
    ("st_gun_1", "Twelve-pounder 'De Leeuw'", "states", 0.1, 0.6, 0.4),
    ("st_gun_2", "Six-pounder 'Margriet'", "states", 0.05, 0.95, 1.0),
    ("ry_guard", "Foot Guards", "royal", 0.2, 0.0, 0.02),
    ("ry_pike", "Colonel Hale's Regiment (pike and shot)", "royal", 0.25, 0.0, 0.05),
    ("ry_foot", "Lord Brereton's Regiment", "royal", 0.3, 0.01, 0.06),
    ("ry_militia", "Trained Bands of Wexley", "royal", 0.45, 0.1, 0.3),
    ("ry_horse", "Earl of Marlow's Horse", "royal", 0.2, 0.0, 0.1),
    ("ry_gun_1", "Demi-culverin 'Old Noll'", "royal", 0.05, 0.7, 0.35),
    ("ry_gun_2", "Saker 'Kingfisher'", "royal", 0.02, 0.9, 0.85),
)
#: Games of each length, 6 to 12 turns.
LENGTHS = {6: 4, 7: 11, 8: 25, 9: 38, 10: 42, 11: 30, 12: 50}


def _holding(turns: int, royal_from: float, states_from: float) -> tuple[TurnHolding, ...]:
    out = []
    still = GAMES
    for t in range(1, turns + 1):
        royal = min(0.9, royal_from + 0.06 * t)
        states = max(0.02, states_from - 0.03 * t)
        out.append(TurnHolding(t, still, {"royal": round(royal, 3), "states": round(states, 3)}))
        still -= LENGTHS.get(t, 0)
    return tuple(out)


def sample_report(sweep: bool = True, match: bool = False) -> Report:
    """The sample report; `sweep` adds a turn-limit sweep, `match` a two-level match."""
    royal, states, draws = 184, 6, 10
    sides = (SideResult("states", SIDES[0][1], share(states, GAMES)),
             SideResult("royal", SIDES[1][1], share(royal, GAMES)))
    endings = (
        Ending("victory", ENDING_NAMES["victory"], 150, {"royal": 144, "states": 6},
               "Royal Army holds 3 of 4 objectives"),
        Ending("turn_limit", ENDING_NAMES["turn_limit"], 50, {"royal": 40},
               "turn limit reached after turn 12: a draw"),
    )
    objectives = tuple(
        ObjectiveControl(oid, name, _holding(12, 0.1 + 0.05 * i, 0.3 - 0.05 * i))
        for i, (oid, name) in enumerate(OBJECTIVES))
    units = tuple(UnitRecord(uid, name, side, lost, moved, fought,
                             round(lost * 4 + (1 - fought) * 1.5, 1))
                  for uid, name, side, lost, moved, fought in UNITS)
    levels: tuple[LevelResult, ...] = ()
    level_words: tuple[str, ...] = ("steady",)
    if match:
        level_words = ("veteran", "steady")
        levels = (LevelResult("veteran", "Veteran", share(121, GAMES)),
                  LevelResult("steady", "Steady", share(69, GAMES)))
    rows: tuple[SweepRow, ...] = ()
    if sweep:
        rows = tuple(
            SweepRow(limit,
                     (SideResult("states", SIDES[0][1], share(s, GAMES)),
                      SideResult("royal", SIDES[1][1], share(r, GAMES))),
                     share(GAMES - s - r, GAMES), med, current=limit == 12)
            for limit, s, r, med in ((10, 2, 170, 10.0), (12, 6, 184, 10.0),
                                     (14, 20, 168, 11.0), (16, 41, 150, 12.0)))
    return Report(
        inputs=Inputs("The Four Farms", "blown_away_four_farms.yaml", "0f" * 32,
                      "blown_away", "Blown Away", GAMES, level_words, 1, 12),
        played=GAMES,
        complete=True,
        sides=sides,
        draws=share(draws, GAMES),
        decisive=share(GAMES - draws, GAMES),
        median_turns=10.0,
        lengths=tuple(LengthBin(t, n) for t, n in sorted(LENGTHS.items())),
        endings=endings,
        objectives=objectives,
        units=units,
        levels=levels,
        verdict=("The Royal side wins 92% of the games (88 to 95%). Most decisive games "
                 "end with the Royal Army holding three of the farms; the Six-pounder "
                 "'Margriet' never fights. Try giving the Army of the States 2 more turns."),
        sweep=rows,
    )
