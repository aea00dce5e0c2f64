"""The computer's Veteran: a search player that looks several actions ahead.

The steady player (desktop.play.opponent) tries each candidate action once or
twice and stops there: it cannot see that a move leaves a unit to be shot
next phase, nor that firing first and moving after does better.  The Veteran
searches a tree of actions, its own and the enemy's, with Monte Carlo tree
search (UCT):

- each pass of the search takes a fresh copy of the game with dice and cards
  of its own (``game.clone(seed)``, the seed from the Veteran's own rng), so
  it never sees what the real game will roll or turn over -- a copy keeps the
  cards already turned and shuffles the rest, as a player at the table knows;
- the tree is *open loop*: a node is a line of play (the actions taken to
  reach it), not one position, because the dice make every copy different;
  an action that is not legal in this pass's copy (a move a new roll has made
  impossible) is passed over;
- at the root the candidates are the steady player's, ranked as it ranks
  them (its marching moves, its two rolls, pressing on): its choice, the very
  one it would make with this rng, is searched first; deeper, a node gains children as it is
  visited more (progressive widening), so free moves, which cannot be listed,
  are sampled a few at a time;
- the side to act at a node picks for itself: the Veteran's nodes the best
  average, the enemy's the worst for the Veteran;
- below the tree, a short playout with a cheap steady player, then the steady
  player's score of the position for the Veteran's side (the end of the game
  outweighs everything) is what the pass brings back.

It thinks within a budget -- CPU seconds, or a number of passes for repeatable
tests -- and can be stopped at any moment by a callback.  It answers with the
steady player's choice unless the search found another root action better by
a clear margin (`Settings.anchor`: so many standard errors of the difference
of the means, both tried enough): with 20 to 90 passes a decision the
most-tried action was often a worse one than the steady player's, and the
hardest level must not be weaker than the medium one.  It knows the rules only through the engine's
public API and the play view the score reads; nothing here is about one
ruleset.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from statistics import NormalDist

from desktop.play.opponent import (
    STEADY,
    Style,
    Weights,
    marches,
    moving,
    pressed,
    score,
    steady_action,
    steady_ranking,
    weigh_actions,
)
from desktop.play.value import chance, pending_share, weights_for
from desktop.rules.engine import Action, Game, RulesError
from desktop.rules.view import view_of
from desktop.scenario.model import Scenario

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
    #: Root candidates (as the steady player) and free moves sampled for them.
    candidates: int = 24
    moves: int = 8
    #: Marching moves (desktop.play.marching) among the root's candidates (off:
    #: with them and the kept tree the Veteran did no better on Tactical,
    #: docs/opponent.md "third session").
    marches: int = 0
    #: Root candidates searched from the start (the Steady player's best first);
    #: the rest join as the root is visited (see `root_alpha`).
    root_start: int = 2
    #: The root visited n times searches root_start + n ** root_alpha candidates.
    root_alpha: float = 0.4
    #: At most this many root candidates however long it thinks (None: no cap):
    #: a longer budget then tries the same few more often instead of holding
    #: more rivals against the Steady player's choice (see `anchor_family`).
    root_max: int | None = None
    #: Even passes at the root: each pass takes the root candidate tried least
    #: (the earliest in the ranking on a tie) instead of UCT's pick, so that the
    #: actions held against the Steady player's choice are searched alike, to
    #: the same depth, and their means compared fairly (off by default).
    root_even: bool = False
    #: Free moves sampled when a deeper node gains a child.
    deep_moves: int = 2
    #: Progressive widening: a node visited n times has up to
    #: ceil(widen * n ** alpha) children.
    widen: float = 1.0
    alpha: float = 0.5
    #: Actions below the root a pass follows through the tree at most.
    depth: int = 8
    #: Actions of the cheap steady player played after the tree, before the score.
    horizon: int = 1
    #: The UCT exploration constant (on values scaled to 0..1).
    explore: float = 0.5
    #: Keep the tree between decisions: when the game has gone on along a line
    #: of play the last search followed, its node there is the next root (off
    #: by default, as `marches`).
    reuse: bool = False
    #: How the score weighs a position (the level's style chooses).
    weights: Weights = field(default_factory=Weights)
    #: Finishing the job: what the end of the game would say with the pieces as
    #: they stand after a line of play (`PlayView.standing`) counts this much,
    #: for or against, in the last turn, a quarter of it a turn before, a ninth
    #: two turns before... (all of it where the ground is judged every turn).
    finish: float = 500.0
    #: Fights already on the table that the game rolls later (`PlayView.
    #: pending_losses`): their expected change to the side's share of strength,
    #: weighed as the score weighs strength, times this.
    fights: float = 1.0
    #: Pressing on, as the Steady player does (`opponent.pressed`): while the end
    #: of the game with the pieces as they stand at the root would not give the
    #: side the win, the ground weighs 1 + press / (1 + turns left) times as much
    #: in every score of the search (None: the weights as they are).  Off by
    #: default: with 2 the Veteran did worse on Harrow's Mill (docs/opponent.md,
    #: fourth session).
    press: float | None = None
    #: Anchored to the Steady player: the root's candidates are the Steady
    #: player's, ranked as it ranks them (its own choice first, reached as it
    #: reaches it: its marching moves, two rolls, pressing on), and the answer
    #: is the Steady player's choice unless another root action's mean beats it
    #: by more than `anchor` standard errors of the difference, both tried at
    #: least `anchor_visits` times.  None: the most-tried root action (the
    #: search alone, which at 0.25 s lost to the Steady player: docs/opponent.md,
    #: fifth session).
    anchor: float | None = 2.0
    anchor_visits: int = 4
    #: The margin corrected for how many actions are held against the Steady
    #: player's choice at once (Bonferroni): with m of them, the chance of one
    #: beating it by luck is kept at what `anchor` gives one.  Off by default
    #: (not yet measured against the Steady player on every scenario).
    anchor_family: bool = False
    #: Weigh the end of each pass by the fitted chance of winning
    #: (desktop.play.value) instead of the Steady score with the finishing and
    #: fights terms, where the ruleset has one fitted.  Off by default: no better
    #: against the Steady player (docs/opponent.md, ninth session).
    fitted: bool = False


VETERAN = Settings()

#: The cheap steady player of the playouts: few candidates, one roll each.
PLAYOUT = Style(candidates=4, moves=1, tries=1)


@dataclass
class _Node:
    """A line of play: its visits, its summed value for the Veteran, its children."""

    visits: int = 0
    total: float = 0.0
    #: The sum of the squared values (for the standard error of the mean).
    squares: float = 0.0
    children: dict[str, _Node] = field(default_factory=dict)
    actions: dict[str, Action] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    @property
    def variance(self) -> float:
        """The variance of the mean (the sample variance over the visits)."""
        if self.visits < 2:
            return math.inf
        spread = (self.squares - self.total * self.total / self.visits) / (self.visits - 1)
        return max(0.0, spread) / self.visits


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
    #: Passes through the root made by earlier decisions (a kept tree).
    inherited: int = 0
    #: The Steady player's choice (as text) when anchored to it, else None.
    steady: str | None = None


def _root_candidates(game: Game, rng: random.Random, settings: Settings) -> list[Action]:
    """The steady player's candidates: enumerable actions plus sampled moves and
    marching moves towards the goals, ending a phase always among them."""
    seen: dict[str, Action] = {}
    offered = game.candidate_actions(rng, settings.moves)
    # the marches first, so that cutting the list to size does not lose them all
    marched = marches(game, rng, settings.marches) if moving(game, offered) else []
    for a in [*marched, *offered]:
        seen.setdefault(a.text(), a)
    actions = list(seen.values())
    if len(actions) > settings.candidates:
        keep = {a.text() for a in marched} | {"end"}
        kept = [a for a in actions if a.text() in keep]
        others = [a for a in actions if a.text() not in keep]
        actions = kept + rng.sample(others, max(0, settings.candidates - len(kept)))
    return actions


@dataclass
class _Kept:
    """The last search's tree, for the next decision in the same game."""

    scenario: Scenario
    seed: int
    side: str
    settings: Settings
    #: The game's actions (as text) up to the kept tree's root.
    history: tuple[str, ...]
    root: _Node
    lo: float
    hi: float


