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


def _tag_box(tag: Any, gap: float) -> Any:
    """A unit's or officer's name plate as it stands, `gap` inches wider all round."""
    from PySide6.QtCore import QRectF

    x0, y0, x1, y1 = tag.tag_rect()
    return QRectF(x0 - gap, y0 - gap, x1 - x0 + 2 * gap, y1 - y0 + 2 * gap)


def _names_under_tags(scene: Any, ppi: float, gap: float = 0.1) -> list[tuple[str, str]]:
    """(terrain name, unit or officer) for each terrain name drawn at `ppi` that a
    name plate covers or runs into (within `gap` inches)."""
    out = []
    for label in scene.terrain_labels.values():
        if ppi * label.SIZE * label.growth(ppi) < 7:  # not drawn at this zoom
            continue
        r = label.label_rect(ppi)
        for tag in (*scene.units.values(), *scene.officers.values()):
            if r.intersects(_tag_box(tag, gap)):
                out.append((label.feature.name, tag._label.text))
    return out


@pytest.mark.parametrize("ppi", [6.0, 8.5])
def test_unit_names_do_not_cover_terrain_names(qtbot: Any, ppi: float) -> None:
    """Issue 34: "12-pounder position battery" lay over "Galgenberg", and an
    officer's name over "Meeting-house Hill".  A terrain name steps off the
    name plates of units and officers as off their bases, with a gap so that
    the two do not read as one name, at the zoom the names are drawn at."""
    from desktop.ui.table.force_items import tag_scale_for

    for path in bundled_scenarios():
        scene = TableScene()
        scene.quick_first_show = False
        scene.set_scenario(load(path))
        scene.names_ppi = ppi  # as the view sets them when it fits the tags
        scene.set_tag_scale(tag_scale_for(ppi))
        assert _names_under_tags(scene, ppi) == [], path.name


def _old_quarry_under_a_tag() -> tuple[Any, str, Any]:
    """Kreuzdorf's scenario with the hussars placed so that their name, in its
    usual spot behind the base, would lie across "Old quarry"."""
    from desktop.scenario.edits.pieces import update_piece
    from desktop.ui.table.force_items import label_font

    s = load(next(p for p in bundled_scenarios() if p.name == "d3_crossroads.yaml"))
    scene = TableScene()
    scene.quick_first_show = False
    scene.set_scenario(s)
    home = scene.terrain_labels["quarry"].label_rect(40.0)  # at home, at its size
    hussars = s.unit("fra_huss")
    _font, fm, scale = label_font()
    tag_height = fm.height() * scale + 0.24
    y = home.center().y() - tag_height / 2 - 0.12 - hussars.base.depth / 2
    return update_piece(s, "fra_huss", position=(home.center().x(), y), facing=0.0), \
        "fra_huss", scene


def test_a_unit_name_with_room_leaves_a_terrain_name_where_it_is(qtbot: Any) -> None:
    """Issue 34: a unit's name keeps off a terrain name where it has room beside
    its base, so the terrain name stays on its feature's middle; it does not
    leave its base for that."""
    from desktop.table.tags import NEAR_SPOTS

    moved, uid, scene = _old_quarry_under_a_tag()
    scene.set_scenario(moved)
    label, tag = scene.terrain_labels["quarry"], scene.units[uid]
    assert label.shift(40.0).isNull()  # the quarry's name stays at home
    assert not label.label_rect(40.0).intersects(_tag_box(tag, 0.1))
    assert 0 < tag.tag_spot < 2 * NEAR_SPOTS  # moved, but to a spot beside its base


def test_a_terrain_name_steps_off_a_unit_name_with_no_room(qtbot: Any) -> None:
    """Where the unit's name has nowhere else to go near its base (here every
    other spot is held away by making them dearer), the terrain name moves."""
    from desktop.table import tags

    moved, uid, scene = _old_quarry_under_a_tag()
    cost = tags.STEP_COST
    try:
        tags.STEP_COST = 10.0  # leaving its usual spot now costs more than any overlap
        scene.set_scenario(moved)
    finally:
        tags.STEP_COST = cost
    label, tag = scene.terrain_labels["quarry"], scene.units[uid]
    assert tag.tag_spot == 0
    assert not label.shift(40.0).isNull()
    assert not label.label_rect(40.0).intersects(_tag_box(tag, 0.1))


def test_terrain_names_keep_off_unit_names_in_the_play_window(qtbot: Any, bundled: list[Path],
                                                              tmp_path: Path) -> None:
    """Issue 34, as the window shows it at its first size: FML Karl von
    Hohenstein's name lay on "Galgenberg" and Lt-Col. Ashby Crewe's on
    "Meeting-house Hill" (the view tells the scene the zoom its names are drawn at)."""
    from desktop.play.session import Setup, default_ruleset
    from desktop.ui.play.app import screenshot
    from tests.ui.play_windows import play_window

    for name in ("d3_crossroads.yaml", "mayhem_village.yaml"):
        path = next(p for p in bundled if p.name == name)
        w = play_window(qtbot)
        scenario = load(path)
        w.start(Setup(scenario, default_ruleset(scenario), seed=0, scenario_path=path))
        assert screenshot(w, tmp_path / "shot.png")
        assert _names_under_tags(w.scene, w.view.ppi()) == [], name
        w.close()
