"""The table view: items for everything in a scenario, zoom, fit, grid, roster."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt

from desktop.scenario import load
from desktop.scenario.geometry import rect_corners
from desktop.scenario.model import Scenario
from desktop.scenario.vocabulary import TerrainType
from desktop.ui.main_window import MainWindow
from desktop.ui.table.force_items import OfficerItem, UnitItem
from desktop.ui.table.marker_items import DeploymentZoneItem, ObjectiveItem
from desktop.ui.table.overlays import grid_for, grid_lines, nice_bar
from desktop.ui.table.paths import polyline_path
from desktop.ui.table.terrain_items import TerrainItem
from desktop.ui.table.terrain_looks import LOOKS, build_look

DATA = Path(__file__).parent / "data"
SHOWCASE = DATA / "showcase.yaml"


@pytest.fixture
def showcase() -> Scenario:
    return load(SHOWCASE)


@pytest.fixture
def window(qtbot: Any, showcase: Scenario) -> MainWindow:
    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show_scenario(showcase, SHOWCASE)
    w.show()
    qtbot.waitExposed(w)
    return w


def _count(window: MainWindow, cls: type) -> int:
    return sum(isinstance(i, cls) for i in window.scene.items())


def test_window_shows_every_thing_in_the_scenario(window: MainWindow,
                                                  showcase: Scenario) -> None:
    units = sum(len(s.units) for s in showcase.sides)
    officers = sum(len(s.officers) for s in showcase.sides)
    assert _count(window, TerrainItem) == len(showcase.terrain) == 24
    assert _count(window, UnitItem) == units == 11
    assert _count(window, OfficerItem) == officers == 5
    assert _count(window, ObjectiveItem) == len(showcase.game.objectives)
    assert _count(window, DeploymentZoneItem) == len(showcase.sides)
    assert "Showcase of every terrain type" in window.windowTitle()


def test_showcase_holds_every_terrain_type(showcase: Scenario) -> None:
    assert {f.type for f in showcase.terrain} == set(TerrainType)
    assert set(LOOKS) == set(TerrainType)


def test_every_look_has_layers_and_draws_inside_its_bounds(showcase: Scenario) -> None:
    for feature in showcase.terrain:
        layers = build_look(feature)
        assert layers, feature.type
        item = TerrainItem(feature)
        assert item.boundingRect().width() > 0, feature.type


def test_roster_lists_each_side_with_totals(window: MainWindow, showcase: Scenario) -> None:
    sides = window.roster.sides
    assert [r.model.side.id for r in sides if r.model.side] == [s.id for s in showcase.sides]
    for roster, side in zip(sides, showcase.sides, strict=True):
        model = roster.model
        assert model.rowCount() == len(side.units) + len(side.officers)
        assert model.columnCount() == 5
        first = side.units[0]
        assert model.index(0, 0).data() == first.name
        assert model.index(0, 3).data() == str(first.cv)
        assert model.index(0, 4).data() == str(first.figures)
        units, cv, figures, _officers = model.totals()
        assert (units, cv, figures) == (len(side.units), sum(u.cv for u in side.units),
                                        sum(u.figures for u in side.units))
        assert f"<b>{cv}</b>" in roster.totals.text()


def test_unit_footprint_is_the_core_rectangle(window: MainWindow, showcase: Scenario) -> None:
    for side in showcase.sides:
        for unit in side.units:
            item = window.scene.units[unit.id]
            want = rect_corners(unit.position, unit.base.frontage, unit.base.depth, unit.facing)
            for (x, y), (wx, wy) in zip(item.scene_footprint(), want, strict=True):
                assert math.isclose(x, wx, abs_tol=1e-6) and math.isclose(y, wy, abs_tol=1e-6)


def test_tooltips_describe_units_officers_terrain_objectives(window: MainWindow) -> None:
    scene = window.scene
    assert "1st Foot Guards" in scene.units["b-1"].toolTip()
    assert "Elite" in scene.units["b-1"].toolTip()
    assert "Commander-in-chief" in scene.officers["b-wel"].toolTip()
    assert "Windmill Hill" in scene.terrain["hill-1"].toolTip()
    assert "Plancenoit" in scene.objectives["o-town"].toolTip()


def test_zoom_fit_and_limits(window: MainWindow, qtbot: Any) -> None:
    view = window.view
    view.fit_table()
    fitted = view.ppi()
    table = window.scene.table_rect()
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.contains(table)
    window.zoom_in_action.trigger()
    assert view.ppi() == pytest.approx(fitted * 1.25)
    window.zoom_out_action.trigger()
    window.zoom_out_action.trigger()
    assert view.ppi() == pytest.approx(fitted / 1.25)
    for _ in range(60):
        view.zoom_in()
    assert view.ppi() == pytest.approx(240.0)
    qtbot.keyClick(view, Qt.Key.Key_F)
    assert view.ppi() == pytest.approx(fitted)


def test_wheel_zoom_keeps_the_point_under_the_cursor(window: MainWindow) -> None:
    view = window.view
    view.fit_table()
    anchor = QPointF(300, 200)
    before = view.mapToScene(anchor.toPoint())
    view.zoom_by(2.0, anchor)
    after = view.mapToScene(anchor.toPoint())
    assert abs(before.x() - after.x()) < 2 / view.ppi() + 1e-6
    assert abs(before.y() - after.y()) < 2 / view.ppi() + 1e-6


def test_arrow_keys_pan(window: MainWindow, qtbot: Any) -> None:
    view = window.view
    view.zoom_by(4.0)
    centre = view.mapToScene(view.viewport().rect().center())
    qtbot.keyClick(view, Qt.Key.Key_Right)
    moved = view.mapToScene(view.viewport().rect().center())
    assert moved.x() > centre.x()


def test_grid_toggle(window: MainWindow, qtbot: Any) -> None:
    view = window.view
    assert not view.grid_visible  # the showcase has no grid of its own
    qtbot.keyClick(view, Qt.Key.Key_G)
    assert view.grid_visible and window.grid_action.isChecked()
    window.grid_action.trigger()
    assert not view.grid_visible


def _background(window: MainWindow) -> Any:
    """The scene's background alone (cloth, terrain, grid), rendered at 10 px per inch."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    t = window.scene.table_rect()
    image = QImage(int(t.width() * 10), int(t.height() * 10), QImage.Format.Format_RGB32)
    painter = QPainter(image)
    painter.scale(10, 10)
    window.scene.drawBackground(painter, QRectF(t))
    painter.end()
    return image


