"""What the sheets take from the ruleset printed: its name, roster profile, quick
reference and officer card.

Each comes from the ruleset itself (``Ruleset.name``, ``roster_profile``,
``reference``, ``officer_rules``, looked up in the registry by id), so a
ruleset added as a package prints without a line changed here.  With no
ruleset chosen, or one that says nothing of a sheet, the plain versions below
are printed: a Combat Value track, no quick reference and a card that records
wounds under the players' own rules.
"""

from __future__ import annotations

from typing import Final

from desktop.rules import registry
from desktop.rules.engine import RulesError, Ruleset
from desktop.rules.officer_card import GENERIC as GENERIC_OFFICERS
from desktop.rules.officer_card import OfficerRules, officer_section
from desktop.rules.reference_shapes import Reference, Section
from desktop.rules.roster_profile import RosterProfile, Track, UnitSheet, short_quality
from desktop.scenario.model import Unit
from desktop.scenario.vocabulary import QUALITY_LABELS


def half_box(cv: int) -> int:
    """The first box whose tick means *more than half* the CV is lost."""
    return cv // 2 + 1


def _generic(u: Unit) -> UnitSheet:
    half = half_box(u.cv)
    track = Track(u.cv, marks={half: "½", u.cv: "0"} if u.cv >= 2 else {u.cv: "0"},
                  heavy=frozenset({half, u.cv}))
    return UnitSheet(short_quality(u.quality), QUALITY_LABELS[u.quality],
                     f"CV {u.cv}", u.cv, track, ())


#: No ruleset chosen (or one without a profile of its own): a Combat Value track.
GENERIC_PROFILE: Final = RosterProfile(
    "Start", "Combat Value lost (tick one per hit)", "",
    ("Tick one box for each point of Combat Value lost; ½ marks half strength.",),
    _generic,
    "CV",
)


def ruleset_of(ruleset: str | None) -> Ruleset | None:
    """The ruleset with id `ruleset`; None for none chosen or one not installed."""
    if ruleset is None:
        return None
    try:
        return registry.get(ruleset)
    except RulesError:
        return None


def ruleset_name(ruleset: str | None) -> str:
    """The ruleset's name as sheets print it (the id of one not installed)."""
    if ruleset is None:
        return "no ruleset chosen"
    rs = ruleset_of(ruleset)
    return rs.name if rs is not None else ruleset


def profile(ruleset: str | None) -> RosterProfile:
    """What a roster row shows under `ruleset`: its own profile, else the plain one.

    Raises ValueError for an id no installed ruleset has."""
    if ruleset is None:
        return GENERIC_PROFILE
    rs = ruleset_of(ruleset)
    if rs is None:
        known = ", ".join(registry.ids())
        raise ValueError(f"no roster layout for ruleset '{ruleset}' (known: {known})")
    return rs.roster_profile or GENERIC_PROFILE


def officer_rules(ruleset: str | None) -> OfficerRules:
    """The officer rules for `ruleset`; the plain wound card for none or an unknown one."""
    rs = ruleset_of(ruleset)
    got = rs.officer_rules if rs is not None else None
    return got if got is not None else GENERIC_OFFICERS


def quick_reference(ruleset: str | None) -> Reference | None:
    """The quick reference of `ruleset`, or None when it has none."""
    rs = ruleset_of(ruleset)
    return rs.reference if rs is not None else None


def sections(ruleset: str) -> tuple[Section, ...]:
    """The quick reference's sections, ending with its officers, taken from the
    card's source.  The printed sheet (printouts.reference) and the window's
    Help ▸ Quick reference (printouts.reference_html) both lay out exactly these."""
    ref = quick_reference(ruleset)
    own = ref.sections if ref is not None else ()
    return (*own, officer_section(officer_rules(ruleset)))


def with_references() -> list[Ruleset]:
    """The installed rulesets that have a quick reference, by id."""
    return [rs for rs in registry.all_rulesets() if rs.reference is not None]
