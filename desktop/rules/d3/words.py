"""How D3 puts numbers into words for the log and the play view (one place, so
the engine's events and the view's log lines read alike)."""

from __future__ import annotations

from desktop.scenario.vocabulary import UnitType

#: Below this a move is a turn where the unit stands; below this a turn is none.
STILL_INCHES = 0.05
STILL_DEGREES = 0.5


def inches(v: float) -> str:
    """4.2″ (one decimal; whole inches without one)."""
    r = round(v, 1)
    return f"{r:.0f}″" if r == int(r) else f"{r:.1f}″"


def degrees(v: float) -> str:
    return f"{abs(round(v)):.0f}°"


def move_words(dist: float, turn: float, general: bool = False) -> str:
    """What a move does, after the piece's name: "moves 4.2″ and wheels 23°",
    "turns 90° where it stands"; a general "rides" and "turns"."""
    it = "he" if general else "it"
    if dist < STILL_INCHES:
        if abs(turn) < STILL_DEGREES:
            return f"stays where {it} stands"
        return f"turns {degrees(turn)} where {it} stands"
    go = f"{'rides' if general else 'moves'} {inches(dist)}"
    if abs(turn) < STILL_DEGREES:
        return go
    return f"{go} and {'turns' if general else 'wheels'} {degrees(turn)}"


def firing_type(t: UnitType) -> str:
    """Who shoots with a D3 less, in the words of the shooting modifier."""
    if t is UnitType.LIGHT_INFANTRY:
        return "skirmishers"
    return "artillery"


def count(n: int, what: str) -> str:
    """'1 hit', '2 hits', '0 hits'."""
    return f"{n} {what}" if n == 1 else f"{n} {what}s"
