"""The tactics suite: positions with a clearly right and a clearly losing choice.

As chess engines are tested on "Win at Chess" and the Strategic Test Suite,
the computer players are tested here on positions a wargamer would call
clear.  A position is data (``positions/<ruleset>.yaml``): a bundled
scenario, edits of its start (units moved or removed, their starting state,
the turn limit), the scripted actions that reach the moment of choice, the
side to move, the choices that are good and those that are blunders, and
the rule or ruling the answer rests on.

A choice is judged by matchers: an action's notation (a regular expression
that must match it whole), and/or where a piece stands after it (near a
point or beyond a distance from it, touching an objective's marker, inside or
outside a terrain feature),
read from the play view of a copy of the game with the action applied.  A
decision that matches no good and no blunder matcher is neither.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from shapely.geometry import Point as ShapelyPoint

from desktop.resources import bundled_scenarios
from desktop.rules import registry
from desktop.rules.engine import Action, Game, RulesError
from desktop.rules.view import view_of
from desktop.rules.view_values import PieceInfo
from desktop.scenario.geometry import shape_area
from desktop.scenario.io import from_data
from desktop.scenario.model import Scenario

HERE = Path(__file__).resolve().parent
POSITIONS = HERE / "positions"

#: The classes of blunder the suite covers (issue 33's five, and the rest).
CLASSES = ("prior", "pending", "candidates", "hold", "fire", "other")

#: A player of the suite: the side to act's action in `game`, drawing from `rng`.
Player = Callable[[Game, random.Random], Action]


class PositionError(Exception):
    """A position file says something the suite cannot use."""


@dataclass(frozen=True)
class Matcher:
    """One way an action can be good or a blunder (every part given must hold)."""

    #: A regular expression the action's whole notation must match.
    action: re.Pattern[str] | None = None
    #: The pieces whose place after the action the conditions below read: the
    #: matcher holds when one of them meets them all.
    pieces: tuple[str, ...] = ()
    #: (x, y, inches): the piece's centre within so many inches of the point.
    near: tuple[float, float, float] | None = None
    #: (x, y, inches): the piece's centre more than so many inches from the point
    #: (a commander who rides away from the unit he must stand beside).
    beyond: tuple[float, float, float] | None = None
    #: An objective id: the piece touches its marker (centre within the radius
    #: plus half the piece's narrower side), as the victory judge holds it.
    objective: str | None = None
    #: A terrain feature id the piece's centre must be inside / outside of.
    inside: str | None = None
    outside: str | None = None
    #: The piece is no longer on the table (exited, removed).
    gone: bool = False
    #: An action (notation) this matcher is shown to match: the suite's tests
    #: check it is legal in the position and matched.
    example: str | None = None

    def matches(self, position: Position, game: Game, action: Action) -> bool:
        if self.action is not None and not self.action.fullmatch(action.text()):
            return False
        if not self.pieces:
            return True
        after = game.clone(seed=0)
        try:
            after.apply(action)
        except RulesError:  # an action the copy refuses matches nothing
            return False
        seen = view_of(after).pieces()
        return any(self._placed(position, seen.get(pid)) for pid in self.pieces)

    def _placed(self, position: Position, piece: PieceInfo | None) -> bool:
        if self.gone:
            return piece is None or not piece.present
        if piece is None or not piece.present:
            return False
        x, y = piece.x, piece.y
        if self.near is not None:
            nx, ny, r = self.near
            if (x - nx) ** 2 + (y - ny) ** 2 > r * r:
                return False
        if self.beyond is not None:
            bx, by, r = self.beyond
            if (x - bx) ** 2 + (y - by) ** 2 <= r * r:
                return False
        sc = position.scenario
        if self.objective is not None:
            obj = next(o for o in sc.game.objectives if o.id == self.objective)
            reach = min(piece.frontage, piece.depth) / 2
            ox, oy = obj.position
            if (x - ox) ** 2 + (y - oy) ** 2 > (obj.radius + reach) ** 2:
                return False
        if self.inside is not None and not _inside(sc, self.inside, x, y):
            return False
        return not (self.outside is not None and _inside(sc, self.outside, x, y))


def _inside(sc: Scenario, feature: str, x: float, y: float) -> bool:
    return bool(shape_area(sc.feature(feature).shape).covers(ShapelyPoint(x, y)))


@dataclass(frozen=True)
class Position:
    """One position of the suite (see the module's docstring)."""

    id: str
    title: str
    ruleset: str
    klass: str
    rests_on: str
    scenario: Scenario
    side: str
    good: tuple[Matcher, ...]
    blunders: tuple[Matcher, ...]
    script: tuple[str, ...] = ()
    seed: int = 1
    options: Mapping[str, Any] = field(default_factory=dict)
    #: Scripted d6 results the game uses before its seeded dice.
    dice: tuple[int, ...] = ()

    def start(self) -> Game:
        """The game at the moment of choice (a new one each call)."""
        rules = registry.get(self.ruleset)
        game = rules.new_game(self.scenario, options=dict(self.options) or None,
                              seed=self.seed, dice=self.dice)
        for i, text in enumerate(self.script):
            try:
                game.apply_text(text)
            except Exception as e:
                raise PositionError(f"{self.id}: scripted action {i + 1} {text!r}: {e}") from e
        if game.side != self.side:
            raise PositionError(f"{self.id}: {game.side!r} is to move, not {self.side!r}")
        return game

    def judge(self, game: Game, action: Action) -> str:
        """'good', 'blunder' or 'neither' for `action` chosen in `game` (this
        position's start)."""
        if any(m.matches(self, game, action) for m in self.blunders):
            return "blunder"
        if any(m.matches(self, game, action) for m in self.good):
            return "good"
        return "neither"


# -- reading -------------------------------------------------------------------------


def _bundled(name: str) -> dict[str, Any]:
    for p in bundled_scenarios():
        if p.name == name:
            data = yaml.safe_load(p.read_text(encoding="utf-8"))
            assert isinstance(data, dict)
            return data
    raise PositionError(f"no bundled scenario {name!r}")


def _edited(name: str, edit: Mapping[str, Any], where: str) -> Scenario:
    """The bundled scenario `name` with `edit` made to its start: ``units`` (id ->
    fields to set), ``remove`` (unit and officer ids), ``turns`` (the turn
    limit), ``victory`` and ``objectives`` (replacing the scenario's)."""
    data = copy.deepcopy(_bundled(name))
    changes = dict(edit.get("units") or {})
    remove = set(edit.get("remove") or ())
    for side in data["sides"]:
        for key in ("units", "officers"):
            kept = []
            for u in side.get(key) or []:
                if u["id"] in remove:
                    remove.discard(u["id"])
                    continue
                if u["id"] in changes:
                    u.update(changes.pop(u["id"]))
                kept.append(u)
            side[key] = kept
    if changes or remove:
        raise PositionError(f"{where}: no unit or officer {sorted(set(changes) | remove)}")
    game = data["game"]
    if "victory" in edit:
        game["victory"] = edit["victory"]
    if "objectives" in edit:
        game["objectives"] = edit["objectives"]
    if "turns" in edit:
        limits = [v for v in game["victory"] if v.get("type") == "turn_limit"]
        if not limits:
            raise PositionError(f"{where}: the scenario has no turn limit to set")
        limits[0]["turns"] = int(edit["turns"])
    return from_data(data, f"{where} ({name} edited)")


def _matcher(raw: Any, where: str) -> Matcher:
    if isinstance(raw, str):
        return Matcher(action=re.compile(raw), example=raw if _literal(raw) else None)
    if not isinstance(raw, dict):
        raise PositionError(f"{where}: a matcher is a notation or a mapping")
    unknown = set(raw) - {"action", "piece", "near", "beyond", "objective", "inside",
                          "outside", "gone", "example"}
    if unknown:
        raise PositionError(f"{where}: unknown matcher keys {sorted(unknown)}")
    pattern = raw.get("action")
    near = raw.get("near")
    beyond = raw.get("beyond")
    example = raw.get("example")
    if example is None and isinstance(pattern, str) and _literal(pattern):
        example = pattern
    piece = raw.get("piece") or ()
    return Matcher(
        action=None if pattern is None else re.compile(str(pattern)),
        pieces=(piece,) if isinstance(piece, str) else tuple(str(p) for p in piece),
        near=None if near is None else (float(near[0]), float(near[1]), float(near[2])),
        beyond=None if beyond is None else (float(beyond[0]), float(beyond[1]),
                                            float(beyond[2])),
        objective=raw.get("objective"), inside=raw.get("inside"),
        outside=raw.get("outside"), gone=bool(raw.get("gone", False)), example=example)


def _literal(pattern: str) -> bool:
    """Whether a pattern is plain notation (matches only itself)."""
    return not any(c in pattern for c in ".*+?[](){}|\\^$")


def _position(raw: dict[str, Any], ruleset: str, where: str) -> Position:
    need = {"id", "title", "class", "rests_on", "scenario", "side", "good"}
    missing = need - set(raw)
    if missing:
        raise PositionError(f"{where}: missing {sorted(missing)}")
    klass = str(raw["class"])
    if klass not in CLASSES:
        raise PositionError(f"{where}: class {klass!r} is not one of {CLASSES}")
    scenario = _edited(str(raw["scenario"]), raw.get("edit") or {}, where)
    if scenario.ruleset != ruleset:
        raise PositionError(f"{where}: a {scenario.ruleset} scenario in {ruleset}'s file")
    return Position(
        id=str(raw["id"]), title=str(raw["title"]), ruleset=ruleset, klass=klass,
        rests_on=str(raw["rests_on"]), scenario=scenario, side=str(raw["side"]),
        good=tuple(_matcher(m, f"{where} good") for m in raw["good"]),
        blunders=tuple(_matcher(m, f"{where} blunders") for m in raw.get("blunders") or ()),
        script=tuple(str(s) for s in raw.get("script") or ()), seed=int(raw.get("seed", 1)),
        options=dict(raw.get("options") or {}),
        dice=tuple(int(d) for d in raw.get("dice") or ()))


def load_positions(ruleset: str | None = None) -> list[Position]:
    """Every position of the suite (or of one ruleset), in file order."""
    out: list[Position] = []
    for path in sorted(POSITIONS.glob("*.yaml")):
        rid = path.stem
        if ruleset is not None and rid != ruleset:
            continue
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
        for i, raw in enumerate(data):
            out.append(_position(raw, rid, f"{path.name} #{i + 1} ({raw.get('id')})"))
    ids = [p.id for p in out]
    if len(ids) != len(set(ids)):
        raise PositionError("position ids repeat")
    return out


# -- the players ---------------------------------------------------------------------


def random_player(game: Game, rng: random.Random) -> Action:
    """Uniform over the candidates a random player sees (legal and sampled)."""
    return rng.choice(game.candidate_actions(rng, 8))


def level_player(level: str, seconds: float = 1.0, passes: int | None = None) -> Player:
    """A computer level as a player (`passes` caps the Veteran for repeatable tests)."""
    from desktop.play.levels import Computer, Level

    seat = Computer(Level(level), seconds=seconds)

    def play(game: Game, rng: random.Random) -> Action:
        return seat.choose(game, rng, passes=passes)
    return play


# -- playing it ----------------------------------------------------------------------


@dataclass
class Tally:
    """A player's decisions on some positions: good, blunders, and the rest."""

    good: int = 0
    blunders: int = 0
    neither: int = 0
    failed: list[str] = field(default_factory=list)

    @property
    def decisions(self) -> int:
        return self.good + self.blunders + self.neither

    def add(self, other: Tally) -> None:
        self.good += other.good
        self.blunders += other.blunders
        self.neither += other.neither
        self.failed += other.failed


def run(position: Position, player: Player, tries: int, seed: int = 0
        ) -> tuple[Tally, list[str]]:
    """`player`'s choice in `position` `tries` times (each from its own rng): the
    tally (the position counted failed unless every choice was good) and the
    choices' notations."""
    tally = Tally()
    chosen: list[str] = []
    for k in range(tries):
        game = position.start()
        rng = random.Random(seed * 1_000_003 + k)
        action = player(game, rng)
        chosen.append(action.text())
        verdict = position.judge(game, action)
        if verdict == "good":
            tally.good += 1
        elif verdict == "blunder":
            tally.blunders += 1
        else:
            tally.neither += 1
    if tally.good < tries:
        tally.failed.append(position.id)
    return tally, chosen


def examples(position: Position) -> Iterator[tuple[str, str]]:
    """Each matcher's example, as ('good' or 'blunder', notation)."""
    for kind, matchers in (("good", position.good), ("blunder", position.blunders)):
        for m in matchers:
            if m.example is not None:
                yield kind, m.example