#: At most one kept tree (the last search's).
_KEPT: list[_Kept] = []


def _same_thinking(settings: Settings) -> Settings:
    """The settings without the budget: a tree is kept for a search that weighs
    positions the same way, however long it thinks."""
    return replace(settings, seconds=0.0, passes=None)


def _kept_node(game: Game, side: str, settings: Settings) -> tuple[_Node, float, float] | None:
    """The last search's node for the line of play the game has followed since,
    with its value range, if the game went on along one (the same game, side
    and weighing; at least one action played)."""
    if not settings.reuse or not _KEPT:
        return None
    k = _KEPT[0]
    if (k.scenario is not game.scenario or k.seed != game.seed or k.side != side
            or k.settings != _same_thinking(settings)):
        return None
    n = len(k.history)
    if len(game.history) <= n:
        return None
    texts = [a.text() for a in game.history]
    if tuple(texts[:n]) != k.history:
        return None
    node = k.root
    for t in texts[n:]:
        found = node.children.get(t)
        if found is None or not found.visits:
            return None
        node = found
    return node, k.lo, k.hi


def forget() -> None:
    """Drop the kept tree (the next decision searches from scratch)."""
    _KEPT.clear()


class _Search:
    def __init__(self, game: Game, rng: random.Random, settings: Settings) -> None:
        side = game.side
        if side is None:
            raise RuntimeError("the game is over: nothing to think about")
        self.game = game
        self.side = side
        self.rng = rng
        self.settings = settings
        self.root = _Node()
        #: The weights of every score in this search: pressed once, at the root,
        #: so that the lines of one search are all weighed alike.
        self.weights = pressed(game, side, settings.weights, settings.press)
        self.lo = math.inf
        self.hi = -math.inf
        #: The root's candidates, the Steady player's best first: the search takes
        #: them in this order as the root is visited more (progressive widening).
        self.steady: Action | None = None
        self.ranked_root: list[Action]
        if settings.anchor is not None:
            # The Steady player's ranking, drawn from `rng` first, as the Steady
            # player draws it: its choice is the very one it would make.
            self.steady, ranking = steady_ranking(
                game, rng, replace(STEADY, weights=settings.weights))
            self.ranked_root = [self.steady] + [a for a in ranking
                                                if a.text() != self.steady.text()]
        else:
            self.ranked_root = _root_candidates(game, rng, settings)
        if settings.anchor is None and len(self.ranked_root) > 1:
            weighed = weigh_actions(game, self.ranked_root, rng, 1, self.weights)
            kept = [a for _, a in weighed]
            self.ranked_root = kept or self.ranked_root
        found = _kept_node(game, side, settings)
        if found is not None:
            # The kept line's root: its children legal now, most visited first,
            # then the Steady player's other candidates.
            self.root, self.lo, self.hi = found
            old = sorted(((c.visits, t) for t, c in self.root.children.items()
                          if c.visits and t in self.root.actions
                          and game.check(self.root.actions[t]) is None), reverse=True)
            reused = [self.root.actions[t] for _, t in old]
            have = {a.text() for a in reused}
            self.ranked_root = reused + [a for a in self.ranked_root if a.text() not in have]
            if self.steady is not None:  # the Steady player's choice still first
                self.ranked_root = [self.steady] + [
                    a for a in self.ranked_root if a.text() != self.steady.text()]
            self.root.actions = {}
            self.root.children = {t: self.root.children[t] for _, t in old}
        #: How many passes the root had been through before this search.
        self.inherited = self.root.visits
        for a in self.ranked_root:
            self.root.actions[a.text()] = a
        standing = view_of(game).standing() if settings.finish else None
        self.finish_weight = (0.0 if standing is None else settings.finish
                              if standing.every_turn
                              else settings.finish / (1 + standing.turns_left) ** 2)
        self.deepest = 0
        self.fitted = (weights_for(str(game.scenario.ruleset)) if settings.fitted
                       else None)
        self._playout = Style(PLAYOUT.candidates, PLAYOUT.moves, PLAYOUT.tries,
                              settings.weights)

    # -- one pass ----------------------------------------------------------------

    def run_pass(self) -> None:
        copy = self.game.clone(seed=self.rng.getrandbits(31))
        path = [self.root]
        node = self.root
        depth = 0
        while copy.outcome is None and depth < self.settings.depth:
            child = self._select(node, copy, at_root=depth == 0)
            if child is None:
                break
            text, fresh = child
            try:
                copy.apply(node.actions[text])
            except RulesError:
                node.actions.pop(text, None)  # a sampled move that was never legal
                node.children.pop(text, None)
                if node is self.root:
                    self.ranked_root = [a for a in self.ranked_root if a.text() != text]
                break
            node = node.children.setdefault(text, _Node())
            path.append(node)
            depth += 1
            if fresh:
                break
        self.deepest = max(self.deepest, depth)
        value = self._evaluate(copy)
        self.lo = min(self.lo, value)
        self.hi = max(self.hi, value)
        for n in path:
            n.visits += 1
            n.total += value
            n.squares += value * value

    def _select(self, node: _Node, copy: Game, at_root: bool) -> tuple[str, bool] | None:
        """The child to follow in this copy, and whether it is new (then the pass
        stops descending there).  None when nothing is legal here."""
        if at_root:
            allowed = self.settings.root_start + int(node.visits ** self.settings.root_alpha)
            if self.settings.root_max is not None:
                allowed = min(allowed, max(1, self.settings.root_max))
            legal = [a.text() for a in self.ranked_root[:allowed]]
        else:
            self._widen(node, copy)
            legal = [t for t in node.actions if copy.check(node.actions[t]) is None]
        if not legal:
            return None
        unvisited = [t for t in legal if t not in node.children or node.children[t].visits == 0]
        if unvisited:
            return unvisited[0], True
        if at_root and self.settings.root_even:
            return min(legal, key=lambda t: node.children[t].visits), False
        mine = copy.side == self.side
        span = self.hi - self.lo if self.hi > self.lo else 1.0
        log_n = math.log(max(1, node.visits))
        best_t, best_v = legal[0], -math.inf
        for t in legal:
            c = node.children[t]
            q = (c.mean - self.lo) / span
            if not mine:
                q = 1.0 - q
            v = q + self.settings.explore * math.sqrt(log_n / c.visits)
            if v > best_v:
                best_t, best_v = t, v
        return best_t, False

    def _widen(self, node: _Node, copy: Game) -> None:
        allowed = math.ceil(self.settings.widen * (node.visits + 1) ** self.settings.alpha)
        if len(node.actions) >= allowed:
            return
        if not node.actions:
            # The first child: what the cheap Steady player would do here (for the
            # enemy, the likeliest reply; for the Veteran's side, a sound start).
            try:
                first = steady_action(copy, self.rng, self._playout)
            except RuntimeError:
                return
            node.actions[first.text()] = first
            return
        offered = copy.candidate_actions(self.rng, self.settings.deep_moves)
        new = [a for a in offered if a.text() not in node.actions]
        if not new:
            return
        # Ending the phase first: it is how a line of play reaches the enemy's turn.
        ends = [a for a in new if a.text() == "end"]
        pick = ends[0] if ends else self.rng.choice(new)
        node.actions[pick.text()] = pick

    def _evaluate(self, copy: Game) -> float:
        for _ in range(self.settings.horizon):
            if copy.outcome is not None:
                break
            try:
                copy.apply(steady_action(copy, self.rng, self._playout))
            except (RulesError, RuntimeError):
                break
        if self.fitted is not None:
            return chance(copy, self.side, self.fitted)
        return (score(copy, self.side, self.weights) + self._finish(copy)
                + self._fights(copy))

    def _fights(self, copy: Game) -> float:
        """Fights on the table that the game rolls later on its own (hand to hand at
        a turn's end): the share of strength they are expected to change, scored
        as the score scores strength, so a charge into contact is seen coming."""
        if copy.outcome is not None or not self.settings.fights:
            return 0.0
        return (self.settings.fights * self.weights.strength
                * pending_share(copy, self.side))

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

    def _anchored(self) -> Action | None:
        """The Steady player's choice, or the root action whose mean beats it by the
        margin (`Settings.anchor`); None when not anchored or when the search found
        the Steady player's choice not legal after all."""
        steady, k = self.steady, self.settings.anchor
        if steady is None or k is None or steady.text() not in self.root.actions:
            return None
        least = max(2, self.settings.anchor_visits)
        mine = self.root.children.get(steady.text())
        if mine is None or mine.visits < least:
            return steady
        best, best_mean = steady, mine.mean
        rivals = [t for t, c in self.root.children.items()
                  if t != steady.text() and c.visits >= least and t in self.root.actions]
        if self.settings.anchor_family and len(rivals) > 1 and math.isfinite(k):
            normal = NormalDist()
            k = normal.inv_cdf(1.0 - (1.0 - normal.cdf(k)) / len(rivals))
        for t in rivals:
            c = self.root.children[t]
            error = math.sqrt(c.variance + mine.variance)
            if c.mean - mine.mean > k * max(error, 1e-9) and c.mean > best_mean:
                best, best_mean = self.root.actions[t], c.mean
        return best

    def ranked(self) -> list[tuple[str, int, float]]:
        rows = [(t, c.visits, c.mean) for t, c in self.root.children.items() if c.visits]
        rows.sort(key=lambda r: (r[1], r[2]), reverse=True)
        return rows

    def best(self) -> Action:
        anchored = self._anchored()
        if anchored is not None:
            return anchored
        rows = self.ranked()
        if rows:
            return self.root.actions[rows[0][0]]
        # Stopped before a single pass: the Steady player's choice.
        return (self.ranked_root or list(self.root.actions.values()))[0]


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
    if not search.root.actions:
        raise RuntimeError(f"no candidate actions in phase {game.phase} for {game.side}")
    passes = 0
    if len(search.root.actions) > 1:
        while True:
            if settings.passes is not None and passes >= settings.passes:
                break
            if stop is not None and stop():
                break
            if passes and time.process_time() - start >= settings.seconds:
                break
            search.run_pass()
            passes += 1
    _KEPT.clear()
    if settings.reuse and passes:
        _KEPT.append(_Kept(game.scenario, game.seed, search.side, _same_thinking(settings),
                           tuple(a.text() for a in game.history), search.root,
                           search.lo, search.hi))
    return Thought(search.best(), passes, time.process_time() - start,
                   tuple(search.ranked()), search.deepest, search.inherited,
                   None if search.steady is None else search.steady.text())


def veteran_action(game: Game, rng: random.Random, settings: Settings = VETERAN,
                   stop: StopFlag | None = None) -> Action:
    """The Veteran's choice for the side to act (see `think`)."""
    return think(game, rng, settings, stop).action
