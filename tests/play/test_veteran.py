"""The computer's Veteran (desktop.play.veteran): a search within a budget that
plays only on what a person at the table knows.

Issue 23: "it never sees the dice or cards the real game will draw (chance is
resampled in its copies; in Blown Away it knows only which cards have been
turned, not the order of the rest)" and "returns its best choice so far when
the budget ends".  How strong it is: tests/benchmarks/bench_veteran.py.
"""

from __future__ import annotations

import math
import random
import time

import pytest

from desktop.play.opponent import steady_action
from desktop.play.veteran import Settings, think, veteran_action
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
    # anchored: the Steady player's choice unless the search found better
    assert first.steady is not None
    if first.action.text() != first.steady:
        assert first.action.text() in [t for t, _, _ in first.ranked]
    # not anchored: the most-tried root action
    alone = think(game, random.Random(4), Settings(passes=12, seconds=60.0, anchor=None))
    assert alone.steady is None
    assert game.check(alone.action) is None
    assert alone.ranked[0][0] == alone.action.text()


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


#: Positions for the anchor's tests: (ruleset, seed of the game, seed of the thinking).
ANCHOR_CASES = [(r, 5, s) for r in RULESETS for s in (3, 4)]


@pytest.mark.parametrize(("ruleset_id", "seed", "think_seed"), ANCHOR_CASES)
def test_with_a_huge_margin_it_plays_the_steady_players_choice(
        ruleset_id: str, seed: int, think_seed: int) -> None:
    """Issue 23: the hardest level never weaker than the medium one.  The
    Veteran starts from the Steady player's own choice, reached as the Steady
    player reaches it with the same seed; with a margin no search can beat it
    plays exactly that."""
    game = _game(ruleset_id, seed=seed)
    steady = steady_action(game, random.Random(think_seed))
    thought = think(game, random.Random(think_seed),
                    Settings(passes=24, seconds=60.0, anchor=math.inf))
    assert thought.steady == steady.text()
    assert thought.action == steady


def test_with_no_margin_it_departs_when_the_search_finds_better() -> None:
    """With margin 0 the Veteran takes another root action whenever the search's
    mean for it beats the Steady player's choice, both tried enough; it does so
    in some of these positions, and never for an action tried too little or
    scoring no better."""
    departures = 0
    for ruleset_id, seed, think_seed in ANCHOR_CASES:
        game = _game(ruleset_id, seed=seed)
        settings = Settings(passes=30, seconds=60.0, anchor=0.0)
        thought = think(game, random.Random(think_seed), settings)
        assert game.check(thought.action) is None
        assert thought.steady == steady_action(game, random.Random(think_seed)).text()
        if thought.action.text() == thought.steady:
            continue
        departures += 1
        rows = {t: (n, mean) for t, n, mean in thought.ranked}
        n_steady, m_steady = rows[thought.steady]
        n_taken, m_taken = rows[thought.action.text()]
        assert min(n_steady, n_taken) >= settings.anchor_visits
        assert m_taken > m_steady
    assert departures >= 1


def test_the_cpu_budget_is_respected() -> None:
    """It stops at the first pass that ends past its budget: a pass is far
    shorter than the budget, so the decision takes about the budget."""
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
    """No peeking: every copy the Veteran plays on is made with a seed of its own
    (an exact copy would roll the dice the real game is about to roll)."""
    game = _game(ruleset_id)
    seeds: list[int | None] = []
    clone = game.clone

    def spy(seed: int | None = None) -> Game:
        seeds.append(seed)
        return clone(seed)

    game.clone = spy  # type: ignore[method-assign]
    think(game, random.Random(8), QUICK)
    assert len(seeds) >= (QUICK.passes or 0)  # the playouts copy the copies too
    assert None not in seeds
    assert len(set(seeds)) == len(seeds)


def test_the_tree_is_kept_along_the_line_the_game_follows() -> None:
    """The next decision of the same side starts from the last search's node for
    the action taken (its passes are not thrown away); another game along the
    same action, or `reuse=False`, starts afresh.
    The kept tree never makes the same seed play another game."""
    from desktop.play.veteran import forget

    def line(settings: Settings) -> tuple[list[str], list[int]]:
        forget()
        game = _game("d3", advance=0)
        rng = random.Random(11)
        side = game.side
        actions: list[str] = []
        inherited: list[int] = []
        while len(inherited) < 4 and game.outcome is None:
            if game.side == side:
                thought = think(game, rng, settings)
                inherited.append(thought.inherited)
                action = thought.action
            else:
                action = steady_action(game, rng)
            actions.append(action.text())
            game.apply(action)
        return actions, inherited

    kept = Settings(passes=30, seconds=60.0, reuse=True)
    actions, inherited = line(kept)
    assert inherited[0] == 0 and any(inherited[1:])
    assert line(kept) == (actions, inherited)  # same seed, same game
    assert not any(line(Settings(passes=30, seconds=60.0, reuse=False))[1])
    # another game (another seed) along the same action: not this game's tree
    forget()
    game = _game("d3", advance=0)
    chosen = think(game, random.Random(1), kept).action
    other = _game("d3", seed=6, advance=0)
    assert other.check(chosen) is None
    other.apply(chosen)
    assert think(other, random.Random(2), kept).inherited == 0
    forget()


