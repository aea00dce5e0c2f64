"""Game records: scenario + ruleset + options + seed + scripted draws + actions.

A record is the whole game: loading one *is* replaying it, and saving a game
writes its record.  See docs/record-format.md.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from desktop.rules import registry
from desktop.rules.engine import Game, IllegalAction, NotationError, OptionValue, RulesError
from desktop.scenario import Scenario, ScenarioError, from_data, load
from desktop.scenario.io import atomic_write_text
from desktop.scenario.textfile import FileProblem, read_text
from desktop.scenario.writer import scenario_to_data

RECORD_KEYS = ("scenario", "ruleset", "options", "seed", "dice", "cards", "actions")


class RecordError(RulesError):
    """A record file cannot be read, or one of its actions cannot be replayed.

    For a bad action, `index` is its 0-based position in ``actions`` and
    `reason` the rules' explanation.
    """

    def __init__(
        self, message: str, *, index: int | None = None, action: str | None = None,
        reason: str | None = None,
    ) -> None:
        super().__init__(message)
        self.index = index
        self.action = action
        self.reason = reason


@dataclass
class Record:
    """A game as data.  `scenario_path` (relative to the record file) is kept when the
    scenario was given as a path, so saving writes the path back rather than inlining."""

    scenario: Scenario
    ruleset: str
    options: dict[str, OptionValue] = field(default_factory=dict)
    seed: int = 0
    dice: list[int] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    scenario_path: str | None = None

    def new_game(self) -> Game:
        """The game at its start (no action applied)."""
        rs = registry.get(self.ruleset)
        return rs.new_game(self.scenario, self.options, self.seed, self.dice, self.cards)


def replay(record: Record, until: int | None = None) -> Game:
    """Apply the record's actions (the first `until` of them) to a fresh game.

    Raises RecordError naming the index and the reason of the first action that
    cannot be read or is illegal.
    """
    game = record.new_game()
    actions = record.actions if until is None else record.actions[: max(until, 0)]
    for i, text in enumerate(actions):
        try:
            action = game.parse_action(text)
            game.apply(action)
        except NotationError as e:
            raise RecordError(
                f"action {i} '{text}' cannot be read: {e}", index=i, action=text, reason=str(e)
            ) from None
        except IllegalAction as e:
            raise RecordError(
                f"action {i} '{text}' is illegal: {e.reason}", index=i, action=text,
                reason=e.reason,
            ) from None
    return game


def record_of(game: Game, scenario_path: str | None = None) -> Record:
    """The record of a game played so far (its scripted draws as it was created)."""
    script = getattr(game, "initial_script", ((), ()))
    return Record(
        scenario=game.scenario,
        ruleset=game.ruleset.id,
        options=dict(game.options),
        seed=game.seed,
        dice=list(script[0]),
        cards=list(script[1]),
        actions=[a.text() for a in game.history],
        scenario_path=scenario_path,
    )


# --- files ----------------------------------------------------------------------


def _fail(name: str, message: str) -> RecordError:
    return RecordError(f"{name}: {message}")


def from_mapping(data: Any, name: str = "<record>", base: Path | None = None) -> Record:
    """Read a record from plain data; `base` is the folder scenario paths are relative to."""
    if not isinstance(data, dict):
        raise _fail(name, "a record is a mapping with keys " + ", ".join(RECORD_KEYS))
    unknown = sorted(set(data) - set(RECORD_KEYS))
    if unknown:
        raise _fail(name, f"unknown key(s) {', '.join(unknown)}; known: {', '.join(RECORD_KEYS)}")
    for key in ("scenario", "ruleset"):
        if key not in data:
            raise _fail(name, f"missing '{key}'")
    ruleset = data["ruleset"]
    if not isinstance(ruleset, str):
        raise _fail(name, "'ruleset' must be a ruleset id such as d3")
    src = data["scenario"]
    scenario_path: str | None = None
    try:
        if isinstance(src, str):
            scenario_path = src
            path = Path(src) if base is None else base / src
            scenario = load(path)
        elif isinstance(src, dict):
            scenario = from_data(src, f"{name} (scenario)")
        else:
            raise _fail(name, "'scenario' must be a path or a scenario mapping")
    except ScenarioError as e:
        problems = "\n".join(map(str, e.problems))
        raise _fail(name, "the scenario has problems:\n" + problems) from None
    options = data.get("options") or {}
    if not isinstance(options, dict) or not all(
        isinstance(v, (bool, int, float, str)) for v in options.values()
    ):
        raise _fail(name, "'options' must be a mapping of names to plain values")
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise _fail(name, f"'seed' must be a whole number, found {seed!r}")
    dice = data.get("dice") or []
    if not isinstance(dice, list) or not all(
        isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice
    ):
        raise _fail(name, "'dice' must be a list of d6 results (1 to 6)")
    cards = data.get("cards") or []
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise _fail(name, "'cards' must be a list of cards such as AS, 10H, QD")
    actions = data.get("actions") or []
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise _fail(name, "'actions' must be a list of actions in text notation")
    return Record(
        scenario=scenario, ruleset=ruleset, options={str(k): v for k, v in options.items()},
        seed=seed, dice=list(dice), cards=list(cards), actions=list(actions),
        scenario_path=scenario_path,
    )


def to_mapping(record: Record) -> dict[str, Any]:
    out: dict[str, Any] = {
        "scenario": record.scenario_path
        if record.scenario_path is not None
        else scenario_to_data(record.scenario),
        "ruleset": record.ruleset,
        "options": dict(record.options),
        "seed": record.seed,
    }
    if record.dice:
        out["dice"] = list(record.dice)
    if record.cards:
        out["cards"] = list(record.cards)
    out["actions"] = list(record.actions)
    return out


def loads(text: str, name: str = "<record>", base: Path | None = None) -> Record:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        raise _fail(name, f"not valid YAML: {e}") from None
    return from_mapping(data, name, base)


def dumps(record: Record) -> str:
    """YAML text: scalars and small mappings compact, one action per line."""
    data = to_mapping(record)
    actions = data.pop("actions")
    head = yaml.safe_dump(data, sort_keys=False, default_flow_style=None,
                          allow_unicode=True, width=100)
    tail = yaml.safe_dump({"actions": actions}, sort_keys=False, default_flow_style=False,
                          allow_unicode=True, width=1000)
    return "# Volley game record: see docs/record-format.md\n" + head + tail


def load_record(path: str | os.PathLike[str]) -> Record:
    p = Path(path)
    try:
        text = read_text(p)
    except FileProblem as e:
        where = f":{e.line}:{e.column}" if e.line is not None else ""
        raise _fail(f"{p}{where}", e.message) from None
    return loads(text, str(p), p.parent)


def save_record(record: Record, path: str | os.PathLike[str]) -> None:
    atomic_write_text(path, dumps(record))


def load_game(path: str | os.PathLike[str], until: int | None = None) -> Game:
    """Open a saved game: load its record and replay it (one code path)."""
    return replay(load_record(path), until)


def save_game(game: Game, path: str | os.PathLike[str], scenario_path: str | None = None) -> None:
    save_record(record_of(game, scenario_path), path)


def options_of(data: Mapping[str, Any]) -> dict[str, OptionValue]:
    return {str(k): v for k, v in data.items() if isinstance(v, (bool, int, float, str))}
