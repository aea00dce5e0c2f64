"""Play Kiddies through the play window, with scripted dice (seed 000).

Figures are pieces of their own: one is dragged in spans, a group is chosen
with a rubber band (or Ctrl-click) and moved together, the cavalry trio
charges from the phase bar, a cannon is aimed by a heading and a strength and
its simulated flick is animated, the tabletop mode records who fell, and a
whole bundled game plays to its end through the window's controls.
"""

from __future__ import annotations

import math
import os
import random
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

import desktop.rules  # noqa: F401
from desktop.play.session import Setup, deploy
from desktop.resources import bundled_scenario
from desktop.rules.engine import Action
from desktop.rules.kiddies.view import KiddiesView, flight_of
from desktop.rules.randomplay import random_action
from desktop.scenario import load
from desktop.ui.play.figures import FigureItem
from desktop.ui.play.window import PlayWindow

SCENARIO = "kiddies_bridge.yaml"
#: Set VOLLEY_SHOTS=/some/dir to keep the frames the tests grab.
SHOTS = os.environ.get("VOLLEY_SHOTS")


def click_bar(w: PlayWindow, key: str) -> None:
    assert key in w.phase_bar.button_map, list(w.phase_bar.button_map)
    w.phase_bar.button_map[key].click()


def make_window(qtbot: Any, dice: list[int], seed: int = 4,
                options: dict[str, Any] | None = None, close: bool = False) -> PlayWindow:
    w = PlayWindow()
    w.computer_delay = 0
    qtbot.addWidget(w)
    w.resize(1400, 900)
    sc = load(bundled_scenario(SCENARIO))
    if close:
        # The 2nd Carminian Foot stand in a line across the Azurian gun's front.
        sc = deploy(sc, "ca_foot", (16.0, 21.5), 270.0)
    w.start(Setup(sc, "kiddies", dict(options or {}), seed=seed, dice=dice))
    w.show()
    qtbot.waitExposed(w)
    return w


def save(w: PlayWindow, name: str, tmp: Path) -> None:
    QApplication.processEvents()
    target = Path(SHOTS) if SHOTS else tmp
    target.mkdir(parents=True, exist_ok=True)
    assert w.grab().save(str(target / name))


def to_cannon_fire(w: PlayWindow) -> None:
    click_bar(w, "end")  # the Azurians' movement
    click_bar(w, "end")  # the Carminians'; hand to hand; the cannon roll-off


