"""Rewrite the expected final states of a ruleset's golden records.

    .venv/bin/python -m tests.rules.regen_golden RULESET            # every RULESET_*.yaml
    .venv/bin/python -m tests.rules.regen_golden RULESET --random   # also re-record its random game

RULESET is one of the ids in RANDOM_GAMES (mayhem, kiddies, blown_away). Run
it only after a deliberate rules change (or a re-tuned Kiddies flick), and
read the diff of the JSON files before committing them: they are what the
golden tests compare against.
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

GOLDEN = Path(__file__).resolve().parent / "golden"

#: Ruleset id -> (bundled scenario, record of its random game, the seed of that
#: game's dice, cards, flicks and random player alike).
RANDOM_GAMES: dict[str, tuple[str, str, int]] = {
    "mayhem": ("mayhem_village.yaml", "mayhem_village_random.yaml", 45),
    "kiddies": ("kiddies_bridge.yaml", "kiddies_bridge_random.yaml", 46),
    "blown_away": ("blown_away_four_farms.yaml", "blown_away_four_farms_random.yaml", 23),
}


def record_random_game(ruleset: str) -> None:
    scenario_name, record_name, seed = RANDOM_GAMES[ruleset]
    scenario_path = bundled_scenario(scenario_name)
    game = registry.get(ruleset).new_game(load(scenario_path), {}, seed)
    rng = random.Random(seed)
    while game.outcome is None:
        game.apply(random_action(game, rng))
    rel = Path("../../../scenarios") / scenario_path.name
    save_record(record_of(game, str(rel)), GOLDEN / record_name)


def main(argv: list[str]) -> int:
    names = [a for a in argv if not a.startswith("--")]
    if len(names) != 1 or names[0] not in RANDOM_GAMES:
        print(__doc__, file=sys.stderr)
        return 2
    ruleset = names[0]
    if "--random" in argv or not (GOLDEN / RANDOM_GAMES[ruleset][1]).exists():
        record_random_game(ruleset)
    for rec in sorted(GOLDEN.glob(f"{ruleset}_*.yaml")):
        state = load_game(rec).snapshot()
        rec.with_suffix(".json").write_text(json.dumps(state, indent=2) + "\n", encoding="utf-8")
        print(f"{rec.name}: turn {state['turn']}, outcome {state['outcome']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
