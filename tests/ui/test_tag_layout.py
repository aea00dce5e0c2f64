"""Name tags on the table keep clear of each other, of bases and of markers.

What a wargamer sees first: on the bundled tables a general's name used to
sit on the battery beside him, a column's names on the next battalion.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from desktop.scenario import Scenario, load
from desktop.scenario.edits.placing import move_pieces
from desktop.table.tags import overlap
from desktop.ui.main_window import MainWindow
from desktop.ui.table.force_items import Tagged
from desktop.ui.table.scene import TableScene
from desktop.ui.table.tag_layout import layout_tags


def _tagged(scene: TableScene) -> list[Tagged]:
    return [*scene.units.values(), *scene.officers.values()]


def covered(scene: TableScene) -> float:
    """Square inches of tags lying on other tags, on bases, or on objectives' plates."""
    items = _tagged(scene)
    total = 0.0
    for i, a in enumerate(items):
        tag = a.tag_rect()
        total += sum(overlap(tag, b.tag_rect()) for b in items[i + 1:])
        total += sum(overlap(tag, b.body_rect()) for b in items if b is not a)
        for objective in scene.objectives.values():
            for r in objective.label_keep_clear():
                total += overlap(tag, (r.left(), r.top(), r.right(), r.bottom()))
    return total


def _scene(qtbot: Any, scenario: Scenario) -> TableScene:
    scene = TableScene()
    scene.set_scenario(scenario)
    return scene


def test_bundled_tables_keep_their_names_clear(qtbot: Any, bundled: list[Path]) -> None:
    crowded = 0
    for path in bundled:
        scene = _scene(qtbot, load(path))
        placed = covered(scene)
        for t in _tagged(scene):
            t.set_tag_spot(0)  # every name behind its base, as they were all drawn before
        naive = covered(scene)
        crowded += naive > 1.0
        assert placed <= 0.25 * naive + 1e-9, (path.name, placed, naive)
        assert placed < 1.5, (path.name, placed)  # what is left is a corner here and there
    assert crowded >= 3  # the bundled tables do crowd: the test measures something


def test_a_move_clears_the_names_it_would_cover_and_leaves_the_rest(qtbot: Any,
                                                                    bundled: list[Path]) -> None:
    scenario = load(next(p for p in bundled if p.name == "d3_crossroads.yaml"))
    scene = _scene(qtbot, scenario)
    huss = scene.units["fra_huss"]
    far = scene.units["aus_cav"]  # the Chevaulegers, across the table
    far_spot = far.tag_spot
    # Bring the voltigeurs up right behind the hussars, onto the hussars' name.
    target = huss.tag_rect()
    volt = scenario.sides[1].units[4]
    assert volt.id == "fra_volt"
    tx, ty = (target[0] + target[2]) / 2, (target[1] + target[3]) / 2 + 0.3
    moved = move_pieces(scenario, ["fra_volt"], tx - volt.position[0], ty - volt.position[1])
    before = huss.tag_spot
    scene.set_scenario(moved)
    assert huss.tag_spot != before
    assert overlap(huss.tag_rect(), scene.units["fra_volt"].body_rect()) == 0.0
    assert far.tag_spot == far_spot
    # Moving them back gives the hussars their usual spot again.
    scene.set_scenario(scenario)
    assert huss.tag_spot == before


def test_a_full_layout_matches_the_one_kept_up_by_edits(qtbot: Any, bundled: list[Path]) -> None:
    """After an edit and its undo, every tag stands where a fresh table puts it."""
    scenario = load(next(p for p in bundled if p.name == "tactical_ridge.yaml"))
    scene = _scene(qtbot, scenario)
    fresh = {t.tag_key: t.tag_spot for t in _tagged(scene)}
    uid = scenario.sides[0].units[0].id
    scene.set_scenario(move_pieces(scenario, [uid], 3.0, 0.0))
    scene.set_scenario(scenario)
    assert {t.tag_key: t.tag_spot for t in _tagged(scene)} == fresh
    layout_tags(scene)  # and a full layout changes nothing
    assert {t.tag_key: t.tag_spot for t in _tagged(scene)} == fresh


def test_a_tag_is_painted_where_it_was_placed(qtbot: Any, bundled: list[Path]) -> None:
    scene = _scene(qtbot, load(next(p for p in bundled if p.name == "mayhem_village.yaml")))
    moved = [t for t in _tagged(scene) if t.tag_spot != 0]
    assert moved  # the columns on the west edge
    for t in moved:
        x0, y0, x1, y1 = t.tag_rect()
        bounds = t.sceneBoundingRect()
        assert bounds.left() <= x0 + 1e-6 and bounds.right() >= x1 - 1e-6
        assert bounds.top() <= y0 + 1e-6 and bounds.bottom() >= y1 - 1e-6


def _d3_window(qtbot: Any, bundled: list[Path], width: int) -> MainWindow:
    path = next(p for p in bundled if p.name == "d3_crossroads.yaml")
    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(width, 900)
    w.show_scenario(load(path), path)
    w.show()
    qtbot.waitExposed(w)
    return w


@pytest.fixture
def d3_window(qtbot: Any, bundled: list[Path]) -> MainWindow:
    return _d3_window(qtbot, bundled, 1400)


