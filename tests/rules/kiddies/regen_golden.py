"""Rewrite the expected final states of the Kiddies golden records.

    .venv/bin/python -m tests.rules.kiddies.regen_golden            # every kiddies_*.yaml
    .venv/bin/python -m tests.rules.kiddies.regen_golden --random   # also re-record the random game

Run it only after a deliberate rules change (or a re-tuned flick), and read the
diff of the JSON files before committing them: they are what the golden test
compares against.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from desktop.resources import bundled_scenario
from desktop.rules import registry
from desktop.rules.randomplay import random_action
from desktop.rules.record import load_game, record_of, save_record
from desktop.scenario import load

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
RANDOM_RECORD = GOLDEN / "kiddies_bridge_random.yaml"
#: The seed (dice, flicks and random player alike) of the recorded random game.
RANDOM_SEED = 46


def record_random_game() -> None:
    scenario_path = bundled_scenario("kiddies_bridge.yaml")
    game = registry.get("kiddies").new_game(load(scenario_path), {}, RANDOM_SEED)
    rng = random.Random(RANDOM_SEED)
    while game.outcome is None:
        game.apply(random_action(game, rng))
    rel = Path("../../../scenarios") / scenario_path.name
    save_record(record_of(game, str(rel)), RANDOM_RECORD)


def main() -> None:
    if "--random" in sys.argv:
        record_random_game()
    for rec in sorted(GOLDEN.glob("kiddies_*.yaml")):
        state = load_game(rec).snapshot()
        rec.with_suffix(".json").write_text(json.dumps(state, indent=2) + "\n", encoding="utf-8")
        print(f"{rec.name}: turn {state['turn']}, outcome {state['outcome']}")


if __name__ == "__main__":
    main()