def test_grid_lies_on_the_cloth_under_the_units(window: MainWindow) -> None:
    """Toggling the grid repaints the cached background; units are items drawn over it."""
    spec = grid_for(window.scenario.table) if window.scenario else None
    assert spec is not None
    x = int((spec.origin[0] + 2 * spec.square) * 10)  # on the third vertical line
    without = _background(window)
    window.view.set_grid_visible(True)
    assert window.scene.grid_visible
    with_grid = _background(window)
    changed = sum(with_grid.pixel(x, y) != without.pixel(x, y) for y in range(0, 400, 10))
    assert changed >= 30  # the line runs down the table (names and edges may hide a few)
    window.view.set_grid_visible(False)
    assert not window.scene.grid_visible
    assert _background(window).pixel(x, 200) == without.pixel(x, 200)


def test_roster_columns_are_wide_enough_for_every_cell(window: MainWindow) -> None:
    for roster in window.roster.sides:
        table, model = roster.table, roster.model
        metrics = table.fontMetrics()
        header = table.horizontalHeader()
        for col in range(1, model.columnCount()):
            widest = max(metrics.horizontalAdvance(str(model.index(r, col).data()))
                         for r in range(model.rowCount()))
            assert header.sectionSize(col) >= widest + 6, (col, widest)


def test_cloth_is_the_same_every_time(showcase: Scenario, qtbot: Any) -> None:
    """The grass patches are seeded by the title: the same scenario, the same table."""
    from desktop.ui.table.scene import TableScene

    a, b = TableScene(), TableScene()
    a.set_scenario(showcase)
    b.set_scenario(showcase)
    assert a._cloth == b._cloth and not a._cloth.isNull()


