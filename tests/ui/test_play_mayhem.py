"""Play Muskets & Mayhem turns through the play window, with scripted dice."""

from __future__ import annotations

from typing import Any

import pytest

import desktop.rules  # noqa: F401
from desktop.play.session import Setup, deploy
from desktop.resources import bundled_scenario
from desktop.scenario import load
from desktop.ui.play.window import PlayWindow


def click_bar(w: PlayWindow, key: str) -> None:
    assert key in w.phase_bar.button_map, list(w.phase_bar.button_map)
    w.phase_bar.button_map[key].click()


def click_card(w: PlayWindow, pid: str, text: str) -> None:
    w.select(pid)
    assert text in w.card.button_map, list(w.card.button_map)
    w.card.button_map[text].click()


@pytest.fixture
def window(qtbot: Any) -> PlayWindow:
    w = PlayWindow()
    w.computer_delay = 0
    qtbot.addWidget(w)
    w.resize(1400, 900)
    sc = load(bundled_scenario("mayhem_village.yaml"))
    # The Marylanders stand five inches in front of the Royal Welch Fusiliers.
    sc = deploy(sc, "us_md", (40.0, 21.0), 90.0)
    dice = [6, 2] + [5] * 8 + [2] * 60  # initiative, then hits, then saves and the rest
    w.start(Setup(sc, "mayhem", seed=3, dice=dice))
    w.show()
    qtbot.waitExposed(w)
    return w


def test_mayhem_turns_through_the_window(qtbot: Any, window: PlayWindow) -> None:
    w = window
    g = w.session.game
    st = g.state
    assert (g.turn, g.phase, g.side) == (1, "initiative", "british")
    assert "go first" in w.phase_bar.prompt.text().lower() or "first" in w.phase_bar.button_map
    assert [v for _, v, _ in w.dice.dice][:2] == [6, 2]  # the initiative roll
    click_bar(w, "first")
    assert (g.phase, g.side) == ("movement", "british")

    # Alternate moves: the British light companies move, the Continentals form column.
    w.select("gb_33")
    card = w.card.text.text()
    assert "Figures" in card and "Morale check" in card
    probe = w.propose_move("gb_lt", 41.0, 12.0)
    assert probe is not None and probe.reason is None, probe
    assert w.commit_move()
    assert st.units["gb_lt"].position == (41.0, 12.0)
    assert g.side == "continentals"
    click_card(w, "us_pa", "form us_pa column")
    assert st.units["us_pa"].formation.value == "column"
    # A move too long for a line stops at the edge of its reach (issue 20): that
    # move is proposed, never a red "may move 12".
    assert g.side == "british"
    probe = w.propose_move("gb_33", 40.0, 24.5)
    assert probe is not None and probe.reason is None and w.proposal.clamped
    assert 11.9 < probe.length <= 12.0
    w.cancel_move()
    click_bar(w, "end")
    click_bar(w, "end")
    assert g.phase in ("artillery", "stationary")
    while g.phase == "artillery":
        click_bar(w, "end")
    assert (g.phase, g.side) == ("stationary", "british")

    # Stationary fire: the Marylanders are a target; hovering shows the odds.
    w.select("gb_23")
    assert "us_md" in w.target_marks
    w.hover_target("us_md")
    assert w.odds.view is not None and "casualties" in w.odds.view.title
    assert sum(p for _, p in w.odds.view.bars) == pytest.approx(1.0)
    figures = st.units["us_md"].figures
    w.attack("us_md")
    assert st.units["gb_23"].fired
    step = w.session.steps[-1]
    assert step.action == "fire gb_23 us_md" and step.draws
    assert len(w.dice.dice) == len(step.draws)
    # Casualties wait for the end of the fire phase.
    while g.phase == "stationary":
        click_bar(w, "end")
    lost = figures - st.units["us_md"].figures
    assert lost >= 0
    fired = [e for e in step.events if e.kind == "fire"]
    if fired:
        assert lost == fired[0].data.get("casualties", lost)
    # Go on to the next turn, answering whatever the game asks.
    for _ in range(40):
        if g.turn == 2 or g.outcome is not None:
            break
        keys = [k for k, b in w.phase_bar.button_map.items() if b.isEnabled()]
        click_bar(w, "end" if "end" in keys else keys[0])
    assert g.turn == 2 and g.phase == "initiative"
    assert w.log.count() > 10
    assert len(w.session.series) == len(w.session.steps) + 1
