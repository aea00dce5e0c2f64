"""Game records: scenario + ruleset + options + seed + scripted draws + actions.

A record is the whole game: loading one *is* replaying it, and saving a game
writes its record.  Records come from anywhere, so reading one checks every
value before a game is built from it, and refuses -- naming the file and line
-- a record cut short or one whose scenario file changed since it was saved
(record_seal).  See docs/record-format.md.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from desktop.rules import registry
from desktop.rules.chance import FULL_DECK
from desktop.rules.engine import Game, IllegalAction, NotationError, OptionValue, RulesError
from desktop.rules.record_seal import (
    END_KEY,
    RECORD_FORMAT,
    SCENARIO_HASH_KEY,
    content_hash,
    end_line,
    scenario_hash,
)
from desktop.rules.record_yaml import YamlRefusal, node_at, parse
from desktop.scenario import Scenario, ScenarioError, from_data, load
from desktop.scenario.atomic import atomic_write_text
from desktop.scenario.textfile import FileProblem, read_text
from desktop.scenario.writer import scenario_to_data
from desktop.scenario.yamlmarks import Marks, load_with_marks

RECORD_KEYS = ("record_format", "scenario", SCENARIO_HASH_KEY, "ruleset", "options", "seed",
               "dice", "cards", "seats", "actions", END_KEY)

#: What a computer seat in a record may say (desktop.play.levels reads the words).
SEAT_KEYS = ("level", "style", "seconds")

#: Bounds on what a record may hold; generous for any real game, and each one
#: keeps a hostile value from reaching a ruleset.
MAX_SEED = 10**20  # a seed has at most 20 digits
MAX_OPTION_NUMBER = 1_000_000
MAX_TEXT = 1_000  # characters in an action, an option's text or a scenario path

#: A value in a computer seat: a word or a number of seconds.
SeatValue = str | float

_HEX64 = re.compile(r"[0-9a-f]{64}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


class RecordError(RulesError):
    """A record file cannot be read, or one of its actions cannot be replayed.

    For a bad action, `index` is its 0-based position in ``actions`` and
    `reason` the rules' explanation.  `can_force` marks a refusal that
    ``volley replay --force`` may override (a cut file, a changed scenario).
    `fault` is the exception behind it when the cause is a bug in Volley, not
    the file: the person gets one line, and tests can still see the bug.
    """

    def __init__(
        self, message: str, *, index: int | None = None, action: str | None = None,
        reason: str | None = None, can_force: bool = False,
        fault: BaseException | None = None,
    ) -> None:
        super().__init__(message)
        self.index = index
        self.action = action
        self.reason = reason
        self.can_force = can_force
        self.fault = fault


@dataclass
class Record:
    """A game as data.  `scenario_path` (relative to the record file) is kept when the
    scenario was given as a path, so saving writes the path back rather than inlining.
    `source` (the file read) and `warnings` (what was doubtful but replayed
    anyway) are not part of the game."""

    scenario: Scenario
    ruleset: str
    options: dict[str, OptionValue] = field(default_factory=dict)
    seed: int = 0
    dice: list[int] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    scenario_path: str | None = None
    #: Who the computer plays: side id -> a seat as plain data (``level``,
    #: ``style``, ``seconds``); a side not named is a person's.
    seats: dict[str, dict[str, SeatValue]] = field(default_factory=dict)
    source: str = field(default="", compare=False)
    warnings: list[str] = field(default_factory=list, compare=False)
    #: The scenario file a record without a fingerprint of it names (its
    #: changes cannot be told); None when the scenario is checked or inline.
    unchecked_scenario: str | None = field(default=None, compare=False)

    def new_game(self) -> Game:
        """The game at its start (no action applied)."""
        rs = registry.get(self.ruleset)
        return rs.new_game(self.scenario, self.options, self.seed, self.dice, self.cards)


def _bug(e: BaseException) -> str:
    return (f"Volley failed with {type(e).__name__}: {e} (a fault in Volley, not in the file; "
            "please report it with this file)")


def replay(record: Record, until: int | None = None) -> Game:
    """Apply the record's actions (the first `until` of them) to a fresh game.

    Raises RecordError naming the record's file (when it came from one), then
    the index and the reason of the first action that cannot be read or is
    illegal, or why the game cannot even begin.
    """
    where = f"{record.source}: " if record.source else ""
    try:
        game = record.new_game()
    except RulesError as e:
        raise RecordError(f"{where}{e}") from None
    except Exception as e:  # last resort: a ruleset fault must not become a traceback
        raise RecordError(f"{where}the game cannot be set up: {_bug(e)}", fault=e) from None
    actions = record.actions if until is None else record.actions[: max(until, 0)]
    for i, text in enumerate(actions):
        try:
            action = game.parse_action(text)
            game.apply(action)
        except Exception as e:
            raise step_error(record, i, text, e) from None
    return game


def step_error(record: Record, index: int, text: str, error: Exception) -> RecordError:
    """Why action `index` of `record` could not be replayed, naming the file first.

    Every replay of a record (the command line's and the play window's) turns
    what a ruleset raised into this one error, so a fault is never a traceback.
    """
    where = f"{record.source}: " if record.source else ""
    fault: BaseException | None = None
    if isinstance(error, NotationError):
        why, reason = f"cannot be read: {error}", str(error)
    elif isinstance(error, IllegalAction):
        why, reason = f"is illegal: {error.reason}", error.reason
    elif isinstance(error, RulesError):
        why, reason = f"cannot be replayed: {error}", str(error)
    else:  # last resort: a ruleset fault must not become a traceback
        why, reason = f"cannot be replayed: {_bug(error)}", _bug(error)
        fault = error
    if record.unchecked_scenario is not None and fault is None:
        why += (f". The record holds no fingerprint of its scenario "
                f"{record.unchecked_scenario}: if that file was changed since the game was "
                "played, this is where the game recorded no longer fits it, and replaying "
                "stops here rather than show another battle")
    return RecordError(f"{where}action {index} '{text}' {why}", index=index, action=text,
                       reason=reason, fault=fault)


def record_of(game: Game, scenario_path: str | None = None) -> Record:
    """The record of a game played so far (its scripted draws as it was created)."""
    script = game.initial_script
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


# --- reading --------------------------------------------------------------------


class _Reading:
    """One record being read: its name, where its values stand, what to warn of."""

    def __init__(self, name: str, marks: Marks | None, force: bool) -> None:
        self.name = name
        self.marks = marks
        self.force = force
        self.warnings: list[str] = []

    def where(self, *path: str | int) -> str:
        pos = self.marks.at(path) if self.marks is not None and path else None
        return f"{self.name}:{pos[0]}:{pos[1]}" if pos else self.name

    def fail(self, message: str, *path: str | int,
             fault: BaseException | None = None) -> RecordError:
        return RecordError(f"{self.where(*path)}: {message}", fault=fault)

    def doubt(self, message: str, *path: str | int) -> None:
        """A refusal `force` turns into a warning."""
        if not self.force:
            raise RecordError(f"{self.where(*path)}: {message}", can_force=True)
        self.warnings.append(f"{self.where(*path)}: {message}; replayed anyway (--force)")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_seal(data: dict[Any, Any], fmt: int, r: _Reading) -> None:
    """A cut file loses its end line; an edited one no longer matches it."""
    end = data.get(END_KEY)
    if end is None:
        if fmt >= 2:
            r.doubt("the file stops before its closing 'end:' line, so it was cut short "
                    "(an interrupted copy or a full disk?) and its last action may have "
                    "lost characters")
        else:
            r.warnings.append(
                f"{r.name}: this record comes from an older Volley and has no closing 'end:' "
                "line, so a file cut short cannot be told from a whole one; saving the game "
                "again adds it")
        return
    count = end.get("actions") if isinstance(end, dict) else None
    digest = end.get("sha256") if isinstance(end, dict) else None
    if (not isinstance(end, dict) or set(end) != {"actions", "sha256"} or not _whole(count)
            or not isinstance(digest, str) or not _HEX64.fullmatch(digest)):
        r.doubt("the closing line is damaged; Volley writes it as "
                "'end: {actions: N, sha256: <64 hex digits>}'", END_KEY)
        return
    actions = data.get("actions")
    listed = len(actions) if isinstance(actions, list) else 0
    if count != listed:
        r.warnings.append(
            f"{r.where(END_KEY)}: the closing line counts {count} actions but the file lists "
            f"{listed}: it was edited after Volley saved it; replaying the actions listed")
    elif content_hash(data) != digest:
        r.warnings.append(
            f"{r.where(END_KEY)}: the file was changed after Volley saved it (it no longer "
            "matches the checksum on its closing line); replaying it as it now stands")


def _read_scenario(src: Any, r: _Reading, base: Path | None) -> tuple[Scenario, str | None]:
    if isinstance(src, str):
        if not src or len(src) > MAX_TEXT or _CONTROL.search(src):
            raise r.fail("'scenario' must be the path of a scenario file (at most "
                         f"{MAX_TEXT} characters, no control characters)", "scenario")
        path = Path(src) if base is None else base / src
        try:
            return load(path), src
        except ScenarioError as e:
            problems = "\n".join(map(str, e.problems))
            raise r.fail(f"the scenario {src} has problems:\n{problems}", "scenario") from None
        except Exception as e:  # last resort: the reader must not crash a replay
            raise r.fail(f"the scenario {src} cannot be read: {_bug(e)}", "scenario",
                         fault=e) from None
    if isinstance(src, dict):
        node = node_at(r.marks, "scenario") if r.marks is not None else None
        try:
            return from_data(src, r.name, Marks(root=node) if node is not None else None), None
        except ScenarioError as e:
            problems = "\n".join(map(str, e.problems))
            raise r.fail(f"the scenario in this record has problems:\n{problems}",
                         "scenario") from None
        except Exception as e:  # last resort, as above
            raise r.fail(f"the scenario in this record cannot be read: {_bug(e)}",
                         "scenario", fault=e) from None
    raise r.fail("'scenario' must be a path or a scenario mapping", "scenario")


def _check_scenario_hash(data: dict[Any, Any], scenario: Scenario, src: str | None,
                         r: _Reading) -> None:
    stored = data.get(SCENARIO_HASH_KEY)
    if stored is None:
        return
    if not isinstance(stored, str) or not _HEX64.fullmatch(stored):
        raise r.fail(f"'{SCENARIO_HASH_KEY}' must be 64 hex digits, as Volley writes it",
                     SCENARIO_HASH_KEY)
    if src is not None and stored != scenario_hash(scenario):
        r.doubt(f"the scenario {src} has changed since this game was saved, so its actions "
                "would replay a different battle", "scenario")


def _check_options(options: Any, r: _Reading) -> dict[str, OptionValue]:
    if not isinstance(options, dict):
        raise r.fail("'options' must be a mapping of option names to values", "options")
    out: dict[str, OptionValue] = {}
    for key, value in options.items():
        if not isinstance(key, str):
            raise r.fail(f"option name {key!r} must be a word such as turn_limit", "options")
        bad = (
            not isinstance(value, (bool, int, float, str))
            or (isinstance(value, float) and not math.isfinite(value))
            or (isinstance(value, (int, float)) and not isinstance(value, bool)
                and abs(value) > MAX_OPTION_NUMBER)
            or (isinstance(value, str) and len(value) > MAX_TEXT)
        )
        if bad:
            raise r.fail(f"option '{key}' must be yes/no, a finite number of at most "
                         f"{MAX_OPTION_NUMBER:,} either way, or a short text; found "
                         f"{str(value)[:60]!r}", "options", key)
        out[key] = value
    return out


def _check_lists(data: dict[Any, Any], r: _Reading) -> tuple[list[int], list[str], list[str]]:
    dice = data.get("dice") or []
    if not isinstance(dice, list):
        raise r.fail("'dice' must be a list of d6 results (1 to 6)", "dice")
    for i, d in enumerate(dice):
        if not _whole(d) or not 1 <= d <= 6:
            raise r.fail(f"dice[{i}] is {str(d)[:40]!r}, not a d6 result (1 to 6)", "dice", i)
    cards = data.get("cards") or []
    if not isinstance(cards, list):
        raise r.fail("'cards' must be a list of cards such as AS, 10H, QD", "cards")
    for i, c in enumerate(cards):
        if not isinstance(c, str) or c not in FULL_DECK:
            raise r.fail(f"cards[{i}] is {str(c)[:40]!r}, not a card (rank then suit: AS, 10H, "
                         "QD, 7C)", "cards", i)
    actions = data.get("actions") or []
    if not isinstance(actions, list):
        raise r.fail("'actions' must be a list of actions in text notation", "actions")
    for i, a in enumerate(actions):
        if not isinstance(a, str) or len(a) > MAX_TEXT:
            raise r.fail(f"actions[{i}] must be one action in text notation (at most "
                         f"{MAX_TEXT} characters), found {str(a)[:60]!r}", "actions", i)
    return list(dice), list(cards), list(actions)


def _check_seats(seats: Any, scenario: Scenario, r: _Reading) -> dict[str, dict[str, SeatValue]]:
    """The computer seats as plain data: known sides, known keys, short words and
    finite numbers (whether the words name a level is desktop.play's to say)."""
    if seats is None:
        return {}
    example = "{level: veteran, style: bold, seconds: 1.0}"
    if not isinstance(seats, dict):
        raise r.fail(f"'seats' must map side ids to computer seats such as {example}",
                     "seats")
    sides = [s.id for s in scenario.sides]
    out: dict[str, dict[str, SeatValue]] = {}
    for side, seat in seats.items():
        if not isinstance(side, str) or side not in sides:
            raise r.fail(f"seats: {str(side)[:40]!r} is not a side of this scenario "
                         f"({', '.join(sides)})", "seats")
        if not isinstance(seat, dict):
            raise r.fail(f"seats.{side} must be a computer seat such as {example}",
                         "seats", side)
        unknown = sorted(str(k)[:40] for k in seat if k not in SEAT_KEYS)
        if unknown:
            raise r.fail(f"seats.{side}: unknown key{'s' if len(unknown) > 1 else ''} "
                         f"{', '.join(unknown)}; known: "
                         f"{', '.join(SEAT_KEYS)}", "seats", side)
        entry: dict[str, SeatValue] = {}
        for key, value in seat.items():
            if key == "seconds":
                if (not isinstance(value, (int, float)) or isinstance(value, bool)
                        or not math.isfinite(value) or abs(value) > MAX_OPTION_NUMBER):
                    raise r.fail(f"seats.{side}.seconds must be a number of seconds, found "
                                 f"{str(value)[:40]!r}", "seats", side, key)
                entry[key] = float(value)
            else:
                if not isinstance(value, str) or len(value) > 40 or _CONTROL.search(value):
                    raise r.fail(f"seats.{side}.{key} must be a word such as "
                                 f"{'veteran' if key == 'level' else 'bold'}, found "
                                 f"{str(value)[:40]!r}", "seats", side, key)
                entry[str(key)] = value
        out[side] = entry
    return out


def from_mapping(data: Any, name: str = "<record>", base: Path | None = None, *,
                 marks: Marks | None = None, force: bool = False) -> Record:
    """Read a record from plain data; `base` is the folder scenario paths are relative to,
    `marks` where each value stands in the file, `force` replays a cut record or one
    whose scenario changed (with a warning in `Record.warnings`)."""
    r = _Reading(name, marks, force)
    if data is None:
        raise r.fail("the file is empty; a record needs at least 'scenario' and 'ruleset'")
    if not isinstance(data, dict):
        raise r.fail("a record is a mapping with keys " + ", ".join(RECORD_KEYS))
    if marks is not None and marks.duplicate_keys:
        key, (line, column) = marks.duplicate_keys[0]
        raise RecordError(f"{name}:{line}:{column}: key '{key}' appears twice in the same "
                          "mapping (only the last one would count)")
    unknown = sorted(str(k) for k in data if k not in RECORD_KEYS)
    if unknown:
        raise r.fail(f"unknown key{'s' if len(unknown) > 1 else ''} {', '.join(unknown)}; "
                     f"known: {', '.join(RECORD_KEYS)}")
    fmt = data.get("record_format", 1)
    if not _whole(fmt) or fmt < 1:
        raise r.fail(f"'record_format' must be a whole number such as {RECORD_FORMAT}",
                     "record_format")
    if fmt > RECORD_FORMAT:
        raise r.fail(f"this record was saved by a newer Volley (record format {fmt}); this "
                     f"one reads formats 1 to {RECORD_FORMAT}", "record_format")
    _check_seal(data, fmt, r)
    for key in ("scenario", "ruleset"):
        if key not in data:
            raise r.fail(f"missing '{key}'")
    ruleset = data["ruleset"]
    if not isinstance(ruleset, str):
        raise r.fail("'ruleset' must be a ruleset id such as d3", "ruleset")
    seed = data.get("seed", 0)
    if not _whole(seed) or abs(seed) >= MAX_SEED:
        shown = str(seed) if len(str(seed)) <= 40 else f"a number of {len(str(seed))} digits"
        raise r.fail(f"'seed' must be a whole number of at most 20 digits, found {shown}",
                     "seed")
    options = _check_options(data.get("options") or {}, r)
    dice, cards, actions = _check_lists(data, r)
    scenario, scenario_path = _read_scenario(data["scenario"], r, base)
    try:
        rules = registry.get(ruleset)
    except RulesError as e:
        raise r.fail(str(e), "ruleset") from None
    _check_scenario_hash(data, scenario, scenario_path, r)
    seats = _check_seats(data.get("seats"), scenario, r)
    try:
        rules.resolve_options(scenario, options)
    except RulesError as e:
        raise r.fail(str(e), "options") from None
    unchecked = scenario_path if SCENARIO_HASH_KEY not in data else None
    return Record(
        scenario=scenario, ruleset=ruleset, options=options, seed=seed, dice=dice,
        cards=cards, actions=actions, scenario_path=scenario_path, seats=seats, source=name,
        warnings=r.warnings, unchecked_scenario=unchecked,
    )


# --- writing --------------------------------------------------------------------


def to_mapping(record: Record) -> dict[str, Any]:
    """The record's data in file order, without the closing line (see dumps)."""
    out: dict[str, Any] = {"record_format": RECORD_FORMAT}
    if record.scenario_path is not None:
        out["scenario"] = record.scenario_path
        out[SCENARIO_HASH_KEY] = scenario_hash(record.scenario)
    else:
        out["scenario"] = scenario_to_data(record.scenario)
    out["ruleset"] = record.ruleset
    out["options"] = dict(record.options)
    out["seed"] = record.seed
    if record.dice:
        out["dice"] = list(record.dice)
    if record.cards:
        out["cards"] = list(record.cards)
    if record.seats:
        out["seats"] = {side: dict(seat) for side, seat in record.seats.items()}
    out["actions"] = list(record.actions)
    return out


def _seems_cut(text: str) -> bool:
    return (re.search(r"^record_format: *[2-9]", text, re.MULTILINE) is not None
            and re.search(r"^end: *\{.*\}\s*\Z", text, re.MULTILINE) is None)


def loads(text: str, name: str = "<record>", base: Path | None = None, *,
          force: bool = False) -> Record:
    try:
        data, marks = parse(text)
    except YamlRefusal as e:
        where = f"{name}:{e.line}:{e.column}" if e.line is not None else name
        hint = (" (the file seems cut short: its closing 'end:' line is missing)"
                if _seems_cut(text) else "")
        raise RecordError(f"{where}: {e.message}{hint}") from None
    return from_mapping(data, name, base, marks=marks, force=force)


def dumps(record: Record) -> str:
    """YAML text: scalars and small mappings compact, one action per line, and a
    closing line with the number of actions and the checksum of all above it."""
    import yaml

    data = to_mapping(record)
    actions = data.pop("actions")
    head = yaml.safe_dump(data, sort_keys=False, default_flow_style=None,
                          allow_unicode=True, width=100)
    tail = yaml.safe_dump({"actions": actions}, sort_keys=False, default_flow_style=False,
                          allow_unicode=True, width=1000)
    body = "# Volley game record: see docs/record-format.md\n" + head + tail
    digest = content_hash(load_with_marks(body)[0])  # exactly what a reader will see
    assert digest is not None, "a record's own data always has a canonical form"
    return body + end_line(len(actions), digest)


def seal_text(text: str, name: str = "<record>", base: Path | None = None) -> str:
    """A hand-written record with the lines Volley adds on saving, its own lines
    and comments untouched: ``record_format`` after the opening comments, the
    scenario's fingerprint after a ``scenario:`` path, and the closing line."""
    record = loads(text, name, base, force=True)
    lines = [ln for ln in text.splitlines(keepends=True)
             if not re.match(rf"(record_format|{SCENARIO_HASH_KEY}|{END_KEY}):", ln)]
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    at = 0
    while at < len(lines) and lines[at].startswith("#"):
        at += 1
    lines.insert(at, f"record_format: {RECORD_FORMAT}\n")
    if record.scenario_path is not None:
        i = next(i for i, ln in enumerate(lines) if ln.startswith("scenario:"))
        lines.insert(i + 1, f"{SCENARIO_HASH_KEY}: {scenario_hash(record.scenario)}\n")
    body = "".join(lines)
    digest = content_hash(load_with_marks(body)[0])
    assert digest is not None, "a record that loads always has a canonical form"
    return body + end_line(len(record.actions), digest)


def load_record(path: str | os.PathLike[str], *, force: bool = False) -> Record:
    """Read a record file (regular files of sane size only); RecordError says why not."""
    p = Path(path)
    try:
        text = read_text(p)
    except FileProblem as e:
        where = f":{e.line}:{e.column}" if e.line is not None else ""
        raise RecordError(f"{p}{where}: {e.message}") from None
    return loads(text, str(p), p.parent, force=force)


def save_record(record: Record, path: str | os.PathLike[str]) -> None:
    atomic_write_text(path, dumps(record))


def load_game(path: str | os.PathLike[str], until: int | None = None) -> Game:
    """Open a saved game: load its record and replay it (one code path)."""
    return replay(load_record(path), until)


def save_game(game: Game, path: str | os.PathLike[str], scenario_path: str | None = None) -> None:
    save_record(record_of(game, scenario_path), path)
