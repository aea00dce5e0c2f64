"""What every part of a Blown Away game reads: its fields, the answers it
keeps by the stamps of the pieces they concern, and the table's geometry as
the rules see it (who faces whom, cover, the table's edge).

`BlownAwayBase` lists the game's fields (`desktop.rules.blown_away.game.
BlownAwayGame`'s constructor fills them), so that the parts of the game in
the other modules of this package, each a `BlownAwayBase`, are typed against
one list and never import the game itself.
"""

from __future__ import annotations

from shapely.geometry import LineString
from shapely.geometry import Point as SPoint
from shapely.geometry.base import BaseGeometry

from desktop.rules.blown_away.constants import (
    CROSSING_ONLY,
    IMPASSABLE,
    NO_END,
    WALL_REACH,
    WALLS,
    WORKS,
)
from desktop.rules.blown_away.state import _MISSING, Piece, State
from desktop.rules.engine import StateGame
from desktop.rules.position_cache import PositionCache
from desktop.rules.victory import VictoryJudge
from desktop.scenario.model import Point
from desktop.scenario.vocabulary import TerrainType, UnitType
from desktop.table.movement import Access, MovePlan
from desktop.table.shapes import corners, front_centre_of, wedge
from desktop.table.terrain import AREA_EPS, TerrainIndex

#: How far ahead (inches) the facing wedge reaches; every facing test is also
#: limited by a distance well inside this.
FACING_REACH = 60.0

ACCESS: dict[TerrainType, Access] = {
    **{t: Access.NO_ENTRY for t in IMPASSABLE},
    **{t: Access.CROSSING_ONLY for t in CROSSING_ONLY},
    **{t: Access.NO_END for t in NO_END},
}

#: Entries the geometry memo holds before it starts afresh.
MEMO_SIZE = 200_000


