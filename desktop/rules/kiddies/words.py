"""Distances, counts and lists of figures as the Kiddies log says them."""

from __future__ import annotations

from collections.abc import Sequence

from desktop.table.shapes import rounded

_r = rounded  # records and snapshots round alike in every ruleset


#: What a shot of each category is, in the log ("g.gun fires its cannon: 2 fall").
SHOT_WORDS = {"cannon": "fires its cannon", "volley": "fires a volley",
              "skirmish": "takes the skirmisher shot"}


def _and(ids: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c' (the log's way of listing figures)."""
    ids = list(ids)
    return ids[0] if len(ids) == 1 else f"{', '.join(ids[:-1])} and {ids[-1]}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _spans(v: float) -> str:
    """A distance in spans as a player says it: '1 span', '0.71 spans', '2 spans'."""
    r = round(v, 2)
    return f"{r:g} span" + ("" if r == 1 else "s")


def _fell(n: int) -> str:
    return "none fall" if n == 0 else f"{n} fall" + ("s" if n == 1 else "")
