"""The play adapters of Blown Away and Kiddies, without a window."""

from __future__ import annotations

import pytest
from shapely.geometry import Point as SPoint

import desktop.rules  # noqa: F401
from desktop.play.allowance import compute_bands
from desktop.play.log import dice_of
from desktop.play.session import Session, Setup, deploy
from desktop.resources import bundled_scenario
from desktop.rules import registry
from desktop.rules.blown_away.view import BlownAwayView, card_face
from desktop.rules.kiddies.view import KiddiesView, flight_of
from desktop.rules.view import view_of
from desktop.rules.view_capabilities import FiguresView
from desktop.scenario import load


def blown_away(cards: list[str]) -> Session:
    sc = load(bundled_scenario("blown_away_four_farms.yaml"))
    sc = deploy(sc, "ry_militia", (24.0, 8.0), 0.0)
    return Session.start(Setup(sc, "blown_away", {"first_side": "states"}, seed=5,
                               cards=cards))


def test_blown_away_pieces_bands_and_card() -> None:
    s = blown_away([])
    a = s.play_view
    assert isinstance(a, BlownAwayView)
    g = a.g
    pcs = a.pieces()
    assert pcs["st_cinc"].is_officer and pcs["st_foot"].frontage == 7.0
    # The wedge: 45 degrees either side of the facing (st_guard faces 180, down the table).
    b = compute_bands(a, "st_guard")
    assert b is not None
    x, y = g.state.pieces["st_guard"].pos
    assert b.free.contains(SPoint(x + 2.0, y + 5.0))
    assert not b.free.contains(SPoint(x + 5.0, y + 2.0))
    # Regiment Balfour faces the militia 3" away: the stop rule leaves it no room ahead.
    b = compute_bands(a, "st_foot")
    assert b is not None and b.free.area < 1.0
    card = a.card("st_foot")
    assert dict(card.rows)["In ranks"].startswith("13 of 13")
    labels = [label for label, _ in a.card_actions("st_foot")]
    assert any("rides here" in label for label in labels)


def test_blown_away_odds_are_the_engines_and_cards_reach_the_tray() -> None:
    s = blown_away(["QD", "10H"])
    g = s.game
    s.apply_text("move st_cinc 24,1.5 180")
    while g.phase != "combat":
        s.apply_text("end")
    a = s.play_view
    act = g.parse_action("combat st_foot ry_militia")
    view = a.odds(act)
    o = g.combat_odds("st_foot", "ry_militia")
    assert view is not None
    assert [p for _, p in view.bars] == pytest.approx(
        [float(o.unit_wins), float(o.tie), float(o.target_wins)])
    assert sum(p for _, p in view.bars) == pytest.approx(1.0)
    step = s.apply(act)
    assert [(k, v) for k, v, _ in dice_of(step)] == [("card", "QD"), ("card", "10H")]
    assert card_face("10H") == "10♥" and card_face("QS") == "Q♠"
    badge = s.play_view.badge("ry_militia")
    assert badge is not None and "run" in badge[0] and badge[1]


def kiddies() -> Session:
    sc = load(bundled_scenario("kiddies_bridge.yaml"))
    sc = deploy(sc, "ca_foot", (16.0, 21.5), 270.0)
    return Session.start(Setup(sc, "kiddies", {}, seed=4, dice=[5, 2, 6, 1]))


def test_kiddies_figures_spans_and_aim() -> None:
    s = kiddies()
    a = s.play_view
    assert isinstance(a, KiddiesView) and isinstance(a, FiguresView) and a.measure_in == "spans"
    assert len(a.pieces()) == 60
    s.apply_text("first")
    a = s.play_view
    b = compute_bands(a, "az_fus.1")
    assert b is not None and b.allowance.full == pytest.approx(7.0)
    ends = a.group_ends(["az_fus.1", "az_fus.2"], 1.0, 0.0, 0.0)
    assert ends["az_fus.1"][:2] == pytest.approx((s.game.figures["az_fus.1"].x + 1.0,
                                                 s.game.figures["az_fus.1"].y))
    s.apply_text("end")
    s.apply_text("end")
    a = s.play_view
    assert isinstance(a, KiddiesView)
    assert a.shot_kind() == "cannon" and a.shooters() == ["az_gun.gun"]
    aim = a.aim("az_gun.gun", 200.0, 3.0)  # behind it, too hard: clipped to the arc and 1
    assert (aim.heading, aim.strength, aim.reason) == (135.0, 1.0, None)
    assert a.strength_for("az_gun.gun", aim.reach) == pytest.approx(1.0)
    step = s.apply(a.shot_action(a.aim("az_gun.gun", 90.0, 0.5)))
    flight = flight_of(step.events)
    assert flight is not None and flight.fell == ["ca_foot.3", "ca_foot.5"]
    assert flight.duration > 0.3
    assert flight.pellet_at(0.0) == pytest.approx(tuple(flight.path[0][1:]))
    assert flight.fall_time("ca_foot.3") is not None
    end = flight.figure_at("ca_foot.4", flight.duration)
    assert end == pytest.approx(s.game.figures["ca_foot.4"].pos, abs=0.05)
    assert all(k != "flick" for k, _, _ in dice_of(step))


