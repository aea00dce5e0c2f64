"""The play view: what the window and the computer players ask of a ruleset.

Each ruleset implements :class:`PlayView` in its own package, next to its
engine (``desktop/rules/<id>/view.py``), and names it as ``Ruleset.view_class``;
:func:`view_of` makes the view for a game.  The window and the computer
players speak to a ruleset only through this protocol and the engine's
public API: pieces, movement (allowance, what blocks, what costs, the
reachable area), the action for a proposed move or attack, odds, sight, the
unit card and its buttons, the phase prompt, an action's label, strength and
die faces, and the :class:`Capabilities` the window picks its tools from.

The base class works for any ruleset from the public engine API alone; a
ruleset's own view adds what its game knows beyond it.  A view answers by
asking its engine, never by writing a rule a second time.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, ClassVar

import shapely
from shapely.geometry.base import BaseGeometry

from desktop.rules.engine import Action, Game, NotationError
from desktop.rules.view_values import (
    OFFICER_BASE,
    Allowance,
    Capabilities,
    Card,
    Odds,
    PieceInfo,
    Weapon,
)
from desktop.scenario.vocabulary import TerrainType
from desktop.table.terrain import TerrainIndex

Point = tuple[float, float]

#: Terrain that blocks sight when a ruleset says nothing (the common ground).
DEFAULT_SIGHT = frozenset({TerrainType.WOOD, TerrainType.TOWN, TerrainType.BUILDING})
#: Terrain nobody walks into when a ruleset says nothing.
DEFAULT_IMPASSABLE = frozenset({TerrainType.LAKE, TerrainType.RIVER})










def pct(p: float | Fraction) -> str:
    v = float(p) * 100.0
    if 0 < v < 1:
        return "<1%"
    if 99 < v < 100:
        return ">99%"
    return f"{v:.0f}%"


def subject(action: Action) -> str | None:
    """The piece an action is about (its second word), if it names one."""
    words = action.text().split()
    return words[1] if len(words) > 1 else None


def target_of(action: Action) -> str | None:
    words = action.text().split()
    return words[2] if len(words) > 2 and "," not in words[2] else None


class PlayView:
    """Works from the engine's public API alone (any ruleset)."""

    capabilities: ClassVar[Capabilities] = Capabilities()

    #: Action kinds that engage an enemy piece (highlighted as targets).
    attack_kinds: frozenset[str] = frozenset({"shoot", "fire", "charge", "combat"})

    def __init__(self, game: Game) -> None:
        self.game = game
        self._terrain: TerrainIndex | None = None
        #: With `capabilities.facing_bands`, the facing the window's ghost ends
        #: with, per piece: the bands are asked for again when it pivots.
        self.band_facing: dict[str, float] = {}
        self._pieces: tuple[int, dict[str, PieceInfo]] | None = None
        self._name_map: dict[str, str] | None = None

    @property
    def individual(self) -> bool:
        return self.capabilities.individual

    @property
    def measure_in(self) -> str:
        return self.capabilities.measure_in

    @property
    def facing_bands(self) -> bool:
        return self.capabilities.facing_bands

    # -- the pieces ---------------------------------------------------------------

    def terrain(self) -> TerrainIndex:
        if self._terrain is None:
            got = getattr(self.game, "terrain", None)
            self._terrain = got if isinstance(got, TerrainIndex) else TerrainIndex(
                self.game.scenario)
        return self._terrain

    def pieces(self) -> dict[str, PieceInfo]:
        """Every piece as the game stands, worked out once per position."""
        key = len(self.game.history)
        if self._pieces is None or self._pieces[0] != key:
            self._pieces = (key, self._make_pieces())
        return self._pieces[1]

    def _make_pieces(self) -> dict[str, PieceInfo]:
        """The pieces now (the base reads the engine's ``units_json``)."""
        sc = self.game.scenario
        bases = {u.id: (u.base.frontage, u.base.depth, u.name) for _, u in sc.all_units()}
        names = {o.id: o.name for s in sc.sides for o in s.officers}
        out: dict[str, PieceInfo] = {}
        for d in self.game.units_json():
            pid = str(d["id"])
            f, dp, name = bases.get(pid, (OFFICER_BASE, OFFICER_BASE, names.get(pid, pid)))
            out[pid] = PieceInfo(
                pid, str(d["side"]), str(d.get("kind", "unit")), str(d.get("type", "")),
                float(d["x"]), float(d["y"]), float(d.get("facing", 0.0)), f, dp,
                str(d.get("status", "active")), name, str(d.get("formation", "") or ""))
        return out

    def piece(self, pid: str) -> PieceInfo | None:
        return self.pieces().get(pid)

    # -- moving -------------------------------------------------------------------

    def move_action(self, pid: str, x: float, y: float, facing: float) -> Action | None:
        """The action that moves `pid` to (x, y) facing `facing`, or None."""
        text = f"move {pid} {_num(x)},{_num(y)} {_num(facing % 360.0)}"
        try:
            return self.game.parse_action(text)
        except NotationError:
            return None

    def can_move(self, pid: str) -> bool:
        """Could `pid` make some move now (a pivot where it stands is tried)?"""
        p = self.piece(pid)
        if p is None or not p.present or p.side != self.game.side:
            return False
        a = self.move_action(pid, p.x, p.y, p.facing)
        return a is not None and self.game.check(a) is None

    def move_length(self, pid: str, x: float, y: float, facing: float) -> float:
        p = self.pieces()[pid]
        return math.hypot(x - p.x, y - p.y)

    def allowance(self, pid: str) -> Allowance | None:
        return None

    def blocked(self, pid: str) -> BaseGeometry | None:
        """Ground the piece's path may not cross (terrain and bases)."""
        t = self.terrain()
        parts = [t.union(DEFAULT_IMPASSABLE)]
        return union_of(parts)

    def no_end(self, pid: str) -> BaseGeometry | None:
        """Ground the piece may cross but not stop on."""
        return None

    def costly(self, pid: str) -> BaseGeometry | None:
        """Ground that makes the move cost more or end it (entering it takes a full move)."""
        return None

    def snap_facing(self, pid: str, facing: float) -> float:
        return facing % 360.0

    # -- fighting -----------------------------------------------------------------

    def attacks(self, pid: str) -> list[Action]:
        """Legal actions of `pid` against an enemy piece, one per target."""
        out: list[Action] = []
        for a in self.game.legal_actions():
            if a.text().split()[0] in self.attack_kinds and subject(a) == pid:
                out.append(a)
        return out

    def odds(self, action: Action) -> Odds | None:
        """The game's own ``odds(action)`` as a chart, if it has one (a mapping with
        a distribution: a list indexed by count, or a mapping of outcomes)."""
        fn = getattr(self.game, "odds", None)
        if not callable(fn) or self.game.check(action) is not None:
            return None
        data = fn(action)
        if not isinstance(data, dict):
            return None
        return odds_from_data(action, data)

    def reach_area(self, pid: str) -> BaseGeometry | None:
        """Exactly where the piece's centre may end this move, when the ruleset can
        enumerate it (grid rulesets); None to let the bands be worked out from
        the allowance and what blocks."""
        return None

    def weapons(self, pid: str) -> list[Weapon]:
        return []

    def sight_types(self) -> frozenset[TerrainType]:
        return DEFAULT_SIGHT

    def can_see(self, a: str, b: str) -> bool | None:
        """The ruleset's own verdict on sight from `a` to `b` (None: it has none)."""
        return None

    # -- pictures -----------------------------------------------------------------

    def die_face(self, kind: str, value: int | str, purpose: str) -> str | None:
        """What a die shows when it is not a number (Tactical Dice symbols), or None."""
        return None

    def side_name(self, side: str) -> str:
        """A side's name as the scenario gives it (cards show names, not ids)."""
        return next((s.name for s in self.game.scenario.sides if s.id == side), side)

    def card(self, pid: str) -> Card:
        p = self.pieces()[pid]
        d = next(u for u in self.game.units_json() if u["id"] == pid)
        rows = [(k.replace("_", " ").capitalize(), str(v)) for k, v in d.items()
                if k not in ("id", "side", "kind", "x", "y", "facing", "col", "row")
                and v is not None and v is not False and v != 0 and v != []]
        return Card(p.name or pid, f"{label_of(p.type)} · {self.side_name(p.side)}", rows,
                    self.may(pid))

    def card_actions(self, pid: str) -> list[tuple[str, Action]]:
        """Buttons on `pid`'s card: (label, action).  By default its legal actions
        that are neither moves (made by dragging) nor attacks (made on the target)."""
        out: list[tuple[str, Action]] = []
        draggable = self.can_move(pid)
        for act in self.game.legal_actions():
            kind = act.text().split()[0]
            if subject(act) != pid or kind in self.attack_kinds:
                continue
            if draggable and kind in ("move", "officer"):
                continue
            out.append((act.text(), act))
        return out

    def action_label(self, action: Action) -> str | None:
        """A phase-bar label for an action not about one piece (None: the default)."""
        return None

    # -- words ----------------------------------------------------------------------
    # Everything a person reads comes from here in names, never ids or notation.

    def name_of(self, ident: str) -> str:
        """The name a player gave a unit, officer, side, feature or objective (the id
        itself only when the scenario gives no name)."""
        names = self._names()
        return names.get(ident, ident)

    def _names(self) -> dict[str, str]:
        if self._name_map is None:
            sc = self.game.scenario
            names: dict[str, str] = {}
            for side in sc.sides:
                names[side.id] = side.name or side.id
                for u in side.units:
                    names[u.id] = u.name or u.id
                for o in side.officers:
                    names[o.id] = o.name or o.id
            for f in sc.terrain:
                if f.name:
                    names[f.id] = f.name
            for ob in sc.game.objectives:
                names[ob.id] = ob.name or ob.id
            self._name_map = names
        return self._name_map

    def describe(self, action: Action) -> str:
        """The log line for `action`, asked before it is applied, as a wargamer
        writes it ("7e Hussards move 4.2″ and wheel 23°"); never notation."""
        return self.action_label(action) or action.text()

    def prompt(self, selected: str | None) -> str:
        """What the side to act can do now, in a sentence for the phase bar."""
        if selected is None:
            return "Select a unit; drag one of yours to move it. Targets glow red."
        return ""

    def badge(self, pid: str) -> tuple[str, bool] | None:
        """The small tag on a piece: (text, warn); None for the generic counters."""
        return None

    def may(self, pid: str) -> list[str]:
        """What `pid` may still do now, in a few words each."""
        kinds: list[str] = []
        if self.can_move(pid):
            kinds.append("move")
        for a in [*self.game.legal_actions(), *self.attacks(pid)]:
            if subject(a) == pid:
                k = a.text().split()[0]
                if k not in kinds:
                    kinds.append(k)
        return kinds

    def strength(self) -> tuple[str, dict[str, float]]:
        """A label and each side's strength now (units still on the table by default)."""
        out = {s.id: 0.0 for s in self.game.scenario.sides}
        for p in self.pieces().values():
            if p.present and not p.is_officer:
                out[p.side] = out.get(p.side, 0.0) + 1.0
        return "units on the table", out

    def units_left(self) -> dict[str, int]:
        out = {s.id: 0 for s in self.game.scenario.sides}
        for p in self.pieces().values():
            if p.present and not p.is_officer:
                out[p.side] += 1
        return out


