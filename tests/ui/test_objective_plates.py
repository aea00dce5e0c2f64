"""An objective's name is not hidden under a unit standing on the objective.

Issue 21, "Labels": units are drawn over objectives, so the 33rd Foot in
Harrow's Mill covered the objective's name plate.  The plate now takes the
first of its spots (below, above, right, left of the marker) that no base
covers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF

from desktop.scenario import load
from desktop.scenario.edits.placing import move_pieces
from desktop.ui.table.scene import TableScene


def _covered(scene: TableScene, plate: QRectF) -> float:
    total = 0.0
    for unit in scene.units.values():
        for base in unit.label_keep_clear():
            both = plate.intersected(base)
            if not both.isEmpty():
                total += both.width() * both.height()
    return total


def _plate(scene: TableScene, key: str) -> QRectF:
    return scene.objectives[key].label_keep_clear()[1]


def test_bundled_objective_names_stand_clear_of_the_bases_on_them(qtbot: Any,
                                                                  bundled: list[Path]) -> None:
    moved = 0
    for path in bundled:
        scene = TableScene()
        scene.set_scenario(load(path))
        for key, item in scene.objectives.items():
            assert _covered(scene, _plate(scene, key)) == 0.0, (path.name, key)
            moved += item.plate_spot != 0
    assert moved >= 1  # a bundled table does stand a unit on an objective's name


def test_the_name_comes_back_below_when_the_unit_leaves(qtbot: Any, bundled: list[Path]) -> None:
    scenario = load(next(p for p in bundled if p.name == "mayhem_village.yaml"))
    scene = TableScene()
    scene.set_scenario(scenario)
    key, item = next((k, i) for k, i in scene.objectives.items() if i.plate_spot != 0)
    # Where the plate stood below the marker: the unit covering it.
    below = item._spots[0].translated(item.pos())
    blockers = [u for u, ui in scene.units.items()
                if any(not b.intersected(below).isEmpty() for b in ui.label_keep_clear())]
    assert blockers
    scene.set_scenario(move_pieces(scenario, blockers, 0.0, 12.0))
    assert item.plate_spot == 0, key


def _on(scenario: Any, uid: str, at: tuple[float, float]) -> Any:
    """`scenario` with unit `uid` standing at `at`, facing 0."""
    from dataclasses import replace

    sides = tuple(replace(s, units=tuple(replace(u, position=at, facing=0.0) if u.id == uid
                                         else u for u in s.units)) for s in scenario.sides)
    return replace(scenario, sides=sides)


def test_a_gun_standing_on_the_marker_keeps_its_base_clear_of_the_name(
        qtbot: Any, bundled: list[Path]) -> None:
    """Issue 34: Knowe Farm's plate lay over "Old Noll" standing on the farm: a
    3-by-4 base on the marker covers the four spots next to it, so the name
    takes a spot further out (still inside the ring)."""
    four_farms = load(next(p for p in bundled if p.name == "blown_away_four_farms.yaml"))
    knowe = next(o for o in four_farms.game.objectives if o.name == "Knowe Farm")
    x, y = knowe.position
    for dy in (-1.0, 0.0, 1.0):
        scene = TableScene()
        scene.set_scenario(_on(four_farms, "ry_gun_1", (x, y + dy)))
        assert _covered(scene, _plate(scene, knowe.id)) == 0.0, dy
        plate = _plate(scene, knowe.id)
        centre = plate.center()
        assert (centre.x() - x) ** 2 + (centre.y() - y) ** 2 < knowe.radius ** 2


def _rect(r: tuple[float, float, float, float]) -> QRectF:
    return QRectF(r[0], r[1], r[2] - r[0], r[3] - r[1])


def test_names_step_off_a_plate_that_moves_onto_them(qtbot: Any, bundled: list[Path]) -> None:
    """Issue 34: the play window moves a plate off its counters after the names
    are laid out (TableScene.clear_objective_names); a name the plate then lands
    on must step aside, the plate being an obstacle to the names' layout."""
    tried = 0
    for path in bundled:
        scene = TableScene()
        scene.set_scenario(load(path))
        scene.set_tag_scale(1.7)  # a table fitted to a window: big names, crowded
        names = [*scene.units.values(), *scene.officers.values()]
        for key, item in scene.objectives.items():
            spots = [s.translated(item.pos()) for s in item._spots]
            # a spot of this plate that a name stands on now (one of the four
            # next to the marker, which are tried first)
            k = next((i for i, s in enumerate(spots[:4])
                      if any(s.intersects(_rect(t.tag_rect())) for t in names)), None)
            if k is None:
                continue
            tried += 1
            # counters arrive on every other spot: the plate can only go to spot k
            scene.name_obstacles = lambda spots=spots, k=k: [
                s for i, s in enumerate(spots) if i != k]
            scene.clear_objective_names()
            assert item.plate_spot == k
            plate = _plate(scene, key)
            under = [t.tag_key for t in names if plate.intersects(_rect(t.tag_rect()))]
            assert not under, (path.name, key, under)
            scene.name_obstacles = None
            scene.clear_objective_names()
    assert tried >= 3
