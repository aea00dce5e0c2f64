"""What a roster row shows under each ruleset, as data.

A *profile* turns a scenario unit into the few things a player needs at the
table under one ruleset: what its quality means (dice thrown, save or hit
numbers), what it starts with (CV, figures, men, hits it can take), a track of
tick boxes sized to that, with the break points marked, and the state boxes
the ruleset uses.  The numbers follow docs/rulesets and the project's rulings
(RULINGS.md); adding a ruleset means adding one function and one entry in
`PROFILES`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from desktop.scenario.model import Unit
from desktop.scenario.vocabulary import (
    ARTILLERY,
    QUALITY_LABELS,
    Quality,
    Trait,
    UnitType,
)


@dataclass(frozen=True)
class Track:
    """A row of tick boxes: one per CV point, figure, man or hit."""

    boxes: int
    #: Box number (1-based) -> a short mark printed above it ("½", "M", "9").
    marks: dict[int, str] = field(default_factory=dict)
    #: Box numbers drawn heavy: the break points.
    heavy: frozenset[int] = frozenset()
    #: Box number -> a small note printed under it (D3: the activation roll).
    under: dict[int, str] = field(default_factory=dict)
    #: Boxes shaded grey from the start (a unit below full strength).
    shaded: int = 0
    #: Boxes already marked when the battle starts (a unit that starts worn),
    #: from the first, with `mark` ("X" a loss, "/" a man running).
    marked: int = 0
    mark: str = "X"


@dataclass(frozen=True)
class UnitSheet:
    quality: str  # short word: "Veteran"
    meaning: str  # what it means: "4 dice", "saves 4+"
    start: str  # "CV 10", "16 fig."
    start_value: int
    track: Track
    states: tuple[str, ...] = ()
    #: State boxes ticked from the start ("Shaken").
    ticked: frozenset[str] = frozenset()
    #: How the unit starts, in words ("4 hits marked"); empty when fresh.
    worn: str = ""


@dataclass(frozen=True)
class RosterProfile:
    id: str
    name: str
    start_heading: str
    track_heading: str
    states_heading: str
    #: Lines for the key printed under the roster (in our own words).
    key: tuple[str, ...]
    unit: Callable[[Unit], UnitSheet]
    #: What the totals line adds up ("CV", "figures", "men", "hits to remove").
    total_label: str = "CV"


def _short_quality(q: Quality) -> str:
    return {
        Quality.ELITE: "Elite",
        Quality.VETERAN: "Veteran",
        Quality.REGULAR: "Regular",
        Quality.CONSCRIPT: "Conscript",
    }[q]


# --- Tactical Dice ------------------------------------------------------------------

#: Tactical Dice thrown by troop quality (RULINGS, Tactical Dice).
TACTICAL_DICE: Final[dict[Quality, int]] = {
    Quality.ELITE: 4,
    Quality.VETERAN: 4,
    Quality.REGULAR: 3,
    Quality.CONSCRIPT: 2,
}
#: Artillery is always Trained with CV 7 under Tactical Dice.
TACTICAL_ARTILLERY_CV: Final = 7


def tactical_half_box(cv: int) -> int:
    """The first box whose tick means *more than half* the CV is lost."""
    return cv // 2 + 1


def _tactical(u: Unit) -> UnitSheet:
    q = Quality.REGULAR if u.type in ARTILLERY else u.quality
    cv = TACTICAL_ARTILLERY_CV if u.type in ARTILLERY else u.cv
    dice = TACTICAL_DICE[q]
    half = tactical_half_box(cv)
    marks = {cv: "0"}
    if cv >= 2:
        marks[half] = "½"
    track = Track(cv, marks=marks, heavy=frozenset({half, cv}) if cv >= 2 else frozenset({cv}))
    return UnitSheet(
        _short_quality(q), f"{dice} dice (Q{dice})", f"CV {cv}", cv, track,
        ("Flag", "Halted", "Retiring", "Routed"),
    )


# --- D3 -------------------------------------------------------------------------------

#: Hits that remove a unit (D3, "Elimination").
D3_HITS_TO_REMOVE: Final = 9
D3_MOVE: Final[dict[UnitType, str]] = {
    UnitType.LINE_INFANTRY: '6"',
    UnitType.LIGHT_INFANTRY: '9"',
    UnitType.CAVALRY: '12"',
    UnitType.FOOT_ARTILLERY: '6"',
    UnitType.HORSE_ARTILLERY: '6"',
}


def d3_activation_roll(hits: int) -> int:
    """The lowest d6 that activates a unit carrying `hits` (2 x d6 > hits)."""
    return hits // 2 + 1


def _d3(u: Unit) -> UnitSheet:
    if u.type is UnitType.CAVALRY:
        meaning = "charges D3+1; no fire"
    elif u.type is UnitType.LINE_INFANTRY:
        meaning = 'shoots D3 at 12"'
    elif u.type is UnitType.LIGHT_INFANTRY:
        meaning = 'shoots D3−1 at 12"'
    else:
        meaning = 'shoots D3−1 at 48"'
    meaning += f"; moves {D3_MOVE[u.type]}"
    under: dict[int, str] = {}
    for h in range(2, D3_HITS_TO_REMOVE, 2):
        under[h] = f"{d3_activation_roll(h)}+"
    track = Track(
        D3_HITS_TO_REMOVE,
        marks={D3_HITS_TO_REMOVE: "off"},
        heavy=frozenset({D3_HITS_TO_REMOVE}),
        under=under,
    )
    states = ("Disordered", "Deployed") if u.type in ARTILLERY else ("Disordered",)
    return UnitSheet(_short_quality(u.quality), meaning, f"{D3_HITS_TO_REMOVE} hits",
                     D3_HITS_TO_REMOVE, track, states)


# --- Muskets & Mayhem ---------------------------------------------------------------

#: Save and morale-check number by troop quality (Second Rate = conscript).
MAYHEM_SAVE: Final[dict[Quality, int]] = {
    Quality.ELITE: 3,
    Quality.VETERAN: 4,
    Quality.REGULAR: 5,
    Quality.CONSCRIPT: 6,
}
#: Casualties to a stand: a morale check each time the total crosses a multiple.
MAYHEM_STAND: Final = 4


def mayhem_fire_dice(u: Unit, figures: int) -> int:
    """Fire dice with `figures` left: a die per two figures; artillery a die per gunner."""
    if u.type in ARTILLERY:
        return figures
    return figures // 2


def _mayhem(u: Unit) -> UnitSheet:
    save = MAYHEM_SAVE[u.quality]
    label = "Second rate" if u.quality is Quality.CONSCRIPT else _short_quality(u.quality)
    save_txt = f"{save}+" if save < 6 else "6"
    dice = mayhem_fire_dice(u, u.figures)
    n = u.figures
    marks = {k: "M" for k in range(MAYHEM_STAND, n + 1, MAYHEM_STAND)}
    under = {k: f"{mayhem_fire_dice(u, n - k)}d" for k in marks if k < n}
    track = Track(n, marks=marks, heavy=frozenset(marks), under=under)
    return UnitSheet(
        label, f"saves {save_txt}; {dice} fire dice", f"{n} fig.", n, track,
        ("Disorg.", "Shaken", "Routed"),
    )


# --- Blown Away -------------------------------------------------------------------------

#: Cannonball markers an artillery piece starts with.
BLOWN_AWAY_BALLS: Final = 4


def _blown_away(u: Unit) -> UnitSheet:
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
    track = Track(n, marks=marks, heavy=frozenset(marks))
    states = tuple(["Ball"] * BLOWN_AWAY_BALLS) if u.type in ARTILLERY else ("Engaged",)
    return UnitSheet(_short_quality(u.quality), "; ".join(notes), f"{n} men", n, track, states)


# --- Kiddies --------------------------------------------------------------------------

KIDDIES_VOLLEY_GROUP: Final = 5


def _kiddies(u: Unit) -> UnitSheet:
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
        marks = {k: "5" if k == KIDDIES_VOLLEY_GROUP else str(k)
                 for k in range(KIDDIES_VOLLEY_GROUP, n + 1, KIDDIES_VOLLEY_GROUP)}
    track = Track(n, marks=marks, heavy=frozenset(marks))
    return UnitSheet(_short_quality(u.quality), role, f"{n} fig.", n, track, ())


# --- no ruleset chosen --------------------------------------------------------------


def _generic(u: Unit) -> UnitSheet:
    half = tactical_half_box(u.cv)
    track = Track(u.cv, marks={half: "½", u.cv: "0"} if u.cv >= 2 else {u.cv: "0"},
                  heavy=frozenset({half, u.cv}))
    return UnitSheet(_short_quality(u.quality), QUALITY_LABELS[u.quality],
                     f"CV {u.cv}", u.cv, track, ())


PROFILES: Final[dict[str, RosterProfile]] = {
    "tactical": RosterProfile(
        "tactical", "Tactical Dice", "Start", "Combat Value lost (tick one per hit)",
        "Flags & state",
        (
            "Tick one box for each CV lost. Past ½ (more than half gone) the unit throws one "
            "die fewer and may only reply, never fire or charge first.",
            "At 0 CV it retires; any further hit or Flag routs it from the field.",
            "Flags from one throw: 1 = one die fewer this turn; 2 to Q−1 = halt, one die "
            "fewer; exactly Q = halt and retire a square; more than Q = rout.",
        ),
        _tactical,
        "CV",
    ),
    "d3": RosterProfile(
        "d3", "D3", "Limit", "Hits (tick one per hit; d6 needed to activate below)",
        "State",
        (
            "Tick one box per hit. To move or shoot, roll a d6 and double it: it must beat the "
            "hits taken. The small number under the boxes is the lowest d6 that still works.",
            "A failed test leaves the unit disordered (no move, no fire) for the rest of the "
            "turn. Nine hits: the unit is removed in the elimination phase.",
            "Artillery that has fired is deployed: it may pivot but never move again.",
        ),
        _d3,
        "hits to remove",
    ),
    "mayhem": RosterProfile(
        "mayhem", "Muskets & Mayhem", "Figures", "Casualties (M = morale check; dice left under)",
        "Morale state",
        (
            "Tick one box per casualty. At each M (a stand of four lost) test morale: roll the "
            "save number or better, or drop a state: Normal → Disorganised → Shaken → routed.",
            "Hits are scored on 4+ when Normal, 5+ Disorganised, 6 Shaken. Each hit is saved "
            "on the quality number; the figure under an M is the fire dice left.",
        ),
        _mayhem,
        "figures",
    ),
    "blown_away": RosterProfile(
        "blown_away", "Blown Away", "Men", "Men (/ running, X killed; O D F command last)",
        "Markers",
        (
            "Mark a man running with a stroke and a man killed with a cross; clear the stroke "
            "when he rallies. The n-th man killed in an engagement sends n men running.",
            "Officer (O), drummer (D) and flag (F) go only when they are the last in ranks, "
            "the flag last of all. Artillery crosses off a ball for each long-range shot.",
        ),
        _blown_away,
        "men",
    ),
    "kiddies": RosterProfile(
        "kiddies", "Kiddies", "Figures", "Figures (cross one off as it falls)", "",
        (
            "Every figure is its own piece: cross off each one that falls. Five regulars side "
            "by side fire a volley; two regulars crew a cannon; three cavalry in line charge.",
        ),
        _kiddies,
        "figures",
    ),
}

GENERIC: Final = RosterProfile(
    "", "no ruleset chosen", "Start", "Combat Value lost (tick one per hit)", "",
    ("Tick one box for each point of Combat Value lost; ½ marks half strength.",),
    _generic,
    "CV",
)


def profile(ruleset: str | None) -> RosterProfile:
    if ruleset is None:
        return GENERIC
    try:
        return PROFILES[ruleset]
    except KeyError:
        known = ", ".join(sorted(PROFILES))
        raise ValueError(f"no roster layout for ruleset '{ruleset}' (known: {known})") from None
