"""The game log as lines of text: every action, every event, every roll with its
purpose, in names and words (never ids or notation)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from desktop.play.session import Step
from desktop.rules.chance import Draw
from desktop.rules.view import Namer, purpose_words, roll_words

__all__ = ["LogLine", "Namer", "dice_of", "draw_text", "step_lines"]


def _same(text: str) -> str:
    return text


@dataclass(frozen=True)
class LogLine:
    kind: str  # "action", "event", "roll", "phase", "outcome", "summary"
    text: str
    step: int  # the step it belongs to (-1: before the first action)


def draw_text(d: Draw, name: Callable[[str], str] = _same) -> str:
    """A draw as a sentence: "Activation of IR 49: rolled 4"."""
    return roll_words(d.kind, d.value, d.purpose, d.scripted, name)


def step_lines(step: Step, side_name: str = "",
               name: Callable[[str], str] = _same) -> list[LogLine]:
    """The log lines of one step; `name` (a Namer) puts names in place of ids in
    the engine's event texts.  The action reads as its view described it."""
    said = step.said or name(step.action)
    # "French advance guard ends the movement phase" names its side already
    who = f"{side_name}: " if side_name and not said.startswith(side_name) else ""
    out = [LogLine("action", f"{step.index + 1}. {who}{said}", step.index)]
    for e in step.events:
        kind = "phase" if e.kind in ("phase", "turn") else (
            "outcome" if e.kind == "outcome" else "event")
        out.append(LogLine(kind, name(e.text), step.index))
    out.extend(LogLine("roll", draw_text(d, name), step.index) for d in step.draws)
    return out


def dice_of(step: Step, name: Callable[[str], str] = _same) -> list[tuple[str, int | str, str]]:
    """The dice a step rolled and the cards it turned, for the tray: (kind, value,
    purpose in words); a card's value is its face ('QD').  A d3 is logged with
    the d6 it came from; the tray shows the d3 only.  The seed drawn for a
    simulated flick and a coin toss are left to the log."""
    out: list[tuple[str, int | str, str]] = []
    skip_next_d6 = False
    for d in reversed(step.draws):
        why = purpose_words(d.purpose, name)
        if d.kind == "d3":
            skip_next_d6 = True
            out.append((d.kind, int(d.value) if isinstance(d.value, int) else 0, why))
            continue
        if skip_next_d6 and d.kind == "d6":
            skip_next_d6 = False
            continue
        if d.kind in ("flick", "coin"):  # told in the log, not drawn in the tray
            continue
        if isinstance(d.value, int):
            out.append((d.kind, d.value, why))
        else:
            out.append((d.kind, str(d.value), why))
    return list(reversed(out))