def test_kiddies_turns_through_the_window(qtbot: Any, tmp_path: Path) -> None:
    # Initiative: Azurians 5, Carminians 2; the cannon roll-off: Azurians 6, Carminians 1.
    w = make_window(qtbot, [5, 2, 6, 1], close=True)
    g = w.session.game
    a = w.play_view
    assert isinstance(a, KiddiesView)
    # Every figure is a piece on the table (the scene's units are not shown).
    assert len(w.figures.figure_items) == len(g.figures) == 60
    assert all(isinstance(it, FigureItem) for it in w.figures.figure_items.values())
    assert (g.phase, g.side) == ("choose", "azuria")
    click_bar(w, "first")
    assert (g.phase, g.side) == ("move", "azuria")
    # Volley groups and the manned cannons are outlined.
    assert len(w.figures.highlights) >= len(a.volley_groups()) + 2

    # One figure: a span is 7"; a drag past it stops at the span (issue 20).
    f = g.figures["az_fus.1"]
    x0, y0 = f.pos
    probe = w.propose_move("az_fus.1", x0 + 9.0, y0)
    assert probe is not None and w.proposal.clamped and 6.9 < probe.length <= 7.0, probe
    assert "may move 1 span" not in (probe.reason or "")
    w.cancel_move()
    assert w.begin_drag("az_fus.1")
    assert w.drag is not None and w.drag.bands is not None
    assert w.drag.bands.allowance.full == pytest.approx(7.0)
    w.cancel_move()
    probe = w.propose_move("az_fus.1", x0 + 5.0, y0)
    assert probe is not None and probe.reason is None
    assert w.commit_move()
    assert g.figures["az_fus.1"].pos == (x0 + 5.0, y0)
    assert "0.71 span" in w.log.lines_text()[-1]

    # A group: a rubber band round the second rank of the Fusiliers, then one drag.
    rank = [f"az_fus.{i}" for i in range(6, 11)]
    xs = [g.figures[i].x for i in rank]
    ys = [g.figures[i].y for i in rank]
    w.figures.band_start((min(xs) - 0.2, min(ys) - 0.6))
    w.figures.band_to((max(xs) + 0.2, max(ys) + 0.6))
    w.figures.band_end((max(xs) + 0.2, max(ys) + 0.6))
    assert sorted(w.figures.group) == sorted(rank)
    lead = g.figures["az_fus.6"]
    start = {i: g.figures[i].pos for i in rank}
    assert w.begin_drag("az_fus.6")
    assert w.drag is not None and len(w.drag.ghosts) == 4
    w.drag_to((lead.x + 4.0, lead.y))
    w.end_drag()
    assert w.proposal is not None and w.proposal.probe is not None
    assert w.proposal.probe.reason is None
    assert w.commit_move()
    assert g.history[-1].text().startswith("group ")
    for i in rank:
        assert g.figures[i].pos == pytest.approx((start[i][0] + 4.0, start[i][1]))
    assert w.figures.group == []  # they have moved
    # Ctrl-click adds figures to a group one by one.
    w.select("az_foot.1")
    w.figures.toggle_group("az_foot.2")
    assert w.figures.group == ["az_foot.1", "az_foot.2"]
    w.figures.toggle_group("az_foot.2")
    assert w.figures.group == ["az_foot.1"]
    w.figures.group = []

    # The Hussars' charge is a phase-bar button.
    key = "charge az_hus.1,az_hus.2,az_hus.3 90"
    assert w.phase_bar.button_map[key].text().startswith("Charge: Azurian Hussars")
    hx = g.figures["az_hus.2"].x
    click_bar(w, key)
    assert g.figures["az_hus.2"].x == pytest.approx(hx + 14.0)
    save(w, "kiddies_moves.png", tmp_path)

    to_cannon_fire(w)
    assert (g.phase, g.side) == ("cannon", "azuria")
    k = w.play_view
    assert k is not None and k.shooters() == ["az_gun.gun"]
    # Aiming: outside the front arc the flick is turned back to its edge.
    aim = w.figures.aim_at("az_gun.gun", 180.0, 0.7)
    assert aim is not None and aim.heading == 135.0 and aim.reason is None
    # Aiming by dragging: the length of the drag is how far the pellet slides.
    gun = g.figures["az_gun.gun"]
    aim = w.figures.aim_towards("az_gun.gun", (gun.x + 20.0, gun.y))
    assert aim is not None and aim.heading == 90.0 and aim.reach == pytest.approx(20.0, abs=0.5)
    assert "flick" in w.phase_bar.button_map
    click_bar(w, "harder")
    aiming = w.figures.aiming
    assert aiming is not None and aiming.strength == pytest.approx(aim.strength + 0.05)
    save(w, "kiddies_aim.png", tmp_path)
    w.figures.aim_at("az_gun.gun", 90.0, 0.5)
    w.figures.animate_flicks = True
    click_bar(w, "flick")
    player = w.figures.flick_player
    assert player is not None
    player.anim.pause()
    step = w.session.steps[-1]
    flight = flight_of(step.events)
    assert flight is not None and flight.pellet == "large"
    assert step.action == "cannon az_gun.gun 90 0.5"
    # This flick (from the game's seed) knocks two of the Foot over and shoves one.
    assert flight.fell == ["ca_foot.3", "ca_foot.5"]
    assert list(flight.moved_paths) == ["ca_foot.4"]
    # The frames: the pellet moves along its path; the fallen topple.
    seen = []
    for n, frac in enumerate((0.1, 0.4, 0.7, 1.0)):
        player.set_progress(frac)
        seen.append(flight.pellet_at(player.item.t))
        save(w, f"kiddies_flick_{n}.png", tmp_path)
    assert seen[0] != seen[-1]
    for fid in flight.fell:
        assert player.proxies[fid].fallen == pytest.approx(1.0)
        assert g.figures[fid].status == "killed"
    # the shoved figure ends where the engine put it
    pushed = player.proxies["ca_foot.4"].pos()
    assert (pushed.x(), pushed.y()) == pytest.approx(g.figures["ca_foot.4"].pos, abs=0.05)
    player.anim.resume()
    qtbot.waitUntil(lambda: w.figures.flick_player is None, timeout=5000)
    assert all(it.isVisible() for it in w.figures.figure_items.values())
    # the fallen lie where they fell until the next action
    assert sorted(it.piece.id for it in w.figures.fallen_items) == ["ca_foot.3", "ca_foot.5"]
    save(w, "kiddies_after_flick.png", tmp_path)
    # The Carminian cannon fires back (with its own animation).
    if (g.phase, g.side) == ("cannon", "carminia"):
        w.figures.animate_flicks = False
        w.figures.aim_at("ca_gun.gun", 270.0, 0.8)
        assert w.figures.flick()
    assert g.phase != "cannon" or g.side != "azuria"