def test_roster_widens_for_whole_names_within_reason(qtbot: Any, bundled: list[Path]) -> None:
    wide = _d3_window(qtbot, bundled, 1900)
    for roster in wide.roster.sides:
        table, model = roster.table, roster.model
        room = table.horizontalHeader().sectionSize(0) - table.iconSize().width() - 14
        metrics = table.fontMetrics()
        for r in range(model.rowCount()):
            name = model.index(r, 0).data()
            assert metrics.horizontalAdvance(name) <= room, name
    narrow = _d3_window(qtbot, bundled, 1400)
    assert 460 < narrow.roster.width() <= 0.38 * narrow.width() + 1  # the table keeps the rest


def test_roster_gives_guns_beside_the_crew(d3_window: MainWindow) -> None:
    model = d3_window.roster.sides[0].model
    rows = {model.index(r, 0).data(): r for r in range(model.rowCount())}
    r = rows["12-pounder position battery"]
    assert model.index(r, 1).data() == "Foot artillery"
    assert model.index(r, 4).data() == "4 · 1 gun"


def _play_at_screenshot_size(qtbot: Any, path: Path) -> Any:
    """A game begun on `path` in the play window at the size of `volley play --screenshot`."""
    from desktop.play.session import Setup, default_ruleset
    from desktop.ui.play.app import WINDOW_SIZE
    from tests.ui.play_windows import play_window

    w = play_window(qtbot)
    scenario = load(path)
    w.start(Setup(scenario, default_ruleset(scenario), seed=0, scenario_path=path))
    w.resize(*WINDOW_SIZE)
    w.show()
    qtbot.waitExposed(w)
    qtbot.wait(50)
    w.view.fit_table()
    return w


def test_no_name_lies_under_a_general_or_a_neighbour_in_crowded_lines(
        qtbot: Any, bundled: list[Path]) -> None:
    """Issue 34, crowded lines: "Horse of Count Solms" lay under Count Willem's disc
    (Four Farms), the 46e's second battalion under the battery (D3 second day).
    In the window as it opens, grown tags and counters and all, no unit's name
    touches an officer's disc, and what little of a name still touches another
    base is a corner, not a word."""
    for name in ("blown_away_four_farms.yaml", "d3_kreuzdorf_second_day.yaml"):
        w = _play_at_screenshot_size(qtbot, next(p for p in bundled if p.name == name))
        scene = w.scene
        if "farms" in name:  # the big table's names are grown to be read whole
            assert scene.units["st_horse"].tag_scale > 1.0
        for unit in scene.units.values():
            tag = unit.tag_rect()
            for officer in scene.officers.values():
                assert overlap(tag, officer.body_rect()) == 0.0, (name, unit.tag_key,
                                                                 officer.tag_key)
            on_bases = sum(overlap(tag, other.body_rect())
                           for other in scene.units.values() if other is not unit)
            height = tag[3] - tag[1]
            assert on_bases < height * height, (name, unit.tag_key, on_bases)
        w.close()


#: D3 crossroads on turn 7 of a game (a Recruit on both sides, seed 1): the
#: Austrians crowd into Kreuzdorf, under its plate ("Kreuzdorf · French advance
#: guard 0 of 12") and the crossroads' plate; (x, y, facing) by piece.
KREUZDORF_CROWD = {
    "aus_ir4": (24.12, 14.5, 130.0), "aus_ir49": (26.06, 15.5, 306.4),
    "aus_gren": (23.02, 11.64, 156.7), "aus_grenz": (15.63, 14.5, 132.2),
    "aus_gen": (29.35, 8.46, 205.0), "fra_huss": (28.36, 18.06, 318.1),
}


def _placed(s: Scenario, where: dict[str, tuple[float, float, float]]) -> Scenario:
    from dataclasses import replace

    def put(piece: Any) -> Any:
        if piece.id not in where:
            return piece
        x, y, facing = where[piece.id]
        return replace(piece, position=(x, y), facing=facing)

    return replace(s, sides=tuple(
        replace(side, units=tuple(map(put, side.units)),
                officers=tuple(map(put, side.officers))) for side in s.sides))


def test_no_name_lies_under_a_plate_drawn_over_the_units(
        qtbot: Any, bundled: list[Path], tmp_path: Path) -> None:
    """Issue 34: Knowe Farm's plate lay over "Old Noll"; Kreuzdorf's plate over the
    Grenadier battalion Scovaud.  The objectives' plates and the plates of the
    places to fill are drawn above the units: names step off them as off a disc
    (what little still touches one is a corner, not a word)."""
    from desktop.scenario.io import save

    path = tmp_path / "crowd.yaml"
    save(_placed(load(next(p for p in bundled if p.name == "d3_crossroads.yaml")),
                 KREUZDORF_CROWD), path)
    w = _play_at_screenshot_size(qtbot, path)
    ppi = w.view.ppi()
    plates = [i.plate_rect(ppi) for i in w.places.items.values()]
    plates += [o.label_keep_clear()[1] for o in w.scene.objectives.values()]
    assert len(plates) >= 3
    for item in (*w.scene.units.values(), *w.scene.officers.values()):
        tag = item.tag_rect()
        height = tag[3] - tag[1]
        for plate in plates:
            box = (plate.left(), plate.top(), plate.right(), plate.bottom())
            assert overlap(tag, box) < height * height / 2, item.tag_key
    w.close()