# --- helpers -----------------------------------------------------------------------------


def odds_from_data(action: Action, data: dict[str, Any]) -> Odds | None:
    """A chart from a ruleset's plain odds data: the first distribution found (a
    list of probabilities indexed by count, or a mapping of outcome to
    probability) becomes the bars; other probabilities become notes."""
    bars: list[tuple[str, Fraction]] = []
    title = ""
    for key, v in data.items():
        if isinstance(v, list) and v and all(isinstance(x, (int, float)) for x in v) \
                and abs(sum(v) - 1.0) < 1e-6:
            bars = [(str(i), as_fraction(x)) for i, x in enumerate(v)]
            title = key.replace("_", " ")
            break
        if isinstance(v, dict) and v and all(isinstance(x, (int, float)) for x in v.values()) \
                and abs(sum(v.values()) - 1.0) < 1e-6:
            bars = [(str(k).replace("_", " "), as_fraction(x)) for k, x in v.items()]
            title = key.replace("_", " ")
            break
    if not bars:
        return None
    notes = [f"{k.replace('_', ' ')} {pct(v)}" for k, v in data.items()
             if isinstance(v, float) and 0.0 <= v <= 1.0]
    return Odds(f"{action.text()}: {title}", bars, notes)


def pass_chance(need: int) -> Fraction:
    """Chance a d6 scores `need` or more (a natural 1 always fails)."""
    return Fraction(max(0, min(5, 7 - max(need, 2))), 6)


def as_fraction(p: float | Fraction) -> Fraction:
    """A chance as a fraction: exact ones kept, a float read to the nearest
    fraction with a denominator below a million (dice odds are far coarser)."""
    return p if isinstance(p, Fraction) else Fraction(p).limit_denominator(1_000_000)


def union_of(parts: list[BaseGeometry]) -> BaseGeometry | None:
    parts = [p for p in parts if p is not None and not p.is_empty]
    if not parts:
        return None
    return shapely.union_all(parts)


def _num(v: float) -> str:
    from desktop.rules.notation import fmt_num

    return fmt_num(round(v, 2))


def label_of(t: str) -> str:
    return t.replace("_", " ")


def view_of(game: Game) -> PlayView:
    """The play view of `game`'s ruleset (the generic one if it names none)."""
    make = getattr(game.ruleset, "view_class", None)
    view = make(game) if make is not None else PlayView(game)
    if not isinstance(view, PlayView):
        raise TypeError(f"{type(game.ruleset).__name__}.view_class does not make a PlayView")
    return view
