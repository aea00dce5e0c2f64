"""The computer's turn in words, and the hint (issue 23, 4 and 5).

The summary is built from the steps' ``said`` and events through the play
view's names, so it must name units, never show ids, and tell the hits of a
shot.  A hint is worked out on copies: the real game -- its actions and its
next dice -- is the same afterwards.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import desktop.rules  # noqa: F401
from desktop.play.advice import advise
from desktop.play.levels import Computer, Level
from desktop.play.session import Session, Setup, Step
from desktop.play.summary import MOST, turn_summary
from desktop.resources import bundled_scenario, bundled_scenarios
from desktop.rules.engine import Event
from desktop.scenario import load


def _stretches(ruleset: str, seed: int = 3, actions: int = 60) -> tuple[Session, list[list[Step]]]:
    """A Steady-against-Steady game cut into each side's stretches at the table."""
    sc = next(load(p) for p in bundled_scenarios() if load(p).ruleset == ruleset)
    seats = {s.id: Computer(Level.STEADY) for s in sc.sides}
    s = Session.start(Setup(sc, ruleset, seed=seed, seats=seats))
    for _ in range(actions):
        if s.over:
            break
        s.apply(s.computer_action())
    out: list[list[Step]] = []
    for st in s.steps:
        if out and out[-1][-1].side == st.side:
            out[-1].append(st)
        else:
            out.append([st])
    return s, out


def _ids(session: Session) -> set[str]:
    return {p for p in session.play_view.pieces() if len(p) > 2}


@pytest.mark.parametrize("ruleset", ["d3", "mayhem", "tactical", "blown_away", "kiddies"])
def test_a_summary_names_units_and_never_shows_ids(ruleset: str) -> None:
    s, stretches = _stretches(ruleset)
    ids = _ids(s)
    told = 0
    for steps in stretches:
        text = turn_summary(steps, "The side", s.play_view.names_in)
        if not any(st.action != "end" for st in steps):
            continue
        told += 1
        across = len({st.turn for st in steps}) > 1
        assert text.startswith("The side, turn " if across else "The side: ")
        assert text.endswith(".")
        words = set(re.findall(r"[A-Za-z0-9_.]+", text))
        assert not words & ids, (words & ids, text)
        assert steps[0].said.split()[0] in text or "end" in steps[0].action
    assert told >= 2


def test_a_shot_is_told_with_its_hits() -> None:
    s, stretches = _stretches("d3", actions=80)
    shots = [st for steps in stretches for st in steps if st.action.startswith("shoot")]
    assert shots, "no shot in 80 actions of the crossroads"
    st = shots[0]
    hits = next(e.data["hits"] for e in st.events if e.kind == "shot")
    text = turn_summary([st], "Austrians", s.play_view.names_in)
    assert f"{st.said}: {hits} hit" in text


def test_a_long_turn_is_cut_short_and_phases_alone_are_said_plainly() -> None:
    said = [Step(i, f"move u{i} 1,1 0", "a", 1, "move", (Event("move", "x"),), (),
                 f"Unit {i} moves 1″") for i in range(MOST + 3)]
    text = turn_summary(said, "Blue", str)
    assert "Unit 0 moves" in text and f"Unit {MOST} moves" not in text
    assert text.endswith("and 3 more actions.")
    ends = [Step(0, "end", "a", 1, "move", (), (), "Blue ends the phase")]
    assert turn_summary(ends, "Blue", str) == "Blue did nothing this time and ended its phase."
    assert turn_summary([], "Blue", str) == ""


def test_a_hint_changes_nothing_in_the_real_game() -> None:
    """Issue 23, 5: "does nothing until the person does it" -- and it never
    draws the real game's dice."""
    path = bundled_scenario("d3_crossroads.yaml")
    s = Session.start(Setup(load(path), "d3", seed=9))
    before = s.game.snapshot()
    twin = s.game.clone()
    advice = advise(s.game, random.Random(1))
    assert s.game.snapshot() == before and not s.game.history
    assert s.check(advice.action) is None
    assert advice.said == s.play_view.describe(advice.action)
    # the next dice of the real game are the ones it would have rolled anyway
    rolls = [s.game.chance.d6("test") for _ in range(8)]
    assert rolls == [twin.chance.d6("test") for _ in range(8)]


