"""A hint: what the computer would do for the side to act, shown, not done.

The Steady player chooses for the person's side on a copy of the game; the
choice is then tried on a second copy that rolls its own dice (never the real
game's), so the window can draw where the pieces would go and whom they would
fire at.  Nothing here changes the game.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from desktop.play.levels import Computer, Level
from desktop.rules.engine import Action, Game
from desktop.rules.view import subject, target_of, view_of
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


#: Trial copies tried for the drawing: the first in which the advice comes off
#: (its piece moves) is drawn, so a failed roll does not hide what is advised.
TRIALS = 6


def advise(game: Game, rng: random.Random, adviser: Computer = ADVISER) -> Advice:
    """What `adviser` would do now for the side to act in `game` (unchanged).

    The drawing shows what is advised, not what one roll did (issue 34): a move
    whose notation names its end is drawn there; any other action is tried on
    up to TRIALS copies and drawn from the first in which a piece moves; the
    piece that fires or fights and its target come from the action itself."""
    action = adviser.choose(game, rng)
    view = view_of(game)
    before = view.pieces()
    words = action.text().split()
    kind = words[0]
    who, whom = subject(action), target_of(action)
    acted: set[str] = set()
    aimed: set[str] = set()
    if kind in view.attack_kinds and who in before and whom in before:
        acted.add(who)
        aimed.add(whom)
    after: dict[str, PieceInfo] = {}
    for i in range(TRIALS):
        tried = game.clone(rng.randrange(2**31))
        events = tried.apply(action)
        if i == 0:
            for e in events:
                target = e.data.get("target")
                if not isinstance(target, str):
                    continue
                aimed.add(target)
                for key in ("unit", "gun", "shooter"):
                    w = e.data.get(key)
                    if isinstance(w, str) and w != target:
                        acted.add(w)
        got = view_of(tried).pieces()
        if i == 0 or any(_moved(before[k], got[k]) for k in before if k in got):
            after = got
        if any(_moved(before[k], got[k]) for k in before if k in got):
            break
    planned = _planned_end(before, words)
    if planned is not None:
        after = {**after, planned.id: planned}
    return Advice(action, view.describe(action), before, after,
                  frozenset(acted), frozenset(aimed))


def _moved(a: PieceInfo, b: PieceInfo) -> bool:
    turn = abs((b.facing - a.facing + 180.0) % 360.0 - 180.0)
    return math.hypot(b.x - a.x, b.y - a.y) > 0.05 or turn > 0.5 or a.status != b.status


def _planned_end(before: dict[str, PieceInfo], words: list[str]) -> PieceInfo | None:
    """Where a move written ``move PIECE X,Y [FACING]`` ends, as advised."""
    if len(words) < 3 or words[0] not in ("move", "officer") or words[1] not in before:
        return None
    xy = words[2].split(",")
    try:
        x, y = float(xy[0]), float(xy[1])
        facing = float(words[3]) if len(words) > 3 else before[words[1]].facing
    except (ValueError, IndexError):
        return None
    return replace(before[words[1]], x=x, y=y, facing=facing)
