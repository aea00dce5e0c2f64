"""How Muskets & Mayhem puts its numbers and formations into words for the
log and the play view."""

from __future__ import annotations

from collections.abc import Sequence

from desktop.scenario.vocabulary import Formation

#: Formations as a wargamer names them.
FORMATION_NAMES: dict[Formation, str] = {
    Formation.LINE: "line", Formation.COLUMN: "attack column", Formation.SQUARE: "square",
    Formation.SKIRMISH: "skirmish order", Formation.LIMBERED: "limber",
    Formation.UNLIMBERED: "battery",
}


def formation_words(f: Formation) -> str:
    """What a unit taking formation `f` does, in words ("forms square", "limbers up")."""
    if f is Formation.LIMBERED:
        return "limbers up"
    if f is Formation.UNLIMBERED:
        return "unlimbers"
    return f"forms {FORMATION_NAMES[f]}"


def count(n: int, one: str, many: str | None = None) -> str:
    """"1 hit", "3 hits", "no hits"."""
    plural = many or one + "s"
    if n == 0:
        return f"no {plural}"
    return f"{n} {one if n == 1 else plural}"


def dice_words(rolls: Sequence[int]) -> str:
    """Dice as they are read out: "5", "5 and 2", "6, 4 and 1"."""
    r = [str(x) for x in rolls]
    if not r:
        return "nothing"
    return r[0] if len(r) == 1 else ", ".join(r[:-1]) + " and " + r[-1]


def wheel_words(turn: float) -> str:
    """" and wheels 30°" after a move that turned, nothing after one that did not."""
    return f" and wheels {turn:.0f}°" if turn >= 0.5 else ""
