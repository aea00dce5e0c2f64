"""How a game ended: the one value the engine and the victory judge share.

Its own module, below both, so that the engine can declare the judge every game
keeps (``Game.judge``, a :class:`~desktop.rules.victory.VictoryJudge`) while
the judge hands its verdicts back as outcomes, with no import running back.
``desktop.rules.engine`` re-exports it, where rulesets have always found it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """How the game ended: ``winner`` is a side id, or None for a draw."""

    winner: str | None
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason}
