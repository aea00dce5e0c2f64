"""Lengths, turns and numbers as the log says them (a move's and a fight's words)."""

from __future__ import annotations

from desktop.table.shapes import angle_diff


def _inches(d: float) -> str:
    return f"{d:.1f}\u2033"


def _turn_words(before: float, after: float) -> str:
    """'turns 90° to the right', 'faces about', '' (no turn)."""
    turn = angle_diff(after, before)
    if abs(turn) < 0.5:
        return ""
    if abs(abs(turn) - 180.0) < 0.5:
        return "faces about"
    return f"turns {abs(turn):.0f}° to the {'right' if turn > 0 else 'left'}"


def _plus(b: int) -> str:
    return f" (+{b} for its cover)" if b else ""


def _ord(n: int) -> str:
    suf = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suf}"