def test_the_search_presses_on_as_the_steady_player_does() -> None:
    """docs/opponent.md, "Pressing on": an attacker whom the end of the game would
    not give the win weighs ground 1 + press / (1 + turns left) times as much in
    every score of its search -- the Steady player's own rule -- while a side the
    end would give the win, or `press=None`, weighs as the style says.  Harrow's
    Mill: the British hold at the turn limit, the Continentals must take it."""
    from desktop.play.opponent import Weights
    from desktop.play.veteran import _Search
    from desktop.rules.view import view_of

    game = _game("mayhem", advance=0)
    rng = random.Random(3)
    while game.side != "continentals":
        game.apply(steady_action(game, rng))
    standing = view_of(game).standing()
    assert standing is not None and standing.winner == "british"
    k = 1.0 + 2.0 / (1 + standing.turns_left)
    base = Weights()
    pressed = _Search(game, random.Random(1), Settings(passes=1, press=2.0)).weights
    assert pressed.objective == pytest.approx(base.objective * k)
    assert pressed.pull == pytest.approx(base.pull * k)
    assert pressed.lead == pytest.approx(base.lead * k)
    assert pressed.strength == base.strength
    assert _Search(game, random.Random(1), Settings(passes=1, press=None)).weights == base
    while game.side != "british":
        game.apply(steady_action(game, rng))
    assert _Search(game, random.Random(1), Settings(passes=1, press=2.0)).weights == base


def test_the_margin_grows_with_the_actions_held_against_the_steady_choice() -> None:
    """Settings.anchor_family: with five rivals, one that beats the Steady player's
    choice by 2.3 standard errors is luck as often as one rival at 2 would be
    (Bonferroni: 2.58 for five), so the Veteran keeps the Steady choice; with
    the plain margin it departs."""
    from desktop.play.veteran import _Node, _Search

    def node(n: int, mean: float, spread: float) -> _Node:
        return _Node(visits=n, total=n * mean, squares=(n - 1) * spread + n * mean * mean)

    game = _game("d3")
    chosen: dict[bool, str] = {}
    for family in (False, True):
        search = _Search(game, random.Random(1),
                         Settings(passes=1, anchor=2.0, anchor_family=family))
        assert search.steady is not None
        others = [a for a in search.ranked_root if a.text() != search.steady.text()][:5]
        assert len(others) == 5
        search.root.children = {search.steady.text(): node(10, 0.0, 10.0)}
        search.root.children[others[0].text()] = node(10, 2.3 * math.sqrt(2.0), 10.0)
        for a in others[1:]:
            search.root.children[a.text()] = node(10, 0.0, 10.0)
        chosen[family] = search.best().text()
        steady, rival = search.steady.text(), others[0].text()
    assert chosen[False] == rival
    assert chosen[True] == steady


def test_a_capped_root_tries_only_so_many_candidates() -> None:
    """Settings.root_max: however many passes, the root holds at most that many
    actions (the Steady player's choice and the next ones of its ranking)."""
    game = _game("d3")
    capped = think(game, random.Random(3), Settings(passes=60, seconds=60.0, root_max=3))
    free = think(game, random.Random(3), Settings(passes=60, seconds=60.0))
    assert len(capped.ranked) <= 3
    assert len(free.ranked) > 3
    assert capped.steady in {t for t, _, _ in capped.ranked}


def test_even_passes_share_the_root_alike() -> None:
    """Settings.root_even: the root's candidates are each tried as often as the
    others, give or take the one a newly admitted candidate is still catching
    up (UCT's pick, by default, piles passes on the leaders)."""
    game = _game("d3")
    even = think(game, random.Random(3), Settings(passes=80, seconds=60.0, root_max=4,
                                                  root_even=True))
    visits = [n for _, n, _ in even.ranked]
    assert sum(visits) == 80 and len(visits) == 4
    assert max(visits) - min(visits) <= 1
    uct = think(game, random.Random(3), Settings(passes=80, seconds=60.0, root_max=4))
    assert max(n for _, n, _ in uct.ranked) - min(n for _, n, _ in uct.ranked) > 1
