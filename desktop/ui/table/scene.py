"""The table scene: one item per terrain feature, unit, officer, zone and objective.

`set_scenario` reconciles the items with a scenario value: an item whose value
is unchanged is kept, a changed one is updated in place, and the rest are
added or removed.  Editors call it after every command; it never reads files
and holds no rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QRadialGradient
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QWidget

from desktop.scenario.geometry import deployment_zone, shape_area
from desktop.scenario.model import Scenario, TerrainFeature
from desktop.scenario.vocabulary import LengthUnit, TerrainType
from desktop.ui.table.force_items import OfficerItem, UnitItem
from desktop.ui.table.marker_items import DeploymentZoneItem, ObjectiveItem, tell_names
from desktop.ui.table.overlays import GridSpec, draw_grid, grid_for
from desktop.ui.table.styles import OFF_TABLE, TABLE_CLOTH, TABLE_CLOTH_DARK, TABLE_EDGE
from desktop.ui.table.tag_layout import layout_tags
from desktop.ui.table.terrain_items import LABELLED, TerrainItem, TerrainLabelItem

if TYPE_CHECKING:
    from desktop.ui.table.terrain_looks import LookContext

ItemT = TypeVar("ItemT", bound=QGraphicsItem)

#: If the quickly sketched table is never painted, refine it after this long.
REFINE_FALLBACK_MS = 300
#: How many times the fallback waits for a shown view's first frame.
REFINE_FALLBACK_TRIES = 10
#: Pixels per table inch of the cloth's pre-painted picture.
CLOTH_PPI = 4
CLOTH_LIGHT = QColor("#b4c48b")


#: Tag scales closer than this share of the current one are not worth a relayout.
TAG_SCALE_STEP = 0.04


class TableScene(QGraphicsScene):
    """A scenario's table in inches: (0, 0) is the top-left (north-west) corner."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scenario: Scenario | None = None
        self.terrain: dict[str, TerrainItem] = {}
        self.terrain_labels: dict[str, TerrainLabelItem] = {}
        self.units: dict[str, UnitItem] = {}
        self.officers: dict[str, OfficerItem] = {}
        self.objectives: dict[str, ObjectiveItem] = {}
        self.zones: dict[str, DeploymentZoneItem] = {}
        self._buildings_key: tuple[TerrainFeature, ...] = ()
        self._look_context: LookContext | None = None  # built when a look first needs it
        self._blotches: list[tuple[float, float, float, bool]] = []
        self._cloth = QImage()
        #: Terrain and its labels in drawing order, painted into the background.
        self._ground: list[TerrainItem | TerrainLabelItem] = []
        #: How far any name tag may stand from its unit or officer (inches): the
        #: margin within which a change may move tags (see tag_layout).
        self.tag_reach = 0.0
        #: How much bigger than on the table unit and officer tags are drawn:
        #: set by the view from its zoom (see set_tag_scale).
        self.tag_scale = 1.0
        #: The view's zoom (device pixels an inch) when it last fitted the tags:
        #: the size the terrain names are drawn at, which tags keep off (None:
        #: no view; names at their size on the table).
        self.names_ppi: float | None = None
        #: What else objectives' names keep off, in scene inches (a game's badges,
        #: as drawn now): set by the play window.
        self.name_obstacles: Callable[[], list[QRectF]] | None = None
        #: More that name tags keep clear of, as the window draws it now: the play
        #: window's counters ("13/13") beside each base (issue 34: they covered
        #: the names).  Asked on every layout, at the current zoom.
        self.extra_clear: Callable[[], list[QRectF]] | None = None
        #: Tables shown before the first one is painted are drawn with plain
        #: terrain, refined right after that first frame.
        self.quick_first_show = True
        self._refine_pending = False
        self._fallbacks = 0
        self.grid_visible = False
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self.setBackgroundBrush(OFF_TABLE)

    # --- what is on the table ------------------------------------------------------

    def table_rect(self) -> QRectF:
        if self.scenario is None:
            return QRectF()
        t = self.scenario.table
        return QRectF(0, 0, t.width, t.depth)

    def set_grid_visible(self, visible: bool) -> None:
        """The grid lies on the cloth, under the units, in the cached background."""
        if visible != self.grid_visible:
            self.grid_visible = visible
            self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    def grid_spec(self) -> GridSpec | None:
        return grid_for(self.scenario.table) if self.scenario is not None else None

    # --- refresh -------------------------------------------------------------------

    def set_scenario(self, scenario: Scenario | None) -> None:
        """Show `scenario` (None: an empty table), reusing the items that did not change."""
        old = self.scenario
        self.scenario = scenario
        if scenario is None:
            self._refine_pending = False
            self._drop(self.terrain, set())
            self._drop(self.terrain_labels, set())
            self._drop(self.units, set())
            self._drop(self.officers, set())
            self._drop(self.objectives, set())
            self._drop(self.zones, set())
            self.setSceneRect(QRectF(0, 0, 1, 1))
            self._blotches = []
            self._cloth = QImage()
            self._ground = []
            self.update()
            return
        lu = scenario.table.unit
        unit_changed = old is None or old.table != scenario.table
        if unit_changed:
            self._drop(self.terrain, set())
            self._drop(self.units, set())
            self._drop(self.officers, set())
            self._drop(self.objectives, set())
            self._drop(self.zones, set())
            self.tag_reach = 0.0
            self._make_cloth(scenario)
        # Quick until a table has been painted: the editor first shows a blank
        # document and then the opened file, whose table must be quick too.
        quick = self.quick_first_show and unit_changed
        if quick:
            self._drop(self.terrain_labels, set())
            # Refined once the first frame is painted (see drawBackground), or
            # shortly anyway if this scene is never painted.
            self._sketch_terrain(scenario, lu)
            self._refine_pending = True
            self._fallbacks = 0
            QTimer.singleShot(REFINE_FALLBACK_MS, self, self._refine_fallback)
        # An editor swaps scenario values that share every part they did not
        # change: what is the very same object needs no look at all.
        fresh = unit_changed or old is None
        terrain_same = not fresh and old is not None and old.terrain is scenario.terrain
        dirty: QRectF | None = None  # None: the whole background
        waiting = (self._refine_pending and self.quick_first_show and old is not None
                   and (terrain_same or old.terrain == scenario.terrain))
        if waiting:
            pass  # the same ground, still unpainted: the refine after the first frame syncs it
        elif self._refine_pending and not quick:
            self._refine_pending = False
            self._sync_terrain(scenario, lu)
        elif not quick and not terrain_same:
            dirty = self._sync_terrain(scenario, lu)
            if fresh:
                dirty = None
        moved: list[QRectF] = []  # where units, officers or markers changed: tags look again
        if fresh or old is None or old.sides is not scenario.sides:
            self._sync_forces(scenario, lu, None if fresh else old, moved)
        if fresh or old is None or old.sides is not scenario.sides or old.game is not scenario.game:
            self._sync_markers(scenario, lu, moved)
        if fresh:
            self._clear_plates(None)
            tell_names(self, None)  # names move aside from the bases standing on them
            layout_tags(self)  # type: ignore[arg-type]  # a TagScene: Qt's items() overloads
        elif moved:
            moved.extend(self._clear_plates(moved))
            tell_names(self, moved)
            layout_tags(self, moved)  # type: ignore[arg-type]
        if fresh:
            t = scenario.table
            margin = max(6.0, 0.15 * max(t.width, t.depth))
            self.setSceneRect(QRectF(-margin, -margin, t.width + 2 * margin,
                                     t.depth + 2 * margin))
        if not terrain_same:
            # Terrain is painted into the (cached) background: repaint only what changed.
            area = self.sceneRect() if dirty is None else dirty.adjusted(-1, -1, 1, 1)
            if not area.isEmpty():
                self.invalidate(area, QGraphicsScene.SceneLayer.BackgroundLayer)

    def _drop(self, group: dict[str, ItemT], keep: set[str],
              moved: list[QRectF] | None = None) -> None:
        for key in [k for k in group if k not in keep]:
            item = group.pop(key)
            if moved is not None:
                moved.append(item.sceneBoundingRect())
            self.removeItem(item)

    def _sketch_terrain(self, scenario: Scenario, lu: LengthUnit) -> None:
        """Plain terrain items, built without shapely, for the first frame."""
        for feature in scenario.terrain:
            item = TerrainItem(feature, lu, detail=False)
            item.in_layer = True
            self.terrain[feature.id] = item
            self.addItem(item)
        self._ground = sorted(self.terrain.values(), key=lambda i: i.zValue())

    def _refine_fallback(self) -> None:
        """Refine a sketch that no frame has shown; while a shown view has yet to paint
        it (a slow start), wait for that frame instead of delaying it."""
        waiting = self.quick_first_show and any(v.isVisible() for v in self.views())
        if self._refine_pending and waiting and self._fallbacks < REFINE_FALLBACK_TRIES:
            self._fallbacks += 1
            QTimer.singleShot(REFINE_FALLBACK_MS, self, self._refine_fallback)
            return
        self.refine_terrain()

    def finished(self) -> bool:
        """Whether the table is drawn in full: no plain sketch is waiting for its looks."""
        return not self._refine_pending

    def refine_terrain(self) -> None:
        """Give the terrain its full looks and names (after a quick first show)."""
        if not self._refine_pending or self.scenario is None:
            return
        self._refine_pending = False
        self._sync_terrain(self.scenario, self.scenario.table.unit)
        self.invalidate(self.sceneRect(), QGraphicsScene.SceneLayer.BackgroundLayer)

    def _sync_terrain(self, scenario: Scenario, lu: LengthUnit) -> QRectF:
        """Reconcile the terrain items; returns the area whose looks changed.

        A whole table's looks (a first show, or the refine after the sketch)
        are read from the look cache when this terrain was drawn before, so
        shapely is neither imported nor used; otherwise they are built and kept
        there for the next start (see look_cache).
        """
        from desktop.ui.table import look_cache

        whole = not any(i.detailed for i in self.terrain.values())
        cached = look_cache.load(scenario.terrain) if whole else None
        buildings = tuple(f for f in scenario.terrain if f.type is TerrainType.BUILDING)
        towns_stale = buildings != self._buildings_key
        self._buildings_key = buildings
        if towns_stale:
            self._look_context = None

        def ctx() -> LookContext:
            """What looks need beyond their own feature, worked out when one is built."""
            if self._look_context is None:
                from shapely.ops import unary_union

                from desktop.ui.table.terrain_looks import LookContext

                union = (unary_union([shape_area(b.shape) for b in buildings])
                         if buildings else None)
                self._look_context = LookContext(buildings=union)
            return self._look_context

        layers = cached.layers if cached is not None else {}
        names = cached.names if cached is not None else {}
        dirty = QRectF()
        resort = False
        ids = set()
        for feature in scenario.terrain:
            ids.add(feature.id)
            item = self.terrain.get(feature.id)
            stale_town = towns_stale and feature.type is TerrainType.TOWN
            if item is None:
                known = layers.get(feature.id)
                item = TerrainItem(feature, lu, None if known is not None else ctx(),
                                   layers=known)
                item.in_layer = True
                self.terrain[feature.id] = item
                self.addItem(item)
                dirty = dirty.united(item.boundingRect())
                resort = True
            elif item.feature is not feature and (
                    item.feature != feature or stale_town or not item.detailed):
                z = item.zValue()
                if item.in_layer:
                    dirty = dirty.united(item.boundingRect())
                known = layers.get(feature.id)
                item.set_feature(feature, lu, None if known is not None else ctx(),
                                 layers=known)
                if item.in_layer:  # (a floating item repaints itself)
                    dirty = dirty.united(item.boundingRect())
                resort = resort or item.zValue() != z
            elif stale_town or not item.detailed:
                known = layers.get(feature.id)
                item.set_feature(feature, lu, None if known is not None else ctx(),
                                 layers=known)
                dirty = dirty.united(item.boundingRect())
            label = self.terrain_labels.get(feature.id)
            wants_label = bool(feature.name) and feature.type in LABELLED
            if wants_label and label is None:
                label = TerrainLabelItem(feature, names.get(feature.id))
                label.in_layer = True
                self.terrain_labels[feature.id] = label
                self.addItem(label)
                dirty = dirty.united(label.boundingRect())
                resort = True
            elif wants_label and label is not None and label.feature != feature:
                if label.in_layer:
                    dirty = dirty.united(label.boundingRect())
                label.set_feature(feature)
                if label.in_layer:
                    dirty = dirty.united(label.boundingRect())
            elif not wants_label and label is not None:
                dirty = dirty.united(label.boundingRect())
                self.removeItem(self.terrain_labels.pop(feature.id))
                resort = True
        for group in (self.terrain, self.terrain_labels):
            for key, gone in group.items():
                if key not in ids:
                    dirty = dirty.united(gone.boundingRect())
                    resort = True
        self._drop(self.terrain, ids)
        self._drop(self.terrain_labels, ids)
        if resort or len(self._ground) != len(self.terrain) + len(self.terrain_labels):
            self._ground = sorted([*self.terrain.values(), *self.terrain_labels.values()],
                                  key=lambda i: i.zValue())
        if whole and cached is None:
            look_cache.save(scenario.terrain, look_cache.Looks(
                {fid: item.looks() for fid, item in self.terrain.items()},
                {fid: (label.text, label.name_path()) for fid, label in
                 self.terrain_labels.items()}))
        return dirty

    # --- live edits ----------------------------------------------------------------

    def float_terrain(self, ids: set[str] | frozenset[str]) -> None:
        """Lift features out of the cached background while they are being dragged.

        A feature in the background layer repaints the whole view whenever it
        changes; lifted, it is an ordinary item that repaints only its own
        rectangle.  `sink_terrain` puts everything back when the drag ends.
        """
        area = QRectF()
        for fid in ids:
            for item in (self.terrain.get(fid), self.terrain_labels.get(fid)):
                if item is not None and item.in_layer:
                    item.in_layer = False
                    area = area.united(item.boundingRect())
                    item.update()
        if not area.isEmpty():
            self.invalidate(area.adjusted(-1, -1, 1, 1), QGraphicsScene.SceneLayer.BackgroundLayer)

    def sink_terrain(self) -> None:
        """Return every lifted feature to the background layer."""
        area = QRectF()
        items: list[TerrainItem | TerrainLabelItem] = [*self.terrain.values(),
                                                       *self.terrain_labels.values()]
        for item in items:
            if not item.in_layer:
                item.in_layer = True
                area = area.united(item.boundingRect())
        if not area.isEmpty():
            self.invalidate(area.adjusted(-1, -1, 1, 1), QGraphicsScene.SceneLayer.BackgroundLayer)

    @property
    def floating(self) -> bool:
        return any(not i.in_layer for i in self.terrain.values())

    def _sync_forces(self, scenario: Scenario, lu: LengthUnit,
                     old: Scenario | None = None, moved: list[QRectF] | None = None) -> None:
        """Reconcile units and officers; note in `moved` where anything came, went or changed."""
        moved = [] if moved is None else moved
        unit_ids: set[str] = set()
        officer_ids: set[str] = set()
        unchanged = {s.id: s for s in old.sides} if old is not None else {}
        for side in scenario.sides:
            if unchanged.get(side.id) is side:  # the same value: its items are up to date
                unit_ids.update(u.id for u in side.units)
                officer_ids.update(o.id for o in side.officers)
                continue
            for unit in side.units:
                unit_ids.add(unit.id)
                item = self.units.get(unit.id)
                if item is None:
                    item = UnitItem(side, unit, lu)
                    item.set_tag_scale(self.tag_scale)
                    self.units[unit.id] = item
                    self.addItem(item)
                    self._note_tagged(item, moved)
                elif item.unit != unit or item.side.colour != side.colour \
                        or item.side.name != side.name:
                    moved.append(item.sceneBoundingRect())
                    item.set_unit(side, unit, lu)
                    self._note_tagged(item, moved)
            for officer in side.officers:
                officer_ids.add(officer.id)
                oitem = self.officers.get(officer.id)
                if oitem is None:
                    oitem = OfficerItem(side, officer, lu)
                    oitem.set_tag_scale(self.tag_scale)
                    self.officers[officer.id] = oitem
                    self.addItem(oitem)
                    self._note_tagged(oitem, moved)
                elif oitem.officer != officer or oitem.side.colour != side.colour \
                        or oitem.side.name != side.name:
                    moved.append(oitem.sceneBoundingRect())
                    oitem.set_officer(side, officer, lu)
                    self._note_tagged(oitem, moved)
        self._drop(self.units, unit_ids, moved)
        self._drop(self.officers, officer_ids, moved)

    def set_objective_holders(self, holders: dict[str, tuple[str, str] | None]) -> None:
        """Colour each objective by the side holding it in a game: (colour, name) by
        objective id; None or left out: nobody holds it."""
        for oid, item in self.objectives.items():
            item.set_holder(holders.get(oid))

    def clear_objective_names(self) -> None:
        """Objectives move their names off the bases on them and off what
        `name_obstacles` gives (a game's badges), below the marker if clear."""
        moved = self._clear_plates(None)
        if moved:
            tell_names(self, moved)
            layout_tags(self, moved)  # type: ignore[arg-type]  # names step off the plates

    def _clear_plates(self, around: list[QRectF] | None) -> list[QRectF]:
        """Objectives near `around` (None: all) move their names off the bases on them.

        Returns where names left and came, for tags and terrain names to look again.
        """
        changed: list[QRectF] = []
        tags = self.name_obstacles() if self.name_obstacles is not None else []
        for item in self.objectives.values():
            reach = item.sceneBoundingRect()
            if around is not None and not any(reach.intersects(a) for a in around):
                continue
            near = self.items(reach, Qt.ItemSelectionMode.IntersectsItemBoundingRect)
            bases = [r for i in near if isinstance(i, UnitItem) for r in i.label_keep_clear()]
            bases += [r for r in tags if r.intersects(reach)]
            names = [QRectF(QPointF(r[0], r[1]), QPointF(r[2], r[3])) for r in
                     (i.tag_rect() for i in near if isinstance(i, (UnitItem, OfficerItem)))]
            before = item.label_keep_clear()
            if item.place_plate(bases, names):
                changed += [*before, *item.label_keep_clear()]
        return changed

    def set_tag_scale(self, scale: float) -> bool:
        """Draw unit and officer tags `scale` times their size on the table, laid out afresh.

        A table fitted to a small window would draw tags a few pixels high;
        the view asks for bigger ones, and every tag then looks again for its
        clearest spot at its new size.  Changes of less than TAG_SCALE_STEP
        are ignored (a relayout costs a little).  True when the tags changed.
        """
        small = abs(scale - self.tag_scale) <= TAG_SCALE_STEP * self.tag_scale
        if scale == self.tag_scale or (small and scale != 1.0):
            return False  # back to 1 always: zoomed in, tags are as on the table
        self.tag_scale = scale
        self.tag_reach = 0.0
        for item in (*self.units.values(), *self.officers.values()):
            item.set_tag_scale(scale)
            self.tag_reach = max(self.tag_reach, item.tag_reach())
        for objective in self.objectives.values():
            objective.set_tag_scale(scale)  # (tells the names near it)
        self._clear_plates(None)
        layout_tags(self)  # type: ignore[arg-type]  # a TagScene: Qt's items() overloads
        tell_names(self, None)  # every tag has a new size: every name looks again
        return True

    def _note_tagged(self, item: UnitItem | OfficerItem, moved: list[QRectF]) -> None:
        """Note where a piece now stands, for the tags around it to look again."""
        moved.append(item.sceneBoundingRect())
        self.tag_reach = max(self.tag_reach, item.tag_reach())

    def _sync_markers(self, scenario: Scenario, lu: LengthUnit,
                      moved: list[QRectF] | None = None) -> None:
        """Reconcile zones and objectives; note in `moved` the titles and plates that changed."""
        moved = [] if moved is None else moved
        side_ids = set()
        for side in scenario.sides:
            side_ids.add(side.id)
            points = deployment_zone(scenario, side.id)
            zone = self.zones.get(side.id)
            if zone is None:
                zone = DeploymentZoneItem(side, points)
                self.zones[side.id] = zone
                self.addItem(zone)
                moved.append(zone.title_rect())
            elif zone.points != points or (zone.side.name, zone.side.colour, zone.side.baseline) \
                    != (side.name, side.colour, side.baseline):
                # (not `zone.side != side`: that is true whenever one of its units moved)
                moved.append(zone.title_rect())
                zone.set_zone(side, points)
                moved.append(zone.title_rect())
        moved.extend(z.title_rect() for k, z in self.zones.items() if k not in side_ids)
        self._drop(self.zones, side_ids)
        obj_ids = set()
        for objective in scenario.game.objectives:
            obj_ids.add(objective.id)
            oitem = self.objectives.get(objective.id)
            if oitem is None:
                oitem = ObjectiveItem(objective, lu, self.tag_scale)
                self.objectives[objective.id] = oitem
                self.addItem(oitem)
                if oitem.name_item is not None:
                    self.addItem(oitem.name_item)
                moved.extend(oitem.label_keep_clear())
            elif oitem.objective != objective:
                moved.extend(oitem.label_keep_clear())
                oitem.set_objective(objective, lu)
                moved.extend(oitem.label_keep_clear())
        for key in [k for k in self.objectives if k not in obj_ids]:
            name = self.objectives[key].name_item
            if name is not None and name.scene() is self:
                self.removeItem(name)
        self._drop(self.objectives, obj_ids, moved)

    # --- the cloth -----------------------------------------------------------------

    def _make_cloth(self, scenario: Scenario) -> None:
        """Soft patches of lighter and darker grass, seeded by the title (same every time).

        Painted once into a small picture (CLOTH_PPI pixels per inch) that
        drawBackground stretches over the table: the patches are blurs, so
        nothing is lost, and one scaled image is far cheaper to draw at every
        full repaint than dozens of translucent gradients.
        """
        t = scenario.table
        rng = random.Random(scenario.title)
        count = int(t.width * t.depth / 160) + 4
        self._blotches = [
            (rng.uniform(0, t.width), rng.uniform(0, t.depth),
             rng.uniform(4, 12), rng.random() < 0.5)
            for _ in range(min(count, 120))
        ]
        w = max(1, round(t.width * CLOTH_PPI))
        h = max(1, round(t.depth * CLOTH_PPI))
        image = QImage(w, h, QImage.Format.Format_RGB32)
        image.fill(TABLE_CLOTH)
        painter = QPainter(image)
        painter.scale(w / t.width, h / t.depth)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        stamps = {dark: _blotch_stamp(TABLE_CLOTH_DARK if dark else CLOTH_LIGHT)
                  for dark in (False, True)}
        for x, y, r, dark in self._blotches:
            painter.drawImage(QRectF(x - r, y - r, 2 * r, 2 * r), stamps[dark])
        painter.end()
        self._cloth = image

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:  # type: ignore[override]
        """Off-table floor, the table's frame and cloth, then all the terrain (see TerrainItem)."""
        painter.fillRect(rect, OFF_TABLE)
        table = self.table_rect()
        if table.isEmpty():
            return
        self.quick_first_show = False
        # The table's frame and its shadow on the floor.
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 90))
        painter.drawRect(table.translated(0.5, 0.7).adjusted(-0.6, -0.6, 0.6, 0.6))
        painter.setBrush(TABLE_EDGE)
        painter.drawRect(table.adjusted(-0.6, -0.6, 0.6, 0.6))
        if self._cloth.isNull():
            painter.fillRect(table, TABLE_CLOTH)
        else:
            painter.drawImage(table, self._cloth)
        ppi = painter.worldTransform().m11() or 1.0
        spec = self.grid_spec() if self.grid_visible else None
        for item in self._ground:
            if spec is not None and isinstance(item, TerrainLabelItem):
                draw_grid(painter, spec, table, rect, ppi)  # over the ground, under the names
                spec = None
            if item.in_layer and item.isVisible() and item.boundingRect().intersects(rect):
                item.paint_look(painter, ppi)
        if spec is not None:
            draw_grid(painter, spec, table, rect, ppi)
        edge = QPen(QColor(40, 30, 20), 0.08)
        painter.setPen(edge)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(table)
        if self._refine_pending:
            QTimer.singleShot(0, self, self.refine_terrain)  # after this frame reaches the screen


def _blotch_stamp(colour: QColor, size: int = 64) -> QImage:
    """A soft round patch of `colour`, fading out from its centre (one gradient, reused)."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    c = QColor(colour)
    c.setAlpha(120)
    edge = QColor(c)
    edge.setAlpha(0)
    g = QRadialGradient(QPointF(size / 2, size / 2), size / 2)
    g.setColorAt(0.0, c)
    g.setColorAt(1.0, edge)
    painter = QPainter(image)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(g)
    painter.drawEllipse(QRectF(0, 0, size, size))
    painter.end()
    return image
