"""Name tags on the table scene, each moved to its clearest spot (desktop.table.tags).

A new table places every tag; an edit or a move in play re-places only the
tags whose spots reach what changed, with the others standing where they
are, so tags elsewhere on the table never jump about.

Terrain names and tags keep off each other: a tag with a clear spot near its
base leaves a terrain name where it is written, and a terrain name steps off
the tags as they stand (TerrainLabelItem), so the names near a tag that
moved are told to look again.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QGraphicsItem

from desktop.table.tags import DISC_WEIGHT, Obstacle, Rect, Tag, overlap, place_tags
from desktop.ui.table.force_items import Tagged
from desktop.ui.table.marker_items import tell_names
from desktop.ui.table.terrain_items import CLEARANCE, TerrainLabelItem


class TagScene(Protocol):
    """What the layout needs of a table scene (TableScene is one).

    Named here rather than imported, so the scene may call the layout
    without the two modules importing each other.
    """

    units: Mapping[str, Tagged]
    officers: Mapping[str, Tagged]
    objectives: Mapping[str, Any]  # items with label_keep_clear()
    zones: Mapping[str, Any]  # items with title_rect()
    terrain_labels: Mapping[str, TerrainLabelItem]
    tag_reach: float
    tag_scale: float
    #: The zoom the terrain names are drawn at (device pixels an inch; None:
    #: no view, names at their size on the table).
    names_ppi: float | None

    def table_rect(self) -> QRectF: ...

    def items(self, area: QRectF, mode: Any) -> list[QGraphicsItem]: ...

#: Zone titles are faint and lie under the units: a name covers one (and stays
#: readable) far sooner than it slips under a base, where it loses letters.
ZONE_TITLE_WEIGHT = 0.5
#: A terrain name under a tag steps aside (TerrainLabelItem), off its feature's
#: middle: a tag with room elsewhere near its base leaves the name at home, but
#: covers one sooner than a base or another tag.
TERRAIN_NAME_WEIGHT = 1.0
#: Zoomed in this far or more, terrain names are drawn at their size on the table.
TABLE_SIZE_PPI = 1000.0


def _rect(r: QRectF) -> Rect:
    return r.left(), r.top(), r.right(), r.bottom()


def _qrect(r: Rect) -> QRectF:
    return QRectF(r[0], r[1], r[2] - r[0], r[3] - r[1])


def _near(scene: TagScene, area: QRectF) -> list[Tagged]:
    return [i for i in scene.items(area, Qt.ItemSelectionMode.IntersectsItemBoundingRect)
            if isinstance(i, Tagged)]


def layout_tags(scene: TagScene, around: Sequence[QRectF] | None = None) -> None:
    """Place the tags of the scene's units and officers; only those near `around` if given."""
    # Officers first: a disc among battalions has the fewest clear spots; then
    # the longest names, which fit the fewest gaps in a line.
    tagged: list[Tagged] = [*scene.officers.values(),
                            *sorted(scene.units.values(), key=lambda t: -t.tag_width())]
    if not tagged:
        return
    if around is None:
        movers, near = tagged, tagged
    else:
        areas = [_rect(a) for a in around if not a.isEmpty()]
        if not areas:
            return
        reach = scene.tag_reach
        close: set[Tagged] = set()
        for a in around:
            close.update(_near(scene, a.adjusted(-reach, -reach, reach, reach)))
        movers = [t for t in tagged
                  if t in close and any(overlap(t.tag_hull(), a) > 0 for a in areas)]
        if not movers:
            return
        hull = _qrect(movers[0].tag_hull())
        for t in movers[1:]:
            hull = hull.united(_qrect(t.tag_hull()))
        near = _near(scene, hull)
    obstacles = [Obstacle(t.body_rect(), t.body_weight, t.tag_key) for t in near]
    obstacles += _marker_obstacles(scene)
    moving = {id(t) for t in movers}
    fixed = {t.tag_key: t.tag_rect() for t in near if id(t) not in moving}
    table = scene.table_rect()
    chosen = place_tags([Tag(t.tag_key, t.tag_spots()) for t in movers], obstacles,
                        _rect(table) if not table.isEmpty() else None, fixed)
    moved: list[QRectF] = []
    for t in movers:
        spot = chosen.get(t.tag_key, 0)
        if spot != t.tag_spot:
            moved.append(t.tag_keep_clear())
            t.set_tag_spot(spot)
            moved.append(t.tag_keep_clear())
    if moved:  # the terrain names near a tag that moved look again
        tell_names(scene, moved)  # type: ignore[arg-type]  # a TagScene is a QGraphicsScene


def _marker_obstacles(scene: TagScene) -> Iterable[Obstacle]:
    for objective in scene.objectives.values():
        disc, *plate = objective.label_keep_clear()
        yield Obstacle(_rect(disc))
        for r in plate:  # drawn over the units (and their names), as a disc is
            yield Obstacle(_rect(r), DISC_WEIGHT)
    for zone in scene.zones.values():
        yield Obstacle(_rect(zone.title_rect()), ZONE_TITLE_WEIGHT)
    # Terrain names at home, at the size they are drawn: a name moves off a tag
    # (TerrainLabelItem), so a tag that has room elsewhere leaves it there.
    ppi = scene.names_ppi if scene.names_ppi is not None else TABLE_SIZE_PPI
    for label in scene.terrain_labels.values():
        if label.isVisible() and label.shown_at(ppi):
            g = CLEARANCE + Tagged.TAG_CLEAR_GAP * scene.tag_scale
            yield Obstacle(_rect(label.home_rect(ppi).adjusted(-g, -g, g, g)),
                           TERRAIN_NAME_WEIGHT)
    extra = getattr(scene, "extra_clear", None)
    if extra is not None:  # the play window's counters: drawn over names, as a disc is
        for r in extra():
            yield Obstacle(_rect(r), DISC_WEIGHT)