def test_grid_lines_default_and_scenario(showcase: Scenario) -> None:
    from PySide6.QtCore import QRectF

    spec = grid_for(showcase.table)
    assert spec.square == 6.0 and not spec.from_scenario
    table = QRectF(0, 0, 72, 48)
    lines = grid_lines(spec, table, table)
    assert len(lines) == 11 + 7  # inner lines only: 72/6 - 1 and 48/6 - 1


def test_scale_bar_picks_a_readable_length() -> None:
    from desktop.scenario.vocabulary import LengthUnit

    for ppi in (0.5, 2, 5, 15, 40, 120, 240):
        length, parts = nice_bar(ppi, LengthUnit.INCH)
        assert 20 <= length * ppi <= 230 or length == 0.25
        assert parts >= 2
    length, _ = nice_bar(10, LengthUnit.CM)
    assert length in (5, 10, 20, 25, 50)


def test_smooth_line_passes_through_its_points() -> None:
    pts = [(0.0, 0.0), (10.0, 5.0), (20.0, 0.0), (30.0, 8.0)]
    path = polyline_path(pts, smooth=True)
    assert path.elementCount() == 1 + 3 * 3  # moveTo and three cubic segments
    ends = [path.elementAt(i) for i in (0, 3, 6, 9)]
    assert [(e.x, e.y) for e in ends] == pts
    straight = polyline_path(pts, smooth=False)
    assert straight.elementCount() == 4


def test_set_scenario_keeps_unchanged_items(window: MainWindow, showcase: Scenario) -> None:
    from dataclasses import replace

    scene = window.scene
    hill = scene.terrain["hill-1"]
    unit = scene.units["b-1"]
    moved = showcase.sides[0].units[0].moved((30.0, 30.0), 90.0)
    side = replace(showcase.sides[0], units=(moved, *showcase.sides[0].units[1:]))
    smaller = replace(showcase, sides=(side, showcase.sides[1]),
                      terrain=tuple(f for f in showcase.terrain if f.id != "wood-1"))
    window.show_scenario(smaller, SHOWCASE)
    assert scene.terrain["hill-1"] is hill
    assert scene.units["b-1"] is unit and unit.pos() == QPointF(30, 30)
    assert unit.rotation() == 90
    assert "wood-1" not in scene.terrain
    assert _count(window, TerrainItem) == len(showcase.terrain) - 1


def test_status_bar_shows_cursor_position(window: MainWindow) -> None:
    window.view.cursor_moved.emit(QPointF(12.5, 3))
    assert "12.5″" in window._position.text() and "3″" in window._position.text()


def test_bundled_scenarios_render(qtbot: Any, bundled: list[Path]) -> None:
    w = MainWindow()
    qtbot.addWidget(w)
    for path in bundled:
        assert w.open_file(path), path
        s = w.scenario
        assert s is not None
        assert len(w.scene.terrain) == len(s.terrain)
        if s.table.grid is not None:
            assert w.view.grid_visible
        w.grab()


def test_first_table_is_sketched_then_refined_after_painting(qtbot) -> None:
    """The first frame shows plain terrain (no shapely needed); full looks follow it."""
    from desktop.resources import bundled_scenario
    from desktop.scenario import load
    from desktop.ui.main_window import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    w.show_scenario(load(bundled_scenario()), None)
    items = list(w.scene.terrain.values())
    assert items and not any(i.detailed for i in items)
    assert not w.scene.terrain_labels  # names come with the full looks
    w.show()
    qtbot.waitUntil(lambda: all(i.detailed for i in w.scene.terrain.values()), timeout=3000)
    assert w.scene.terrain_labels


def test_later_scenarios_are_drawn_in_full_at_once(qtbot) -> None:
    from desktop.resources import bundled_scenario
    from desktop.scenario import load
    from desktop.ui.main_window import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    w.show_scenario(load(bundled_scenario()), None)
    w.show_scenario(load(bundled_scenario("kiddies_bridge")), None)
    assert all(i.detailed for i in w.scene.terrain.values())


# --- terrain names and objective markers --------------------------------------------


