"""Issue 8, "Done means": the bundled four-objective scenario plays to a finish
through the play window's Qt-free layer (the generic adapter reads everything
it shows from the snapshot and the action notation)."""

from __future__ import annotations

import random

from desktop.resources import bundled_scenario
from desktop.rules import registry
from desktop.rules.blown_away.game import BlownAwayGame
from desktop.rules.randomplay import random_action
from desktop.rules.view import PlayView
from desktop.scenario import load


def _game(seed: int) -> BlownAwayGame:
    g = registry.get("blown_away").new_game(load(bundled_scenario("blown_away_four_farms.yaml")),
                                            seed=seed)
    assert isinstance(g, BlownAwayGame)
    return g


def test_four_farms_plays_to_a_finish_with_the_computer_player() -> None:
    g = _game(23)
    rng = random.Random(24)
    while g.outcome is None:
        g.apply(random_action(g, rng))
    assert g.phase == "over" and g.side is None


def test_the_unit_card_shows_men_in_ranks_running_and_killed() -> None:
    g = _game(1)
    a = PlayView(g)
    rows = dict(a.card("st_guard").rows)
    assert (rows["Men"], rows["Ranks"]) == ("13", "13")
    assert dict(a.card("ry_gun_1").rows)["Markers"] == "4"
    m = g.piece("st_guard").men
    m.kill(engaged=True)
    m.run(2)
    g.state.engaged.add(("ry_guard", "st_guard"))  # so the killed man stays on the field
    rows = dict(a.card("st_guard").rows)
    assert (rows["Ranks"], rows["Running"], rows["Killed"]) == ("10", "2", "1")


def test_moves_made_on_the_table_are_legal_actions() -> None:
    g = _game(1)
    a = PlayView(g)
    pid = "st_foot" if g.side == "states" else "ry_foot"
    p = a.piece(pid)
    assert p is not None and a.can_move(pid)
    dy = 5.0 if g.side == "states" else -5.0
    move = a.move_action(pid, p.x, p.y + dy, p.facing)
    assert move is not None and g.check(move) is None


def test_the_combat_chart_is_the_engine_s_odds_in_names() -> None:
    """A view with no odds of its own names the engine's (PlayView.odds)."""
    from tests.rules.blown_away.helpers import foot, new_game, play, scenario

    g = new_game(scenario([foot("b1", 40, 60, 0)], [foot("r1", 40, 55, 180)]))
    play(g, "end")
    action = g.parse_action("combat b1 r1")
    data = g.odds(action)
    assert data is not None
    view = PlayView(g).odds(action)
    assert view is not None and [p for _, p in view.bars] == [p for _, p in data.bars]
    names = {u.id: u.name for _, u in g.scenario.all_units()}
    assert view.bars[0][0] == f"{names['b1'] or 'b1'} wins"
