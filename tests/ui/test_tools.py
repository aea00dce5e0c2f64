"""Tools driven with plain events in table inches (no window), checking model, undo, redo."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest

from desktop.scenario.edits.base import all_ids
from desktop.scenario.edits.placing import wheel_pivot
from desktop.scenario.geometry import footprint
from desktop.scenario.model import EllipseShape, Grid, LineShape, PolygonShape, RectShape, Scenario
from desktop.scenario.vocabulary import Rank, TerrainType, UnitType
from desktop.ui.document import Document
from desktop.ui.tools import ToolEvent, ToolManager
from tests.scenario.test_edits import pinned_d3


@pytest.fixture
def d3() -> Scenario:
    return pinned_d3()


@pytest.fixture
def tm(qtbot: Any, d3: Scenario, tmp_path: Path) -> ToolManager:
    doc = Document(d3, autosave_dir=tmp_path, autosave_interval=0)
    return ToolManager(doc)


def ev(x: float, y: float, button: str = "left", **mods: bool) -> ToolEvent:
    return ToolEvent((x, y), button, tolerance=0.3, **mods)


def drag(tm: ToolManager, a: tuple[float, float], b: tuple[float, float], steps: int = 6,
         **mods: bool) -> None:
    tm.press(ev(*a, **mods))
    for k in range(1, steps + 1):
        t = k / steps
        tm.move(ev(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, **mods))
    tm.release(ev(*b, **mods))


def undo_redo(tm: ToolManager, before: Scenario) -> None:
    """One undo step restores `before`; redo brings the change back."""
    after = tm.doc.scenario
    assert tm.doc.undo_stack.count() >= 1
    tm.doc.undo_stack.undo()
    assert tm.doc.scenario == before
    tm.doc.undo_stack.redo()
    assert tm.doc.scenario == after


def test_every_tool_has_an_exclusive_checkable_action(tm: ToolManager) -> None:
    assert tm.group.isExclusive()
    assert len(tm.actions) == len(tm.tools) == 19
    tm.actions["polygon"].trigger()
    assert tm.current_name == "polygon" and tm.actions["polygon"].isChecked()
    assert not tm.actions["select"].isChecked()
    shortcuts = [a.shortcut().toString() for a in tm.actions.values()]
    assert len(set(shortcuts)) == len(shortcuts)  # no two tools share a key


# --- select and move --------------------------------------------------------------------------


def test_click_selects_shift_adds_empty_clears(tm: ToolManager) -> None:
    tm.press(ev(24, 30.5))
    tm.release(ev(24, 30.5))
    assert tm.doc.selection == {"fra_art"}
    tm.press(ev(40, 31, shift=True))
    tm.release(ev(40, 31, shift=True))
    assert tm.doc.selection == {"fra_art", "fra_huss"}
    tm.press(ev(40, 31, shift=True))  # shift-click again toggles off
    tm.release(ev(40, 31, shift=True))
    assert tm.doc.selection == {"fra_art"}
    tm.press(ev(47, 27))  # open ground south of the stream
    tm.release(ev(47, 27))
    assert tm.doc.selection == frozenset()


def test_rubber_band_selects_pieces_inside(tm: ToolManager) -> None:
    drag(tm, (14, 29), (33, 33.5))
    assert tm.doc.selection == {"fra_46_1", "fra_46_2", "fra_art"}
    assert tm.doc.undo_stack.count() == 0


def test_drag_moves_a_unit_in_one_undo_step(tm: ToolManager) -> None:
    before = tm.doc.scenario
    drag(tm, (40, 31), (43, 28))
    u = tm.doc.scenario.unit("fra_huss")
    assert u.position == pytest.approx((43, 28))
    assert tm.doc.undo_stack.count() == 1
    undo_redo(tm, before)


def test_drag_moves_a_group_and_a_feature(tm: ToolManager) -> None:
    before = tm.doc.scenario
    tm.doc.select({"fra_46_1", "fra_46_2", "quarry"})
    drag(tm, (17, 31), (17, 29))
    s = tm.doc.scenario
    assert s.unit("fra_46_1").position == (17, 29) and s.unit("fra_46_2").position == (31, 29)
    q0 = before.feature("quarry").shape
    q1 = s.feature("quarry").shape
    assert isinstance(q0, PolygonShape) and isinstance(q1, PolygonShape)
    assert q1.points[0] == (q0.points[0][0], q0.points[0][1] - 2)
    assert tm.doc.undo_stack.count() == 1
    undo_redo(tm, before)


def test_drag_stops_at_the_table_edge(tm: ToolManager) -> None:
    drag(tm, (40, 31), (40, 60))
    u = tm.doc.scenario.unit("fra_huss")
    assert max(y for _, y in footprint(u).exterior.coords) == pytest.approx(36, abs=0.01)


def test_base_to_base_snap_while_dragging(tm: ToolManager) -> None:
    # drag the hussars to just off the right shoulder of the 46e 2nd bn (x=31, facing 355)
    drag(tm, (40, 31), (35.3, 30.9))
    hus = tm.doc.scenario.unit("fra_huss")
    other = tm.doc.scenario.unit("fra_46_2")
    assert hus.facing == 355
    assert footprint(hus).distance(footprint(other)) < 0.01
    assert footprint(hus).intersection(footprint(other)).area < 0.01
    # Alt drags without snapping
    tm.doc.undo_stack.undo()
    drag(tm, (40, 31), (35.3, 30.9), alt=True)
    assert tm.doc.scenario.unit("fra_huss").facing == 350


def test_grid_snap_while_dragging(tm: ToolManager) -> None:
    tm.snap_grid.setChecked(True)
    tm.doc.push(__import__("desktop.ui.commands", fromlist=["x"]).SetTable(tm.doc, grid=Grid(6)))
    drag(tm, (40, 31), (37.2, 29.1))
    assert tm.doc.scenario.unit("fra_huss").position == (36, 30)


def test_rotation_handle_turns_a_unit(tm: ToolManager) -> None:
    tm.doc.select({"fra_art"})  # at (24, 30.5), facing 0: handle 1.5" ahead of its front
    before = tm.doc.scenario
    drag(tm, (24, 28.0), (27, 30.5))  # swing the handle round to the east
    assert tm.doc.scenario.unit("fra_art").facing == 90
    assert tm.doc.scenario.unit("fra_art").position == (24, 30.5)
    assert tm.doc.undo_stack.count() == 1
    undo_redo(tm, before)


def test_keys_nudge_turn_delete_escape(tm: ToolManager) -> None:
    tm.doc.select({"fra_art"})
    assert tm.key("Right", ev(0, 0))
    assert tm.doc.scenario.unit("fra_art").position == (24.5, 30.5)
    tm.key("Up", ev(0, 0, shift=True))
    assert tm.doc.scenario.unit("fra_art").position == (24.5, 30.4)
    tm.key("]", ev(0, 0))
    assert tm.doc.scenario.unit("fra_art").facing == 15
    tm.key("{", ev(0, 0))
    assert tm.doc.scenario.unit("fra_art").facing == 14
    tm.key("Delete", ev(0, 0))
    assert "fra_art" not in all_ids(tm.doc.scenario)
    tm.doc.undo_stack.undo()
    assert "fra_art" in all_ids(tm.doc.scenario)
    tm.doc.select({"fra_art"})
    tm.key("Escape", ev(0, 0))
    assert tm.doc.selection == frozenset()


def test_feature_rotate_and_scale_handles(tm: ToolManager) -> None:
    tm.doc.select({"galgenberg"})
    from desktop.ui.tools.select import feature_handles

    c, rot, scale = feature_handles(tm.doc.scenario.feature("galgenberg"))
    drag(tm, rot, (c[0] + 10, c[1]))  # a quarter turn clockwise
    hill = tm.doc.scenario.feature("galgenberg").shape
    assert isinstance(hill, EllipseShape) and hill.rotation == pytest.approx(80, abs=0.5)
    assert tm.doc.undo_stack.count() == 1
    tm.doc.undo_stack.undo()
    drag(tm, scale, (c[0] + (scale[0] - c[0]) * 1.5, c[1] + (scale[1] - c[1]) * 1.5))
    hill = tm.doc.scenario.feature("galgenberg").shape
    assert isinstance(hill, EllipseShape) and hill.radii == pytest.approx((11.25, 6.75), abs=0.01)


# --- drawing terrain ----------------------------------------------------------------------------


def test_polygon_by_clicks_closed_with_double_click(tm: ToolManager) -> None:
    tm.set_tool("polygon")
    tm.ctx.area_type = TerrainType.HILL
    before = tm.doc.scenario
    for p in [(30, 26), (36, 26), (37, 30)]:
        tm.press(ev(*p))
        tm.release(ev(*p))
    assert tm.current.busy and tm.overlay().polygons
    tm.press(ev(33, 31))
    tm.release(ev(33, 31))
    tm.double_click(ev(33, 31))
    f = tm.doc.scenario.terrain[-1]
    assert f.type is TerrainType.HILL and f.name == "Hill 2"
    assert isinstance(f.shape, PolygonShape) and len(f.shape.points) == 4
    assert tm.doc.selection == {f.id}
    undo_redo(tm, before)


def test_polygon_enter_closes_backspace_and_escape(tm: ToolManager) -> None:
    tm.set_tool("polygon")
    for p in [(30, 26), (36, 26), (44, 33), (37, 30)]:
        tm.press(ev(*p))
        tm.release(ev(*p))
    assert tm.key("Backspace", ev(0, 0))
    assert len(tm.current.points) == 3  # type: ignore[attr-defined]
    assert tm.key("Return", ev(0, 0))
    assert isinstance(tm.doc.scenario.terrain[-1].shape, PolygonShape)
    tm.press(ev(1, 1))
    tm.key("Escape", ev(0, 0))
    assert not tm.current.busy


def test_self_crossing_polygon_is_refused_and_kept_for_fixing(tm: ToolManager) -> None:
    messages: list[str] = []
    tm.message.connect(messages.append)
    tm.set_tool("polygon")
    n = len(tm.doc.scenario.terrain)
    for p in [(30, 26), (36, 32), (36, 26), (30, 32)]:  # a bow tie
        tm.press(ev(*p))
        tm.release(ev(*p))
    tm.key("Return", ev(0, 0))
    assert len(tm.doc.scenario.terrain) == n
    assert "crosses itself" in messages[-1]
    # issue 21: which edges cross, and where (not a raw corner), marked on the table
    assert ('edge 1 (between the 1st and 2nd corners) crosses edge 3 (between the 3rd and 4th '
            'corners) at x 33.00", y 29.00"') in messages[-1]
    ov = tm.overlay()
    assert [(p, k) for p, k in ov.handles if k == "crossing"] == [((33.0, 29.0), "crossing")]
    assert any(style == "refused" for _, style in ov.polygons)
    assert ov.label is not None and "edge 1 crosses edge 3" in ov.label[1]
    assert tm.current.busy  # the points are still there to fix
    tm.key("Backspace", ev(0, 0))
    assert not [k for _, k in tm.overlay().handles if k == "crossing"]  # the mark goes
    tm.key("Return", ev(0, 0))
    assert len(tm.doc.scenario.terrain) == n + 1


def test_rectangle_and_ellipse_by_dragging(tm: ToolManager) -> None:
    tm.set_tool("rectangle")
    tm.ctx.area_type = TerrainType.BUILDING
    drag(tm, (40, 26), (44, 29))
    r = tm.doc.scenario.terrain[-1]
    assert r.type is TerrainType.BUILDING
    assert r.shape == RectShape((42, 27.5), (4, 3))
    tm.set_tool("ellipse")
    tm.ctx.area_type = TerrainType.LAKE
    drag(tm, (2, 28), (6, 30), shift=True)  # Shift: a circle
    e = tm.doc.scenario.terrain[-1]
    assert e.type is TerrainType.LAKE and e.shape == EllipseShape((4, 30), (2, 2))
    before = len(tm.doc.scenario.terrain)
    drag(tm, (10, 10), (10.05, 10.05))  # too small: nothing
    assert len(tm.doc.scenario.terrain) == before


def test_polyline_with_width_and_smooth(tm: ToolManager) -> None:
    tm.set_tool("polyline")
    tm.ctx.line_type = TerrainType.LOW_WALL
    tm.ctx.line_width = 0.75
    tm.ctx.line_smooth = False
    for p in [(2, 20), (10, 21)]:
        tm.press(ev(*p))
        tm.release(ev(*p))
    tm.press(ev(14, 19))
    tm.release(ev(14, 19))
    tm.double_click(ev(14, 19))
    f = tm.doc.scenario.terrain[-1]
    assert f.type is TerrainType.LOW_WALL
    assert f.shape == LineShape(((2, 20), (10, 21), (14, 19)), 0.75, False)


def test_bridge_and_ford_on_a_river(tm: ToolManager) -> None:
    messages: list[str] = []
    tm.message.connect(messages.append)
    tm.set_tool("bridge")
    tm.press(ev(16, 25))
    tm.release(ev(16, 25))
    b = tm.doc.scenario.terrain[-1]
    assert b.type is TerrainType.BRIDGE and isinstance(b.shape, RectShape)
    tm.set_tool("ford")
    n = len(tm.doc.scenario.terrain)
    tm.press(ev(16, 5))  # no water here
    assert len(tm.doc.scenario.terrain) == n and "river or stream" in messages[-1]


# --- vertices and zones --------------------------------------------------------------------------


def test_vertex_drag_insert_delete(tm: ToolManager) -> None:
    tm.set_tool("vertex")
    tm.press(ev(27, 12))  # click the town (off the roads) to edit it
    tm.release(ev(27, 12))
    assert tm.doc.selection == {"kreuzdorf"}
    before = tm.doc.scenario
    drag(tm, (18.5, 10.5), (17.5, 9.5))  # first vertex
    shape = tm.doc.scenario.feature("kreuzdorf").shape
    assert isinstance(shape, PolygonShape) and shape.points[0] == (17.5, 9.5)
    assert tm.doc.undo_stack.count() == 1
    undo_redo(tm, before)
    # click on the edge between vertices 0 and 1 and drag the new point out: one step
    count = tm.doc.undo_stack.count()
    drag(tm, (20.25, 9.6), (20.5, 8.5))
    shape = tm.doc.scenario.feature("kreuzdorf").shape
    assert isinstance(shape, PolygonShape) and len(shape.points) == 9
    assert shape.points[1] == (20.5, 8.5)
    assert tm.doc.undo_stack.count() == count + 1
    # Alt-click deletes a vertex; Delete deletes the current one
    tm.press(ev(20.5, 8.5, alt=True))
    tm.release(ev(20.5, 8.5, alt=True))
    shape = tm.doc.scenario.feature("kreuzdorf").shape
    assert isinstance(shape, PolygonShape) and len(shape.points) == 8
    tm.press(ev(23, 9.5))
    tm.release(ev(23, 9.5))
    tm.key("Delete", ev(0, 0))
    shape = tm.doc.scenario.feature("kreuzdorf").shape
    assert isinstance(shape, PolygonShape) and len(shape.points) == 7


def test_vertex_drag_that_would_cross_is_refused(tm: ToolManager) -> None:
    messages: list[str] = []
    tm.message.connect(messages.append)
    tm.doc.select({"kreuzdorf"})
    tm.set_tool("vertex")
    before = tm.doc.scenario
    drag(tm, (18.5, 10.5), (31, 19))
    # the last good position is kept, the crossing one refused with a message
    assert "crosses itself" in messages[-1] and "crosses edge" in messages[-1]
    assert "(31, 19)" not in messages[-1]  # a crossing point, never a raw corner
    marks = [p for p, k in tm.overlay().handles if k == "crossing"]
    assert marks and all(0 <= x <= 48 and 0 <= y <= 36 for x, y in marks)
    assert tm.doc.scenario != before
    from desktop.scenario.geometry import shape_problem

    assert shape_problem(tm.doc.scenario.feature("kreuzdorf").shape) is None


def test_zone_tool_edits_the_default_zone(tm: ToolManager) -> None:
    tm.set_tool("zone")
    tm.ctx.side_id = "fra"  # default zone: the 8" strip y 28..36
    before = tm.doc.scenario
    drag(tm, (48, 28), (48, 24))
    assert tm.doc.scenario.game.deployment["fra"].points == ((0, 28), (48, 24), (48, 36),
                                                               (0, 36))
    undo_redo(tm, before)


# --- forces -----------------------------------------------------------------------------


def test_place_units_and_officers_facing_the_enemy(tm: ToolManager) -> None:
    tm.ctx.side_id = "aus"
    tm.ctx.snap_bases = False
    tm.set_tool("place_cavalry")
    before = tm.doc.scenario
    tm.press(ev(10, 3))
    tm.release(ev(10, 3))
    u = tm.doc.scenario.side("aus").units[-1]
    # the first "Cavalry N" no unit of the scenario is called (issue 34: not counted
    # per side, which gave both sides a "Cavalry 1")
    assert u.type is UnitType.CAVALRY and u.facing == 180 and u.name == "Cavalry 1"
    assert tm.doc.selection == {u.id}
    undo_redo(tm, before)
    # press and drag sets the facing
    tm.set_tool("place_foot_artillery")
    drag(tm, (14, 15), (18, 15))
    gun = tm.doc.scenario.side("aus").units[-1]
    assert gun.type is UnitType.FOOT_ARTILLERY and gun.facing == 90 and gun.position == (14, 15)
    tm.set_tool("place_adc")
    tm.press(ev(30, 4))
    tm.release(ev(30, 4))
    assert tm.doc.scenario.side("aus").officers[-1].rank is Rank.ADC


def test_place_near_the_edge_stays_on_the_table(tm: ToolManager) -> None:
    tm.ctx.side_id = "fra"
    tm.set_tool("place_line_infantry")
    tm.press(ev(0.5, 35.8))
    tm.release(ev(0.5, 35.8))
    u = tm.doc.scenario.side("fra").units[-1]
    assert u.position == (2, 35)


def test_place_snaps_base_to_base(tm: ToolManager) -> None:
    tm.ctx.side_id = "fra"
    tm.set_tool("place_line_infantry")
    tm.press(ev(35.2, 30.8))
    tm.release(ev(35.2, 30.8))
    u = tm.doc.scenario.side("fra").units[-1]
    other = tm.doc.scenario.unit("fra_46_2")
    assert u.facing == 355 and footprint(u).distance(footprint(other)) < 0.01


def test_objective_tool(tm: ToolManager) -> None:
    tm.set_tool("objective")
    tm.press(ev(10, 20))
    tm.release(ev(10, 20))
    assert tm.doc.scenario.game.objectives[-1].position == (10, 20)


def test_wheel_a_line_about_its_corner(tm: ToolManager) -> None:
    doc = tm.doc
    tm.arrange_line.trigger()  # nothing selected: refused politely
    doc.select({"fra_46_1", "fra_46_2"})
    tm.arrange_line.trigger()
    s = doc.scenario
    assert doc.undo_stack.count() == 1
    a, b = s.unit("fra_46_1"), s.unit("fra_46_2")
    assert math.dist(a.position, b.position) == pytest.approx(4, abs=0.01)
    tm.set_tool("wheel")
    left = wheel_pivot(s, ["fra_46_1", "fra_46_2"], "left")
    right = wheel_pivot(s, ["fra_46_1", "fra_46_2"], "right")
    before = doc.scenario
    # grab the right end and swing it back: the line wheels about its left corner
    drag(tm, right, (right[0] - 1, right[1] + 2))
    after = doc.scenario
    assert after.unit("fra_46_1").facing != before.unit("fra_46_1").facing
    corners = [c for u in ("fra_46_1", "fra_46_2")
               for c in footprint(after.unit(u)).exterior.coords]
    assert min(math.dist(c, left) for c in corners) < 0.01
    assert doc.undo_stack.count() == 2
    undo_redo(tm, before)
    # keys: Tab swaps the corner, Right wheels 5 degrees about it
    tm.key("Tab", ev(0, 0))
    assert tm.current.corner == "right"  # type: ignore[attr-defined]
    tm.key("Right", ev(0, 0))
    assert doc.scenario.unit("fra_46_1").facing == pytest.approx(
        (after.unit("fra_46_1").facing + 5) % 360)


def test_arrange_column(tm: ToolManager) -> None:
    tm.doc.select({"fra_46_1", "fra_57", "fra_volt"})
    tm.arrange_column.trigger()
    s = tm.doc.scenario
    facings = {s.unit(i).facing for i in ("fra_46_1", "fra_57", "fra_volt")}
    assert len(facings) == 1
