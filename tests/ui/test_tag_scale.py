"""Unit and officer tags stay readable when a big table is fitted to a small window.

Issue 21, "Labels": a 72" table fitted to 1366 x 768 drew tags about 6.6 px
high.  The view now grows them (the scene's tag scale) to at least
MIN_TAG_PX on screen, lays them out again so they still keep clear of each
other, and zooming in gives them back their size on the table.
Measured in scene inches times the view's pixels per inch, never in glyphs.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF

from desktop.scenario import Scenario, load
from desktop.scenario.edits.placing import move_pieces
from desktop.table.tags import overlap
from desktop.ui.main_window import MainWindow
from desktop.ui.table.force_items import (
    LABEL_FONT_INCH,
    MAX_TAG_SCALE,
    MIN_TAG_PX,
    Tagged,
    UnitItem,
    tag_scale_for,
)
from desktop.ui.table.scene import TableScene
from desktop.ui.table.view import TableView


def _tagged(scene: TableScene) -> list[Tagged]:
    return [*scene.units.values(), *scene.officers.values()]


def _view(qtbot: Any, scenario: Scenario, size: tuple[int, int] = (800, 560)) -> TableView:
    """A bare table view about as big as the table's share of a 1366 x 768 window."""
    scene = TableScene()
    scene.set_scenario(scenario)
    view = TableView(scene)
    qtbot.addWidget(view)
    view.resize(*size)
    view.show()
    qtbot.waitExposed(view)
    view.fit_table()
    return view


def _text_px(view: TableView, item: Tagged) -> float:
    """How many device pixels high the tag's text is drawn (its height on the table x ppi)."""
    return LABEL_FONT_INCH * item.tag_scale * view.ppi()


def _wide(scenario: Scenario, width: float = 72.0) -> Scenario:
    """The scenario on a table `width` inches wide (pieces where they were)."""
    return replace(scenario, table=replace(scenario.table, width=width))


def test_tags_are_readable_at_fit_to_window_on_a_72_inch_table(qtbot: Any,
                                                               bundled: list[Path]) -> None:
    path = next(p for p in bundled if p.name == "mayhem_village.yaml")
    scenario = load(path)
    assert scenario.table.width == 72.0
    window = MainWindow()  # the table beside the roster, as a person opens it
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show_scenario(scenario, path)
    window.show()
    qtbot.waitExposed(window)
    view = window.view
    view.fit_table()
    assert LABEL_FONT_INCH * view.ppi() < MIN_TAG_PX  # unscaled they would be too small
    for item in _tagged(view.table_scene):
        assert _text_px(view, item) >= MIN_TAG_PX - 1e-6, item.tag_key
        h = item.tag_rect()[3] - item.tag_rect()[1]
        assert h * view.ppi() > MIN_TAG_PX  # the plate itself grew, not only the text


def test_zooming_in_gives_tags_their_size_on_the_table(qtbot: Any, bundled: list[Path]) -> None:
    scenario = _wide(load(next(p for p in bundled if p.name == "d3_crossroads.yaml")))
    view = _view(qtbot, scenario)
    scene = view.table_scene
    small = next(iter(scene.units.values())).tag_rect()
    assert scene.tag_scale > 1.2
    view.zoom_by(4.0)
    qtbot.waitUntil(lambda: scene.tag_scale == 1.0, timeout=2000)  # after the zoom settles
    for item in _tagged(scene):
        assert item.tag_scale == 1.0
    big = next(iter(scene.units.values())).tag_rect()
    assert (big[3] - big[1]) < (small[3] - small[1])
    view.fit_table()
    assert scene.tag_scale > 1.2


def test_a_small_zoom_step_does_not_lay_the_tags_out_again(qtbot: Any,
                                                           bundled: list[Path]) -> None:
    scene = TableScene()
    scene.set_scenario(load(next(p for p in bundled if p.name == "d3_crossroads.yaml")))
    assert scene.set_tag_scale(1.5)
    assert not scene.set_tag_scale(1.52)  # within TAG_SCALE_STEP
    assert scene.tag_scale == 1.5
    assert scene.set_tag_scale(1.0)


def test_grown_tags_keep_clear_of_each_other_on_a_bundled_table(qtbot: Any,
                                                                bundled: list[Path]) -> None:
    for name in ("d3_crossroads.yaml", "mayhem_village.yaml"):
        view = _view(qtbot, _wide(load(next(p for p in bundled if p.name == name))))
        items = _tagged(view.table_scene)
        assert view.table_scene.tag_scale > 1.2
        for i, a in enumerate(items):
            for b in items[i + 1:]:
                assert overlap(a.tag_rect(), b.tag_rect()) == 0.0, (name, a.tag_key, b.tag_key)
            bounds = a.sceneBoundingRect()  # painted where it was placed
            x0, y0, x1, y1 = a.tag_rect()
            assert bounds.contains(QRectF(x0, y0, x1 - x0, y1 - y0).adjusted(.01, .01, -.01, -.01))


def test_a_unit_added_after_the_zoom_gets_the_grown_tag(qtbot: Any, bundled: list[Path]) -> None:
    scenario = load(next(p for p in bundled if p.name == "tactical_ridge.yaml"))
    scene = TableScene()
    scene.set_scenario(scenario)
    scene.set_tag_scale(1.6)
    uid = scenario.sides[0].units[0].id
    before = scene.units[uid].tag_width()
    scene.set_scenario(move_pieces(scenario, [uid], 3.0, 0.0))
    item: UnitItem = scene.units[uid]
    assert item.tag_scale == 1.6
    # The name's one-line plate (its spot may now wrap it in two) is as long as before.
    assert abs(item.tag_width() - before) < 1e-9


def test_tags_grow_only_as_far_as_they_can_be_read() -> None:
    at_table = MIN_TAG_PX / LABEL_FONT_INCH  # pixels an inch where tags need no growing
    assert tag_scale_for(at_table * 2) == 1.0
    assert abs(tag_scale_for(at_table / 2) - 2.0) < 1e-9
    # Too far out to reach MIN_TAG_PX even at the largest growth: left as on the table.
    assert tag_scale_for(at_table / (MAX_TAG_SCALE + 0.5)) == 1.0
