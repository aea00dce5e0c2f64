"""Blown Away's pending losses and removals (PlayView.pending_losses and
pending_removals): what the game settles later on its own, in men in ranks.

In Blown Away that is nothing.  Seed 003 "Course of play": "A player is never
required to move, fire, or conduct combat if he does not choose to"; a
long-range shot kills its man at once ("One man is killed in the target
unit"); a combat is conducted when the moving player chooses it; an engagement
already joined stays on the table ("the units remain engaged until it is
over") but its next cards are turned only when a side fights it.  So the view
answers {} (PlayView: "Empty ... when nothing waits"), and playing on without
a new choice to fight leaves every side's strength exactly where it was.
"""

from __future__ import annotations

import statistics
import time
from fractions import Fraction

from desktop.rules.blown_away.game import BlownAwayGame
from desktop.rules.blown_away.view import BlownAwayView
from desktop.rules.chance import card_value
from tests.rules.blown_away.helpers import foot, gun, new_game, play, scenario

CLONES = 400


def _engaged_game() -> BlownAwayGame:
    """Blue's regiment has fought red's (blue won with KS against 2H: one red man
    killed, one runs), both ended their turn 1, and blue's gun has just fired
    into the engaged red regiment (its killed man counts in the fight, seed 003
    "Combat").  Blue is in its turn-2 combat phase's artillery step, the fight
    still on."""
    sc = scenario([foot("b1", 40, 60, 0), gun("bg", 60, 62, 290)],
                  [foot("r1", 40, 55, 180)])
    g = new_game(sc, cards=["KS", "2H"])
    play(g, "end")
    while g.phase != "combat":
        play(g, "end")
    play(g, "combat b1 r1", "end")  # blue's turn 1 over
    while not (g.state.side == "blue" and g.phase == "artillery"):
        play(g, "end")  # red's turn 1: red does not fight; blue's orders
    play(g, "fire bg r1")
    assert g.state.engaged == {("b1", "r1")}
    r1 = g.piece("r1").men
    assert (r1.ranks, r1.running, r1.killed) == (10, 1, 2)
    return g


def _strength(g: BlownAwayGame) -> dict[str, float]:
    return BlownAwayView(g).strength()[1]


def test_nothing_is_pending_at_the_start_of_the_game() -> None:
    from desktop.resources import bundled_scenario
    from desktop.rules import registry
    from desktop.scenario import load

    g = registry.get("blown_away").new_game(load(bundled_scenario("blown_away_four_farms.yaml")),
                                            seed=1)
    view = BlownAwayView(g)
    assert view.pending_losses() == {}
    assert view.pending_removals() == {}


def test_an_engagement_on_the_table_is_not_a_pending_loss() -> None:
    # By hand from seed 003: the shot has killed its man already (r1: 10 in
    # ranks); the engagement's next cards are turned only if a side chooses to
    # conduct that combat ("A player is never required to ... conduct combat").
    # Nothing is left for the game to settle on its own: the expectation is 0
    # for both sides, and no unit is waiting to be taken off.
    g = _engaged_game()
    view = BlownAwayView(g)
    log, piles = len(g.chance.log), {s: g.chance.pile(s) for s in g.state.sides}
    assert view.pending_losses() == {}
    assert view.pending_removals() == {}
    # asked without drawing a card
    assert len(g.chance.log) == log
    assert {s: g.chance.pile(s) for s in g.state.sides} == piles


def test_a_unit_with_its_last_man_in_ranks_engaged_is_not_pending_removal() -> None:
    # A unit leaves the table only inside the action that removes it (seed 003:
    # a unit with no men left; "Running units unable to go the entire 18
    # inches are eliminated"), never later on its own.
    g = _engaged_game()
    r1 = g.piece("r1").men
    r1.file, r1.command, r1.running_file, r1.running_command = 1, [], 0, []
    assert g.piece("r1").ranks == 1 and g.piece("r1").running == 0
    assert BlownAwayView(g).pending_removals() == {}


def _hand_expectation(g: BlownAwayGame) -> tuple[Fraction, Fraction]:
    """Red's and blue's expected loss of men in ranks if blue conducts the
    combat b1 against r1 now, by hand from seed 003 (no cover: no +3): blue's
    card at least red's kills a red man, the 3rd of this fight, and 3 run, so 4
    leave the ranks; red's at least blue's kills blue's 1st, and 1 runs: 2."""
    blue, red = g.chance.pile("blue"), g.chance.pile("red")
    n = len(blue) * len(red)
    b_ge = sum(1 for a in blue for b in red if card_value(a) >= card_value(b))
    r_ge = sum(1 for a in blue for b in red if card_value(b) >= card_value(a))
    return Fraction(4 * b_ge, n), Fraction(2 * r_ge, n)


def test_played_on_without_a_new_fight_strength_does_not_move() -> None:
    # From the engaged position, each of 400 reshuffled clones ends every phase
    # for two whole game turns (blue's and red's combat phases each pass with
    # the fight on the table).  pending_losses said 0; the change in strength
    # must be 0 on every clone (tolerance: none).  The control shows the
    # harness sees a fight settled: the same clones conducting the combat lose,
    # on average, the exact hand expectation, within 4 standard errors (about
    # 0.25 men for red); a rule that settled the engagement by itself at a
    # phase's end would show in the first loop as a loss near that expectation
    # (red: about 2 men), far outside a tolerance of 0.
    g = _engaged_game()
    before = _strength(g)
    expected = BlownAwayView(g).pending_losses()
    assert expected == {}
    t0 = time.perf_counter()
    for k in range(CLONES):
        c = g.clone(seed=k)
        start = (c.state.turn, c.state.side)
        while (c.state.turn, c.state.side) != (start[0] + 2, start[1]) and c.outcome is None:
            play(c, "end")
        assert c.state.engaged == {("b1", "r1")}
        assert _strength(c) == before, k
        assert BlownAwayView(c).pending_losses() == {}

    red_exp, blue_exp = _hand_expectation(g)
    assert 0 < red_exp < 4 and 0 < blue_exp < 2
    red_loss, blue_loss = [], []
    for k in range(CLONES):
        c = g.clone(seed=k)
        while c.phase != "combat":
            play(c, "end")
        play(c, "combat b1 r1")
        after = _strength(c)
        red_loss.append(before["red"] - after["red"])
        blue_loss.append(before["blue"] - after["blue"])
    for got, want in ((red_loss, red_exp), (blue_loss, blue_exp)):
        se = statistics.pstdev(got) / CLONES ** 0.5
        assert abs(statistics.fmean(got) - float(want)) < 4 * se + 1e-9, (got, want)
    assert time.perf_counter() - t0 < 5.0


def test_the_answer_costs_next_to_nothing() -> None:
    g = _engaged_game()
    view = BlownAwayView(g)
    t0 = time.perf_counter()
    for _ in range(10_000):
        view.pending_losses()
        view.pending_removals()
    assert (time.perf_counter() - t0) / 10_000 < 1e-4
