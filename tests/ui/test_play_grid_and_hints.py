"""Square names on screen and hints that fit the phase (issue 20, item 6).

Tactical Dice squares had no labels on screen while the log and the card said
"h2"; in the artillery phase the hint still said "drag one of yours to move it".
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import desktop.rules  # noqa: F401
from desktop.play.session import Setup
from desktop.resources import bundled_scenario
from desktop.rules.view import PlayView
from desktop.scenario import load
from desktop.ui.play.grid_labels import column_name
from desktop.ui.play.window import PlayWindow
from tests.ui.play_windows import play_window

# The five rulesets' bundled scenarios (the names test plays the same ones).
BUNDLED = {"d3": "d3_crossroads.yaml", "mayhem": "mayhem_village.yaml",
           "tactical": "tactical_ridge.yaml", "blown_away": "blown_away_four_farms.yaml",
           "kiddies": "kiddies_bridge.yaml"}


@pytest.fixture
def window(qtbot: Any, tmp_path: Path) -> PlayWindow:
    return play_window(qtbot, tmp_path / "autosave")


def test_column_names_read_like_the_log() -> None:
    assert [column_name(i) for i in (0, 7, 25, 26, 27)] == ["a", "h", "z", "aa", "ab"]


def test_tactical_dice_squares_are_labelled_along_the_edges(window: PlayWindow) -> None:
    sc = load(bundled_scenario("tactical_ridge.yaml"))
    grid = sc.table.grid
    assert grid is not None
    w = window
    w.start(Setup(sc, "tactical", seed=2))
    cols = round(sc.table.width / grid.square)
    rows = round(sc.table.depth / grid.square)
    assert w.grid_labels.texts("top") == [column_name(i) for i in range(cols)]
    assert w.grid_labels.texts("bottom") == w.grid_labels.texts("top")
    assert w.grid_labels.texts("left") == [str(i + 1) for i in range(rows)]
    assert w.grid_labels.texts("right") == w.grid_labels.texts("left")
    # a label stands where the square it names is: the log's "h2" is column h, row 2
    h = next(it for it in w.grid_labels.items if it.text == "h" and it.side == "top")
    assert h.pos().x() == pytest.approx(grid.origin[0] + 7.5 * grid.square)
    assert all(it.scene() is w.scene for it in w.grid_labels.items)


@pytest.mark.parametrize("ruleset", ["d3", "mayhem"])
def test_no_labels_in_games_that_are_not_on_squares(window: PlayWindow, ruleset: str) -> None:
    w = window
    w.start(Setup(load(bundled_scenario(BUNDLED[ruleset])), ruleset, seed=1))
    assert w.grid_labels.items == []


def test_labels_go_when_a_grid_game_gives_way(window: PlayWindow) -> None:
    w = window
    w.start(Setup(load(bundled_scenario("tactical_ridge.yaml")), "tactical", seed=2))
    assert w.grid_labels.items
    w.start(Setup(load(bundled_scenario("d3_crossroads.yaml")), "d3", seed=1))
    assert w.grid_labels.items == []


def test_the_artillery_phase_hint_says_guns_not_drag(window: PlayWindow) -> None:
    """Issue 20: in the artillery phase the hint still said "drag one of yours"."""
    w = window
    w.start(Setup(load(bundled_scenario("tactical_ridge.yaml")), "tactical", seed=2))
    g = w.session.game
    for _ in range(40):
        if g.phase == "artillery" and g.side is not None:
            break
        keys = [k for k, b in w.phase_bar.button_map.items() if b.isEnabled()]
        w.phase_bar.button_map["end" if "end" in keys else keys[0]].click()
        g = w.session.game
    assert g.phase == "artillery"
    w.select(None)
    hint = w.play_view.phase_hint()
    assert "drag" not in hint.lower() and "gun" in hint.lower()
    assert hint in w.phase_bar.prompt.text()
    assert "drag" not in w.card.text.text().lower()


@pytest.mark.parametrize("ruleset", sorted(BUNDLED))
def test_every_ruleset_hints_its_first_phase(window: PlayWindow, ruleset: str) -> None:
    w = window
    w.start(Setup(load(bundled_scenario(BUNDLED[ruleset])), ruleset, seed=1))
    a = w.play_view
    hint = a.phase_hint()
    assert hint and hint.endswith((".", "?"))
    w.select(None)
    assert hint.split(":")[0] in w.card.text.text() or hint[:30] in w.card.text.text()


def test_the_base_hint_asks_the_engine(window: PlayWindow) -> None:
    """A ruleset that says nothing gets a hint from its legal moves and attacks."""
    w = window
    w.start(Setup(load(bundled_scenario("d3_crossroads.yaml")), "d3", seed=5))
    g = w.session.game
    base = PlayView.phase_hint(w.play_view)
    assert base.startswith(g.phase_info().name + ":")
    mine = [p for p in w.play_view.pieces().values() if p.side == g.side]
    if any(w.play_view.can_move(p.id) for p in mine):
        assert "drag" in base
    else:
        assert "drag" not in base


def test_no_hint_on_the_card_while_the_computer_acts(window: PlayWindow) -> None:
    from desktop.play.levels import Computer

    w = window
    sc = load(bundled_scenario("d3_crossroads.yaml"))
    w.start(Setup(sc, "d3", seed=5, seats={x.id: Computer() for x in sc.sides}))
    w.select(None)
    assert w.play_view.phase_hint() not in w.card.text.text()
    assert "Click a unit to see its card." in w.card.text.text()
