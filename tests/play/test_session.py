"""The play session without a window: steps, undo, records, strength, deployment."""

from __future__ import annotations

from pathlib import Path

import pytest

import desktop.rules  # noqa: F401
from desktop.play.levels import Computer, Level, Temper
from desktop.play.log import dice_of, step_lines
from desktop.play.session import (
    Session,
    Setup,
    StrengthPoint,
    default_ruleset,
    deploy,
    deploy_problem,
    series_by_turn,
)
from desktop.resources import bundled_scenario
from desktop.rules.record import load_record, save_record
from desktop.scenario import load


@pytest.fixture
def crossroads():
    return load(bundled_scenario("d3_crossroads.yaml"))


def test_default_ruleset_is_the_scenarios_own(crossroads) -> None:
    assert default_ruleset(crossroads) == "d3"


def test_a_step_keeps_its_events_and_its_dice(crossroads) -> None:
    s = Session.start(Setup(crossroads, "d3", seed=1, dice=[5]))
    step = s.apply_text("move aus_ir49 27,19 175")
    assert step.index == 0 and step.side == "aus" and step.phase == "movement"
    assert [d.value for d in step.draws] == [5]
    assert step.draws[0].scripted and "aus_ir49" in step.draws[0].purpose
    assert any(e.kind == "move" for e in step.events)
    # The action reads as the view described it before it was applied, in names.
    assert step.said.startswith("IR 49 Kerpen, 1st bn ")
    lines = step_lines(step, "Austrians", s.play_view.names_in)
    assert lines[0].text.startswith("1. Austrians: IR 49 Kerpen, 1st bn ")
    assert "aus_ir49" not in lines[0].text and "27,19" not in lines[0].text
    assert any(ln.kind == "roll" and ln.text == "Activation of IR 49 Kerpen, 1st bn: rolled 5 "
               "(from the scripted dice)" for ln in lines)
    assert dice_of(step, s.play_view.names_in) == [("d6", 5, "Activation of IR 49 Kerpen, 1st bn")]
    # A line that names its side already is not prefixed twice ("Austrians: Austrians
    # end the movement phase" read like a stutter).
    ended = s.apply_text("end")
    side = s.side_name(ended.side)
    assert ended.said.startswith(side)
    assert step_lines(ended, side, s.play_view.names_in)[0].text == f"2. {ended.said}"


def test_a_d3_is_shown_once_in_the_tray(crossroads) -> None:
    s = Session.start(Setup(crossroads, "d3", seed=1))
    s.apply_text("end")  # to shooting
    step = s.apply_text("shoot aus_art fra_art") if s.game.check(
        s.game.parse_action("shoot aus_art fra_art")) is None else None
    if step is None:
        pytest.skip("no shot on offer from this position")
    kinds = [k for k, _, _ in dice_of(step)]
    assert kinds == ["d6", "d3"]


def test_undo_only_what_rolled_nothing(crossroads) -> None:
    s = Session.start(Setup(crossroads, "d3", seed=1, dice=[6]))
    s.apply_text("move aus_gen 30.5,8 180")  # a general: no dice
    assert s.can_undo()
    s.undo()
    assert s.game.pieces["aus_gen"].y == 6.0 and not s.steps
    s.apply_text("move aus_ir49 27,19 175")  # an activation roll
    assert not s.can_undo()
    with pytest.raises(ValueError):
        s.undo()


def test_record_round_trip_replays_the_same_game(crossroads, tmp_path: Path) -> None:
    s = Session.start(Setup(crossroads, "d3", seed=3,
                            scenario_path=bundled_scenario("d3_crossroads.yaml")))
    for text in ("move aus_ir49 27,19 175", "end", "end", "move fra_46_2 31,27 355"):
        s.apply_text(text)
    out = tmp_path / "game.yaml"
    save_record(s.record(out), out)
    rec = load_record(out)
    assert rec.scenario_path is not None  # the unchanged scenario is referenced, not inlined
    again = Session.from_record(rec, out)
    assert again.game.snapshot() == s.game.snapshot()
    assert [st.action for st in again.steps] == [st.action for st in s.steps]
    back = s.replay_game(1)
    assert len(back.history) == 1 and back.pieces["aus_ir49"].y == 19.0


