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
