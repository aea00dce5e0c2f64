"""The battle in view (issue 34): the victory panel, "Turn N of M" on the phase
bar, and the objectives named on the map in the holder's colour."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

import desktop.rules  # noqa: F401
from desktop.play.session import Setup
from desktop.resources import bundled_scenario
from desktop.scenario import load
from desktop.scenario.wording import side_does
from desktop.ui.play.window import PlayWindow
from desktop.ui.table.styles import Z_OBJECTIVE_NAME, Z_UNIT
from tests.ui.play_windows import play_window


@pytest.fixture
def window(qtbot: Any) -> PlayWindow:
    return play_window(qtbot)


def setup(name: str, ruleset: str, **changes: Any) -> Setup:
    path = bundled_scenario(name)
    sc = load(path)
    if changes:
        sc = replace(sc, **changes)
    return Setup(sc, ruleset, seed=5, scenario_path=path)


def test_the_panel_and_the_phase_bar_follow_every_action_and_replay_step(
        window: PlayWindow) -> None:
    w = window
    w.start(setup("d3_crossroads.yaml", "d3"))
    assert w.phase_bar.title.text().startswith("Turn 1 of 12 · ")
    lines = w.victory_panel.lines
    assert lines[0] == "Turn 1 of 12 · 11 more turns after this"
    assert lines[1].startswith("If the battle ended now: ")
    assert "Kreuzdorf crossroads: Austrian rearguard" in lines
    assert "French advance guard wins by" in lines
    assert any(x.endswith("Have 12 figures inside Kreuzdorf — 0 there now; 12 more needed"
                          " · when turn 12 ends") for x in lines)
    # the crossroads marker takes the Austrians' colour; its name is above the units
    item = w.scene.objectives["crossroads"]
    assert item.holder is not None and item.holder[1] == "Austrian rearguard"
    assert item.name_item is not None and item.name_item.scene() is w.scene
    assert item.name_item.zValue() == Z_OBJECTIVE_NAME > Z_UNIT
    # after actions, the panel and the bar say the new turn
    while w.game is not None and w.game.turn == 1:
        assert w.end_phase()
    assert w.phase_bar.title.text().startswith("Turn 2 of 12 · ")
    assert w.victory_panel.lines[0] == "Turn 2 of 12 · 10 more turns after this"
    # a replay step shows the state of that step
    w.records.enter_replay()
    w.records.replay_to(0)
    assert w.victory_panel.lines[0].startswith("Turn 1 of 12")
    assert w.phase_bar.prompt.text().startswith("Turn 1 of 12 · ")
    w.records.leave_replay()
    assert w.victory_panel.lines[0].startswith("Turn 2 of 12")


@pytest.mark.parametrize(("name", "ruleset", "limit"), [
    ("d3_crossroads.yaml", "d3", 12), ("mayhem_village.yaml", "mayhem", 10),
    ("tactical_ridge.yaml", "tactical", 10), ("blown_away_four_farms.yaml", "blown_away", 40),
    ("kiddies_bridge.yaml", "kiddies", 25)])
def test_every_ruleset_shows_its_conditions(window: PlayWindow, name: str, ruleset: str,
                                           limit: int) -> None:
    w = window
    w.start(setup(name, ruleset))
    assert w.phase_bar.title.text().startswith(f"Turn 1 of {limit} · ")
    lines = w.victory_panel.lines
    assert lines[0].startswith(f"Turn 1 of {limit}")
    sc = w.game.scenario
    for side in sc.sides:
        assert f"{side_does(side.name, 'wins')} by" in lines  # "Azurians win by"
    for o in sc.game.objectives:
        assert any(x.startswith(f"{o.name}: ") for x in lines), o.name
        assert w.scene.objectives[o.id].name_item is not None


def test_scenario_names_are_shown_as_plain_text(window: PlayWindow) -> None:
    """A side or objective named like markup reads as its letters."""
    path = bundled_scenario("tactical_ridge.yaml")
    sc = load(path)
    odd = "<b>Big</b> & <i>bold</i>"
    sides = (replace(sc.sides[0], name=odd), *sc.sides[1:])
    objectives = (replace(sc.game.objectives[0], name="<font size=9>Kirk</font>"),
                  *sc.game.objectives[1:])
    sc = replace(sc, sides=sides, game=replace(sc.game, objectives=objectives))
    window.start(Setup(sc, "tactical", seed=1, scenario_path=None))
    labels = window.victory_panel.findChildren(QLabel)
    assert labels
    assert all(lb.textFormat() == Qt.TextFormat.PlainText for lb in labels)
    texts = [lb.text() for lb in labels]
    assert f"{odd} wins by" in texts
    assert "<font size=9>Kirk</font>" in texts


def test_objective_names_grow_with_the_tags_on_a_big_table(window: PlayWindow) -> None:
    """Blown Away's farms on a 96-inch table fitted to the window are named."""
    w = window
    w.show()
    w.start(setup("blown_away_four_farms.yaml", "blown_away"))
    w.view.fit_table()
    ppi = w.view.ppi()
    for item in w.scene.objectives.values():
        plate = item.label_keep_clear()[1]
        assert plate.height() * ppi >= 9, (item.objective.name, plate.height() * ppi)


# -- the briefing --------------------------------------------------------------------------


