"""The men of a unit: in ranks, running, killed (seed 003, "Combat", "Rallying";
RULINGS "Blown Away")."""

from __future__ import annotations

from desktop.rules.blown_away.men import (
    Men,
    artillery_runs,
    command_order,
    rally_count,
    runs_after_kill,
)
from desktop.scenario.vocabulary import CommandRole

OFFICER, DRUMMER, FLAG = CommandRole.OFFICER, CommandRole.DRUMMER, CommandRole.FLAG


def test_thirteen_infantrymen_are_ten_soldiers_and_a_command_element() -> None:
    # Seed "Setup": 13 infantrymen = 10 soldiers + officer, drummer, flag bearer.
    m = Men.of(13, (FLAG, OFFICER, DRUMMER))
    assert m.ranks == 13 and m.file == 10
    assert m.command == [OFFICER, DRUMMER, FLAG]  # the flag bearer goes last
    assert command_order((FLAG, DRUMMER)) == [DRUMMER, FLAG]


def test_command_element_killed_or_run_only_when_last_in_ranks_flag_very_last() -> None:
    # RULINGS: command figures go only when they are the last men in ranks; flag last.
    m = Men.of(5, (OFFICER, DRUMMER, FLAG))
    assert m.kill(engaged=True) == "man"
    assert m.run(1) == ["man"]
    assert m.command == [OFFICER, DRUMMER, FLAG] and m.file == 0
    assert m.run(2) == ["officer", "drummer"]
    assert m.kill(engaged=False) == "flag"
    assert m.ranks == 0 and m.kill(engaged=True) is None
    assert m.killed == 1 and m.dead == 1 and m.running == 3 and m.total() == 5


def test_killed_men_stay_on_the_field_until_the_engagement_ends() -> None:
    # Seed: "leave killed men on the field until the engagement is over".
    m = Men.of(10)
    m.kill(engaged=True)
    m.kill(engaged=True)
    assert (m.killed, m.dead) == (2, 0)
    assert m.bury() == 2 and (m.killed, m.dead) == (0, 2)


def test_nth_man_killed_makes_n_run_plus_modifiers_never_below_zero() -> None:
    # RULINGS: n-th man killed makes n run; cavalry +1, pikes/guard -1, militia +2,
    # flank/rear +4; never below 0.
    assert [runs_after_kill(n) for n in (1, 2, 3)] == [1, 2, 3]
    assert runs_after_kill(1, winner_cavalry=True) == 2
    assert runs_after_kill(1, pikes_or_guard=True) == 0
    assert runs_after_kill(2, militia=True) == 4
    assert runs_after_kill(1, flank_or_rear=True) == 5
    assert runs_after_kill(0, pikes_or_guard=True) == 0  # never below 0
    assert runs_after_kill(3, winner_cavalry=True, pikes_or_guard=True, militia=True,
                           flank_or_rear=True) == 9


def test_artillery_runs_are_the_face_value_with_court_cards_four() -> None:
    # Seed "Special combat situations": up to 10 run; J, Q, K make 4 run.
    assert [artillery_runs(c) for c in ("AS", "7H", "10D", "JC", "QS", "KH")] == [
        1, 7, 10, 4, 4, 4]


def test_seed_rally_example_unit_of_15_rallies_3_then_6() -> None:
    # Seed "Rallying": a unit of 15 with 3 in ranks, 3 killed and 9 running may
    # rally 3; next turn the remaining 6, because it will then have 6 in ranks.
    m = Men(men=15, file=3, running_file=9, dead=3)
    assert m.total() == 15
    assert rally_count(m) == 3 and m.rally(rally_count(m)) == 3
    assert (m.ranks, m.running) == (6, 6)
    assert rally_count(m) == 6 and m.rally(rally_count(m)) == 6
    assert (m.ranks, m.running, m.dead) == (12, 0, 3)


def test_rallying_with_no_men_in_ranks_goes_one_two_four() -> None:
    # Seed "Rallying" case 2: one man, then rallying proceeds 1, 2, 4...
    m = Men(men=12, file=0, running_file=12)
    got = []
    while m.running:
        got.append(m.rally(rally_count(m)))
    assert got == [1, 1, 2, 4, 4]


def test_running_command_figures_rally_first() -> None:
    # Ruling RALLY_COMMAND_FIRST: running command figures are the first back.
    m = Men.of(4, (OFFICER, FLAG))
    m.run(4)
    assert m.running_command == [OFFICER, FLAG]
    m.rally(1)
    assert m.command == [OFFICER] and m.running_file == 2
    m.rally(1)
    assert m.command == [OFFICER, FLAG]
