"""The pure mechanics of Muskets & Mayhem: dice counts, target numbers, fire,
saves, morale checks and melee, each a small function of its inputs.

Nothing here knows about the table or the turn: the game gathers the inputs
(figures, morale, quality, defences, commanders) and hands the dice over as a
`Roll`, a callable that returns one d6 for a stated purpose.  Tests pass a
scripted list; the game passes its chance source.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from desktop.rules.mayhem.constants import (
    CASUALTIES_PER_STAND,
    CAVALRY_DOUBLES_AGAINST,
    COMMANDER_CANCELS,
    DEFENCE_CHARGED_BONUS,
    DEFENCE_MORALE_BONUS,
    DEFENCE_SAVE_BONUS,
    DOUBLE_DICE,
    FIGURES_PER_FIRE_DIE,
    HIT_NUMBER,
    LIGHT_FIGURES_PER_BASE,
    LONG_RANGE_HIT_PENALTY,
    MELEE_MARGIN,
    MORALE_LADDER,
    NATURAL_ONE_FAILS,
    QUALITY_NUMBER,
    Morale,
)
from desktop.scenario.vocabulary import ARTILLERY, Formation, Quality, UnitType

#: One d6 for a stated purpose.
Roll = Callable[[str], int]


def scripted(rolls: Sequence[int]) -> Roll:
    """A Roll that hands out `rolls` in order (for tests and worked examples)."""
    it = iter(rolls)

    def roll(purpose: str) -> int:
        try:
            return next(it)
        except StopIteration:
            raise LookupError(f"scripted dice ran out at: {purpose}") from None

    return roll


# --- numbers ------------------------------------------------------------------


def fire_dice(unit_type: UnitType, figures: int) -> int:
    """Fire dice for a unit of `figures` figures (gunners for artillery).

    Line infantry and cavalry: one die per two figures, rounded down, so a
    lone figure throws none.  Light infantry: one per base of two, a part
    base counting.  Artillery: one per gunner with the gun.
    """
    if figures <= 0:
        return 0
    if unit_type in ARTILLERY:
        return figures
    if unit_type is UnitType.LIGHT_INFANTRY:
        return -(-figures // LIGHT_FIGURES_PER_BASE)
    return figures // FIGURES_PER_FIRE_DIE


def melee_dice(figures: int, doubled: bool) -> int:
    """One die per figure, twice that when the unit earns double dice."""
    return max(figures, 0) * (DOUBLE_DICE if doubled else 1)


def hit_number(morale: Morale, long_range: bool = False) -> int:
    """What a fire or melee die needs: 4+, 5+ or 6 by morale state.

    `long_range` is the optional house rule (option `long_range_penalty`): the
    seed itself has no range modifier, so the game passes it only when the
    option is on.
    """
    need = HIT_NUMBER[morale]
    if long_range:
        need = min(6, need + LONG_RANGE_HIT_PENALTY)
    return need


def modified_need(base: int, bonus: int) -> int:
    """The lowest natural roll that succeeds when `bonus` is added to the die."""
    need = base - bonus
    floor = 2 if NATURAL_ONE_FAILS else 1
    return max(floor, min(need, 7))


def save_number(quality: Quality, in_defences: bool) -> int:
    """What a save die needs: the troop quality, +1 in prepared defences."""
    return modified_need(QUALITY_NUMBER[quality], DEFENCE_SAVE_BONUS if in_defences else 0)


def check_number(quality: Quality, in_defences: bool, charged: bool = False) -> int:
    """What a troop-quality (morale) check needs.

    In prepared defences +1, or +2 for the check made when charged.
    """
    bonus = 0
    if in_defences:
        bonus = DEFENCE_CHARGED_BONUS if charged else DEFENCE_MORALE_BONUS
    return modified_need(QUALITY_NUMBER[quality], bonus)


def count_at_least(rolls: Sequence[int], need: int) -> int:
    return sum(1 for r in rolls if r >= need)


def cavalry_doubles(attacker: UnitType, charged: bool, defender: UnitType,
                    defender_formation: Formation) -> bool:
    """Cavalry charging infantry in line roll double dice."""
    return (
        attacker is UnitType.CAVALRY
        and charged
        and defender in (UnitType.LINE_INFANTRY, UnitType.LIGHT_INFANTRY)
        and defender_formation in CAVALRY_DOUBLES_AGAINST
    )


def artillery_doubles(defender: UnitType, passed_check: bool, attacker: UnitType) -> bool:
    """Artillery charged by foot or horse that passed its check rolls double dice."""
    return defender in ARTILLERY and passed_check and attacker not in ARTILLERY


# --- fire ---------------------------------------------------------------------


@dataclass(frozen=True)
class FireResult:
    """One resolution: the firer's dice, the target's saves, what got through."""

    need: int
    rolls: tuple[int, ...]
    save_need: int
    saves: tuple[int, ...]
    cancelled: int  # unsaved hits the attached commander took off

    @property
    def hits(self) -> int:
        return count_at_least(self.rolls, self.need)

    @property
    def saved(self) -> int:
        return count_at_least(self.saves, self.save_need)

    @property
    def casualties(self) -> int:
        return self.hits - self.saved - self.cancelled


def resolve_fire(
    roll: Roll,
    dice: int,
    need: int,
    save_need: int,
    commander: bool = False,
    label: str = "fire",
) -> FireResult:
    """Roll `dice` needing `need`, then one save die per hit needing `save_need`.

    An attached commander (on the target) cancels one unsaved hit.
    """
    rolls = tuple(roll(f"{label}: hit on {need}+") for _ in range(dice))
    hits = count_at_least(rolls, need)
    saves = tuple(roll(f"{label}: save on {save_need}+") for _ in range(hits))
    unsaved = hits - count_at_least(saves, save_need)
    cancelled = min(unsaved, COMMANDER_CANCELS) if commander else 0
    return FireResult(need, rolls, save_need, saves, cancelled)


# --- morale -------------------------------------------------------------------


def checks_due(casualties_before: int, casualties_after: int) -> int:
    """Checks for crossing multiples of four casualties (one per stand lost)."""
    return max(0, casualties_after // CASUALTIES_PER_STAND
               - casualties_before // CASUALTIES_PER_STAND)


def drop(state: Morale, steps: int = 1) -> Morale:
    """`steps` failed checks down the ladder; a Shaken unit that fails routs."""
    i = MORALE_LADDER.index(state)
    return MORALE_LADDER[min(i + steps, len(MORALE_LADDER) - 1)]


@dataclass(frozen=True)
class CheckResult:
    need: int
    rolls: tuple[int, ...]
    before: Morale
    after: Morale

    @property
    def failures(self) -> int:
        return sum(1 for r in self.rolls if r < self.need)


def morale_checks(roll: Roll, count: int, need: int, state: Morale,
                  label: str = "morale") -> CheckResult:
    """Take `count` troop-quality checks in turn; stop rolling once routed."""
    rolls: list[int] = []
    now = state
    for _ in range(count):
        if now is Morale.ROUTED:
            break
        r = roll(f"{label}: check on {need}+")
        rolls.append(r)
        if r < need:
            now = drop(now)
    return CheckResult(need, tuple(rolls), state, now)


def quality_check(roll: Roll, need: int, label: str) -> tuple[bool, int]:
    """One troop-quality check (a pre-charge or receiving check): passed, and the die."""
    r = roll(f"{label}: check on {need}+")
    return r >= need, r


# --- melee --------------------------------------------------------------------


Winner = Literal["a", "b"] | None


def melee_winner(casualties_on_a: int, casualties_on_b: int) -> Winner:
    """The side that inflicted at least two more casualties than it took wins."""
    if casualties_on_b - casualties_on_a >= MELEE_MARGIN:
        return "a"
    if casualties_on_a - casualties_on_b >= MELEE_MARGIN:
        return "b"
    return None


@dataclass(frozen=True)
class MeleeSide:
    dice: int
    need: int  # hit number, by morale
    save_need: int
    commander: bool


@dataclass(frozen=True)
class MeleeResult:
    a_strikes: FireResult  # A's dice against B, and B's saves
    b_strikes: FireResult

    @property
    def casualties_on_a(self) -> int:
        return self.b_strikes.casualties

    @property
    def casualties_on_b(self) -> int:
        return self.a_strikes.casualties

    @property
    def winner(self) -> Winner:
        return melee_winner(self.casualties_on_a, self.casualties_on_b)


def resolve_melee(roll: Roll, a: MeleeSide, b: MeleeSide, label: str = "melee") -> MeleeResult:
    """Both sides strike at once; A rolls and B saves, then B rolls and A saves."""
    a_strikes = resolve_fire(roll, a.dice, a.need, b.save_need, b.commander, f"{label} A")
    b_strikes = resolve_fire(roll, b.dice, b.need, a.save_need, a.commander, f"{label} B")
    return MeleeResult(a_strikes, b_strikes)
