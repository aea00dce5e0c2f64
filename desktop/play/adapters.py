"""Per-ruleset answers the play window needs, asked of the engine.

The window never looks inside a game; it asks an :class:`Adapter`.  The base
class works for any ruleset from the public engine API (``snapshot``,
``legal_actions``, ``check``, the action notation); :class:`D3Adapter` and
:class:`MayhemAdapter` add what those games expose beyond it (allowances,
weapons, exact odds, activation and morale chances).  A ruleset without an
adapter of its own gets the base class: it can be played, with fewer aids.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

import shapely
from shapely.geometry.base import BaseGeometry

from desktop.play.pieces import OFFICER_BASE, PieceInfo
from desktop.rules.engine import Action, Game, NotationError
from desktop.scenario.vocabulary import TerrainType, UnitType
from desktop.table.movement import Access
from desktop.table.shapes import front_centre_of, sector
from desktop.table.terrain import TerrainIndex

Point = tuple[float, float]

#: Terrain that blocks sight when a ruleset says nothing (the common ground).
DEFAULT_SIGHT = frozenset({TerrainType.WOOD, TerrainType.TOWN, TerrainType.BUILDING})
#: Terrain nobody walks into when a ruleset says nothing.
DEFAULT_IMPASSABLE = frozenset({TerrainType.LAKE, TerrainType.RIVER})


@dataclass(frozen=True)
class Allowance:
    """How far a piece may move now, in table inches (centre travel, facing kept).

    Up to `free` the move costs nothing more; from `free` to `full` it costs
    something (`costly_label`: for example the unit may no longer fire).
    """

    full: float
    free: float | None = None
    free_label: str = "full move"
    costly_label: str = ""
    #: How the ruleset measures a move, for the cursor label.
    measured: str = "centre to centre"


@dataclass(frozen=True)
class Weapon:
    """A range band and its arc, for the range-and-arc overlay."""

    name: str
    apex: Point
    facing: float
    half_angle: float
    range: float

    def area(self) -> BaseGeometry:
        return sector(self.apex, self.facing, self.half_angle, self.range)


@dataclass(frozen=True)
class OddsView:
    """Exact odds of an action, ready for a small bar chart."""

    title: str
    bars: list[tuple[str, float]]
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Card:
    """What the unit card shows."""

    title: str
    subtitle: str
    rows: list[tuple[str, str]]
    may: list[str]
    chances: list[tuple[str, float]] = field(default_factory=list)


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


class Adapter:
    """Works from the engine's public API alone (any ruleset)."""

    #: Action kinds that engage an enemy piece (highlighted as targets).
    attack_kinds: frozenset[str] = frozenset({"shoot", "fire", "charge", "combat"})
    #: Pieces are individual figures (drawn as small bases, selected in groups).
    individual: bool = False
    #: What the ruler and the move label read in by default ("table" or "spans").
    measure_in: str = "table"
    #: The reach depends on the facing the move ends with: the window sets
    #: `band_facing[pid]` and asks for the bands again when the ghost pivots.
    facing_bands: bool = False

    def __init__(self, game: Game) -> None:
        self.game = game
        self._terrain: TerrainIndex | None = None
        self.band_facing: dict[str, float] = {}

    # -- the pieces ---------------------------------------------------------------

    def terrain(self) -> TerrainIndex:
        if self._terrain is None:
            got = getattr(self.game, "terrain", None)
            self._terrain = got if isinstance(got, TerrainIndex) else TerrainIndex(
                self.game.scenario)
        return self._terrain

    def pieces(self) -> dict[str, PieceInfo]:
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
        return _union(parts)

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

    def odds(self, action: Action) -> OddsView | None:
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
        return Card(p.name or pid, f"{_label(p.type)} · {self.side_name(p.side)}", rows,
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


# --- D3 ------------------------------------------------------------------------------


class D3Adapter(Adapter):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        from desktop.rules.d3 import rules as R
        from desktop.rules.d3.game import D3Game

        assert isinstance(game, D3Game)
        self.g: D3Game = game
        self.R = R

    def pieces(self) -> dict[str, PieceInfo]:
        out: dict[str, PieceInfo] = {}
        for p in self.g.pieces.values():
            out[p.id] = PieceInfo(
                p.id, p.side, "officer" if p.is_general else "unit",
                p.rank if p.type is None else p.type.value, p.x, p.y, p.facing,
                p.frontage, p.depth, p.status, p.name)
        return out

    def move_action(self, pid: str, x: float, y: float, facing: float) -> Action | None:
        from desktop.rules.d3.actions import Move

        return Move(pid, round(x, 2), round(y, 2), round(facing, 1) % 360.0)

    def allowance(self, pid: str) -> Allowance | None:
        p = self.g.pieces.get(pid)
        if p is None:
            return None
        if p.type in self.R.ARTILLERY and p.deployed:
            return Allowance(0.0, None, "deployed: pivot only")
        return Allowance(p.allowance)

    def _access_union(self, pid: str, rules: set[Access]) -> list[BaseGeometry]:
        p = self.g.pieces[pid]
        t = self.terrain()
        here = p.fp()
        parts = []
        wanted = {ttype for ttype, acc in p.access().items() if acc in rules}
        for i, f in enumerate(t.types):
            if f not in wanted:
                continue
            area = t.areas[i]
            if not area.intersects(here) or area.intersection(here).area <= 1e-3:
                parts.append(area)  # ground it stands in does not hold it back
        return parts

    def blocked(self, pid: str) -> BaseGeometry | None:
        p = self.g.pieces[pid]
        t = self.terrain()
        parts = self._access_union(pid, {Access.NO_ENTRY})
        crossing = self._access_union(pid, {Access.CROSSING_ONLY, Access.CROSSING_FULL_MOVE})
        if crossing:
            water = shapely.union_all(crossing)
            parts.append(water.difference(t.crossing_zone(self.R.CROSSING_SLACK)))
        full = self._access_union(pid, {Access.FULL_MOVE, Access.CROSSING_FULL_MOVE})
        start = p.fp()
        for a in full:  # water it may not cross this move: too far from the bank
            if float(a.distance(start)) > self.R.CROSSING_START_GAP + 1e-9:
                parts.append(a)
        if not p.is_general:
            for q in self.g.units():
                if q.id == p.id:
                    continue
                friend = q.side == p.side
                passable = friend and (p.type is UnitType.LIGHT_INFANTRY
                                       or q.type is UnitType.LIGHT_INFANTRY)
                if not passable:
                    parts.append(q.fp())
        return _union(parts)

    def no_end(self, pid: str) -> BaseGeometry | None:
        parts = self._access_union(pid, {Access.NO_END})
        p = self.g.pieces[pid]
        if p.is_general:
            parts.extend(q.fp() for q in self.g.units())
        return _union(parts)

    def costly(self, pid: str) -> BaseGeometry | None:
        return _union(self._access_union(pid, {Access.FULL_MOVE, Access.CROSSING_FULL_MOVE}))

    def attacks(self, pid: str) -> list[Action]:
        out = super().attacks(pid)
        p = self.g.pieces.get(pid)
        if p is None or p.type is not UnitType.CAVALRY or self.g.phase != "movement":
            return out
        if self.g.pending is not None or self.g.side != p.side:
            return out
        for e in self.g.units(self.g.enemy_of(p.side)):
            ch = self.g.aimed_charge(p, e)
            if ch is not None:
                out.append(ch)
        return out

    def odds(self, action: Action) -> OddsView | None:
        from desktop.rules.d3.actions import Charge, Shoot
        from desktop.rules.odds import charge_odds, shoot_odds

        if not isinstance(action, (Shoot, Charge)) or self.g.check(action) is not None:
            return None
        o = shoot_odds(self.g, action) if isinstance(action, Shoot) else charge_odds(
            self.g, action)
        verb = "shoots" if isinstance(action, Shoot) else "charges"
        bars = [(f"{h}", float(p)) for h, p in o.hits.items()]
        notes = [f"activates {pct(o.activation)}",
                 f"mean {float(o.mean_hits()):.2f} hits",
                 f"eliminates the target {pct(o.eliminated)}"]
        if isinstance(action, Charge):
            notes.insert(1, "hits land in hand-to-hand")
        names = {p.id: p.name for p in self.g.pieces.values()}
        return OddsView(f"{names[action.unit]} {verb} {names[action.target]}: hits", bars,
                        notes)

    def weapons(self, pid: str) -> list[Weapon]:
        p = self.g.pieces.get(pid)
        if p is None or p.type is None or not p.present:
            return []
        fc = front_centre_of(p.x, p.y, p.depth, p.facing)
        if p.type is UnitType.CAVALRY:
            return [Weapon("charge", fc, p.facing, self.R.CHARGE_MAX_TURN, p.allowance)]
        half = 180.0 if self.g.in_town(p) else self.R.FIELD_OF_FIRE
        return [Weapon("fire", fc, p.facing, half, self.R.SHOOTING_RANGE[p.type])]

    def sight_types(self) -> frozenset[TerrainType]:
        return frozenset(self.R.SIGHT_BLOCKING)

    def can_see(self, a: str, b: str) -> bool | None:
        pa, pb = self.g.pieces.get(a), self.g.pieces.get(b)
        if pa is None or pb is None:
            return None
        return self.g.can_see(pa, pb)

    def card(self, pid: str) -> Card:
        from desktop.rules.odds import _reroll_available, activation_chance
        from desktop.scenario.vocabulary import QUALITY_LABELS, UNIT_LABELS

        p = self.g.pieces[pid]
        if p.is_general:
            rows = [("Re-rolls left", str(self.R.GENERAL_REROLLS_PER_TURN - p.rerolls_used)),
                    ("Moved", "yes" if p.moved else "no")]
            if p.must_evade:
                rows.append(("Threatened", "must ride away"))
            return Card(p.name or p.id, f"General · {self.side_name(p.side)}", rows, self.may(pid))
        assert p.type is not None
        unit = self.g.scenario.unit(pid)
        rows = [("Quality", QUALITY_LABELS.get(unit.quality, unit.quality.value)),
                ("Hits", f"{p.hits} of {self.R.ELIMINATION_HITS}"),
                ("Status", p.status),
                ("This turn", ", ".join(w for w, f in (("moved", p.moved), ("shot", p.shot),
                                                       ("tested", p.tested)) if f) or "—")]
        if p.type in self.R.ARTILLERY:
            rows.append(("Deployed", "yes" if p.deployed else "no"))
        chances: list[tuple[str, float]] = []
        if p.present:
            chances.append(("Activation", float(activation_chance(p.hits))))
            if _reroll_available(self.g, pid):
                chances.append(("With a general's re-roll",
                                float(activation_chance(p.hits, reroll=True))))
        kind = UNIT_LABELS.get(p.type, p.type.value)
        return Card(p.name or p.id, f"{kind} · {self.side_name(p.side)}",
                    rows, self.may(pid), chances)

    def strength(self) -> tuple[str, dict[str, float]]:
        out = {s: 0.0 for s in self.g.order}
        for u in self.g.units():
            out[u.side] += max(0, self.R.ELIMINATION_HITS - u.hits)
        return "hits still to take", out


# --- Muskets & Mayhem --------------------------------------------------------------------


class MayhemAdapter(Adapter):
    attack_kinds = frozenset({"fire", "charge"})

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        from desktop.rules.mayhem.game import MayhemGame

        assert isinstance(game, MayhemGame)
        self.g: MayhemGame = game

    def pieces(self) -> dict[str, PieceInfo]:
        st = self.g.state
        names = {u.id: u.name for _, u in self.g.scenario.all_units()}
        onames = {o.id: o.name for s in self.g.scenario.sides for o in s.officers}
        out: dict[str, PieceInfo] = {}
        for u in st.units.values():
            f, d = u.size
            out[u.id] = PieceInfo(u.id, u.side, "unit", u.type.value, u.position[0],
                                  u.position[1], u.facing, f, d, u.status,
                                  names.get(u.id, u.id), u.formation.value)
        for c in st.commanders.values():
            out[c.id] = PieceInfo(c.id, c.side, "officer", c.rank.value, c.position[0],
                                  c.position[1], 0.0, OFFICER_BASE, OFFICER_BASE, "active",
                                  onames.get(c.id, c.id))
        return out

    def move_action(self, pid: str, x: float, y: float, facing: float) -> Action | None:
        from desktop.rules.mayhem.actions import Move, OfficerMove
        from desktop.rules.notation import canonical_facing

        if pid in self.g.state.commanders:
            return OfficerMove(pid, (round(x, 2), round(y, 2)))
        return Move(pid, (round(x, 2), round(y, 2)), canonical_facing(round(facing, 1)))

    def move_length(self, pid: str, x: float, y: float, facing: float) -> float:
        from desktop.rules.mayhem.geometry import move_distance

        u = self.g.state.units.get(pid)
        if u is None:
            c = self.g.state.commanders[pid]
            return math.dist(c.position, (x, y))
        return move_distance(u.position, u.facing, (x, y), facing, u.size)

    def allowance(self, pid: str) -> Allowance | None:
        from desktop.rules.mayhem.constants import COMMANDER_MOVE, fire_move_allowance

        st = self.g.state
        if pid in st.commanders:
            return Allowance(self.g.units_of_measure(COMMANDER_MOVE))
        u = st.units.get(pid)
        if u is None:
            return None
        full = self.g.allowance(u)
        limit = fire_move_allowance(u.type, u.formation)
        if limit is None or u.is_artillery:
            return Allowance(full, None, "full move", "", "furthest corner")
        free = min(full, self.g.units_of_measure(limit))
        return Allowance(full, free, "may still fire", "too far to fire this turn",
                         "furthest corner")

    def blocked(self, pid: str) -> BaseGeometry | None:
        st = self.g.state
        if pid in st.commanders:
            return None
        u = st.units[pid]
        parts: list[BaseGeometry] = []
        if self.g.terrain.impassable is not None:
            parts.append(self.g.terrain.impassable)
        parts.extend(o.footprint() for o in self.g.active_units(st.enemy(u.side)))
        return _union(parts)

    def no_end(self, pid: str) -> BaseGeometry | None:
        st = self.g.state
        if pid in st.commanders:
            return None
        return _union([o.footprint() for o in self.g.active_units(st.units[pid].side)
                       if o.id != pid])

    def odds(self, action: Action) -> OddsView | None:
        from desktop.rules.mayhem.actions import Charge, Fire, Melee

        if isinstance(action, Charge):
            if self.g.check(action) is not None:
                return None
            from desktop.rules.mayhem import combat

            t = self.g.unit(action.target)
            need = combat.check_number(t.quality, self.g.in_defences(t), charged=True)
            p = _pass_chance(need)
            return OddsView(f"{action.unit} charges {action.target}: its check",
                            [("stands", p), ("gives way", 1 - p)],
                            [f"{action.target} needs {need}+ to stand",
                             "melee odds show once in contact"])
        data: dict[str, Any] | None = self.g.odds(action)
        if data is None:
            return None
        if isinstance(action, Fire):
            bars = [(str(k), float(p)) for k, p in enumerate(data["casualties"])]
            return OddsView(
                f"{action.unit} fires at {action.target}: casualties", bars,
                [f"morale drops {pct(data['morale_drop'])}",
                 f"routs {pct(data['routed'])}",
                 f"eliminated {pct(data['eliminated'])}"])
        if isinstance(action, Melee):
            return OddsView(
                f"Melee of {action.unit}: who wins",
                [("charger", float(data["a_wins"])), ("defender", float(data["b_wins"])),
                 ("undecided", float(data["undecided"]))],
                ["winner must inflict 2 more casualties"])
        return None

    def weapons(self, pid: str) -> list[Weapon]:
        from desktop.rules.mayhem.constants import ARTILLERY_CLOSE_RANGE
        from desktop.rules.mayhem.geometry import FRONT_ARC, front_centre
        from desktop.scenario.vocabulary import Formation

        u = self.g.state.units.get(pid)
        if u is None or not u.active:
            return []
        apex = front_centre(u.position, u.size, u.facing)
        half = 180.0 if u.formation is Formation.SQUARE else FRONT_ARC
        out = [Weapon("fire", apex, u.facing, half, self.g.fire_range(u))]
        if u.is_artillery:
            out.insert(0, Weapon("close range", apex, u.facing, half,
                                 self.g.units_of_measure(ARTILLERY_CLOSE_RANGE)))
        return out

    def sight_types(self) -> frozenset[TerrainType]:
        from desktop.rules.mayhem.geometry import BLOCKS_SIGHT

        return frozenset(BLOCKS_SIGHT)

    def can_see(self, a: str, b: str) -> bool | None:
        from desktop.rules.mayhem.geometry import front_centre

        st = self.g.state
        u, t = st.units.get(a), st.units.get(b)
        if u is None or t is None:
            return None
        eye = front_centre(u.position, u.size, u.facing)
        return self.g.sight(u, t, eye, self.g.active_units())

    def card(self, pid: str) -> Card:
        from desktop.rules.mayhem import combat
        from desktop.scenario.vocabulary import QUALITY_LABELS, UNIT_LABELS

        st = self.g.state
        if pid in st.commanders:
            c = st.commanders[pid]
            rows = [("Rank", c.rank.value), ("With", c.attached or "—"),
                    ("Moved", "yes" if c.done else "no")]
            return Card(pid, f"Commander · {self.side_name(c.side)}", rows, self.may(pid))
        u = st.units[pid]
        rows = [("Quality", QUALITY_LABELS.get(u.quality, u.quality.value)),
                ("Figures", f"{u.figures} of {u.start_figures}"),
                ("Morale", u.morale.value),
                ("Formation", u.formation.value),
                ("Status", u.status)]
        if u.engaged:
            rows.append(("In melee with", u.engaged))
        if u.moved is not None:
            rows.append(("Moved", f"{u.moved:.1f}\""))
        if u.pending:
            rows.append(("Casualties pending", str(u.pending)))
        chances: list[tuple[str, float]] = []
        if u.active:
            need = combat.check_number(u.quality, self.g.in_defences(u))
            chances.append((f"Morale check ({need}+)", _pass_chance(need)))
            save = combat.save_number(u.quality, self.g.in_defences(u))
            chances.append((f"Save ({save}+)", _pass_chance(save)))
        return Card(self.pieces()[pid].name, f"{UNIT_LABELS.get(u.type, u.type.value)} · "
                    f"{u.side}", rows, self.may(pid), chances)

    def strength(self) -> tuple[str, dict[str, float]]:
        out = {s: 0.0 for s in self.g.state.sides}
        for u in self.g.active_units():
            out[u.side] += u.figures
        return "figures in the field", out


# --- Tactical Dice (a square grid) -----------------------------------------------------------


class TacticalAdapter(Adapter):
    """Moves by square: a drop picks the square under the centre; the bands are
    the squares the engine says the piece can reach."""

    #: Rolls that are read as plain numbers; every other d6 is a Tactical Die.
    PLAIN_ROLLS = ("rally ", "wounded ", "initiative ", "officer casualty ")
    #: RULINGS, Tactical Dice faces.
    FACES: ClassVar[dict[int, str]] = {1: "Officer", 2: "Target", 3: "Target", 4: "Flag",
                                       5: "Fire", 6: "Sabre"}

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.board: Any = getattr(game, "board", None)

    def die_face(self, kind: str, value: int | str, purpose: str) -> str | None:
        if kind != "d6" or not isinstance(value, int) or purpose.startswith(self.PLAIN_ROLLS):
            return None
        return self.FACES.get(value)

    def strength(self) -> tuple[str, dict[str, float]]:
        """Combat Value left on the table: what wears down in this ruleset."""
        out = {s.id: 0.0 for s in self.game.scenario.sides}
        for d in self.game.units_json():
            if d.get("kind") == "unit" and d.get("status") not in ("routed", "eliminated"):
                out[str(d["side"])] = out.get(str(d["side"]), 0.0) + float(d.get("cv") or 0)
        return "Combat Value on the table", out

    def _square(self, x: float, y: float) -> str:
        from desktop.rules.tactical.grid import square_name

        return str(square_name(self.board.square_of((x, y))))

    def move_action(self, pid: str, x: float, y: float, facing: float) -> Action | None:
        if self.board is None:
            return None
        st: Any = getattr(self.game, "st", None)
        kind = "officer" if st is not None and pid in getattr(st, "officers", {}) else "move"
        try:
            return self.game.parse_action(f"{kind} {pid} {self._square(x, y)}")
        except NotationError:
            return None

    def can_move(self, pid: str) -> bool:
        return bool(self._reachable(pid))

    def _reachable(self, pid: str) -> list[Any]:
        st: Any = getattr(self.game, "st", None)
        g: Any = self.game
        if st is None or self.board is None:
            return []
        try:
            if pid in st.units:
                u = st.units[pid]
                if u.side != g.side or g.why_not_mover(u) is not None:
                    return []
                return list(g.move_paths(u))
            if pid in st.officers:
                o = st.officers[pid]
                return list(g.officer_paths(o)) if o.side == g.side else []
        except (AttributeError, KeyError, TypeError):
            return []
        return []

    def move_length(self, pid: str, x: float, y: float, facing: float) -> float:
        p = self.pieces()[pid]
        a, b = self.board.square_of(p.pos), self.board.square_of((x, y))
        return float(max(abs(a[0] - b[0]), abs(a[1] - b[1])) * self.board.size)

    def allowance(self, pid: str) -> Allowance | None:
        squares = self._reachable(pid)
        if self.board is None or not squares:
            return None
        p = self.pieces()[pid]
        here = self.board.square_of(p.pos)
        far = max(max(abs(sq[0] - here[0]), abs(sq[1] - here[1])) for sq in squares)
        return Allowance(float(far * self.board.size), None, "reachable squares", "",
                         "squares")

    def reach_area(self, pid: str) -> BaseGeometry | None:
        squares = self._reachable(pid)
        if not squares:
            return None
        return shapely.union_all([self.board.polygon(sq, 0.08) for sq in squares])


# --- the registry ----------------------------------------------------------------------

def _blown_away(game: Game) -> Adapter:
    from desktop.play.blown_away import BlownAwayAdapter

    return BlownAwayAdapter(game)


def _kiddies(game: Game) -> Adapter:
    from desktop.play.kiddies import KiddiesAdapter

    return KiddiesAdapter(game)


ADAPTERS: dict[str, Callable[[Game], Adapter]] = {
    "d3": D3Adapter,
    "mayhem": MayhemAdapter,
    "tactical": TacticalAdapter,
    "blown_away": _blown_away,
    "kiddies": _kiddies,
}


def adapter_for(game: Game) -> Adapter:
    """The adapter for `game`'s ruleset (the generic one if it has none)."""
    make = ADAPTERS.get(game.ruleset.id, Adapter)
    return make(game)


# --- helpers -----------------------------------------------------------------------------


def odds_from_data(action: Action, data: dict[str, Any]) -> OddsView | None:
    """A chart from a ruleset's plain odds data: the first distribution found (a
    list of probabilities indexed by count, or a mapping of outcome to
    probability) becomes the bars; other probabilities become notes."""
    bars: list[tuple[str, float]] = []
    title = ""
    for key, v in data.items():
        if isinstance(v, list) and v and all(isinstance(x, (int, float)) for x in v) \
                and abs(sum(v) - 1.0) < 1e-6:
            bars = [(str(i), float(x)) for i, x in enumerate(v)]
            title = key.replace("_", " ")
            break
        if isinstance(v, dict) and v and all(isinstance(x, (int, float)) for x in v.values()) \
                and abs(sum(v.values()) - 1.0) < 1e-6:
            bars = [(str(k).replace("_", " "), float(x)) for k, x in v.items()]
            title = key.replace("_", " ")
            break
    if not bars:
        return None
    notes = [f"{k.replace('_', ' ')} {pct(v)}" for k, v in data.items()
             if isinstance(v, float) and 0.0 <= v <= 1.0]
    return OddsView(f"{action.text()}: {title}", bars, notes)


def _pass_chance(need: int) -> float:
    """Chance a d6 scores `need` or more (a natural 1 always fails)."""
    return max(0, min(5, 7 - max(need, 2))) / 6.0


def _union(parts: list[BaseGeometry]) -> BaseGeometry | None:
    parts = [p for p in parts if p is not None and not p.is_empty]
    if not parts:
        return None
    return shapely.union_all(parts)


def _num(v: float) -> str:
    from desktop.rules.notation import fmt_num

    return fmt_num(round(v, 2))


def _label(t: str) -> str:
    return t.replace("_", " ")
