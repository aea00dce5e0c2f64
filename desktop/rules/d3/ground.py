"""Where a D3 piece stands, as the rules read the ground: in cover, on a hill,
in a town (seed 002 "Terrain", "Shooting"), and which sight-blocking
features a line from it may ignore.  Each answer is kept on the piece until
it moves (`Piece._here`)."""

from __future__ import annotations

import shapely
from shapely.geometry import LineString
from shapely.geometry import Point as SPoint
from shapely.geometry.base import BaseGeometry

from desktop.rules.d3 import rules as R
from desktop.rules.d3.pieces import Piece
from desktop.rules.d3.state import D3State, Point
from desktop.scenario.vocabulary import TerrainType


class D3Ground(D3State):
    """Cover, hills, towns and the features a piece stands in."""

    def in_cover(self, target: Piece, origin: Point | None = None) -> bool:
        covered = target._here.get("cover")
        if covered is None:  # depends only on where the target stands
            fp = target.fp()
            covered = target._here["cover"] = bool(
                self.terrain.bbox_candidates(*fp.bounds)
                and self.terrain.fraction_in(fp, R.COVER_TYPES)
                >= R.COVER_AREA_FRACTION - 1e-9)
        if covered:
            return True
        if origin is not None:
            # Depends only on where the target stands and where the shot comes
            # from: kept with the target's place, which its copies share (the
            # computer weighs a shot on dozens of copies).
            behind: dict[Point, bool] | None = target._here.get("walls")
            if behind is None:
                behind = target._here["walls"] = {}
            got = behind.get(origin)
            if got is None:
                got = behind[origin] = self._behind_wall(target, origin)
            return got
        return False

    def _behind_wall(self, target: Piece, origin: Point) -> bool:
        """Whether a wall near `target` lies across the line from `origin`."""
        fp = target.fp()
        minx, miny, maxx, maxy = fp.bounds
        minx, maxx = min(minx, origin[0]), max(maxx, origin[0])
        miny, maxy = min(miny, origin[1]), max(maxy, origin[1])
        if not self.terrain.bbox_candidates(minx, miny, maxx, maxy):
            return False
        walls = self.terrain.features_hit(
            LineString([origin, nearest_point(origin, fp)]), R.WALL_TYPES
        )
        for f in walls:
            area = self.terrain.areas[self.terrain.by_id[f.id]]
            if float(area.distance(fp)) <= R.WALL_COVER_DISTANCE:
                return True
        return False

    def on_hill(self, p: Piece) -> bool:
        got = p._here.get("hill")
        if got is None:
            got = p._here["hill"] = self._stands_in(p.pos, R.HILL_TYPES)
        return bool(got)

    def in_town(self, p: Piece) -> bool:
        got = p._here.get("town")
        if got is None:
            got = p._here["town"] = self._stands_in(p.pos, R.TOWN_TYPES)
        return bool(got)

    def _stands_in(self, pos: Point, types: frozenset[TerrainType]) -> bool:
        """Is the point in (or on the edge of) a feature of these types?  The
        features' boxes in plain arithmetic, then the prepared area itself
        (TerrainIndex.contains_point asks the STRtree with a new Point)."""
        x, y = pos
        boxes = self._feature_boxes()
        for i in self._of_types(types):
            x0, y0, x1, y1 = boxes[i]
            if x0 <= x <= x1 and y0 <= y <= y1 and shapely.intersects_xy(
                    self.terrain.areas[i], x, y):
                return True
        return False

    def _of_types(self, types: frozenset[TerrainType]) -> list[int]:
        got = self._features_of.get(types)
        if got is None:
            got = self._features_of[types] = [
                i for i, k in enumerate(self.terrain.types) if k in types]
        return got

    def _exempt_features(self, *pieces: Piece) -> list[int]:
        out: list[int] = []
        for p in pieces:
            got = p._here.get("sight")
            if got is None:
                got = p._here["sight"] = [
                    i for i in self.terrain.indices_hit(p.fp())
                    if self.terrain.types[i] in R.SIGHT_BLOCKING
                ]
            out.extend(got)
        return out

    def _feature_boxes(self) -> list[tuple[float, float, float, float]]:
        if self._boxes is None:
            self._boxes = [(x0, y0, x1, y1) for x0, y0, x1, y1 in self.terrain.bounds.tolist()]
        return self._boxes


def nearest_point(p: Point, geom: BaseGeometry) -> Point:
    """The point of `geom` nearest to `p`."""
    from shapely.ops import nearest_points

    q = nearest_points(SPoint(p), geom)[1]
    return (float(q.x), float(q.y))
