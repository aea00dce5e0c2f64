"""The speed-ups of issue 18 never change a verdict: geometry is remembered per
placement of the pieces, legal actions per state, and a clone is its own game.

Each test first asks a question (so the answer is cached), then changes the
game the way the engine, the play window or a test does, and asks again.
"""

from __future__ import annotations

from desktop.rules.blown_away.actions import End, Fire
from desktop.rules.blown_away.game import BlownAwayGame
from tests.rules.blown_away.helpers import foot, gun, new_game, play, scenario


def _gun_game() -> BlownAwayGame:
    g = new_game(scenario([gun("bg", 40, 60, 0)], [foot("r1", 40, 30, 180)]))
    g.state.phase = "artillery"
    return g


def test_moving_a_target_by_hand_is_seen_by_the_legal_actions() -> None:
    # Seed 003: long-range fire reaches 4" to 36"; the list is cached per state,
    # and a piece moved by assignment (as the window's tests do) is a new state.
    g = _gun_game()
    assert Fire("bg", "r1") in g.legal_actions()
    g.piece("r1").pos = (40, 10)  # 48" away: out of range
    assert g.legal_actions() == [End()]
    assert "beyond" in (g.check(Fire("bg", "r1")) or "")
    g.piece("r1").pos = (40, 30)
    assert Fire("bg", "r1") in g.legal_actions()


def test_a_unit_placed_in_the_line_of_fire_blocks_it_then_stops_blocking() -> None:
    # RULINGS "Line of sight": other units' bases block sight.  Sight is
    # remembered by the placements of the units between gun and target.
    g = new_game(scenario([gun("bg", 40, 60, 0), foot("b2", 60, 45, 0)],
                          [foot("r1", 40, 30, 180)]))
    g.state.phase = "artillery"
    assert g.check(Fire("bg", "r1")) is None
    g.piece("b2").pos = (40, 45)  # squarely between them
    assert "line of sight" in (g.check(Fire("bg", "r1")) or "")
    g.piece("b2").pos = (60, 45)
    assert g.check(Fire("bg", "r1")) is None


def test_men_taken_out_by_hand_change_the_legal_actions() -> None:
    # Only men in ranks may be fired at: the cached list knows the men, too.
    g = _gun_game()
    assert Fire("bg", "r1") in g.legal_actions()
    r1 = g.piece("r1")
    r1.men.run(r1.ranks)  # every man runs: a mob
    assert Fire("bg", "r1") not in g.legal_actions()


def test_a_clone_moves_on_its_own_and_the_original_keeps_its_answers() -> None:
    # docs/engine.md, Game.clone: an independent copy.  The clone shares the
    # geometry memo (keyed by placements), never the pieces.
    g = new_game(scenario([foot("b1", 40, 60, 0)], [foot("r1", 40, 20, 180)]))
    before = g.snapshot()
    legal = g.legal_actions()
    c = g.clone(seed=5)
    play(c, "move b1 40,55 0")
    assert c.piece("b1").pos == (40.0, 55.0)
    assert g.piece("b1").pos == (40, 60)
    assert g.snapshot() == before and g.legal_actions() == legal
    assert g.check(c.parse_action("move b1 40,55 0")) is None  # the original may still move
    c.piece("r1").men.run(2)
    assert g.piece("r1").running == 0


def test_every_edit_of_a_piece_or_its_men_renews_the_states_edit_number() -> None:
    # The legal list and the holders' look are kept by State.edits: a command
    # figure running changes a list in place (no assignment), and a unit's men
    # replaced by hand are new men; both must renew it, and a value set again
    # unchanged need not.
    g = new_game(scenario([foot("b1", 40, 60, 0, figures=4)], [foot("r1", 40, 30, 180)]))
    st = g.state
    b1 = g.piece("b1")
    n = st.edits.n
    b1.fought = b1.fought
    assert st.edits.n == n
    b1.men.run(1)  # the one rank-and-file man (a count assigned)
    assert st.edits.n != n and b1.men.file == 0
    n = st.edits.n
    b1.men.run(1)  # the officer: only the lists of command figures change, in place
    assert st.edits.n != n and b1.men.running_command
    n = st.edits.n
    b1.men = type(b1.men).of(13)
    assert st.edits.n != n
    n = st.edits.n
    b1.men.kill(engaged=False)  # the new men belong to the state too
    assert st.edits.n != n


def test_a_clone_starts_with_its_originals_edit_number_and_parts_at_the_first_edit() -> None:
    g = new_game(scenario([foot("b1", 40, 60, 0)], [foot("r1", 40, 20, 180)]))
    c = g.clone(seed=1)
    assert c.state.edits is not g.state.edits and c.state.edits.n == g.state.edits.n
    c.piece("r1").men.run(1)
    assert c.state.edits.n != g.state.edits.n
    n = g.state.edits.n
    g.piece("b1").pos = (41, 60)
    assert g.state.edits.n not in (n, c.state.edits.n)
