"""The computer's Veteran: a search player that looks several actions ahead.

The Steady player (desktop.play.opponent) tries each candidate action once or
twice and stops there: it cannot see that a move leaves a unit to be shot
next phase, nor that firing first and moving after does better.  The Veteran
searches a tree of actions, its own and the enemy's, with Monte Carlo tree
search:

- each pass takes a fresh copy of the game with dice and cards of its own
  (``game.clone(seed)``), so it never sees what the real game will roll or
  turn over; the n-th pass through every root action uses the same n-th seed
  (common random numbers), so candidates are compared on the same luck; and
  where a root action's own dice were weighed exactly by the Steady ranking,
  a pass's value has their luck taken out (a control variate: the score just
  after the action less its exact expectation);
- the tree is *open loop*: a node is a line of play, not one position,
  because the dice make every copy different; an action that is not legal in
  this pass's copy is passed over;
- the root's candidates are the Steady player's, with its scores: they are
  the search's prior (PUCT, as AlphaZero weighs a policy), so the Steady
  player's best is searched first and most, and another action takes over
  only as its passes show it better -- a prior, never a veto;
- deeper, a node gains children as it is visited more (progressive
  widening), the first being the cheap Steady player's choice there; the
  side to act picks for itself (UCT): the Veteran's nodes the best average,
  the enemy's the worst for the Veteran;
- below the tree, a short playout with the cheap Steady player, then the
  score of the position for the Veteran's side (the end of the game outweighs
  everything; fights on the table count at their expected result), plus the
  end of the game coming: what the victory judge would say with the pieces as
  they stand, more as the turn limit nears.

The answer is the root action tried most; one whose mean beats it by a clear
margin on the seeds both were tried on (`Settings.overrule` standard errors
of the paired difference, both tried enough) is taken
instead, so a move the search is sure of is never lost to the prior.  It
thinks within a budget -- CPU seconds, or a number of passes for repeatable
tests -- and can be stopped at any moment by a callback.  It knows the rules
only through the engine's public API and the play view; nothing here is
about one ruleset.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from desktop.play.marching import drop_idle
from desktop.play.opponent import (
    STEADY,
    Style,
    pressed,
    steady_action,
    steady_scores,
)
from desktop.play.scoring import Weights, score
from desktop.rules.engine import Action, Game, RulesError
from desktop.rules.view import view_of

#: A callback the search polls between passes: True stops it.
StopFlag = Callable[[], bool]


@dataclass(frozen=True)
class Settings:
    """How long and how widely the Veteran thinks."""

    #: CPU seconds a decision may take (a cap; the search stops at the first
    #: pass that ends past it).
    seconds: float = 1.0
    #: A cap on the passes, for repeatable play (None: the time alone).
    passes: int | None = None
    #: Free moves sampled when a deeper node gains a child.
    deep_moves: int = 2
    #: Progressive widening below the root: a node visited n times has up to
    #: ceil(widen * n ** alpha) children.
    widen: float = 1.0
    alpha: float = 0.5
    #: Actions below the root a pass follows through the tree at most.
    depth: int = 8
    #: Actions of the cheap Steady player played after the tree, before the score.
    horizon: int = 1
    #: The UCT exploration constant below the root (on values scaled to 0..1).
    explore: float = 0.5
    #: The root's exploration (PUCT): a candidate's prior share times this times
    #: sqrt(passes) / (1 + its passes).
    puct: float = 1.5
    #: The prior: a softmax of the Steady player's scores at this temperature
    #: (in the score's points), mixed with this share of an even prior, so that
    #: every candidate is searched now and then.
    temperature: float = 5.0
    even: float = 0.25
    #: The most-tried root action is overruled by one that beats it, pass by
    #: pass on the same seeds, by more than this many standard errors of the
    #: mean difference, over at least `overrule_visits` shared seeds.
    overrule: float = 2.0
    overrule_visits: int = 4
    #: The root's Steady ranking weighs an action over every outcome of its dice
    #: when they have at most this many (three d6): the prior then knows a
    #: three-dice shot at one in three from one at one in six.
    exact: int = 216
    #: How the score weighs a position (the level's style chooses).
    weights: Weights = field(default_factory=Weights)
    #: Finishing the job: what the end of the game would say with the pieces as
    #: they stand after a line of play (`PlayView.standing`) counts this much,
    #: for or against, in the last turn, a quarter of it a turn before, a ninth
    #: two turns before... (all of it where the ground is judged every turn).
    finish: float = 500.0


VETERAN = Settings()

#: The cheap Steady player of the playouts: few candidates, one roll each.
PLAYOUT = Style(candidates=4, moves=1, tries=1, reach=1, face=0)


@dataclass
class _Node:
    """A line of play: its visits, its summed value for the Veteran, its children."""

    visits: int = 0
    total: float = 0.0
    children: dict[str, _Node] = field(default_factory=dict)
    actions: dict[str, Action] = field(default_factory=dict)
    #: A root action's values pass by pass (the n-th on the n-th seed).
    values: list[float] = field(default_factory=list)

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(frozen=True)
class Thought:
    """What the search decided and how hard it looked."""

    action: Action
    passes: int
    seconds: float
    #: Root actions with their visits and mean value, most visited first.
    ranked: tuple[tuple[str, int, float], ...]
    #: The most actions a pass followed through the tree.
    deepest: int = 0
    #: The Steady player's choice (as text), the prior's favourite.
    steady: str | None = None


def prior(scores: list[float], temperature: float, even: float) -> list[float]:
    """The root's prior from the Steady player's scores: a softmax at
    `temperature`, mixed with `even` of an even share (sums to one)."""
    if not scores:
        return []
    top = max(scores)
    raw = [math.exp(max(-50.0, (s - top) / max(temperature, 1e-9))) for s in scores]
    total = sum(raw)
    n = len(scores)
    return [(1 - even) * r / total + even / n for r in raw]


class _Search:
    def __init__(self, game: Game, rng: random.Random, settings: Settings) -> None:
        side = game.side
        if side is None:
            raise RuntimeError("the game is over: nothing to think about")
        self.game = game
        self.side = side
        self.rng = rng
        self.settings = settings
        self.weights = settings.weights
        self.root = _Node()
        self.lo = math.inf
        self.hi = -math.inf
        # The Steady player's choice and scores, drawn from `rng` first as the
        # Steady player draws them: with no pass made, its very choice.
        ranking = replace(STEADY, weights=settings.weights, exact=settings.exact)
        self.steady, scored, exact = steady_scores(game, rng, ranking)
        # The weights those scores were taken with (pressing on where the side
        # is not winning): a pass's luck is measured on the same scale.
        self.ranked_with = pressed(game, side, ranking.weights, ranking.press)
        # The Steady choice first, at the top score: it wins the first pass's ties.
        first = self.steady.text()
        self.root.actions[first] = self.steady
        scores = {first: -math.inf}
        for s, a in scored:
            self.root.actions.setdefault(a.text(), a)
            scores[a.text()] = max(s, scores.get(a.text(), -math.inf))
        # The exact expected score just after each root action that rolls dice
        # (its control variate: see `run_pass`).
        self.expected = {t: scores[t] for t in exact}
        scores[first] = max(scores.values())
        shares = prior(list(scores.values()), settings.temperature, settings.even)
        self.prior = dict(zip(scores, shares, strict=True))
        standing = view_of(game).standing() if settings.finish else None
        self.finish_weight = (0.0 if standing is None else settings.finish
                              if standing.every_turn
                              else settings.finish / (1 + standing.turns_left) ** 2)
        self.deepest = 0
        self.seeds: list[int] = []
        self._playout = replace(PLAYOUT, weights=settings.weights)

    # -- one pass ----------------------------------------------------------------

    def run_pass(self) -> None:
        picked = self._select_root()
        if picked is None:
            return
        text, fresh = picked
        first = self.root.children.get(text)
        # Common random numbers: the n-th pass through every root action plays
        # on the n-th seed, so two candidates meet the same dice and cards and
        # their difference is the actions', not the luck's.
        index = first.visits if first is not None else 0
        seed = self._seed(index)
        copy = self.game.clone(seed=seed)
        rng = random.Random(seed)
        path = [self.root]
        node = self.root
        depth = 0
        luck = 0.0
        while copy.outcome is None and depth < self.settings.depth:
            if depth:
                child = self._select(node, copy, rng)
                if child is None:
                    break
                text, fresh = child
            try:
                copy.apply(node.actions[text])
            except RulesError:
                node.actions.pop(text, None)  # a sampled move that was never legal
                node.children.pop(text, None)
                break
            node = node.children.setdefault(text, _Node())
            path.append(node)
            depth += 1
            if depth == 1 and text in self.expected:
                # The root action's own dice: how much better they fell than
                # their exact expectation is luck, taken out of the value.
                luck = score(copy, self.side, self.ranked_with) - self.expected[text]
            if fresh:
                break
        self.deepest = max(self.deepest, depth)
        value = self._evaluate(copy, rng) - luck
        for n in path:
            n.visits += 1
            n.total += value
        self.lo = min(self.lo, value)
        self.hi = max(self.hi, value)
        if len(path) > 1:
            path[1].values.append(value)

    def _seed(self, index: int) -> int:
        """The seed of every root action's `index`-th pass."""
        while len(self.seeds) <= index:
            self.seeds.append(self.rng.getrandbits(31))
        return self.seeds[index]

    def _select(self, node: _Node, copy: Game, rng: random.Random
                ) -> tuple[str, bool] | None:
        """The child to follow below the root in this copy, and whether it is new
        (then the pass stops descending there).  None when nothing is legal here."""
        self._widen(node, copy, rng)
        legal = [t for t in node.actions if copy.check(node.actions[t]) is None]
        if not legal:
            return None
        unvisited = [t for t in legal if t not in node.children or node.children[t].visits == 0]
        if unvisited:
            return unvisited[0], True
        mine = copy.side == self.side
        log_n = math.log(max(1, node.visits))
        best_t, best_v = legal[0], -math.inf
        for t in legal:
            c = node.children[t]
            q = self._scaled(c.mean)
            if not mine:
                q = 1.0 - q
            v = q + self.settings.explore * math.sqrt(log_n / c.visits)
            if v > best_v:
                best_t, best_v = t, v
        return best_t, False

    def _select_root(self) -> tuple[str, bool] | None:
        """PUCT over the root's candidates: the mean so far (an untried one the
        root's mean) plus the prior's share of the exploration."""
        if not self.root.actions:
            return None
        root = self.root
        sqrt_n = math.sqrt(max(1, root.visits))
        scaled = self._scaled
        first = scaled(root.mean) if root.visits else 0.5
        best_t, best_v = "", -math.inf
        for t in root.actions:
            c = root.children.get(t)
            n = c.visits if c is not None else 0
            q = scaled(c.mean) if c is not None and n else first
            v = q + self.settings.puct * self.prior.get(t, 0.0) * sqrt_n / (1 + n)
            if v > best_v:
                best_t, best_v = t, v
        c = root.children.get(best_t)
        return best_t, c is None or c.visits == 0

    def _scaled(self, value: float) -> float:
        span = self.hi - self.lo
        return (value - self.lo) / span if span > 0 else 0.5

    def _widen(self, node: _Node, copy: Game, rng: random.Random) -> None:
        allowed = math.ceil(self.settings.widen * (node.visits + 1) ** self.settings.alpha)
        if len(node.actions) >= allowed:
            return
        if not node.actions:
            # The first child: what the cheap Steady player would do here (for the
            # enemy, the likeliest reply; for the Veteran's side, a sound start).
            try:
                first = steady_action(copy, rng, self._playout)
            except RuntimeError:
                return
            node.actions[first.text()] = first
            return
        offered = drop_idle(copy, copy.candidate_actions(rng, self.settings.deep_moves))
        new = [a for a in offered if a.text() not in node.actions]
        if not new:
            return
        # Ending the phase first: it is how a line of play reaches the enemy's turn.
        ends = [a for a in new if a.text() == "end"]
        pick = ends[0] if ends else rng.choice(new)
        node.actions[pick.text()] = pick

    def _evaluate(self, copy: Game, rng: random.Random) -> float:
        for _ in range(self.settings.horizon):
            if copy.outcome is not None:
                break
            try:
                copy.apply(steady_action(copy, rng, self._playout))
            except (RulesError, RuntimeError):
                break
        return score(copy, self.side, self.weights) + self._finish(copy)

    def _finish(self, copy: Game) -> float:
        """The turn limit coming: a line of play after which the side would win there
        if the pieces stood as they do gains, one after which it would lose pays.
        How much is set once for the search, by the turns left at the root, so
        that a line reaching the next turn is not worth more for that alone."""
        if copy.outcome is not None or not self.finish_weight:
            return 0.0
        standing = view_of(copy).standing()
        if standing is None or standing.winner is None:
            return 0.0
        return self.finish_weight if standing.winner == self.side else -self.finish_weight

    # -- the answer ----------------------------------------------------------------

    def ranked(self) -> list[tuple[str, int, float]]:
        rows = [(t, c.visits, c.mean) for t, c in self.root.children.items()
                if c.visits and t in self.root.actions]
        rows.sort(key=lambda r: (r[1], r[2]), reverse=True)
        return rows

    def settled(self, left: float) -> bool:
        """Whether more passes cannot change the answer: the most-tried action
        leads the next by more passes than are left (PUCT gives the rest to
        the leader or the chaser, so the order of the two cannot turn), and no
        other action overrules it now.  Time left over is not spent: a
        decision the search is sure of comes at once."""
        rows = self.ranked()
        if len(rows) < 2 or rows[0][1] - rows[1][1] <= left:
            return False
        return self.best() is self.root.actions[rows[0][0]]

    def best(self) -> Action:
        """The most-tried root action, or one that beats it by the margin on the
        passes they share (pass by pass, the same dice: a paired comparison)."""
        rows = self.ranked()
        if not rows:
            # Stopped before a single pass: the Steady player's choice.
            return self.steady
        top = self.root.children[rows[0][0]]
        best_t, best_gain = rows[0][0], 0.0
        least = max(2, self.settings.overrule_visits)
        for t, _, _ in rows[1:]:
            gain, error = paired(self.root.children[t].values, top.values)
            if (gain > best_gain and gain > self.settings.overrule * max(error, 1e-9)
                    and min(len(top.values), len(self.root.children[t].values)) >= least):
                best_t, best_gain = t, gain
        return self.root.actions[best_t]


