"""Play Blown Away through the play window, with scripted cards (seed 003).

Moves are dragged in the ruleset's notation (pivot on the centre man, then
straight or oblique up to 45 degrees), the 4" stop rule and the oblique limit
come back as the engine's reasons, combats show the exact card odds and turn
their cards into the tray, guns spend cannonball markers, and a whole bundled
game plays to its end through the window's controls.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from shapely.geometry import Point as SPoint

import desktop.rules  # noqa: F401
from desktop.play.session import Setup, deploy
from desktop.resources import bundled_scenario
from desktop.rules.blown_away.view import BlownAwayView
from desktop.rules.engine import Action
from desktop.rules.randomplay import random_action
from desktop.scenario import load
from desktop.ui.play.window import PlayWindow

SCENARIO = "blown_away_four_farms.yaml"


def click_bar(w: PlayWindow, key: str) -> None:
    assert key in w.phase_bar.button_map, list(w.phase_bar.button_map)
    w.phase_bar.button_map[key].click()


def click_card(w: PlayWindow, pid: str, text: str) -> None:
    w.select(pid)
    assert text in w.card.button_map, list(w.card.button_map)
    w.card.button_map[text].click()


def make_window(qtbot: Any, cards: list[str], seed: int = 5, close: bool = True) -> PlayWindow:
    w = PlayWindow()
    w.computer_delay = 0
    qtbot.addWidget(w)
    w.resize(1400, 900)
    sc = load(bundled_scenario(SCENARIO))
    if close:
        # The Royal militia stand 3" in front of Regiment Balfour (st_foot faces 180);
        # the Regiment of Pikes stands in the open, 17" in front of a Royal gun.
        sc = deploy(sc, "ry_militia", (24.0, 8.0), 0.0)
        sc = deploy(sc, "st_pike", (29.0, 24.0), 180.0)
    w.start(Setup(sc, "blown_away", {"first_side": "states"}, seed=seed, cards=cards))
    w.show()
    qtbot.waitExposed(w)
    return w


def test_blown_away_turns_through_the_window(qtbot: Any) -> None:
    # States' King of spades against the Royal five of hearts.
    w = make_window(qtbot, ["KS", "5H"])
    g = w.session.game
    st = g.state
    assert isinstance(w.play_view, BlownAwayView)
    assert (g.turn, g.phase, g.side) == (1, "orders", "states")

    # The card: men in ranks as little figures, the command element listed.
    w.select("st_foot")
    card = w.card.text.text()
    assert "13 of 13" in card and "officer, drummer, flag" in card and "●" * 13 in card

    # Regiment Balfour faces the militia 3" away: the stop rule holds it where it is
    # (a drag past the stop stops on it, issue 34: a quarter inch at most here).
    p = st.pieces["st_foot"]
    probe = w.propose_move("st_foot", p.pos[0], p.pos[1] + 2.0)
    assert probe is not None and probe.reason is None and probe.length <= 0.25, probe
    assert w.proposal is not None and "less than 4″ from an enemy" in w.proposal.snapped
    w.cancel_move()
    # More than 45 degrees off its facing: refused with the seed's words.
    guard = st.pieces["st_guard"]
    probe = w.propose_move("st_guard", guard.pos[0] + 5.0, guard.pos[1] + 1.0)
    assert probe is not None and "obliquely" in (probe.reason or ""), probe
    w.cancel_move()
    # The bands are the 90-degree wedge in front of the unit.
    assert w.begin_drag("st_guard")
    assert w.drag is not None and w.drag.bands is not None
    free = w.drag.bands.free
    assert free.contains(SPoint(guard.pos[0], guard.pos[1] + 4.0))
    assert not free.contains(SPoint(guard.pos[0] + 4.0, guard.pos[1]))
    # Pivoting the ghost turns the wedge with it (here a quarter turn to the east).
    w.pivot(-90.0)
    assert w.drag is not None and w.drag.bands is not None
    turned = w.drag.bands.free
    assert turned.contains(SPoint(guard.pos[0] + 4.0, guard.pos[1] + 1.0))
    assert not turned.contains(SPoint(guard.pos[0], guard.pos[1] + 4.0))
    w.cancel_move()
    # An oblique move of 30 degrees: legal; committed.
    probe = w.propose_move("st_guard", guard.pos[0] + 2.5, guard.pos[1] + 4.33)
    assert probe is not None and probe.reason is None, probe
    assert w.commit_move()
    assert st.pieces["st_guard"].pos == (63.5, 7.33)
    assert st.acted and g.phase == "orders"
    # The commander rides to Regiment Balfour from its card: the orders are done.
    click_card(w, "st_foot", "move st_cinc 24,1.5 180")
    assert st.commanders["st_cinc"].pos == (24.0, 1.5)
    assert g.phase == "artillery" and g.side == "states"  # a gun of the States could fire
    click_bar(w, "end")
    assert g.phase == "combat" and g.side == "states"

    # Combat: the militia is outlined; hovering gives the exact card odds.
    w.select("st_foot")
    assert "ry_militia" in w.target_marks
    w.hover_target("ry_militia")
    view = w.odds.view
    assert view is not None and "who wins" in view.title
    odds = g.combat_odds("st_foot", "ry_militia")
    assert [p for _, p in view.bars] == pytest.approx(
        [float(odds.unit_wins), float(odds.tie), float(odds.target_wins)])
    w.attack("ry_militia")
    # The two cards turned are in the tray, as cards.
    assert [(k, v) for k, v, _ in w.dice.dice] == [("card", "KS"), ("card", "5H")]
    m = st.pieces["ry_militia"].men
    # One killed (the first of the fight): 1 runs, militia +2: 3 run.
    assert (m.ranks, m.running, m.killed) == (9, 3, 1)
    w.select("ry_militia")
    card = w.card.text.text()
    assert "Running" in card and "✕" in card and "◐" * 3 in card
    click_bar(w, "end")
    assert (g.side, g.phase) == ("royal", "orders")

    # Royal turn: the militia may not rally (Balfour faces it from 6" or less).
    w.select("ry_militia")
    assert not any(k.startswith("rally") for k in w.card.button_map)
    click_bar(w, "end")
    # Long-range artillery: the Royal gun fires at the pikes, a cannonball spent.
    assert g.phase == "artillery"
    w.select("ry_gun_1")
    assert "st_pike" in w.target_marks
    w.hover_target("st_pike")
    assert w.odds.view is not None and "costs 1 cannonball" in " ".join(w.odds.view.notes)
    before = st.pieces["st_pike"].men.ranks
    w.attack("st_pike")
    assert st.pieces["ry_gun_1"].markers == 3
    assert st.pieces["st_pike"].men.ranks == before - 1
    w.select("ry_gun_1")
    assert "3 of 4" in w.card.text.text()
    # The combat carries on in the Royal turn: the engaged pair may fight again.
    assert g.phase == "artillery"  # the other gun may still fire
    click_bar(w, "end")
    assert g.phase == "combat"
    w.select("ry_militia")
    assert "st_foot" in w.target_marks
    view = w.play_view.odds(w.target_action("st_foot"))  # type: ignore[arg-type]
    assert view is not None and len(view.bars) == 3
    click_bar(w, "end")
    assert (g.turn, g.side) == (2, "states")


def route(w: PlayWindow, act: Action) -> None:
    """Take `act` through the window's own controls, as a player would."""
    g = w.session.game
    text = act.text()
    words = text.split()
    kind = words[0]
    a = w.play_view
    assert a is not None
    if kind == "end":
        click_bar(w, "end")
    elif kind == "move":
        x, y = (float(v) for v in words[2].split(","))
        probe = w.propose_move(words[1], x, y, float(words[3]))
        assert probe is not None and probe.reason is None, (text, probe)
        assert w.commit_move(), text
    elif kind in ("fire", "combat"):
        w.select(words[1])
        assert words[2] in w.target_marks, (text, list(w.target_marks))
        w.attack(words[2])
    else:  # rally, rejoin, form: buttons on the unit's card
        w.select(words[1])
        assert text in w.card.button_map, (text, list(w.card.button_map))
        w.card.button_map[text].click()
    assert g.history[-1].text() == text


