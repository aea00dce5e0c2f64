"""The computer's Veteran (desktop.play.veteran): a search within a budget that
plays only on what a person at the table knows.

Issue 23: "it never sees the dice or cards the real game will draw (chance is
resampled in its copies; in Blown Away it knows only which cards have been
turned, not the order of the rest)" and "returns its best choice so far when
the budget ends".  How strong it is: tests/benchmarks/bench_veteran.py.
"""

from __future__ import annotations

import random
import time

import pytest

from desktop.play.opponent import steady_action
from desktop.play.veteran import Settings, _Node, _Search, think, veteran_action
from desktop.rules.engine import Game
from desktop.rules.randomplay import random_action
from tests.play.bundled import advanced

RULESETS = ["d3", "mayhem", "tactical", "blown_away", "kiddies"]
QUICK = Settings(passes=12, seconds=60.0)


def _game(ruleset_id: str, seed: int = 5, advance: int = 12) -> Game:
    """A seeded game some random actions in, so that dice have rolled and cards turned."""
    game = advanced(ruleset_id, seed, advance, random_action)
    assert game.outcome is None
    return game


def _decks(game: Game) -> set[str]:
    return {d.purpose.split(":")[0] for d in game.chance.log if d.kind == "card"}


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_thinking_never_draws_the_real_games_dice_or_cards(ruleset_id: str) -> None:
    """After the Veteran thinks, the real game rolls and turns exactly what an
    exact copy made before thinking does: the same log, the same cards left in
    each deck, the same next dice, and the same game after a few more actions."""
    game = _game(ruleset_id)
    before = game.clone()  # an exact copy: the same dice and cards to come
    snapshot = game.snapshot()
    think(game, random.Random(1), QUICK)
    assert game.snapshot() == snapshot
    assert game.chance.log == before.chance.log
    for deck in _decks(game):
        assert game.chance.pile(deck) == before.chance.pile(deck)
    rng_a, rng_b = random.Random(9), random.Random(9)
    for _ in range(6):
        if game.outcome is not None:
            break
        act_a, act_b = steady_action(game, rng_a), steady_action(before, rng_b)
        assert act_a == act_b
        game.apply(act_a)
        before.apply(act_b)
    assert game.chance.log == before.chance.log
    assert game.snapshot() == before.snapshot()
    assert [game.chance.d6("t") for _ in range(6)] == [before.chance.d6("t") for _ in range(6)]


def test_in_blown_away_the_copies_know_the_turned_cards_not_the_order_of_the_rest() -> None:
    game = _game("blown_away", seed=5, advance=0)
    rng = random.Random(5)
    while not _decks(game) and game.outcome is None:  # play on to the first fight
        game.apply(random_action(game, rng))
    assert game.outcome is None
    decks = _decks(game)
    for deck in decks:
        real = game.chance.pile(deck)
        copies = [game.clone(seed=s).chance.pile(deck) for s in range(4)]
        assert all(sorted(c) == sorted(real) for c in copies)
        assert any(c != real for c in copies)


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_answer_is_legal_and_the_same_for_the_same_seed(ruleset_id: str) -> None:
    game = _game(ruleset_id)
    first = think(game, random.Random(4), QUICK)
    assert game.check(first.action) is None
    assert first.passes == QUICK.passes
    again = think(game, random.Random(4), QUICK)
    assert again.action == first.action
    assert again.ranked == first.ranked
    # the most-tried root action, or one the search found clearly better
    assert first.action.text() in [t for t, _, _ in first.ranked]


def test_the_same_seed_plays_the_same_game() -> None:
    """The Veteran against the Steady player, twice from the same seeds: the same
    actions, the same dice."""
    def line() -> tuple[list[str], list[object]]:
        game = _game("blown_away", advance=0)
        rng = random.Random(21)
        side = game.side
        for _ in range(14):
            if game.outcome is not None:
                break
            if game.side == side:
                action = think(game, rng, QUICK).action
            else:
                action = steady_action(game, rng)
            assert game.check(action) is None
            game.apply(action)
        return [a.text() for a in game.history], list(game.chance.log)

    assert line() == line()


#: Positions for the prior's tests: (ruleset, seed of the game, seed of the thinking).
PRIOR_CASES = [(r, 5, s) for r in RULESETS for s in (3, 4)]


