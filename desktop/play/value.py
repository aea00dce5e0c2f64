"""A position's worth to a side as its chance of winning, for the Veteran's search.

The Steady score adds its parts (`opponent.Terms`) with weights set by hand,
to rank the next action.  The search needs more: to compare lines of play
several actions long, it must know which parts of a position go with winning.
So its value here is a chance, fitted to what happened: Steady-against-Steady
games on each ruleset's bundled scenarios, each position's parts against the
side's result (`tests/benchmarks/fit_value.py` plays them and writes
`value_weights.py`).  Each part counts as the side's less the enemy's, so an
enemy nearing its goals counts against the side, which the score never saw.
It tells the winner a little better than the score does on D3 and Kiddies,
yet the Veteran played no better with it, so `Settings.fitted` is off
(docs/opponent.md, ninth session).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from desktop.play.opponent import Terms, terms
from desktop.play.value_weights import FITTED
from desktop.rules.engine import Game
from desktop.rules.view import view_of

#: What the fitted weights multiply, in this order.
FEATURES = ("strength", "objective", "pull", "lead", "breaking",
            "standing", "standing_late", "fights")


def _parts(t: Terms) -> tuple[float, float, float, float, float]:
    return (t.strength, t.objective, t.pull, t.lead, t.breaking)


def features(game: Game, side: str) -> list[float]:
    """The parts of a game not over, for `side`: the score's terms as the side's
    less the enemy's; what the end of the game would say with the pieces as they
    stand (+1 the side's win, -1 its loss), times 1 / (1 + turns left) and its
    square (1 where the ground is judged every turn); fights on the table the
    game rolls later, as their expected change to the side's share of strength."""
    enemies = [s.id for s in game.scenario.sides if s.id != side]
    mine = _parts(terms(game, side))
    theirs = [0.0] * len(mine)
    for e in enemies:
        for i, v in enumerate(_parts(terms(game, e))):
            theirs[i] += v / len(enemies)
    row = [a - b for a, b in zip(mine, theirs, strict=True)]
    adapter = view_of(game)
    standing = adapter.standing()
    if standing is None or standing.winner is None:
        row += [0.0, 0.0]
    else:
        sign = 1.0 if standing.winner == side else -1.0
        near = 1.0 if standing.every_turn else 1.0 / (1 + standing.turns_left)
        row += [sign * near, sign * near * near]
    row.append(pending_share(game, side))
    return row


def pending_share(game: Game, side: str) -> float:
    """The change to the side's share of strength that the fights on the table,
    which the game rolls later on its own (`PlayView.pending_losses`: Kiddies'
    hand to hand at the turn's end), are expected to bring."""
    adapter = view_of(game)
    pending = adapter.pending_losses()
    if not pending:
        return 0.0
    _, strength = adapter.strength()
    total = sum(strength.values())
    lost = sum(pending.values())
    if total <= 0 or total - lost <= 0:
        return 0.0
    mine = strength.get(side, 0.0)
    return (mine - pending.get(side, 0.0)) / (total - lost) - mine / total


def weights_for(ruleset: str) -> Sequence[float] | None:
    """The fitted weights of a ruleset (None: none fitted)."""
    return FITTED.get(ruleset)


def chance(game: Game, side: str, weights: Sequence[float] | None = None) -> float:
    """The side's chance of winning from `game`, 0..1 (a draw is a half), by
    `weights` or else its ruleset's fitted ones."""
    outcome = game.outcome
    if outcome is not None:
        return 0.5 if outcome.winner is None else float(outcome.winner == side)
    w = weights if weights is not None else weights_for(str(game.scenario.ruleset))
    if w is None:
        raise KeyError(f"no fitted value for the ruleset {game.scenario.ruleset}")
    logit = sum(a * b for a, b in zip(w, features(game, side), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, logit))))