def test_kiddies_melee_odds_on_the_card() -> None:
    g = registry.get("kiddies").new_game(load(bundled_scenario("kiddies_bridge.yaml")), seed=1)
    a = view_of(g)
    assert isinstance(a, KiddiesView)
    f, e = g.figures["az_fus.1"], g.figures["ca_fus.1"]
    e.x, e.y, e.facing = f.x + 1.0, f.y, 270.0  # nose to nose
    fight = a.fight_of("az_fus.1")
    assert fight is not None
    _, _, view = fight
    assert [label for label, _ in view.bars] == ["win", "all fall", "lose"]
    assert sum(p for _, p in view.bars) == pytest.approx(1.0)
    assert "Hand to hand: win" in dict(a.card("az_fus.1").chances)


def test_blown_away_a_mob_runs_anywhere_but_near_the_enemy() -> None:
    s = blown_away([])
    g = s.game
    p = g.state.pieces["st_horse"]
    p.men.run(p.men.ranks)  # every man runs: a mob
    a = s.play_view
    assert p.mob and a.can_move("st_horse")
    allowance = a.allowance("st_horse")
    assert allowance is not None and allowance.full == 18.0
    b = compute_bands(a, "st_horse")
    assert b is not None
    # it may run backwards or sideways, not only in a wedge ahead
    x, y = p.pos
    assert b.free.contains(SPoint(x + 10.0, y + 10.0))
    assert b.free.contains(SPoint(x - 12.0, y + 2.0))


def test_kiddies_the_road_bonus_is_the_amber_band() -> None:
    g = registry.get("kiddies").new_game(load(bundled_scenario("kiddies_bridge.yaml")), seed=1)
    g.apply_text("first")
    assert g.side == "carminia"
    a = view_of(g)
    f = g.figures["ca_fus.1"]  # stands on the King's Highway
    b = compute_bands(a, f.id)
    assert b is not None and b.allowance.full == 14.0 and b.allowance.free == 7.0
    along = (f.x - 11.0, 18.0)
    assert b.costly.contains(SPoint(along))
    assert g.check(a.move_action(f.id, along[0], along[1], f.facing)) is None  # type: ignore[arg-type]
    off = (f.x - 9.0, f.y - 5.0)  # beyond a span and off the road
    assert not b.costly.contains(SPoint(off)) and not b.free.contains(SPoint(off))


def test_tactical_dice_show_their_faces_plain_rolls_their_numbers() -> None:
    """RULINGS (Tactical Dice): 1 Officer, 2-3 Target, 4 Flag, 5 Fire, 6 Sabre.

    Initiative, rallies and officer casualties are ordinary d6 rolls.
    """
    from desktop.resources import bundled_scenario
    from desktop.rules import registry
    from desktop.rules.view import view_of
    from desktop.scenario import load

    game = registry.get("tactical").new_game(load(bundled_scenario("tactical_ridge.yaml")))
    a = view_of(game)
    faces = [a.die_face("d6", v, "Royal Artillery fires at 9e Cuirassiers") for v in range(1, 7)]
    assert faces == ["Officer", "Target", "Target", "Flag", "Fire", "Sabre"]
    assert a.die_face("d6", 6, "initiative british") is None
    assert a.die_face("d6", 1, "officer casualty Lemoine") is None
    d3 = registry.get("d3").new_game(load(bundled_scenario("d3_crossroads.yaml")))
    assert view_of(d3).die_face("d6", 4, "activation: x") is None


def test_tactical_strength_is_combat_value_on_the_table() -> None:
    from desktop.resources import bundled_scenario
    from desktop.rules import registry
    from desktop.rules.view import view_of
    from desktop.scenario import load

    sc = load(bundled_scenario("tactical_ridge.yaml"))
    label, values = view_of(registry.get("tactical").new_game(sc)).strength()
    assert label == "Combat Value on the table"
    assert values == {side.id: float(sum(u.cv if u.type.value not in ("foot_artillery",
                      "horse_artillery") else 7 for u in side.units)) for side in sc.sides}