@pytest.mark.parametrize(("ruleset_id", "seed", "think_seed"), PRIOR_CASES)
def test_without_a_pass_it_plays_the_steady_players_choice(
        ruleset_id: str, seed: int, think_seed: int) -> None:
    """Issue 23: the hardest level never weaker than the medium one.  The
    Veteran's prior is the Steady player's ranking, reached as the Steady
    player reaches it with the same seed: stopped before any pass, it plays
    exactly the Steady choice, and the first pass searches that choice."""
    game = _game(ruleset_id, seed=seed)
    steady = steady_action(game, random.Random(think_seed))
    none = think(game, random.Random(think_seed), Settings(seconds=60.0), stop=lambda: True)
    assert none.steady == steady.text()
    assert none.action == steady
    one = think(game, random.Random(think_seed), Settings(passes=1, seconds=60.0))
    assert [t for t, _, _ in one.ranked] in ([], [steady.text()])


def test_the_prior_favours_the_better_score_and_leaves_every_share_above_zero() -> None:
    """The prior is a softmax of the Steady scores mixed with an even share."""
    from desktop.play.veteran import prior

    shares = prior([10.0, 5.0, 0.0, -500.0], temperature=5.0, even=0.25)
    assert sum(shares) == pytest.approx(1.0)
    assert shares == sorted(shares, reverse=True)
    assert min(shares) >= 0.25 / 4
    assert prior([], 5.0, 0.25) == []


def _node(n: int, mean: float, spread: float, lead: float = 1.0) -> _Node:
    """A root child tried `n` times: values `spread` above and below `mean` in
    turn (starting on the side of `lead`)."""
    values = [mean + lead * spread * (-1) ** k for k in range(n)]
    return _Node(visits=n, total=sum(values), values=values)


def _root_of_two() -> tuple[_Search, str, str]:
    """A D3 search before its passes, with the Steady choice and one rival."""
    search = _Search(_game("d3"), random.Random(1), Settings(passes=1))
    steady = search.steady.text()
    rival = next(t for t in search.root.actions if t != steady)
    return search, steady, rival


def test_an_overwhelming_rival_overrules_the_most_tried_action() -> None:
    """Issue 33, class 1: the prior is never a veto.  The Steady choice tried 30
    times at a mean of 0, a rival tried only 5 times but far better (a win) on
    the same seeds: the rival is played.  A rival better by less than the
    margin is not."""
    search, steady, rival = _root_of_two()
    search.root.children = {steady: _node(30, 0.0, 10.0), rival: _node(5, 900.0, 10.0, -1)}
    assert search.best().text() == rival
    search.root.children[rival] = _node(5, 5.0, 10.0, -1)
    assert search.best().text() == steady
    # nor one tried too little to judge, however good it looks
    search.root.children[rival] = _node(1, 900.0, 10.0)
    assert search.best().text() == steady


def test_the_same_luck_decides_a_small_sure_difference() -> None:
    """Common random numbers: a rival better by 3 points on every seed both
    met is played, though the luck's spread (40 points) hides it in the means."""
    search, steady, rival = _root_of_two()
    luck = [40.0 * (-1) ** k * (k % 3) for k in range(30)]
    search.root.children = {
        steady: _Node(visits=30, total=sum(luck), values=luck),
        rival: _Node(visits=12, total=sum(luck[:12]) + 36.0, values=[v + 3 for v in luck[:12]]),
    }
    assert search.best().text() == rival


def test_passes_go_to_a_candidate_that_proves_better() -> None:
    """PUCT at the root: a candidate whose passes come back far better than the
    Steady choice's is searched more than the prior alone would give it."""
    search, steady, rival = _root_of_two()
    search.root.children = {steady: _node(10, 0.0, 1.0), rival: _node(2, 100.0, 1.0)}
    search.root.visits = 12
    search.root.total = 200.0
    search.lo, search.hi = 0.0, 100.0
    picked = search._select_root()
    assert picked == (rival, False)


