"""A random player: what the conformance tests and the benchmark play with.

It picks uniformly among the game's candidate actions, except that ending a
phase is chosen only with probability `end_bias` while anything else is on
offer (otherwise most units would never act).
"""

from __future__ import annotations

import random

from desktop.rules.engine import Action, Game

#: Chance of ending the phase when other actions are possible.
END_BIAS = 0.12
#: Free-table moves sampled per decision.
SAMPLES = 1


def random_action(game: Game, rng: random.Random, end_bias: float = END_BIAS,
                  samples: int = SAMPLES) -> Action:
    legal = game.legal_actions()
    sampled = game.sample_actions(rng, samples)
    if not legal and not sampled:
        raise RuntimeError(f"no candidate actions in phase {game.phase} for {game.side}")
    ends: list[Action] = []
    others: list[Action] = []
    for a in legal:  # each action written out once (it costs more than the pick)
        (ends if a.text() == "end" else others).append(a)
    others += sampled
    if ends and (not others or rng.random() < end_bias):
        return ends[0]
    return rng.choice(others)


def play_out(game: Game, rng: random.Random, max_actions: int = 100_000) -> int:
    """Play random actions until the game ends; return how many were applied."""
    n = 0
    while game.outcome is None:
        if n >= max_actions:
            raise RuntimeError(f"game did not end within {max_actions} actions")
        game.apply(random_action(game, rng))
        n += 1
    return n