#: How often (in passes) the search asks whether its answer is settled.
SETTLED_EVERY = 16


def _passes_left(settings: Settings, passes: int, spent: float) -> float:
    """The passes the budget still allows, at the rate so far."""
    by_time = (settings.seconds - spent) * passes / max(spent, 1e-6)
    if settings.passes is None:
        return by_time
    return min(by_time, settings.passes - passes)


def paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """The mean of a - b over the passes both made (the n-th of each on the same
    seed), and its standard error (infinite under two pairs)."""
    m = min(len(a), len(b))
    if m < 2:
        return 0.0, math.inf
    d = [x - y for x, y in zip(a[:m], b[:m], strict=True)]
    mean = sum(d) / m
    spread = sum((x - mean) ** 2 for x in d) / (m - 1)
    return mean, math.sqrt(spread / m)


def think(game: Game, rng: random.Random, settings: Settings = VETERAN,
          stop: StopFlag | None = None) -> Thought:
    """Search from `game` for its side to act and answer with the best action found.

    Never changes `game` nor draws from its chance: every pass plays on a copy
    with dice of its own.  Stops when the CPU budget is spent, the pass cap is
    reached or `stop()` says so, whichever comes first; a single candidate is
    answered without search.
    """
    start = time.process_time()
    search = _Search(game, rng, settings)
    passes = 0
    if len(search.root.actions) > 1:
        while True:
            if settings.passes is not None and passes >= settings.passes:
                break
            if stop is not None and stop():
                break
            spent = time.process_time() - start
            if passes and spent >= settings.seconds:
                break
            if passes and passes % SETTLED_EVERY == 0 and search.settled(
                    _passes_left(settings, passes, spent)):
                break
            search.run_pass()
            passes += 1
    return Thought(search.best(), passes, time.process_time() - start,
                   tuple(search.ranked()), search.deepest, search.steady.text())


def veteran_action(game: Game, rng: random.Random, settings: Settings = VETERAN,
                   stop: StopFlag | None = None) -> Action:
    """The Veteran's choice for the side to act (see `think`)."""
    return think(game, rng, settings, stop).action