def test_the_cpu_budget_is_respected(monkeypatch: pytest.MonkeyPatch) -> None:
    """It stops at the first pass that ends past its budget: a pass is far
    shorter than the budget, so the decision takes about the budget.  (Its
    early stop once the answer is settled is kept out: whether a position
    settles early depends on its candidates.)"""
    monkeypatch.setattr(_Search, "settled", lambda self, left: False)
    game = _game("d3")
    budget = 0.2
    t = time.process_time()
    thought = think(game, random.Random(2), Settings(seconds=budget))
    spent = time.process_time() - t
    assert thought.passes > 1
    assert budget <= thought.seconds <= budget + 0.25
    assert spent <= budget + 0.3


def test_stopping_answers_with_the_best_so_far() -> None:
    """The window cancels by a flag: the search stops at once and still answers
    with a legal action (no pass at all: ending the phase or the first candidate)."""
    game = _game("tactical")
    asked = 0

    def after_five() -> bool:
        nonlocal asked
        asked += 1
        return asked > 5

    thought = think(game, random.Random(3), Settings(seconds=60.0), stop=after_five)
    assert thought.passes == 5
    assert game.check(thought.action) is None
    none = think(game, random.Random(3), Settings(seconds=60.0), stop=lambda: True)
    assert none.passes == 0
    assert game.check(none.action) is None


def test_a_single_candidate_is_answered_without_search() -> None:
    game = _game("d3")

    only = game.legal_actions()[:1]
    assert only
    copy = game.clone()
    copy.candidate_actions = lambda rng, n=8: list(only)  # type: ignore[method-assign]
    copy.legal_actions = lambda: list(only)  # type: ignore[method-assign]
    copy.sample_actions = lambda rng, n=8: []  # type: ignore[method-assign]
    thought = think(copy, random.Random(1), Settings(seconds=60.0))
    assert thought.passes == 0
    assert thought.action == only[0]


def test_the_search_looks_beyond_one_action() -> None:
    """Passes go deeper than the root: a line of play its own and the enemy's."""
    game = _game("tactical")
    thought = think(game, random.Random(6), Settings(passes=80, seconds=60.0))
    assert thought.deepest >= 3
    assert game.check(veteran_action(game, random.Random(6), QUICK)) is None


@pytest.mark.parametrize("ruleset_id", ["d3", "blown_away"])
def test_every_copy_rolls_dice_of_its_own(ruleset_id: str) -> None:
    """No peeking: every copy the Veteran plays on is made with a seed (an exact
    copy would roll the dice the real game is about to roll), and the passes
    through one root action each a seed of its own (different root actions
    share theirs on purpose: common random numbers, as the Steady ranking
    compares its actions on common dice)."""
    game = _game(ruleset_id)
    seeds: list[int | None] = []
    clone = game.clone

    def spy(seed: int | None = None) -> Game:
        seeds.append(seed)
        return clone(seed)

    game.clone = spy  # type: ignore[method-assign]
    thought = think(game, random.Random(8), QUICK)
    assert len(seeds) >= (QUICK.passes or 0)  # the playouts copy the copies too
    assert None not in seeds
    assert len(set(seeds)) > max(visits for _, visits, _ in thought.ranked) > 1


def test_the_root_actions_own_dice_are_taken_out_of_its_value() -> None:
    """The control variate (issue 33, class 5: fire by its expected effect): the
    Guards' volley at a battalion, scored at once (no deeper line), gives the
    same value on every pass but for what the dice move that the pressing
    weights count apart (a battalion that falls back changes who is nearer a
    place to hold) -- the luck of a root action weighed exactly is taken
    out, its exact expectation left in.  Without it the values spread by the
    hits' worth."""
    from tests.play.tactics.suite import load_positions

    position = next(p for p in load_positions("tactical")
                    if p.id == "tactical-fire-open-not-village")
    search = _Search(position.start(), random.Random(3),
                     Settings(passes=40, seconds=60.0, depth=1, horizon=0))
    shot = "fire br_guards fr_ligne_1"
    assert shot in search.expected
    for _ in range(40):
        search.run_pass()
    values = search.root.children[shot].values
    assert len(values) >= 5
    raw = _Search(position.start(), random.Random(3),
                  Settings(passes=40, seconds=60.0, depth=1, horizon=0, exact=0))
    assert shot not in raw.expected
    for _ in range(40):
        raw.run_pass()
    lucky = raw.root.children[shot].values
    assert max(lucky) - min(lucky) > 1.0
    assert max(values) - min(values) < (max(lucky) - min(lucky)) / 5