def test_tabletop_mode_records_who_fell(qtbot: Any) -> None:
    w = make_window(qtbot, [5, 2, 6, 1], options={"shots": "tabletop"})
    g = w.session.game
    click_bar(w, "first")
    to_cannon_fire(w)
    k = w.play_view
    assert k is not None and k.tabletop and k.shooters() == ["az_gun.gun"]
    assert "Flick on your table" in w.phase_bar.prompt.text()
    assert w.figures.begin_fell("az_gun.gun")
    w.figures.toggle_fell("ca_fus.1")
    w.figures.toggle_fell("ca_fus.2")
    w.figures.toggle_fell("ca_fus.3")
    w.figures.toggle_fell("ca_fus.3")  # a second click takes it back
    assert w.phase_bar.button_map["confirm_fell"].text() == "Confirm: 2 fell"
    click_bar(w, "confirm_fell")
    assert g.history[-1].text() == "fell az_gun.gun ca_fus.1,ca_fus.2"
    assert g.figures["ca_fus.1"].status == "killed"
    assert g.figures["ca_fus.3"].status == "active"
    assert "ca_fus.1" not in w.figures.figure_items


def route(w: PlayWindow, act: Action) -> None:
    """Take `act` through the window's own controls, as a player would."""
    g = w.session.game
    text = act.text()
    words = text.split()
    kind = words[0]
    if kind in ("end", "first", "second") or kind == "charge":
        click_bar(w, text)
    elif kind == "move":
        x, y = (float(v) for v in words[2].split(","))
        probe = w.propose_move(words[1], x, y, float(words[3]))
        assert probe is not None and probe.reason is None, (text, probe)
        assert w.commit_move(), text
    elif kind == "group":
        ids = words[1].split(",")
        dx, dy = (float(v) for v in words[2].split(","))
        w.figures.select_group(ids)
        lead = g.figures[ids[0]]
        assert w.begin_drag(ids[0])
        assert w.drag is not None
        w.drag.facing = (lead.facing + float(words[3])) % 360.0
        w.drag_to((lead.x + dx, lead.y + dy))
        w.end_drag()
        assert w.commit_move(), text
    elif kind in ("cannon", "volley", "skirmish"):
        aim = w.figures.aim_at(words[1], float(words[2]), float(words[3]))
        assert aim is not None and aim.reason is None, (text, aim)
        click_bar(w, "flick")
    else:  # exit: a button on the figure's card
        w.select(words[1])
        assert text in w.card.button_map, (text, list(w.card.button_map))
        w.card.button_map[text].click()
    assert g.history[-1].text() == text, (g.history[-1].text(), text)


def test_a_whole_bundled_game_through_the_window(qtbot: Any) -> None:
    w = make_window(qtbot, [], seed=3)
    w.figures.animate_flicks = False
    g = w.session.game
    rng = random.Random(3)
    n = 0
    while g.outcome is None and n < 800:
        route(w, random_action(g, rng))
        n += 1
    assert g.outcome is not None, n
    assert "Game over" in w.phase_bar.title.text()
    assert math.isfinite(sum(w.session.series[-1].values.values()))
