"""The Blown Away quick reference says plainly how a side wins (issue 34: "hold,
or were the last to pass through" read as a choice between two ways to win)."""

from __future__ import annotations

from desktop.rules.blown_away import constants as C
from desktop.rules.blown_away.sheets import REFERENCE

WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


def _winning() -> list[str]:
    section = next(s for s in REFERENCE.sections if s.title == "Winning")
    return [i for i in section.items if isinstance(i, str)]


def test_winning_says_what_makes_an_objective_yours_and_when_you_win() -> None:
    """RULINGS "Blown Away" (seed 003): an objective belongs to the side whose men in
    ranks occupy it alone or last passed through it, and stays theirs; the side
    with OBJECTIVES_TO_WIN of them wins at once."""
    first, second = _winning()
    assert "men in ranks" in first and "no enemy" in first  # standing on it alone
    assert "last to march across" in first  # or passing through it last
    assert "stays yours" in first  # no garrison needed
    assert second == f"You win the moment {WORDS[C.OBJECTIVES_TO_WIN]} of the four " \
                     "objectives are yours."
    assert "hold, or" not in " ".join(_winning())