def test_the_briefing_card_at_the_start_and_under_game_briefing(window: PlayWindow,
                                                                qtbot: Any) -> None:
    w = window
    w.show()
    s = setup("d3_crossroads.yaml", "d3")
    w.start(s)
    assert w.briefing.isHidden()  # only the ways into a battle show it (tests start quietly)
    w.show_briefing(at_start=True)
    card = w.briefing
    assert card.isVisible() and card.title.text() == "The Crossroads at Kreuzdorf"
    assert card.facts.text() == ("D3 Horse and Musket · 12 turns · 48 × 36 in table · "
                                 "6 against 7 units")
    assert card.paragraphs[0].startswith("Autumn 1809, in the hill country")
    assert "Austrian rearguard wins by holding Kreuzdorf crossroads." in card.paragraphs
    assert card.button.text() == "To battle ▶"
    # it lies on the table view, inside it
    assert w.view.rect().contains(card.geometry())
    qtbot.keyClick(card, Qt.Key.Key_Escape)
    assert card.isHidden()
    w.briefing_action.trigger()
    assert card.isVisible() and card.button.text() == "Back to the battle"
    card.button.click()
    assert card.isHidden()
    assert all(lb.textFormat() == Qt.TextFormat.PlainText for lb in card.findChildren(QLabel))


def test_the_welcome_list_says_ruleset_length_and_size(qtbot: Any) -> None:
    from desktop.ui.help.welcome import WelcomeDialog

    dlg = WelcomeDialog()
    qtbot.addWidget(dlg)
    texts = [dlg.list.item(i).text() for i in range(dlg.list.count())]
    assert "The Crossroads at Kreuzdorf\nD3 Horse and Musket · 12 turns · 48 × 36 in table · " \
           "6 against 7 units" in texts
    assert any(t.startswith("The Four Farms\nBlown Away · 40 turns · 96 × 48 in table")
               for t in texts)
    assert any(t.startswith("Miller's Bridge\nKiddies · 25 turns") for t in texts)
    # every line whole, without a sideways scroll (the dialog was too narrow: "6 against 7 u")
    dlg.show()
    qtbot.waitExposed(dlg)
    lst = dlg.list
    assert lst.horizontalScrollBar().maximum() == 0
    assert lst.viewport().width() >= lst.sizeHintForColumn(0)


def test_the_places_to_fill_are_outlined_and_counted(window: PlayWindow) -> None:
    """Kiddies' mill and chapel are objectives too: named on the table, with their count."""
    w = window
    w.start(setup("kiddies_bridge.yaml", "kiddies"))
    texts = sorted(item.text for item in w.places.items.values())
    assert texts == ["Kiddle mill · Azurians 0 of 3", "St Brannoc's chapel · Carminians 0 of 3"]
    assert all(item.scene() is w.scene for item in w.places.items.values())


def test_during_deployment_the_panel_says_the_battle_has_not_begun(window: PlayWindow) -> None:
    window.begin_deployment(setup("tactical_ridge.yaml", "tactical"))
    assert window.victory_panel.lines[0].startswith("The battle has not begun.")
    window.phase_bar.button_map["begin"].click()
    assert window.victory_panel.lines[0].startswith("Turn 1 of 10")


@pytest.mark.parametrize("name", [p.name for p in __import__(
    "desktop.resources", fromlist=["bundled_scenarios"]).bundled_scenarios()])
def test_the_panel_fits_its_dock_without_scrolling(qtbot: Any, name: str) -> None:
    """Issue 34: the Victory dock scrolled on D3 and Mayhem at the window's size
    (1500 by 940, as `volley play --screenshot`): the layout is tighter (the
    turn on one line, each holder on one line, the turn limit's sentence only
    where no "Hold out" line says it), the text as large as before."""
    from desktop.play.session import default_ruleset
    from desktop.ui.play.app import WINDOW_SIZE

    w = play_window(qtbot)
    sc = load(bundled_scenario(name))
    w.start(Setup(sc, default_ruleset(sc), seed=5, scenario_path=bundled_scenario(name)))
    w.resize(*WINDOW_SIZE)
    w.show()
    qtbot.waitExposed(w)
    qtbot.wait(50)
    assert w.victory_panel.lines  # the conditions are shown
    assert w.victory_panel.verticalScrollBar().maximum() == 0, name
    w.close()


def test_blown_away_says_an_objective_stays_held_once_taken(window: PlayWindow) -> None:
    """Seed 003, "Winning an encounter scenario": men in ranks who "were the
    last to occupy" an objective hold it, so a farm stays held when they march
    on (the quick reference and docs/play.md say so).  The panel says it in the
    words of the hold condition, for both sides; the other conditions read as
    before."""
    w = window
    w.start(setup("blown_away_four_farms.yaml", "blown_away"))
    hold = [x for x in w.victory_panel.lines if x.startswith("○ Hold 3 of the 4 objectives")]
    assert len(hold) == 2  # one line a side
    for line in hold:
        assert line.startswith("○ Hold 3 of the 4 objectives (once taken, each stays held "
                               "until the enemy takes it) — ")
    destroy = [x for x in w.victory_panel.lines if "Destroy every unit" in x]
    assert destroy and not any("stays held" in x for x in destroy)
    # other rulesets' objectives are held only while a side's units are on them
    w.start(setup("tactical_ridge.yaml", "tactical"))
    assert not any("stays held" in x for x in w.victory_panel.lines)
