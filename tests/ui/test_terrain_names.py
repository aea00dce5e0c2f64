"""Terrain names on the table: a long name ends in "…" instead of running off the table.

Issue 15, "Hostile text": names may be 80 letters long; drawn whole, one ran
across the table and past its edge.  The printed map cuts them the same way.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

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


def _under_bases(scene: Any, ppi: float) -> list[tuple[str, str, float]]:
    """(feature, unit, square inches) for each terrain name a base lies on."""
    from desktop.table.tags import overlap

    out = []
    for fid, label in scene.terrain_labels.items():
        r = label.label_rect(ppi)
        box = (r.left(), r.top(), r.right(), r.bottom())
        for uid, unit in scene.units.items():
            b = unit.label_keep_clear()[0]
            area = overlap(box, (b.left(), b.top(), b.right(), b.bottom()))
            if area > 0.05:
                out.append((fid, uid, area))
    return out


@pytest.mark.parametrize("ppi", [12.0, 20.0])
def test_bases_do_not_hide_terrain_names(qtbot: Any, ppi: float) -> None:
    """Issue 21: 'Kreuzdorf' lay under IR 4 and the wood's name under the Grenzer.
    Names move aside from the bases standing on them, as from objectives."""
    for path in bundled_scenarios():
        scene = TableScene()
        scene.quick_first_show = False  # the whole terrain, names and all, at once
        scene.set_scenario(load(path))
        assert scene.terrain_labels, path.name
        assert _under_bases(scene, ppi) == [], path.name


def test_a_name_moves_aside_when_a_unit_is_placed_on_it(qtbot: Any) -> None:
    from desktop.scenario.edits.pieces import update_piece

    s = load(next(p for p in bundled_scenarios() if p.name == "d3_crossroads.yaml"))
    scene = TableScene()
    scene.quick_first_show = False
    scene.set_scenario(s)
    label = scene.terrain_labels["fuchswald"]
    home = label.label_rect(12.0).center()
    grenz = s.unit("aus_grenz")
    moved = update_piece(s, "aus_grenz", position=(home.x(), home.y()))
    assert replace(grenz, position=(home.x(), home.y())) == moved.unit("aus_grenz")
    scene.set_scenario(moved)
    assert _under_bases(scene, 12.0) == []


def test_terrain_names_keep_off_the_play_windows_counters(qtbot: Any, bundled: list[Path],
                                                          tmp_path: Path) -> None:
    """Issue 34: on the second day at Kreuzdorf "Galgenberg" lay under the
    battery's "2 hits" counter.  The counters are drawn over the terrain names;
    a name steps off them as off a base, in the window at its first size."""
    from desktop.play.session import Setup, default_ruleset
    from desktop.ui.play.app import screenshot
    from desktop.ui.table.terrain_items import TerrainLabelItem
    from tests.ui.play_windows import play_window

    path = next(p for p in bundled if p.name == "d3_kreuzdorf_second_day.yaml")
    w = play_window(qtbot)
    scenario = load(path)
    w.start(Setup(scenario, default_ruleset(scenario), seed=0, scenario_path=path))
    assert screenshot(w, tmp_path / "shot.png")  # as `volley play --screenshot` shows it
    ppi = w.view.ppi()
    names = [i for i in w.scene.items() if isinstance(i, TerrainLabelItem)]
    assert any(i.feature.name == "Galgenberg" for i in names)
    assert any(b.text == "2 hits" for b in w.badges)
    for name in names:
        for badge in w.badges:
            assert not name.label_rect(ppi).intersects(badge.tag_rect(ppi)), (
                name.feature.name, badge.text)
    w.close()
