"""Terrain indexed once per game: an STRtree of feature areas, unions by type."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import Point as SPoint
from shapely.geometry.base import BaseGeometry
from shapely.strtree import STRtree

from desktop.scenario.geometry import shape_area
from desktop.scenario.model import Scenario, TerrainFeature
from desktop.scenario.vocabulary import TerrainType

#: Overlaps smaller than this (square inches) are touching, not standing in.
AREA_EPS = 1e-3


class TerrainIndex:
    """The scenario's terrain, ready for many fast queries."""

    def __init__(self, scenario: Scenario | Sequence[TerrainFeature]) -> None:
        feats = scenario.terrain if isinstance(scenario, Scenario) else tuple(scenario)
        self.features: tuple[TerrainFeature, ...] = tuple(feats)
        self.areas: list[BaseGeometry] = [shape_area(f.shape) for f in self.features]
        for a in self.areas:
            shapely.prepare(a)
        self.types = [f.type for f in self.features]
        self._geoms = np.array(self.areas, dtype=object)
        self.tree = STRtree(self._geoms) if self.areas else None
        self._unions: dict[frozenset[TerrainType], BaseGeometry] = {}
        self.by_id = {f.id: i for i, f in enumerate(self.features)}
        self.bounds: NDArray[np.float64] = (
            shapely.bounds(self._geoms) if self.areas else np.zeros((0, 4))
        )
        self._bounds_list = [tuple(float(v) for v in b) for b in self.bounds]
        self._zones: dict[float, BaseGeometry] = {}

    def crossing_zone(self, slack: float) -> BaseGeometry:
        """Bridges and fords, grown by `slack` (where a base may cross water)."""
        got = self._zones.get(slack)
        if got is None:
            got = self.union({TerrainType.BRIDGE, TerrainType.FORD}).buffer(slack)
            shapely.prepare(got)
            self._zones[slack] = got
        return got

    # -- queries ---------------------------------------------------------------------

    def bbox_candidates(self, minx: float, miny: float, maxx: float, maxy: float) -> bool:
        """Could anything lie in this box?  (A cheap test before building geometry.)"""
        for x0, y0, x1, y1 in self._bounds_list:
            if x0 <= maxx and x1 >= minx and y0 <= maxy and y1 >= miny:
                return True
        return False

    def bbox_indices(self, minx: float, miny: float, maxx: float,
                     maxy: float) -> list[int]:
        """Indices of the features whose bounding box meets this box (touching
        counts), in index order: the candidates before any geometry is built."""
        return [i for i, (x0, y0, x1, y1) in enumerate(self._bounds_list)
                if x0 <= maxx and x1 >= minx and y0 <= maxy and y1 >= miny]

    def indices_hit(self, geom: BaseGeometry) -> list[int]:
        """Indices of features whose area intersects `geom` (touching counts)."""
        if self.tree is None:
            return []
        hit = self.tree.query(geom, predicate="intersects")
        return sorted(int(i) for i in hit)

    def features_hit(
        self, geom: BaseGeometry, types: Iterable[TerrainType] | None = None
    ) -> list[TerrainFeature]:
        wanted = None if types is None else frozenset(types)
        return [
            self.features[i]
            for i in self.indices_hit(geom)
            if wanted is None or self.types[i] in wanted
        ]

    def indices_overlapping(self, geom: BaseGeometry, min_area: float = AREA_EPS) -> list[int]:
        """Features that `geom` (an area) overlaps by more than `min_area`, or
        (for a line) crosses."""
        out = []
        area_geom = geom.area > 0
        for i in self.indices_hit(geom):
            inter = self.areas[i].intersection(geom)
            if (inter.area if area_geom else inter.length) > min_area:
                out.append(i)
        return out

    def types_hit(self, geom: BaseGeometry) -> set[TerrainType]:
        return {self.types[i] for i in self.indices_overlapping(geom)}

    def fraction_in(self, geom: BaseGeometry, types: Iterable[TerrainType]) -> float:
        """Share of `geom`'s area inside features of the given types."""
        if geom.area <= 0:
            return 0.0
        u = self.union(types)
        if u.is_empty:
            return 0.0
        return float(u.intersection(geom).area / geom.area)

    def union(self, types: Iterable[TerrainType]) -> BaseGeometry:
        """All features of these types as one geometry (computed once, cached)."""
        key = frozenset(types)
        got = self._unions.get(key)
        if got is None:
            parts = [a for a, t in zip(self.areas, self.types, strict=True) if t in key]
            got = shapely.union_all(parts) if parts else shapely.Polygon()
            shapely.prepare(got)
            self._unions[key] = got
        return got

    def contains_point(self, p: tuple[float, float], types: Iterable[TerrainType]) -> bool:
        wanted = frozenset(types)
        pt = SPoint(p)
        return any(self.types[i] in wanted and self.areas[i].covers(pt)
                   for i in self.indices_hit(pt))

    def feature_at(
        self, p: tuple[float, float], types: Iterable[TerrainType]
    ) -> TerrainFeature | None:
        wanted = frozenset(types)
        pt = SPoint(p)
        for i in self.indices_hit(pt):
            if self.types[i] in wanted and self.areas[i].covers(pt):
                return self.features[i]
        return None
