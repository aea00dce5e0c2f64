"""Build the bundled D3 scenario from scratch in the editor, as a user would, and compare.

Everything goes through the window: File > New, the Settings dialog, the
drawing tools clicked on the table, Properties fields, the unit palette, the
objective tool, the victory dialog and Save As.  The values typed and clicked
are read from the bundled file (so the test follows any later tuning of it);
the saved result must load, pass the checks, and match the file.
"""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtTest import QTest

from desktop.resources import bundled_scenarios
from desktop.scenario import load
from desktop.scenario.edits.presets import PRESETS
from desktop.scenario.geometry import shape_area
from desktop.scenario.lint import lint
from desktop.scenario.model import (
    EllipseShape,
    HoldObjectives,
    LineShape,
    OccupyFeature,
    PolygonShape,
    RectShape,
    Scenario,
    Unit,
)
from desktop.scenario.vocabulary import TerrainType
from desktop.ui.editor.settings import SettingsDialog
from desktop.ui.editor.victory import VictoryDialog
from desktop.ui.editor.window import EditorWindow
from desktop.ui.tools.base import FACING_FROM_BASELINE

NO = Qt.KeyboardModifier.NoModifier
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def target() -> Scenario:
    return load(next(p for p in bundled_scenarios() if p.name == "d3_crossroads.yaml"))


