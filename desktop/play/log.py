"""The game log as lines of text: every action, every event, every roll with its purpose."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from desktop.play.session import Step
from desktop.rules.chance import Draw
from desktop.scenario.model import Scenario


def _same(text: str) -> str:
    return text


class Namer:
    """Writes the names players gave things where the engine's text has ids.

    Engines speak in ids (`fra_huss shoots aus_ir4`) so that their text is
    exact; a player reads `7e Hussards shoots IR 4 Hoch- und Deutschmeister`.
    Figure ids (`unit.3`, Kiddies) read as the unit's name and number.
    """

    def __init__(self, scenario: Scenario) -> None:
        names: dict[str, str] = {}
        for side in scenario.sides:
            names[side.id] = side.name
            for u in side.units:
                names[u.id] = u.name
            for o in side.officers:
                names[o.id] = o.name
        for f in scenario.terrain:
            if f.name:
                names[f.id] = f.name
        for ob in scenario.game.objectives:
            names[ob.id] = ob.name
        self.names = names
        ids = sorted(names, key=len, reverse=True)
        self._pattern = re.compile(
            r"(?<![\w.\-])(" + "|".join(map(re.escape, ids)) + r")(\.(?:\d+|gun))?(?![\w\-])"
        ) if ids else None

    def _one(self, m: re.Match[str]) -> str:
        name = self.names[m.group(1)]
        part = m.group(2)
        if not part:
            return name
        return f"{name} gun" if part == ".gun" else f"{name} #{part[1:]}"

    def __call__(self, text: str) -> str:
        return self._pattern.sub(self._one, text) if self._pattern else text


@dataclass(frozen=True)
class LogLine:
    kind: str  # "action", "event", "roll", "phase", "outcome"
    text: str
    step: int  # the step it belongs to (-1: before the first action)


def draw_text(d: Draw) -> str:
    how = " (scripted)" if d.scripted else ""
    return f"{d.kind} {d.value} · {d.purpose}{how}"


def step_lines(step: Step, side_name: str = "",
               name: Callable[[str], str] = _same) -> list[LogLine]:
    """The log lines of one step; `name` (a Namer) puts names in place of ids."""
    who = f"{side_name}: " if side_name else ""
    out = [LogLine("action", f"{step.index + 1}. {who}{name(step.action)}", step.index)]
    for e in step.events:
        kind = "phase" if e.kind in ("phase", "turn") else (
            "outcome" if e.kind == "outcome" else "event")
        out.append(LogLine(kind, name(e.text), step.index))
    out.extend(LogLine("roll", name(draw_text(d)), step.index) for d in step.draws)
    return out


def dice_of(step: Step, name: Callable[[str], str] = _same) -> list[tuple[str, int | str, str]]:
    """The dice a step rolled and the cards it turned, for the tray: (kind, value,
    purpose); a card's value is its face ('QD').  A d3 is logged with the d6 it
    came from; the tray shows the d3 only.  The seed drawn for a simulated flick
    and a coin toss are left to the log."""
    out: list[tuple[str, int | str, str]] = []
    skip_next_d6 = False
    for d in reversed(step.draws):
        if d.kind == "d3":
            skip_next_d6 = True
            out.append((d.kind, int(d.value) if isinstance(d.value, int) else 0,
                        name(d.purpose)))
            continue
        if skip_next_d6 and d.kind == "d6":
            skip_next_d6 = False
            continue
        if d.kind in ("flick", "coin"):  # told in the log, not drawn in the tray
            continue
        if isinstance(d.value, int):
            out.append((d.kind, d.value, name(d.purpose)))
        else:
            out.append((d.kind, str(d.value), name(d.purpose)))
    return list(reversed(out))
