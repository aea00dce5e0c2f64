"""The balance report: what a batch of computer-against-computer games found.

Plain frozen data, Qt-free, with a JSON form (``to_json``/``from_json``) so
that ``volley balance --json`` prints it, the PDF writer and the editor's dock
draw from it, and the editor keeps the last one beside the scenario.  The
numbers are worked out in :mod:`desktop.play.balance.stats`; nothing here
plays or counts.

Shares are fractions from 0 to 1; an interval is the Wilson 95% score
interval of a count out of a number of games.  Sides, objectives and units
are named by id (to join them with the scenario) and carry the name a person
reads.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Union

from desktop.play.balance.sequential import Settle
from desktop.rules.engine import JSON

#: The kinds of ending, in the order a report lists them.
ENDING_KINDS = ("victory", "army_break", "turn_limit", "unfinished")
#: What a person reads for each kind of ending.
ENDING_NAMES = {
    "victory": "A victory condition met",
    "army_break": "An army broke",
    "turn_limit": "The turn limit reached",
    "unfinished": "Unfinished (stopped after too many actions)",
}


@dataclass(frozen=True)
class Share:
    """A count out of a number of games, with its Wilson 95% interval."""

    #: Games that counted (won, drawn, decisive...).
    count: int
    #: Games it is out of.
    games: int
    #: Lower end of the 95% interval, 0 to 1.
    low: float
    #: Upper end of the 95% interval, 0 to 1.
    high: float

    @property
    def share(self) -> float:
        """The count as a fraction of the games (0 when there were none)."""
        return self.count / self.games if self.games else 0.0


@dataclass(frozen=True)
class SideResult:
    """One side's wins over the batch (draws are the report's, the same for both)."""

    #: The side's id in the scenario.
    side: str
    #: The side's name, as a person reads it.
    name: str
    #: Games this side won, with the interval.
    wins: Share


@dataclass(frozen=True)
class LengthBin:
    """One bar of the length histogram: how many games lasted this many turns."""

    #: The turn the game ended in (a game that ended during turn 7 lasted 7).
    turns: int
    #: Games of that length.
    games: int


@dataclass(frozen=True)
class Ending:
    """How a number of games ended: one kind of ending, and who won by it."""

    #: One of ENDING_KINDS: "victory", "army_break", "turn_limit", "unfinished".
    kind: str
    #: The kind in words (ENDING_NAMES).
    name: str
    #: Games that ended this way.
    games: int
    #: Wins by this ending, per side id (sides with none are left out); the
    #: rest of `games` were draws.
    wins: dict[str, int] = field(default_factory=dict)
    #: The most common reason the referee gave, in its own words (a person's
    #: example of this ending).
    example: str = ""


@dataclass(frozen=True)
class TurnHolding:
    """Who held one objective at the end of one game turn."""

    #: The game turn that had just ended.
    turn: int
    #: Games still going at the end of that turn (the shares are out of these).
    games: int
    #: Share of those games each side held the objective, by side id (a side
    #: alone touching the marker holds it; the rest were empty or contested).
    held: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class ObjectiveControl:
    """One objective, turn by turn."""

    #: The objective's id in the scenario.
    objective: str
    #: Its name, as a person reads it.
    name: str
    #: One entry per game turn, in order.
    turns: tuple[TurnHolding, ...] = ()


@dataclass(frozen=True)
class UnitRecord:
    """What happened to one unit over the batch."""

    #: The unit's id in the scenario.
    unit: str
    #: Its name, as a person reads it.
    name: str
    #: Its side's id.
    side: str
    #: The share of games the unit ended off the table (eliminated, routed,
    #: broken or fled; not one that left by the edge it was told to).
    lost: float
    #: Share of games in which it never moved from where the scenario put it.
    never_moved: float
    #: Share of games in which it never shot, charged or fought, nor was
    #: attacked, nor was lost.
    never_fought: float
    #: Average losses: the boxes of its roster track crossed off at the end of
    #: a game (hits, casualties, Combat Value, men or figures, as the ruleset
    #: counts them), over all the games.  0 in reports written before it.
    worn: float = 0.0


@dataclass(frozen=True)
class LevelResult:
    """One computer level's results in a two-level match (they swap sides every game)."""

    #: The level's word ("recruit", "steady", "veteran"): its key in JSON.
    level: str
    #: Its name, as a person reads it.
    name: str
    #: Games it won, with the interval, out of all games of the match.
    wins: Share


@dataclass(frozen=True)
class SweepRow:
    """The batch replayed at one turn limit (``--vary turn-limit``)."""

    #: The turn limit these games were played to.
    turn_limit: int
    #: Each side's wins at this limit.
    sides: tuple[SideResult, ...]
    #: Drawn games at this limit.
    draws: Share
    #: Median length in turns (None if no game was played).
    median_turns: float | None
    #: True for the scenario's own limit.
    current: bool = False