class User:
    """Mouse, keys and forms on an editor window."""

    def __init__(self, w: EditorWindow) -> None:
        self.w = w

    def at(self, x: float, y: float) -> Any:
        return self.w.view.mapFromScene(QPointF(x, y))

    def click(self, x: float, y: float) -> None:
        QTest.mouseClick(self.w.view.viewport(), LEFT, NO, self.at(x, y))

    def drag(self, a: tuple[float, float], b: tuple[float, float], steps: int = 4) -> None:
        vp = self.w.view.viewport()
        QTest.mousePress(vp, LEFT, NO, self.at(*a))
        for k in range(1, steps + 1):
            t = k / steps
            QTest.mouseMove(vp, self.at(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
        QTest.mouseRelease(vp, LEFT, NO, self.at(*b))

    def key(self, k: Qt.Key) -> None:
        self.w.view.setFocus()
        QTest.keyClick(self.w.view, k)

    def tool(self, name: str) -> None:
        self.w.tools.actions[name].trigger()

    def choose(self, combo: Any, data: Any) -> None:
        combo.setCurrentIndex(combo.findData(data))
        combo.activated.emit(combo.currentIndex())

    def props(self, **values: Any) -> None:
        """Type into the Properties panel, one field at a time, as a user tabs through it."""
        panel = self.w.properties.panel
        for key, v in values.items():
            panel._rebuild()
            f = panel.fields[key]
            if hasattr(f, "setChecked"):
                if f.isChecked() != v:
                    f.setChecked(v)
            elif hasattr(f, "findData"):
                i = f.findData(v)
                assert i >= 0, (key, v)
                if i != f.currentIndex():
                    f.setCurrentIndex(i)
                    f.activated.emit(i)
            elif hasattr(f, "setValue"):
                f.setValue(v)
                f.editingFinished.emit()
            else:
                f.setText(v)
                f.editingFinished.emit()
        panel._rebuild()


def test_build_d3_from_scratch(qtbot: Any, tmp_path: Path, target: Scenario) -> None:
    w = EditorWindow(autosave_dir=tmp_path / "as",
                     settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.ask_save_changes = lambda: "discard"  # type: ignore[method-assign]
    w.resize(1400, 900)
    w.show()
    u = User(w)

    # --- a new table and the settings -------------------------------------------------
    preset = next(p for p in PRESETS
                  if (p.width, p.depth) == (target.table.width, target.table.depth))
    assert w.new_file(preset)
    w.view.fit_table()
    dlg = SettingsDialog(w.doc, w)
    dlg.title.setText(target.title)
    dlg.author.setText(target.author)
    dlg.briefing.setPlainText(target.briefing)
    dlg.ruleset.setCurrentIndex(dlg.ruleset.findData(target.ruleset))
    dlg.span.setValue(target.table.span)
    for box, side in zip(dlg.side_boxes, target.sides, strict=True):
        box.name.setText(side.name)
        box.ident.setText(side.id)
        box.colour = side.colour
        box.baseline.setCurrentIndex(box.baseline.findData(side.baseline))
    dlg.game_type.setCurrentIndex(dlg.game_type.findData(target.game.type))
    if target.game.defender:
        dlg.defender.setCurrentIndex(
            [s.id for s in target.sides].index(target.game.defender))
    dlg.depth_zone.setValue(target.game.deployment_depth)
    dlg.accept()
    assert [s.id for s in w.doc.scenario.sides] == [s.id for s in target.sides]

    # --- terrain, drawn on the table --------------------------------------------------
    w.tools.ctx.snap_bases = False
    for f in target.terrain:
        before = len(w.doc.scenario.terrain)
        shape = f.shape
        if f.type in (TerrainType.BRIDGE, TerrainType.FORD):
            u.tool(f.type.value)
            assert isinstance(shape, RectShape)
            u.click(*shape.centre)
        elif isinstance(shape, LineShape):
            u.tool("polyline")
            u.choose(w.options.line_combo, f.type)
            w.options.width_spin.setValue(shape.width)
            w.options.smooth_check.setChecked(shape.smooth)
            for p in shape.points:
                u.click(*p)
            u.key(Qt.Key.Key_Return)
        elif isinstance(shape, PolygonShape):
            u.tool("polygon")
            u.choose(w.options.area_combo, f.type)
            for p in shape.points:
                u.click(*p)
            u.key(Qt.Key.Key_Return)
        else:
            assert isinstance(shape, (EllipseShape, RectShape))
            u.tool("ellipse" if isinstance(shape, EllipseShape) else "rectangle")
            u.choose(w.options.area_combo, f.type)
            half = shape.radii if isinstance(shape, EllipseShape) else (
                shape.size[0] / 2, shape.size[1] / 2)
            cx, cy = shape.centre
            u.drag((cx - half[0], cy - half[1]), (cx + half[0], cy + half[1]))
            if shape.rotation:
                u.props(rotation=shape.rotation)
        assert len(w.doc.scenario.terrain) == before + 1, (f.id, w.tools.ctx.last_message)
        u.props(name=f.name, **{f"prop:{k}": v for k, v in f.properties.items()})

    # --- forces, from the palette ------------------------------------------------------
    ranks = {"commander": "place_commander", "general": "place_general", "adc": "place_adc"}
    for side in target.sides:
        w.options.choose_side(side.id)
        for unit in side.units:
            u.tool(f"place_{unit.type.value}")
            x, y = unit.position
            if abs(unit.facing - FACING_FROM_BASELINE[side.baseline]) % 360 < 0.5:
                u.click(x, y)
            else:  # press and drag towards where the unit should face
                a = math.radians(unit.facing)
                u.drag((x, y), (x + 3 * math.sin(a), y - 3 * math.cos(a)), steps=3)
            u.props(
                name=unit.name, quality=unit.quality, cv=unit.cv, figures=unit.figures,
                formation=unit.formation, frontage=unit.base.frontage, depth=unit.base.depth,
                x=x, y=y, facing=unit.facing,
                **{f"trait:{t.value}": True for t in unit.traits},
                **{f"command:{c}": c in unit.command for c in ("officer", "drummer", "flag")},
            )
            if unit.guns and unit.guns != 1:
                u.props(guns=unit.guns)
        for officer in side.officers:
            u.tool(ranks[officer.rank.value])
            u.click(*officer.position)
            u.props(name=officer.name, x=officer.position[0], y=officer.position[1],
                    facing=officer.facing)

    # --- objectives and victory ---------------------------------------------------------
    u.tool("objective")
    objective_ids = {}
    for o in target.game.objectives:
        u.click(*o.position)
        u.props(name=o.name, radius=o.radius, x=o.position[0], y=o.position[1])
        (objective_ids[o.id],) = w.doc.selection
    feature_ids = {f.name: f.id for f in w.doc.scenario.terrain}
    vd = VictoryDialog(w.doc, w)
    for i, v in enumerate(target.game.victory):
        vd.add(v.kind)
        if isinstance(v, OccupyFeature):
            vd._set(i, side=v.side, figures=v.figures,
                    feature=feature_ids[target.feature(v.feature).name])
        elif isinstance(v, HoldObjectives):
            vd._set(i, count=v.count, side=v.side,
                    objectives=tuple(objective_ids[o] for o in v.objectives))
        else:
            vd._set(i, **{f.name: getattr(v, f.name) for f in dataclasses.fields(v)})
    vd.accept()

    # --- save, and compare with the bundled file ------------------------------------------
    out = tmp_path / "rebuilt.yaml"
    w.ask_save_path = lambda *a, **k: out  # type: ignore[method-assign]
    w.warn_problems = lambda problems: None  # type: ignore[method-assign]
    assert w.save_as()
    got = load(out)
    assert lint(got) == lint(target)
    assert (got.title, got.author, got.briefing, got.ruleset) == (
        target.title, target.author, target.briefing, target.ruleset)
    assert got.table == target.table
    assert (got.game.type, got.game.defender, got.game.deployment_depth) == (
        target.game.type, target.game.defender, target.game.deployment_depth)
    assert [(s.id, s.name, s.colour, s.baseline) for s in got.sides] == [
        (s.id, s.name, s.colour, s.baseline) for s in target.sides]
    for side, want in zip(got.sides, target.sides, strict=True):
        assert len(side.units) == len(want.units)
        for a, b in zip(side.units, want.units, strict=True):
            assert _same_unit(a, b), (a, b)
        for a, b in zip(side.officers, want.officers, strict=True):
            assert (a.name, a.rank) == (b.name, b.rank)
            assert math.dist(a.position, b.position) < 0.01
    assert [(f.name, f.type, f.shape.kind) for f in got.terrain] == [
        (f.name, f.type, f.shape.kind) for f in target.terrain]
    for a, b in zip(got.terrain, target.terrain, strict=True):
        if b.type not in (TerrainType.BRIDGE, TerrainType.FORD):
            ga, gb = shape_area(a.shape), shape_area(b.shape)
            # drawn by mouse: the shapes agree to within a few pixels at this zoom
            assert ga.symmetric_difference(gb).area < 0.08 * gb.area + 1.0, b.id
        # the same effective properties (a file may spell out a default)
        assert {k: a.prop(k) for k in b.properties} == {k: b.prop(k) for k in b.properties}
        assert {k: a.prop(k) for k in a.properties} == {k: b.prop(k) for k in a.properties}
    assert [(o.name, o.position, o.radius) for o in got.game.objectives] == [
        (o.name, o.position, o.radius) for o in target.game.objectives]
    assert [v.kind for v in got.game.victory] == [v.kind for v in target.game.victory]
    w.close()


def _same_unit(a: Unit, b: Unit) -> bool:
    facing_gap = abs((a.facing - b.facing + 180) % 360 - 180)
    return (
        (a.name, a.type, a.quality, a.cv, a.figures, a.formation, a.traits, a.base, a.guns)
        == (b.name, b.type, b.quality, b.cv, b.figures, b.formation, b.traits, b.base, b.guns)
        and set(a.command) == set(b.command)
        and math.dist(a.position, b.position) < 0.01
        and facing_gap < 0.01
    )
