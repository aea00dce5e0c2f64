"""The tactics suite's positions are sound: each one reached, each answer legal,
each able to fail.

Issue 33: at least 40 positions, at least 6 per ruleset, covering the classes
of blunder; "each position must be shown able to fail: random play fails
it".  How the computer levels do on them: tests/benchmarks/bench_tactics.py.
"""

from __future__ import annotations

import random

import pytest

from desktop.rules.view import view_of
from desktop.scenario import rulesets
from tests.play.tactics.suite import (
    CLASSES,
    Position,
    examples,
    load_positions,
    random_player,
    run,
)

POSITIONS = load_positions()
IDS = [p.id for p in POSITIONS]

#: Random choices made in each position to show it can fail.
RANDOM_TRIES = 20


def test_the_suite_is_large_enough_and_covers_every_ruleset_and_class() -> None:
    assert len(POSITIONS) >= 40
    for rid in (e.id for e in rulesets.bundled()):  # Volley's own (not a plugin's)
        assert sum(1 for p in POSITIONS if p.ruleset == rid) >= 6, rid
    assert {p.klass for p in POSITIONS} >= set(CLASSES) - {"other"}


@pytest.mark.parametrize("position", POSITIONS, ids=IDS)
def test_every_example_is_legal_and_judged_as_given(position: Position) -> None:
    """The start is reached with the side to move (Position.start checks it);
    each matcher's example is legal there and judged good or a blunder as
    written, so the position can be passed and can be failed."""
    game = position.start()
    said = list(examples(position))
    assert any(kind == "good" for kind, _ in said), "no good example"
    for kind, text in said:
        action = game.parse_action(text)
        assert game.check(action) is None, (text, game.check(action))
        assert position.judge(game, action) == kind, text
    assert position.rests_on.strip()


@pytest.mark.parametrize("position", POSITIONS, ids=IDS)
def test_random_play_fails_it(position: Position) -> None:
    """A position every choice passes tests nothing."""
    tally, chosen = run(position, random_player, RANDOM_TRIES)
    assert tally.good < RANDOM_TRIES, chosen


def test_the_judge_reads_where_a_piece_stands_after_the_action() -> None:
    """A matcher on a piece's place applies the action to a copy: the real game
    is not changed, and a move elsewhere does not match."""
    position = next(p for p in POSITIONS if any(m.pieces for m in p.good))
    game = position.start()
    matcher = next(m for m in position.good if m.pieces and m.example)
    assert matcher.example is not None
    before = game.snapshot()
    assert matcher.matches(position, game, game.parse_action(matcher.example))
    assert game.snapshot() == before
    others = [a for a in game.candidate_actions(random.Random(1), 8)
              if not matcher.matches(position, game, a)]
    assert others, "every candidate reaches the place"


def test_a_beyond_matcher_holds_only_outside_its_disc() -> None:
    """`beyond: [x, y, r]` matches a piece whose centre ends more than r from the
    point (a commander riding away from the unit he must stand beside)."""
    position = next(p for p in POSITIONS if any(m.beyond for m in p.blunders))
    matcher = next(m for m in position.blunders if m.beyond)
    assert matcher.beyond is not None and matcher.example is not None
    game = position.start()
    assert matcher.matches(position, game, game.parse_action(matcher.example))
    bx, by, r = matcher.beyond
    pid = matcher.pieces[0]
    piece = view_of(game).pieces()[pid]
    assert (piece.x - bx) ** 2 + (piece.y - by) ** 2 <= r * r  # it starts inside
    stays = game.parse_action(f"move {pid} {bx + r / 2:g},{by + r / 2:g} {piece.facing:g}")
    assert game.check(stays) is None
    assert not matcher.matches(position, game, stays)
    assert not matcher.matches(position, game, game.parse_action("end"))
