"""Terrain names on the table: a long name ends in "…" instead of running off the table.

Issue 15, "Hostile text": names may be 80 letters long; drawn whole, one ran
across the table and past its edge.  The printed map cuts them the same way.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from desktop.resources import bundled_scenario, bundled_scenarios
from desktop.scenario import load
from desktop.ui.table.scene import TableScene


def test_a_long_name_is_cut_to_its_room_with_an_ellipsis(qtbot: Any) -> None:
    s = load(bundled_scenario("d3_crossroads"))
    long = "Very" * 20  # the 80 letters the reader allows
    marsh = next(f for f in s.terrain if f.type.value == "marsh")
    s = replace(s, terrain=tuple(replace(f, name=long) if f is marsh else f for f in s.terrain))
    scene = TableScene()
    scene.quick_first_show = False
    scene.set_scenario(s)
    label = scene.terrain_labels[marsh.id]
    assert label.text.endswith("…") and long.startswith(label.text[:-1])
    at_size = label.label_rect(40.0)  # seen close: drawn at its own size, not grown
    assert at_size.width() <= 16.0 + 0.5  # inches: the floor of its room, with the halo
    assert at_size.left() >= 0  # on the table, not past its edge


def test_no_bundled_name_is_cut(qtbot: Any) -> None:
    for path in bundled_scenarios():
        scene = TableScene()
        scene.quick_first_show = False
        scene.set_scenario(load(path))
        for fid, label in scene.terrain_labels.items():
            assert label.text == label.feature.name, (path.name, fid)
