"""Helpers for action notation: numbers and points that round-trip exactly."""

from __future__ import annotations

import math

from desktop.rules.engine import NotationError


def fmt_num(value: float) -> str:
    """Shortest text that reads back as exactly `value` ("12", "12.5", "-0.25")."""
    v = float(value)
    if not math.isfinite(v):
        raise NotationError(f"{value!r} is not a finite number")
    if v == 0.0:
        return "0"
    if v.is_integer() and abs(v) < 1e15:
        return str(int(v))
    return repr(v)


def parse_num(text: str, what: str = "number") -> float:
    try:
        v = float(text)
    except ValueError:
        raise NotationError(f"'{text}' is not a {what}") from None
    if not math.isfinite(v):
        raise NotationError(f"'{text}' is not a finite {what}")
    return v + 0.0  # no negative zero


def fmt_point(p: tuple[float, float]) -> str:
    return f"{fmt_num(p[0])},{fmt_num(p[1])}"


def parse_point(text: str) -> tuple[float, float]:
    parts = text.split(",")
    if len(parts) != 2:
        raise NotationError(f"'{text}' is not a point (write x,y in inches, e.g. 12,30.5)")
    return (parse_num(parts[0], "coordinate"), parse_num(parts[1], "coordinate"))


def canonical_facing(f: float) -> float:
    """A bearing in [0, 360)."""
    v = float(f) % 360.0
    return 0.0 if v == 360.0 else v + 0.0