def test_computer_seats_play_legal_actions(crossroads) -> None:
    """Issue 23, 1: the session asks the seat of the side to act."""
    seats = {"aus": Computer(Level.RECRUIT), "fra": Computer(Level.STEADY, Temper.BOLD)}
    s = Session.start(Setup(crossroads, "d3", seed=2, seats=seats))
    for _ in range(30):
        if s.over:
            break
        seat = s.computer_to_act()
        assert seat is seats[s.game.side] and not s.person_to_act()
        action = s.computer_action()
        assert s.check(action) is None
        s.apply(action)
    assert len(s.steps) >= 1


def test_a_person_has_no_computer_seat(crossroads) -> None:
    s = Session.start(Setup(crossroads, "d3", seed=2, seats={"fra": Computer()}))
    assert s.game.side == "aus" and s.person_to_act() and s.computer_to_act() is None
    assert s.setup.computer("fra") == Computer() and s.setup.computer("aus") is None
    with pytest.raises(ValueError):
        s.computer_action()


def test_strength_series_by_turn() -> None:
    pts = [StrengthPoint(0, 1, {"a": 10, "b": 10}), StrengthPoint(1, 1, {"a": 9, "b": 10}),
           StrengthPoint(2, 2, {"a": 8, "b": 7}), StrengthPoint(3, 2, {"a": 8, "b": 6})]
    xs, ys = series_by_turn(pts)
    assert xs == [0.0, 1.0, 2.0]
    # turn 1 ended with the step that began turn 2; turn 2 is still going on.
    assert ys == {"a": [10.0, 8.0, 8.0], "b": [10.0, 7.0, 6.0]}


def test_strength_of_a_d3_game_counts_hits_left(crossroads) -> None:
    s = Session.start(Setup(crossroads, "d3"))
    label, values = s.play_view.strength()
    assert "hits" in label
    assert values["aus"] == 9 * 6 and values["fra"] == 9 * 7


def test_deployment_stays_inside_the_zone(crossroads) -> None:
    u = crossroads.unit("fra_46_1")
    assert deploy_problem(crossroads, "fra_46_1", u.position, u.facing) is None
    assert "deployment zone" in (deploy_problem(crossroads, "fra_46_1", (17, 20), 0) or "")
    other = crossroads.unit("fra_57")
    assert "overlap" in (deploy_problem(crossroads, "fra_46_1", other.position, 0) or "")
    moved = deploy(crossroads, "fra_46_1", (15, 32), 0.0)
    assert moved.unit("fra_46_1").position == (15, 32)
    assert crossroads.unit("fra_46_1").position == u.position


def test_a_saved_battle_replays_to_its_end() -> None:
    """The battle played through the window (docs/play.md) loads as a session."""
    path = Path(__file__).parent / "data" / "d3_crossroads_battle.yaml"
    s = Session.from_record(load_record(path), path)
    assert s.game.outcome is not None and s.game.outcome.winner == "fra"
    xs, ys = series_by_turn(s.series)
    assert xs == [float(t) for t in range(13)]
    assert ys["aus"][-1] < ys["aus"][0] and ys["fra"][-1] < ys["fra"][0]


def test_a_redeployed_scenario_is_written_into_the_record(crossroads, tmp_path: Path) -> None:
    path = bundled_scenario("d3_crossroads.yaml")
    moved = deploy(crossroads, "fra_46_1", (15, 32), 0.0)
    s = Session.start(Setup(moved, "d3", seed=1, scenario_path=path))
    out = tmp_path / "g.yaml"
    rec = s.record(out)
    assert rec.scenario_path is None  # inlined: the file no longer says where units stand
    save_record(rec, out)
    again = Session.from_record(load_record(out), out)
    assert again.game.pieces["fra_46_1"].pos == (15.0, 32.0)


def test_namer_writes_names_where_the_engine_has_ids() -> None:
    """The log reads as players named things; ids stay exact inside the engine."""
    from desktop.play.log import Namer
    from desktop.resources import bundled_scenario
    from desktop.scenario import load

    name = Namer(load(bundled_scenario("d3_crossroads.yaml")))
    assert name("fra_huss shoots aus_ir4: 2 hits") == (
        "7e Hussards shoots IR 4 Hoch- und Deutschmeister, 3rd bn: 2 hits")
    assert name("move fra_huss 26.57,14.86 23") == "move 7e Hussards 26.57,14.86 23"
    assert name("d6 4 · activation: aus_gren") == (
        "d6 4 · activation: Grenadier battalion Scovaud")
    assert name("fra_huss.3 falls; fra_huss.gun") == "7e Hussards #3 falls; 7e Hussards gun"
    assert name("not_an_id and xfra_huss stay") == "not_an_id and xfra_huss stay"