class BlownAwayBase(StateGame):
    """The fields of a Blown Away game and the answers read straight off the table."""

    state: State
    #: Geometry answers by the stamps of the pieces they concern (issue 18).
    _memo: dict[tuple[object, ...], object]
    #: Sight keys of one position (`desktop.rules.blown_away.fire`).
    _sights: tuple[int, list[tuple[Piece, int, float, float, float, float]],
                   dict[tuple[int, int], tuple[tuple[object, ...], list[Piece]]]]
    #: The legal actions and the verdicts of `_check`, by state (`_legal_key`).
    _at_state: PositionCache
    #: The pieces and holders `_update_objectives` last saw.
    _objectives_seen: tuple[int, tuple[str | None, ...]] | None
    #: Who was present at the judge's last immediate verdict, and it.
    _immediate: tuple[tuple[bool, ...], object] | None
    terrain: TerrainIndex
    immobile_guns: bool
    objective_ids: tuple[str, ...]
    objectives_to_win: int
    objective_areas: dict[str, BaseGeometry]
    objective_boxes: dict[str, tuple[float, float, float, float]]
    judge: VictoryJudge

    def _name(self, side: str) -> str:
        return self.scenario.side(side).name or side

    def _memo_get(self, key: tuple[object, ...]) -> object:
        return self._memo.get(key, _MISSING)

    def _memo_put(self, key: tuple[object, ...], value: object) -> None:
        if len(self._memo) >= MEMO_SIZE:
            self._memo.clear()
        self._memo[key] = value

    def _hits(self, p: Piece) -> list[int]:
        """Terrain features the footprint of `p` touches (cached per placement)."""
        key = ("hits", p.stamp)
        got = self._memo_get(key)
        if got is _MISSING:
            got = self.terrain.indices_hit(p.fp())
            self._memo_put(key, got)
        return got  # type: ignore[return-value]

    def _gap(self, a: Piece, b: Piece) -> float:
        """Distance between two footprints (cached per placement)."""
        key = ("gap", a.stamp, b.stamp)
        got = self._memo_get(key)
        if got is _MISSING:
            got = float(a.fp().distance(b.fp()))
            self._memo_put(key, got)
        return got  # type: ignore[return-value]

    def _faces_piece(self, a: Piece, b: Piece) -> bool:
        """`faces(a, b.fp())`, its geometry cached per position."""
        if a.ranks == 0 or a.eliminated:
            return False
        key = ("faces", a.stamp, b.stamp)
        got = self._memo_get(key)
        if got is _MISSING:
            got = self.faces(a, b.fp())
            self._memo_put(key, got)
        return got  # type: ignore[return-value]

    def piece(self, uid: str) -> Piece:
        return self.state.pieces[uid]

    def units(self, side: str | None = None) -> list[Piece]:
        """Units still in the game (formed or mobs)."""
        return [p for p in self.state.pieces.values()
                if not p.eliminated and (side is None or p.side == side)]

    def formed(self, side: str | None = None) -> list[Piece]:
        return [p for p in self.state.pieces.values()
                if not p.eliminated and (side is None or p.side == side) and p.men.ranks > 0]

    def faces(self, a: Piece, target: BaseGeometry, pos: Point | None = None,
              facing: float | None = None) -> bool:
        """RULINGS: a unit faces an enemy when any of the enemy's footprint lies in
        its front arc (45 degrees either side, from its front centre).  Only men in
        ranks face anything; a mob faces nobody."""
        if a.ranks == 0 or a.eliminated:
            return False
        x, y = a.pos if pos is None else pos
        f = a.facing if facing is None else facing
        apex = front_centre_of(x, y, a.size()[1], f)
        return bool(wedge(apex, f, 45.0, FACING_REACH).intersects(target))

    def facing_either(self, a: Piece, b: Piece) -> bool:
        return self._faces_piece(a, b) or self._faces_piece(b, a)

    def engaged_with(self, uid: str) -> list[str]:
        out = []
        for a, b in self.state.engaged:
            if a == uid:
                out.append(b)
            elif b == uid:
                out.append(a)
        return sorted(out)

    def is_engaged(self, uid: str) -> bool:
        return any(uid in pair for pair in self.state.engaged)

    def in_works(self, p: Piece) -> bool:
        return self.in_terrain(p, WORKS)

    def in_terrain(self, p: Piece, types: frozenset[TerrainType]) -> bool:
        key = ("within", p.stamp, types)
        got = self._memo_get(key)
        if got is _MISSING:
            fp = p.fp()
            got = any(self.terrain.areas[i].intersection(fp).area > AREA_EPS
                      for i in self._hits(p) if self.terrain.types[i] in types)
            self._memo_put(key, got)
        return got  # type: ignore[return-value]

    def behind_wall(self, p: Piece, enemy: BaseGeometry) -> bool:
        """Ruling: a wall is between the unit and the enemy (it crosses the line
        between their centres), within WALL_REACH of the unit, and nearer the
        unit than the enemy."""
        fp = p.fp()
        zone = fp.buffer(WALL_REACH)
        line = LineString([p.pos, enemy.centroid])
        for i in self.terrain.indices_hit(zone):
            area = self.terrain.areas[i]
            if self.terrain.types[i] in WALLS and area.intersects(line) and \
                    float(area.distance(fp)) < float(area.distance(enemy)):
                return True
        return False

    def cover(self, p: Piece, enemy: BaseGeometry) -> str:
        """'works', 'wall' or 'open' (soft cover such as woods counts as open)."""
        if self.in_works(p):
            return "works"
        if self.behind_wall(p, enemy):
            return "wall"
        return "open"

    def _cover_from(self, p: Piece, enemy: Piece, gun: bool) -> str:
        """`cover(p, ...)` against `enemy`'s footprint, or against the front centre
        of its gun (`gun`), cached per position."""
        key = ("cover", p.stamp, enemy.stamp, gun)
        got = self._memo_get(key)
        if got is _MISSING:
            got = self.cover(p, SPoint(enemy.front_centre()) if gun else enemy.fp())
            self._memo_put(key, got)
        return got  # type: ignore[return-value]

    def defended(self, p: Piece, enemy: Piece) -> bool:
        """Infantry or artillery behind a redoubt, wall or in a trench (+3 to its card)."""
        return p.type is not UnitType.CAVALRY and self._cover_from(p, enemy, False) != "open"

    def _table_problem(self, geom: BaseGeometry) -> str | None:
        return self._box_problem(geom.bounds)

    def _end_problem(self, plan: MovePlan) -> str | None:
        """`_table_problem` of the plan's end footprint, from its corners (the
        very numbers of the polygon, so the same bounds) without building it."""
        e = plan.end
        cs = corners(e.x, e.y, plan.frontage, plan.depth, e.facing)
        xs, ys = [c[0] for c in cs], [c[1] for c in cs]
        return self._box_problem((min(xs), min(ys), max(xs), max(ys)))

    def _box_problem(self, bounds: tuple[float, float, float, float]) -> str | None:
        minx, miny, maxx, maxy = bounds
        t = self.scenario.table
        tol = 1e-6
        if minx < -tol or miny < -tol or maxx > t.width + tol or maxy > t.depth + tol:
            return "would leave the table"
        return None


def _boxes_meet(a: tuple[float, float, float, float],
                b: tuple[float, float, float, float]) -> bool:
    """Do two bounding boxes overlap or touch (with a hair of slack)?"""
    eps = 1e-6
    return a[0] <= b[2] + eps and b[0] <= a[2] + eps and a[1] <= b[3] + eps and \
        b[1] <= a[3] + eps


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)
