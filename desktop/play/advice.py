"""A hint: what the computer would do for the side to act, shown, not done.

The Steady player chooses for the person's side on a copy of the game; the
choice is then tried on a second copy that rolls its own dice (never the real
game's), so the window can draw where the pieces would go and whom they would
fire at.  Nothing here changes the game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from desktop.play.levels import Computer, Level
from desktop.rules.engine import Action, Game
from desktop.rules.view import view_of
from desktop.rules.view_values import PieceInfo

#: The adviser: the Steady player, balanced.
ADVISER = Computer(Level.STEADY)


@dataclass(frozen=True)
class Advice:
    action: Action
    #: The action in words, as the play view describes it.
    said: str
    #: Pieces as they stand, and as they might stand after the action (one roll).
    before: dict[str, PieceInfo]
    after: dict[str, PieceInfo]
    #: Pieces the action would fire or fight with, and the pieces they aim at.
    acted: frozenset[str]
    aimed: frozenset[str]


def advise(game: Game, rng: random.Random, adviser: Computer = ADVISER) -> Advice:
    """What `adviser` would do now for the side to act in `game` (unchanged)."""
    action = adviser.choose(game, rng)
    view = view_of(game)
    tried = game.clone(rng.randrange(2**31))
    acted: set[str] = set()
    aimed: set[str] = set()
    for e in tried.apply(action):
        target = e.data.get("target")
        if not isinstance(target, str):
            continue
        aimed.add(target)
        for key in ("unit", "gun", "shooter"):
            who = e.data.get(key)
            if isinstance(who, str) and who != target:
                acted.add(who)
    return Advice(action, view.describe(action), view.pieces(), view_of(tried).pieces(),
                  frozenset(acted), frozenset(aimed))
