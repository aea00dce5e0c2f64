"""Rewrite the expected final states of golden records (tests/rules/golden/).

    .venv/bin/python -m tests.rules.regen_golden NAME...          # rewrite their .json
    .venv/bin/python -m tests.rules.regen_golden NAME... --check  # only say which differ
    .venv/bin/python -m tests.rules.regen_golden RULESET --random # re-record its random games

NAME is a record (``mayhem_charge_melee``, or its path) or a ruleset id (every
``<id>_*.yaml``).  The .json written is what ``volley replay RECORD --json``
prints, which tests/rules/test_golden.py compares byte for byte.  Run it only
after a deliberate rules change (or a re-tuned Kiddies flick), for the records
that change, and read the diff of the JSON files before committing them.
``--random`` re-records the random games of RANDOM_GAMES, and Tactical Dice's
eager-player games (tests/rules/tactical/test_golden.py).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.resources import bundled_scenario
from desktop.rules import registry
from desktop.rules.randomplay import random_action
from desktop.rules.record import load_record, record_of, replay, save_record
from desktop.scenario import load

GOLDEN = Path(__file__).resolve().parent / "golden"

#: Ruleset id -> (bundled scenario, record of its random game, the seed of that
#: game's dice, cards, flicks and random player alike).
RANDOM_GAMES: dict[str, tuple[str, str, int]] = {
    "mayhem": ("mayhem_village.yaml", "mayhem_village_random.yaml", 45),
    "kiddies": ("kiddies_bridge.yaml", "kiddies_bridge_random.yaml", 46),
    "blown_away": ("blown_away_four_farms.yaml", "blown_away_four_farms_random.yaml", 23),
}


def ruleset_of(record: Path) -> str | None:
    """The registered ruleset a golden record's name starts with (``<id>_...``)."""
    found = [rid for rid in registry.ids() if record.stem.startswith(rid + "_")]
    return max(found, key=len) if found else None


def records(ruleset: str | None = None) -> list[Path]:
    """The golden records, every one or one ruleset's, in name order."""
    return [p for p in sorted(GOLDEN.glob("*.yaml"))
            if ruleset is None or ruleset_of(p) == ruleset]


def golden_text(record: Path) -> str:
    """The expected final state, as ``volley replay RECORD --json`` prints it."""
    return json.dumps(replay(load_record(record)).snapshot(), indent=2) + "\n"


def record_random_game(ruleset: str) -> None:
    if ruleset == "tactical":
        from tests.rules.tactical.test_golden import regenerate

        regenerate()
        return
    scenario_name, record_name, seed = RANDOM_GAMES[ruleset]
    scenario_path = bundled_scenario(scenario_name)
    game = registry.get(ruleset).new_game(load(scenario_path), {}, seed)
    rng = random.Random(seed)
    while game.outcome is None:
        game.apply(random_action(game, rng))
    rel = Path("../../../scenarios") / scenario_path.name
    save_record(record_of(game, str(rel)), GOLDEN / record_name)


def _named(name: str) -> list[Path]:
    if name in registry.ids():
        return records(name)
    path = Path(name)
    if not path.suffix:
        path = GOLDEN / f"{name}.yaml"
    return [path] if path.exists() else []


def main(argv: list[str]) -> int:
    names = [a for a in argv if not a.startswith("--")]
    chosen = [p for n in names for p in _named(n)]
    random_for = [n for n in names if n in RANDOM_GAMES or n == "tactical"]
    if not names or len(chosen) < len(names) or (
            "--random" in argv and len(random_for) != len(names)):
        print(__doc__, file=sys.stderr)
        return 2
    if "--check" in argv:
        differ = [p for p in chosen if golden_text(p) != p.with_suffix(".json").read_text(
            encoding="utf-8")]
        for p in differ:
            print(f"{p.name}: its replay no longer matches {p.with_suffix('.json').name}")
        return 1 if differ else 0
    for ruleset in random_for if "--random" in argv else ():
        record_random_game(ruleset)
    for rec in chosen:
        text = golden_text(rec)
        rec.with_suffix(".json").write_text(text, encoding="utf-8")
        state = json.loads(text)
        print(f"{rec.name}: turn {state['turn']}, outcome {state['outcome']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
