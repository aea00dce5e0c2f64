"""A game in progress, as marks on the printed sheets.

Sheets printed from the play window (File ▸ Print…) start with what has
already happened marked: the boxes of each unit's track crossed off, its
state boxes ticked, and a note such as "Eliminated".  The window works the
marks out through the rules' play view (desktop.rules.view.PlayView.losses);
this module only holds them, so the printouts know nothing of any ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Marks:
    """One unit's or officer's marks: boxes lost, states to tick, a note in words,
    and boxes struck once after the lost ones (Blown Away's men running)."""

    lost: int = 0
    states: tuple[str, ...] = ()
    note: str = ""
    struck: int = 0


@dataclass(frozen=True)
class GameMarks:
    """Every piece's marks, and a line saying where the game stands."""

    #: "Game in progress: turn 4, French movement".
    heading: str
    #: (scenario id of a unit or officer, its marks).
    pieces: tuple[tuple[str, Marks], ...] = ()

    def of(self, ident: str) -> Marks | None:
        for pid, marks in self.pieces:
            if pid == ident:
                return marks
        return None


def _word(text: str) -> str:
    return text.lower().rstrip(".").strip()


def ticks_for(label: str, states: tuple[str, ...]) -> int:
    """How many of `states` a roster box labelled `label` stands for.

    Words match when one begins the other ("Disorg." and "Disorganised"), so the
    printed abbreviations and the rules' plain words meet without a table."""
    want = _word(label)
    if not want:
        return 0
    return sum(1 for s in states if _word(s).startswith(want) or want.startswith(_word(s)))
