"""A saved game to damage: the scripted D3 duel, its scenario copied beside it."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.rules import registry
from desktop.rules.randomplay import random_action
from desktop.rules.record import save_game
from desktop.scenario import load

GOLDEN = Path(__file__).parent / "golden"
DUEL = GOLDEN / "scenarios" / "d3_duel.yaml"


def saved_game(folder: Path, actions: int = 40, name: str = "game.yaml") -> Path:
    """A game of `actions` random actions saved in `folder` (scenario by path)."""
    scenario_file = folder / "duel.yaml"
    if not scenario_file.exists():
        shutil.copyfile(DUEL, scenario_file)
    game = registry.get("d3").new_game(load(scenario_file), {}, 7)
    rng = random.Random(7)
    for _ in range(actions):
        if game.outcome is not None:
            break
        game.apply(random_action(game, rng))
    record = folder / name
    save_game(game, record, scenario_path="duel.yaml")
    return record


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path