def test_a_whole_bundled_game_through_the_window(qtbot: Any) -> None:
    w = make_window(qtbot, [], seed=2, close=False)
    g = w.session.game
    rng = random.Random(2)
    n = 0
    while g.outcome is None and n < 600:
        act = random_action(g, rng)
        kind = act.text().split()[0]
        if kind == "form" and act.text() not in [
                x.text() for _, x in w.play_view.card_actions(act.text().split()[1])]:
            # a formation change the card does not offer (another facing): played as text
            assert w.do(act)
        else:
            route(w, act)
        n += 1
    assert g.outcome is not None, n
    assert "Game over" in w.phase_bar.title.text()
    qtbot.waitUntil(lambda: w.victory_dialog is not None or w._announced, timeout=2000)


def test_badges_stay_legible_with_the_whole_table_in_view(qtbot: Any) -> None:
    """On the 96" table fitted in the window the men-count tags grow to a readable size."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QColor, QPolygonF

    from desktop.table.shapes import corners

    w = make_window(qtbot, [], close=False)
    w.view.fit_table()
    ppi = w.view.ppi()
    assert ppi * 0.55 < 6  # drawn to scale, the text would be 5 or so pixels high
    assert len(w.badges) == 14 and any("balls" in b.text for b in w.badges)
    shot = w.view.viewport().grab().toImage()
    pieces = w.play_view.pieces()
    for b in w.badges:
        assert b.text_px(ppi) >= 11, (b.text, b.text_px(ppi))
        # Drawn that size: a column of the tag's paper near its right end.
        r = w.view.mapFromScene(b.tag_rect(ppi)).boundingRect()
        x = r.right() - 3
        paper = sum(1 for y in range(r.top() - 2, r.bottom() + 3)
                    if QColor(shot.pixel(x, y)).lightness() > 235)
        assert paper >= 10, (b.text, paper)  # (to scale: 4 or 5)
        # Grown, it reaches over no other unit in the line.
        for p in pieces.values():
            if not p.present or p.is_officer or p.id == b.piece.id:
                continue
            base = QPolygonF([QPointF(x, y) for x, y in
                              corners(p.x, p.y, p.frontage, p.depth, p.facing)])
            assert not base.boundingRect().intersects(b.tag_rect(ppi)), (b.text, p.id)