def _marker_rects(item: ObjectiveItem) -> list[QRectF]:
    """The objective's disc and name plate, worked out here from its position."""
    x, y = item.objective.position
    d = ObjectiveItem.DISC + 0.05
    return [QRectF(x - d, y - d, 2 * d, 2 * d), item.label_keep_clear()[1]]


def test_terrain_names_stay_clear_of_objective_markers(qtbot: Any, bundled: list[Path]) -> None:
    """No bundled scenario hides a village's or hill's name under its objective."""
    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    moved = set()
    for path in bundled:
        assert w.open_file(path), path
        scene = w.scene
        qtbot.waitUntil(lambda s=scene: bool(s.terrain_labels), timeout=3000)
        w.view.fit_table()
        for ppi in (w.view.ppi(), 6.0, 9.0, 12.0, 20.0, 60.0):
            names = list(scene.terrain_labels.values())
            for label in names:
                r = label.label_rect(ppi)
                for obj in scene.objectives.values():
                    for m in _marker_rects(obj):
                        assert not r.intersects(m), (path.name, ppi, label.feature.name,
                                                     obj.objective.name)
                if not label.shift(ppi).isNull():
                    moved.add(label.feature.name)
                    # moved names keep off the other names too
                    for other in names:
                        if other is not label:
                            assert not r.intersects(other.label_rect(ppi)), (
                                path.name, ppi, label.feature.name, other.feature.name)
    # Kreuzdorf and the Galgenberg sit under their objectives; Meeting-house Hill
    # under the Star redoubt's, with the redoubt's own name just above.
    assert {"Kreuzdorf", "Galgenberg", "Meeting-house Hill"} <= moved, moved