@dataclass(frozen=True)
class Inputs:
    """What was played: enough to play the same batch again and to tell whether
    the scenario changed since."""

    #: The scenario's title.
    title: str
    #: The scenario file's name (no folder).
    file: str
    #: SHA-256 of the scenario file's bytes, hex: a report is stale when it differs.
    file_hash: str
    #: The ruleset's id.
    ruleset: str
    #: The ruleset's name, as a person reads it.
    ruleset_name: str
    #: Games asked for.
    games: int
    #: The levels' words: one (it plays both sides) or two (a match).
    levels: tuple[str, ...]
    #: The batch's seed; game i is seeded from (seed, i).
    seed: int
    #: The turn limit played to (the scenario's own unless a sweep changed it;
    #: None when the scenario has none).
    turn_limit: int | None = None


@dataclass(frozen=True)
class Report:
    """Everything a balance batch found."""

    #: What was played.
    inputs: Inputs
    #: Games actually played (fewer than asked when the batch was stopped).
    played: int
    #: False when the batch was stopped before every game was played.
    complete: bool
    #: Each side's wins, in the scenario's order.
    sides: tuple[SideResult, ...]
    #: Drawn games (a turn limit ending in a draw, or no result).
    draws: Share
    #: Games somebody won.
    decisive: Share
    #: Median length in turns (None if no game was played).
    median_turns: float | None
    #: The length histogram, shortest first, only lengths that occurred.
    lengths: tuple[LengthBin, ...]
    #: How the games ended, in ENDING_KINDS order, only kinds that occurred.
    endings: tuple[Ending, ...]
    #: Objective control turn by turn, in the scenario's order.
    objectives: tuple[ObjectiveControl, ...]
    #: Each unit, side by side in the scenario's order.
    units: tuple[UnitRecord, ...]
    #: Each level's wins in a two-level match; empty when one level played.
    levels: tuple[LevelResult, ...]
    #: The verdict: one paragraph in plain words.
    verdict: str
    #: The turn-limit sweep, shortest limit first; empty unless asked for.
    sweep: tuple[SweepRow, ...] = ()
    #: A sequential batch's stopping state: the first side's score share (a
    #: draw counts half) with its always-valid interval, and why it stopped.
    #: None for a fixed batch (``--fixed``) and reports written before it.
    settle: Settle | None = None

    def side(self, side_id: str) -> SideResult:
        """The result of one side (KeyError if it did not play)."""
        for s in self.sides:
            if s.side == side_id:
                return s
        raise KeyError(side_id)

    def to_json(self) -> dict[str, JSON]:
        """The report as plain JSON-able data (``volley balance --json``).

        Levels are keyed by the level's word (``"veteran": {"wins": ...}``);
        every Share also carries its `share` for a reader's convenience.
        """
        out: dict[str, JSON] = _encode(self)
        out["levels"] = {lv.level: _encode(lv) for lv in self.levels}
        return out

    def dumps(self) -> str:
        """The JSON text, indented, keys in a stable order."""
        return json.dumps(self.to_json(), indent=2)

    @classmethod
    def from_json(cls, data: JSON) -> Report:
        """Read a report back; ValueError names the field that is wrong."""
        if not isinstance(data, dict):
            raise ValueError("balance report: expected an object at the top")
        levels = data.get("levels", {})
        if isinstance(levels, dict):
            data = dict(data)
            data["levels"] = [dict(v, level=k) if isinstance(v, dict) else v
                              for k, v in levels.items()]
        report: Report = _decode(cls, data, "report")
        return report

    @classmethod
    def loads(cls, text: str) -> Report:
        """Read a report from JSON text; ValueError if it is not one."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"balance report: not JSON ({exc})") from exc
        return cls.from_json(data)


# --- JSON, generically over the dataclasses above -------------------------------

def _encode(value: Any) -> JSON:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
        if isinstance(value, Share):
            out["share"] = value.share
        return out
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _encode(v) for k, v in value.items()}
    return value


def _decode(kind: Any, data: JSON, where: str) -> Any:
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin in (Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        real = [a for a in args if a is not type(None)]
        return _decode(real[0], data, where)
    if origin is tuple:
        if not isinstance(data, list):
            raise ValueError(f"balance report: {where} should be a list")
        return tuple(_decode(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
    if origin is dict:
        if not isinstance(data, dict):
            raise ValueError(f"balance report: {where} should be an object")
        return {str(k): _decode(args[1], v, f"{where}.{k}") for k, v in data.items()}
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if not isinstance(data, dict):
            raise ValueError(f"balance report: {where} should be an object")
        hints = typing.get_type_hints(kind)
        values: dict[str, Any] = {}
        for f in dataclasses.fields(kind):
            if f.name not in data:
                if (f.default is dataclasses.MISSING
                        and f.default_factory is dataclasses.MISSING):
                    raise ValueError(f"balance report: {where} has no '{f.name}'")
                continue
            values[f.name] = _decode(hints[f.name], data[f.name], f"{where}.{f.name}")
        return kind(**values)
    if kind is float:
        if isinstance(data, bool) or not isinstance(data, int | float):
            raise ValueError(f"balance report: {where} should be a number, found {data!r}")
        return float(data)
    if kind in (int, str, bool):
        if not isinstance(data, kind) or (kind is int and isinstance(data, bool)):
            raise ValueError(f"balance report: {where} should be {kind.__name__}, "
                             f"found {data!r}")
        return data
    raise TypeError(f"balance report: cannot read {kind!r} at {where}")
