"""The game log as lines of text: every action, every event, every roll with its purpose."""

from __future__ import annotations

from dataclasses import dataclass

from desktop.play.session import Step
from desktop.rules.chance import Draw


@dataclass(frozen=True)
class LogLine:
    kind: str  # "action", "event", "roll", "phase", "outcome"
    text: str
    step: int  # the step it belongs to (-1: before the first action)


def draw_text(d: Draw) -> str:
    how = " (scripted)" if d.scripted else ""
    return f"{d.kind} {d.value} · {d.purpose}{how}"


def step_lines(step: Step, side_name: str = "") -> list[LogLine]:
    who = f"{side_name}: " if side_name else ""
    out = [LogLine("action", f"{step.index + 1}. {who}{step.action}", step.index)]
    for e in step.events:
        kind = "phase" if e.kind in ("phase", "turn") else (
            "outcome" if e.kind == "outcome" else "event")
        out.append(LogLine(kind, e.text, step.index))
    out.extend(LogLine("roll", draw_text(d), step.index) for d in step.draws)
    return out


def dice_of(step: Step) -> list[tuple[str, int | str, str]]:
    """The dice a step rolled and the cards it turned, for the tray: (kind, value,
    purpose); a card's value is its face ('QD').  A d3 is logged with the d6 it
    came from; the tray shows the d3 only.  The seed drawn for a simulated flick
    is left to the log."""
    out: list[tuple[str, int | str, str]] = []
    skip_next_d6 = False
    for d in reversed(step.draws):
        if d.kind == "d3":
            skip_next_d6 = True
            out.append((d.kind, int(d.value) if isinstance(d.value, int) else 0, d.purpose))
            continue
        if skip_next_d6 and d.kind == "d6":
            skip_next_d6 = False
            continue
        if d.kind == "flick":
            continue
        if isinstance(d.value, int):
            out.append((d.kind, d.value, d.purpose))
        else:
            out.append((d.kind, str(d.value), d.purpose))
    return list(reversed(out))