def test_a_hint_for_a_move_shows_where_the_unit_would_go() -> None:
    path = bundled_scenario("d3_crossroads.yaml")
    s = Session.start(Setup(load(path), "d3", seed=9))
    advice = advise(s.game, random.Random(2))
    if advice.action.text() == "end":
        pytest.skip("the adviser ended the phase")
    pid = advice.action.text().split()[1]
    b, a = advice.before[pid], advice.after[pid]
    assert (b.x, b.y, b.facing) != (a.x, a.y, a.facing) or "activation" in advice.said


def test_a_stretch_across_two_turns_is_told_turn_by_turn() -> None:
    """A side acting last in turn 2 and first in turn 3 (D3's alternating
    initiative, Mayhem's) must not have its actions run together as one turn."""
    late = [Step(0, "move u1 1,1 0", "a", 2, "move", (), (), "Unit 1 moves 1″"),
            Step(1, "end", "a", 2, "move", (), (), "")]
    early = [Step(2, "move u2 1,1 0", "a", 3, "move", (), (), "Unit 2 moves 2″")]
    text = turn_summary(late + early, "Blue", str)
    assert text == "Blue, turn 2: Unit 1 moves 1″. Then turn 3: Unit 2 moves 2″."
    only_ends = [Step(0, "end", "a", 2, "fire", (), (), ""),
                 Step(1, "u", "a", 3, "move", (), (), "Unit 1 moves 1″")]
    assert turn_summary(only_ends, "Blue", str) == (
        "Blue, turn 2: ended its phase. Then turn 3: Unit 1 moves 1″.")


class _Says:
    """An adviser that always advises one action (for the drawing's tests)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def choose(self, game: Any, rng: random.Random) -> Any:
        return game.parse_action(self.text)


def test_a_hint_shows_what_it_advises_even_when_its_trial_roll_fails() -> None:
    """Issue 34: the hint drew what one trial roll did, so a move whose activation
    failed on the copy showed nothing.  It is drawn where the move would end."""
    from tests.rules.d3.helpers import INF, far_red, new_game, scenario, unit

    sc = scenario([unit("b1", INF, 20, 40)], [unit("r1", INF, 20, 10, 180), *far_red()])
    g = new_game(sc)
    g.pieces["b1"].hits = 8  # activates on 2 x d6 > 8: a third of the time
    text = "move b1 20,36 0"
    assert g.check(g.parse_action(text)) is None
    failed = 0
    for seed in range(12):
        rng = random.Random(seed)
        advice = advise(g, rng, _Says(text))  # type: ignore[arg-type]
        a = advice.after["b1"]
        assert (a.x, a.y, a.facing) == (20.0, 36.0, 0.0), seed
        tried = g.clone(random.Random(seed).randrange(2**31))
        tried.apply(tried.parse_action(text))
        failed += tried.pieces["b1"].pos == (20.0, 40.0)  # type: ignore[attr-defined]
    assert failed  # some of those trials failed their activation


def test_a_hint_to_fire_names_the_firer_and_target_whatever_the_roll() -> None:
    from tests.rules.d3.helpers import INF, far_red, new_game, scenario, to_shooting, unit

    sc = scenario([unit("b1", INF, 20, 40)], [unit("r1", INF, 20, 32, 180), *far_red()])
    g = new_game(sc)
    g.pieces["b1"].hits = 8
    to_shooting(g)
    for seed in range(6):
        advice = advise(g, random.Random(seed), _Says("shoot b1 r1"))  # type: ignore[arg-type]
        assert "b1" in advice.acted and "r1" in advice.aimed