def _ink_box(label: Any, ppi: float) -> QRectF:
    """Where `paint_look` puts ink, in table inches (the label drawn alone)."""
    import numpy as np
    from PySide6.QtGui import QImage, QPainter

    around = label.boundingRect()
    img = QImage(int(around.width() * ppi) + 2, int(around.height() * ppi) + 2,
                 QImage.Format.Format_ARGB32)
    img.fill(0)
    p = QPainter(img)
    p.scale(ppi, ppi)
    p.translate(-around.topLeft())
    label.paint_look(p, ppi)
    p.end()
    a = np.frombuffer(img.constBits(), np.uint8).reshape(img.height(), img.bytesPerLine() // 4, 4)
    ys, xs = np.nonzero(a[:, : img.width(), 3] > 40)
    assert len(xs), label.feature.name
    return QRectF(around.left() + xs.min() / ppi, around.top() + ys.min() / ppi,
                  (xs.max() - xs.min() + 1) / ppi, (ys.max() - ys.min() + 1) / ppi)


def test_a_moved_name_is_drawn_where_it_says(qtbot: Any) -> None:
    from desktop.resources import bundled_scenario
    from desktop.ui.table.scene import TableScene

    scene = TableScene()
    scene.quick_first_show = False
    scene.set_scenario(load(bundled_scenario("d3_crossroads")))
    label = scene.terrain_labels["kreuzdorf"]
    for ppi in (8.0, 20.0):
        assert not label.shift(ppi).isNull()
        ink = _ink_box(label, ppi)
        halo = 0.25 + 2 / ppi
        said = label.label_rect(ppi)
        assert said.adjusted(-halo, -halo, halo, halo).contains(ink), (ppi, said, ink)
        assert ink.width() > 0.8 * said.width()
        for m in _marker_rects(scene.objectives["crossroads"]):
            assert not ink.intersects(m)


def test_names_follow_objectives_that_move_come_and_go(qtbot: Any) -> None:
    """As in the editor: the name moves back when its objective leaves (to where a
    fresh table puts it: home, or aside from the bases on the village, issue 21)."""
    from dataclasses import replace

    from desktop.resources import bundled_scenario
    from desktop.ui.table.scene import TableScene

    scene = TableScene()
    scene.quick_first_show = False
    s = load(bundled_scenario("d3_crossroads"))
    scene.set_scenario(s)
    label = scene.terrain_labels["kreuzdorf"]
    assert not label.shift(20).isNull()
    home = label.label_rect(20).translated(-label.shift(20))
    objectives = s.game.objectives
    crossroads = next(o for o in objectives if o.id == "crossroads")
    far = replace(crossroads, position=(5.0, 30.0))
    s2 = replace(s, game=replace(s.game, objectives=tuple(
        far if o is crossroads else o for o in objectives)))
    def fresh_rect(scenario: Scenario) -> Any:
        other = TableScene()
        other.quick_first_show = False
        other.set_scenario(scenario)
        return other.terrain_labels["kreuzdorf"].label_rect(20)

    with_it = label.label_rect(20)
    scene.set_scenario(s2)
    assert label.label_rect(20) == fresh_rect(s2) != with_it
    back = label.label_rect(20).center() - home.center()
    assert abs(back.x()) + abs(back.y()) < 2.0  # back by its feature, not far off
    scene.set_scenario(s)  # moved back onto the village
    assert label.label_rect(20) == with_it
    gone = replace(s, game=replace(s.game, objectives=tuple(
        o for o in objectives if o is not crossroads)))
    scene.set_scenario(gone)  # deleted
    assert label.label_rect(20) == fresh_rect(gone)
    # an objective dropped onto a name that was clear moves it
    quarry = scene.terrain_labels["quarry"]
    assert quarry.shift(20).isNull()
    spot = quarry.label_rect(20).center()
    new = replace(crossroads, id="q", position=(spot.x(), spot.y()))
    scene.set_scenario(replace(s, game=replace(s.game, objectives=(*objectives, new))))
    assert not quarry.shift(20).isNull()
    r = quarry.label_rect(20)
    assert not any(r.intersects(m) for m in _marker_rects(scene.objectives["q"]))


def test_a_name_repaints_only_when_its_spot_moves(qtbot: Any) -> None:
    """Dragging a feature makes its neighbours' names look again; those that stay put
    must not repaint the cached background (a vertex drag repainted the table at
    every mouse move: 34 ms a move on the 300-feature table, bench_drag)."""
    from desktop.resources import bundled_scenario
    from desktop.ui.table.scene import TableScene

    scene = TableScene()
    scene.quick_first_show = False
    scene.set_scenario(load(bundled_scenario("d3_crossroads")))
    label = scene.terrain_labels["kreuzdorf"]  # moved aside from the crossroads' marker
    drawn = label.shift(20)  # as a paint at 20 px/in works it out
    repainted: list[QRectF] = []
    label.repaint_area = repainted.append  # type: ignore[method-assign]
    label.replace()  # a neighbour changed, but nothing that moves this name
    assert repainted == [] and label.shift(20) == drawn
    label._spots[20.0] = QPointF(5, 5)  # as if drawn before a neighbour moved away
    label.replace()
    assert len(repainted) == 1 and label.shift(20) == drawn


# --- computed looks kept between starts (issue 22) ------------------------------------


def _table(scenario: Scenario) -> Any:
    from desktop.ui.table.scene import TableScene

    scene = TableScene()
    scene.quick_first_show = False  # full looks at once, as a later table is drawn
    scene.set_scenario(scenario)
    return scene


def _drawn(scene: Any) -> tuple[list[Any], list[Any]]:
    """Everything the terrain is drawn from: each layer's path, pen, brush and zoom
    threshold, and each name's text and outline, in a form that compares by value."""
    layers = [(fid, [(layer.path, layer.pen, layer.brush, layer.min_ppi)
                     for layer in item.looks()]) for fid, item in sorted(scene.terrain.items())]
    names = [(fid, label.text, label.name_path())
             for fid, label in sorted(scene.terrain_labels.items())]
    return layers, names


def test_looks_read_back_are_the_looks_computed(qapp: Any, showcase: Scenario, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A second start on the same terrain draws from the cache, to the bit the same."""
    from desktop.ui.table import look_cache, terrain_looks

    monkeypatch.setenv(look_cache.ENV, str(tmp_path))
    computed = _drawn(_table(showcase))
    assert list(tmp_path.glob("*.looks"))
    # Nothing may be computed now: a look built or a name outlined would fail.

    def no(*_: Any) -> Any:
        raise AssertionError("computed again")

    monkeypatch.setattr(terrain_looks, "build_look", no)
    from desktop.ui.table.terrain_items import TerrainLabelItem
    monkeypatch.setattr(TerrainLabelItem, "name_outline", classmethod(no))
    assert _drawn(_table(showcase)) == computed


def test_changed_terrain_is_computed_again(qapp: Any, showcase: Scenario, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A feature moved (or the drawing code changed) gives another key: no stale look."""
    import dataclasses

    from desktop.ui.table import look_cache

    monkeypatch.setenv(look_cache.ENV, str(tmp_path))
    _table(showcase)
    wood = next(f for f in showcase.terrain if f.type is TerrainType.WOOD)
    moved_shape = dataclasses.replace(wood.shape, centre=(wood.shape.centre[0] + 3,
                                                          wood.shape.centre[1])) \
        if hasattr(wood.shape, "centre") else dataclasses.replace(
            wood.shape, points=tuple((x + 3, y) for x, y in wood.shape.points))
    moved = dataclasses.replace(showcase, terrain=tuple(
        dataclasses.replace(f, shape=moved_shape) if f is wood else f
        for f in showcase.terrain))
    assert look_cache.key(moved.terrain) != look_cache.key(showcase.terrain)
    assert look_cache.load(moved.terrain) is None
    fresh = _drawn(_table(moved))
    monkeypatch.setenv(look_cache.ENV, "")  # caching off: computed from scratch
    assert _drawn(_table(moved)) == fresh


def test_a_damaged_cache_file_is_ignored(qapp: Any, showcase: Scenario, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from desktop.ui.table import look_cache

    monkeypatch.setenv(look_cache.ENV, str(tmp_path))
    computed = _drawn(_table(showcase))
    (kept,) = tmp_path.glob("*.looks")
    kept.write_bytes(kept.read_bytes()[: kept.stat().st_size // 2])
    assert look_cache.load(showcase.terrain) is None
    assert _drawn(_table(showcase)) == computed


def test_houses_turn_exactly_as_shapely_rotates_them() -> None:
    """A village's houses are turned in one go; each must be the very polygon that
    `shapely.affinity.rotate` gives, so screenshots stay the same to the pixel."""
    import random

    from shapely import affinity
    from shapely.geometry import Polygon

    from desktop.ui.table.terrain_looks import _houses

    room = Polygon([(0, 0), (30, 0), (30, 20), (0, 20)]).buffer(-1.0)
    spots = [(random.Random(i).uniform(-2, 32), random.Random(-i).uniform(-2, 22))
             for i in range(200)]
    got = _houses(room, spots, 33.7, random.Random(7))
    rng = random.Random(7)
    want = []
    for x, y in spots:
        w, d = rng.uniform(1.0, 1.5), rng.uniform(0.65, 0.9)
        turn = 33.7 + rng.choice((0, 90)) + rng.uniform(-6, 6)
        house = affinity.rotate(Polygon([(x - w / 2, y - d / 2), (x + w / 2, y - d / 2),
                                         (x + w / 2, y + d / 2), (x - w / 2, y + d / 2)]),
                                turn, origin=(x, y))
        if room.contains(house):
            want.append(list(house.exterior.coords))
    assert 0 < len(got) < len(spots)  # some stand in the room, some do not
    assert [list(h.exterior.coords) for h in got] == want  # exactly, not approximately


def test_only_the_latest_tables_looks_are_kept(qapp: Any, showcase: Scenario, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from desktop.ui.table import look_cache

    monkeypatch.setenv(look_cache.ENV, str(tmp_path))
    tables = [(f,) for f in showcase.terrain[:3]]
    for n, terrain in enumerate(tables):
        look_cache.save(terrain, look_cache.Looks({terrain[0].id: []}, {}))
        kept = tmp_path / f"{look_cache.key(terrain)}.looks"
        os.utime(kept, (1_000_000 + n, 1_000_000 + n))  # each newer than the last
    assert all(look_cache.load(t) is not None for t in tables)
    monkeypatch.setattr(look_cache, "KEEP", 2)
    look_cache._prune(tmp_path)
    assert look_cache.load(tables[0]) is None  # the oldest went
    assert look_cache.load(tables[1]) is not None and look_cache.load(tables[2]) is not None
    assert not list(tmp_path.glob("*.tmp"))
