"""A computer's turn told in a few plain words, for the log.

When the computer hands the table back, a person wants to know what it did
without reading every event: which units moved, who fired at whom and with
what effect, what was lost.  This builds that sentence from the session's
steps alone -- each step's ``said`` (the action as the play view described
it, already in names) and the events it caused, passed through the view's
namer -- so it knows no ruleset and never shows an id.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from desktop.play.session import Step
from desktop.scenario.wording import its

#: Event kinds that tell a result worth repeating: losses, breaks, objectives.
RESULT_KINDS = frozenset({
    "casualties", "losses", "killed", "eliminated", "routed", "rout", "broken",
    "objective", "disordered", "retire", "retreat", "morale", "flags", "swept",
})
#: Event kinds of a shot or a fight, whose own hits (``data["hits"]``) are told.
FIRE_KINDS = frozenset({"shot", "fire", "charge", "melee", "close_combat", "cards"})
#: Actions told at most, then "and N more".
MOST = 8


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _step_part(step: Step, name: Callable[[str], str]) -> str:
    """One action and its effect: "the battery fires at the 46e: 2 hits"."""
    said = step.said or name(step.action)
    hits: int | None = None
    results: list[str] = []
    for e in step.events:
        got = e.data.get("hits")
        if e.kind in FIRE_KINDS and isinstance(got, int) and not isinstance(got, bool):
            hits = got if hits is None else hits + got
        elif e.kind in ("shot", "fire") and name(e.text) != said and not results:
            told = name(e.text)  # a shot with no count of hits: what it did
            results.append(told.split(": ", 1)[1] if ": " in told else told)
        if e.kind in RESULT_KINDS:
            results.append(name(e.text))
    part = said + (f": {_plural(hits, 'hit')}" if hits is not None else "")
    if results:
        part += " — " + ", ".join(dict.fromkeys(results))
    return part


def _stretch_text(steps: Sequence[Step], name: Callable[[str], str], side_name: str,
                  plural: bool | None = None) -> str:
    """The actions of one turn's part of a stretch, cut short after MOST."""
    acted = [s for s in steps if s.action != "end"]
    if not acted:
        ended = len(steps)
        return f"ended {its(side_name, plural)} {'phase' if ended == 1 else 'phases'}"
    parts = [_step_part(s, name) for s in acted[:MOST]]
    more = len(acted) - len(parts)
    text = "; ".join(parts)
    if more:
        text += f"; and {_plural(more, 'more action')}"
    return text


def turn_summary(steps: Sequence[Step], side_name: str,
                 name: Callable[[str], str], plural: bool | None = None) -> str:
    """What `side_name` did in `steps` (its stretch at the table), as one
    paragraph; "" when there are no steps (`plural`: the side's number, as its
    scenario says; None: guessed from the name).  A stretch that runs from one turn
    into the next (a side that acts last in a turn and first in the next) is
    told turn by turn, so a person sees which turn each action belongs to."""
    if not steps:
        return ""
    if all(s.action == "end" for s in steps):
        return (f"{side_name} did nothing this time and ended {its(side_name, plural)} "
                f"{'phase' if len(steps) == 1 else 'phases'}.")
    turns: list[list[Step]] = []
    for st in steps:
        if turns and turns[-1][-1].turn == st.turn:
            turns[-1].append(st)
        else:
            turns.append([st])
    if len(turns) == 1:
        return f"{side_name}: {_stretch_text(steps, name, side_name, plural)}."
    told = [f"turn {part[0].turn}: {_stretch_text(part, name, side_name, plural)}"
            for part in turns]
    return f"{side_name}, " + ". Then ".join(told) + "."
