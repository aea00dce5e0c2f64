"""The computer's steady player: one action ahead, on fresh dice, toward the objectives.

The random legal player makes a poor opponent: it wanders, fires at nothing
in particular and ends phases at whim.  This one tries each candidate action
(the ruleset's legal actions plus a few sampled free moves) on copies of the
game that roll their own dice -- never the dice the real game will roll --
scores what each copy looks like afterwards (desktop.play.scoring), and
takes the best on average.

Ending a phase is scored like any other action: it is taken when nothing on
offer does better.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from desktop.play.goalfield import GoalField
from desktop.play.marching import (
    contact_moves,
    drop_idle,
    facing_moves,
    march_moves,
    reaching_moves,
)
from desktop.play.scoring import Weights, _plan, score
from desktop.rules.engine import Action, Game, RulesError
from desktop.rules.view import view_of
from desktop.rules.view_values import Standing
from desktop.scenario.model import Scenario


@dataclass(frozen=True)
class Style:
    """How hard the computer thinks: candidates weighed and dice rolled for each."""

    candidates: int = 24
    moves: int = 6
    tries: int = 2
    weights: Weights = dataclasses.field(default_factory=Weights)
    #: Moves that march a piece towards the goals (desktop.play.marching).
    marches: int = 2
    #: Moves that end on an objective or in an area to occupy, where a piece can
    #: reach one this move (desktop.play.marching.reaching_moves): always
    #: candidates, never cut to size.
    reach: int = 4
    #: Moves at an enemy piece within a move (marching.contact_moves).
    contact: int = 2
    #: Pivots on the spot to face the nearest enemy, for pieces it stands outside
    #: the arcs of (marching.facing_moves): always candidates.
    face: int = 2
    #: After this many actions of one kind left the score as it stood, the rest of
    #: that kind are not tried (None: try every candidate; see `_weigh`).
    blind: int | None = 2
    #: Of the actions that draw dice or cards, only this many of the best on their
    #: first try are tried `tries` times (None: all of them).
    retry: int | None = 3
    #: An action that draws only d6 (and D3s made from them) is weighed over every
    #: outcome of its dice, exactly, when they have at most this many outcomes;
    #: else by `tries` rolls.
    exact: int = 36
    #: An action drawing more d6 than `exact` allows is weighed over this many
    #: rolls in which every die shows each face once (each die's faces in an
    #: order of its own): unbiased like random rolls, and exact where the dice
    #: add up (hits), so three dice at a third are told from one at a third in
    #: six tries (0: random tries, see `tries`).
    strata: int = 6
    #: An action whose tries differ by at least `swing` points, from each other or
    #: from the position as it stands (a roll that can end the game or break an
    #: army), is tried `swing_tries` times in all.
    swing: float = 200.0
    swing_tries: int = 12
    #: Pressing on: while the game's end would not give the side the win, the
    #: ground (objectives, the pull and the lead) weighs 1 + press / (1 + turns
    #: left) times as much, so it goes for them harder as the end nears
    #: (None: never; see `pressed`).
    press: float | None = 2.0


STEADY = Style()


def marches(game: Game, rng: random.Random, n: int) -> list[Action]:
    """Up to `n` moves taking the side's pieces towards its goals (none where the
    engine offers no free moves now): into an area to fill, to the nearest goal,
    or one of the pieces nearest a place to hold to that place (so that someone
    makes for a far objective too)."""
    side = game.side
    if side is None or n <= 0 or not game.free_action_kinds:
        return []
    plan = _plan(game.scenario, side)
    fields: list[tuple[GoalField, int | None]] = [
        (f, need) for f, (_, need) in zip(plan.occupy_fields, plan.goals.occupy, strict=True)]
    if plan.field is not None:
        fields.append((plan.field, None))
    fields.extend((f, 1) for f in plan.hold_fields)
    return march_moves(game, rng, n, fields)


def reaching(game: Game, n: int) -> list[Action]:
    """Up to `n` moves of the side to act onto a place its victory turns on: an
    objective's marker, the area it must fill (see `reaching_moves`)."""
    side = game.side
    if side is None or n <= 0:
        return []
    return reaching_moves(game, _plan(game.scenario, side).reach, n)


def moving(game: Game, sampled: Sequence[Action]) -> bool:
    """Whether the engine offers moves now: one of its sampled actions is of the
    kind the play view makes a move with (no marching in a phase of shooting)."""
    if not sampled:
        return False
    view = view_of(game)
    piece = next(iter(view.pieces().values()), None)
    made = None if piece is None else view.move_action(piece.id, piece.x, piece.y, piece.facing)
    if made is None:
        return False
    kind = made.text().split()[0]
    return any(a.text().split()[0] == kind for a in sampled)


def _candidates(game: Game, rng: random.Random, style: Style) -> list[Action]:
    seen: dict[str, Action] = {}
    listed = game.legal_actions()
    sampled = game.sample_actions(rng, style.moves)
    moves = moving(game, [*listed, *sampled])
    marched = marches(game, rng, style.marches) if moves else []
    # Where every move is listed (a grid), the reaching moves are among the
    # listed ones: they are looked for only to be kept when the list is cut.
    free = bool(game.free_action_kinds)
    reached = reaching(game, style.reach) if moves and free else []
    contacts = contact_moves(game, style.contact) if moves else []
    faced = facing_moves(game, style.face) if moves else []
    for a in [*listed, *sampled, *marched, *reached, *contacts, *faced]:
        seen.setdefault(a.text(), a)
    # A move that changes nothing (a gun's pivot of a few degrees, a ride to where
    # the officer stands) is no candidate: it may cost a shot and gains nothing.
    actions = drop_idle(game, list(seen.values())) if moves else list(seen.values())
    if len(actions) > style.candidates:
        if moves and not free:
            reached = reaching(game, style.reach)
        keep = {"end"} | {a.text() for a in [*reached, *contacts, *faced]}
        kept = [a for a in actions if a.text() in keep]
        others = [a for a in actions if a.text() not in keep]
        actions = kept + rng.sample(others, max(0, style.candidates - len(kept)))
    return actions


def weigh(game: Game, rng: random.Random, style: Style = STEADY) -> list[tuple[float, Action]]:
    """Each candidate action with its average score for the side to act, best first
    (the kinds the score is blind to tried only `style.blind` times: see `_weigh`)."""
    return _weigh(game, _candidates(game, rng, style), rng, style).weighed


def weigh_actions(game: Game, actions: Sequence[Action], rng: random.Random, tries: int,
                  weights: Weights) -> list[tuple[float, Action]]:
    """`actions` with their average score for the side to act over up to `tries`
    copies of the game rolling their own dice, best first; an action the game
    refuses is left out."""
    return _weigh(game, actions, rng, Style(tries=tries, weights=weights, blind=None,
                                            retry=None, press=None)).weighed


class _Weighed(NamedTuple):
    """What `_weigh` found."""

    #: The actions tried with their average score, best first.
    weighed: list[tuple[float, Action]]
    #: The actions left untried (the score is blind to their kind).
    untried: list[Action]
    #: The score of the position as it stands (nan without `style.blind`).
    still: float
    #: The actions (as text) whose score is their exact expectation over every
    #: outcome of their dice.
    exact: frozenset[str]


def _weigh(game: Game, actions: Sequence[Action], rng: random.Random, style: Style
           ) -> _Weighed:
    """`actions` weighed as `weigh_actions` does, the actions left untried, and the
    score of the position as it stands (nan without `style.blind`).

    With `style.blind`, once that many actions of one kind (the first word of
    their notation) have each left the score exactly as the position stands,
    drawing no chance, the rest of that kind are left untried: the score cannot
    see what they change (an officer's ride, a change of formation, a
    declaration), so trying each would only cost a copy of the game.  They are
    taken to score as the position stands."""
    side = game.side
    if side is None:
        raise RuntimeError(f"no side to act in phase {game.phase}")
    blind, tries = style.blind, style.tries
    weights = pressed(game, side, style.weights, style.press)
    still = score(game, side, weights) if blind is not None else math.nan
    unchanged: dict[str, int] = {}  # kind -> how many left the score as it stood
    # Common dice: every action's k-th try rolls from the same seed, so that two
    # shots are compared on the same luck (the three dice of a volley in the
    # open against the one die of the same volley into a village).
    seeds = [rng.getrandbits(31) for _ in range(max(1, tries))]
    # the first try: score, action, whether it drew, and the d6 it drew when it
    # drew nothing else (None otherwise)
    firsts: list[tuple[float, Action, bool, int | None]] = []
    untried: list[Action] = []
    for action in actions:
        kind = ""
        if blind is not None:
            kind = action.text().split(maxsplit=1)[0]
            if unchanged.get(kind, 0) >= blind:
                untried.append(action)
                continue
        tried = _try(game, action, seeds[0], side, weights)
        if tried is None:
            continue  # not legal after all (a sampled move): not a candidate
        value, drew, dice = tried
        firsts.append((value, action, drew, dice))
        if blind is not None and kind != "end":
            if not drew and value == still:
                unchanged[kind] = unchanged.get(kind, 0) + 1
            else:
                unchanged[kind] = -len(actions)  # this kind does show: try it all
    # More tries for the actions that drew dice or cards: all of them, or with
    # `style.retry` only the best few on their first try (the others cannot win).
    chancy = [i for i, (_, _, drew, _) in enumerate(firsts) if drew]
    if style.retry is not None:
        chancy = sorted(chancy, key=lambda i: -firsts[i][0])[:style.retry]
    weighed: list[tuple[float, Action]] = [(v, act) for v, act, _, _ in firsts]
    exact_ones: set[str] = set()
    for i in sorted(chancy):
        total, action, n = firsts[i][0], firsts[i][1], 1
        dice = firsts[i][3]
        if tries > 1 and dice is not None and 6 ** dice <= style.exact:
            exact = _exact(game, action, rng, side, weights, dice)
            if exact is not None:
                weighed[i] = (exact, action)
                exact_ones.add(action.text())
                continue
        if tries > 1 and dice and style.strata and 6 ** dice > style.exact:
            spread = _stratified(game, action, rng, side, weights, dice, style.strata)
            if spread is not None:
                weighed[i] = (spread, action)
                continue
        lo = hi = total
        limit = tries
        while n < limit:
            tried = _try(game, action, seeds[n], side, weights)
            if tried is None:
                break
            total += tried[0]
            lo, hi = min(lo, tried[0]), max(hi, tried[0])
            n += 1
            if not tried[1]:
                break  # this time nothing was drawn: another try would end the same
            if (n == limit < style.swing_tries
                    and max(hi - lo, abs(hi - still), abs(lo - still)) >= style.swing):
                # a roll that can decide the game: more tries, on common dice too
                limit = style.swing_tries
                seeds += [rng.getrandbits(31) for _ in range(limit - len(seeds))]
        weighed[i] = (total / n, action)
    weighed.sort(key=lambda sa: sa[0], reverse=True)
    return _Weighed(weighed, untried, still, frozenset(exact_ones))


#: The standing asked once a phase: (scenario id, turn, phase) -> (the scenario,
#: kept alive so that its id is not reused, and the standing).
_STANDINGS: dict[tuple[int, int, str], tuple[Scenario, Standing | None]] = {}


def _standing(game: Game) -> Standing | None:
    """`PlayView.standing()` as it was at the first look at this phase since the
    decision began (`new_decision`): asked once a phase, since a D3 standing
    costs the judge's look at every piece, and the same for every copy."""
    key = (id(game.scenario), game.turn, game.phase)
    found = _STANDINGS.get(key)
    if found is not None and found[0] is game.scenario:
        return found[1]
    if len(_STANDINGS) >= 256:
        _STANDINGS.clear()
    standing = view_of(game).standing()
    _STANDINGS[key] = (game.scenario, standing)
    return standing


def new_decision() -> None:
    """Forget the standings kept: a decision and its look-ahead read the standing
    of their own game, never that of another game played from the same scenario
    in this process (a batch plays many; the same seed must give the same game
    whichever games ran before it)."""
    _STANDINGS.clear()


def pressed(game: Game, side: str, weights: Weights, press: float | None) -> Weights:
    """`weights` for `side` now: while the game, if it ended with the pieces as they
    stand, would not give `side` the win (an attacker short of its objectives, a
    side heading for a draw), the ground counts 1 + press / (1 + turns left) times
    as much -- three times on the last turn with a press of 2 -- so the side
    presses on instead of keeping its losses down.  The standing is the one at
    the phase's first decision.  Unchanged without a press
    or where the play view cannot say (no turn limit)."""
    if not press:
        return weights
    standing = _standing(game)
    if standing is None or standing.winner == side:
        return weights
    k = 1.0 + press / (1 + standing.turns_left)
    return dataclasses.replace(weights, objective=weights.objective * k,
                               pull=weights.pull * k, lead=weights.lead * k)


def _try(game: Game, action: Action, seed: int, side: str, weights: Weights
         ) -> tuple[float, bool, int | None] | None:
    """`action` on a copy of `game` rolling dice from `seed`: the copy's score for `side`,
    whether any dice or cards were drawn, and how many d6 when nothing else was
    (None if the copy refuses it)."""
    copy = game.clone(seed=seed)
    drawn = len(copy.chance.log)
    try:
        copy.apply(action)
    except RulesError:
        return None
    new = copy.chance.log[drawn:]
    dice: int | None = sum(1 for d in new if d.kind == "d6")
    if any(d.kind not in ("d6", "d3") for d in new):
        dice = None
    return score(copy, side, weights), bool(new), dice


def _exact(game: Game, action: Action, rng: random.Random, side: str, weights: Weights,
           dice: int) -> float | None:
    """The average score of `action` over every outcome of the `dice` d6 it draws,
    each equally likely: its exact expectation under the rules, where a few
    sampled rolls would misjudge a two-in-three shot against a one-in-three.
    None if an outcome drew more than was scripted (then sampling decides)."""
    rolls = itertools.product(range(1, 7), repeat=dice)
    return _scripted_mean(game, action, rng, side, weights, rolls, whole=True)


def _stratified(game: Game, action: Action, rng: random.Random, side: str,
                weights: Weights, dice: int, runs: int) -> float | None:
    """The average score of `action` over `runs` rolls of its `dice` d6 in which
    each die shows every face equally often, each die's faces shuffled on their
    own (Latin hypercube sampling of the dice).  Within a roll the dice are
    independent and fair, whichever of them the action reads (a save after a
    hit draws more or fewer), so the average is unbiased; and what adds up die
    by die is weighed exactly.  None if the copy refuses the action."""
    columns = []
    for _ in range(dice):
        faces = [1 + (k % 6) for k in range(-(-runs // 6) * 6)]
        rng.shuffle(faces)
        columns.append(faces[:runs])
    rolls = [[column[run] for column in columns] for run in range(runs)]
    return _scripted_mean(game, action, rng, side, weights, rolls, whole=False)


def _scripted_mean(game: Game, action: Action, rng: random.Random, side: str,
                   weights: Weights, rolls: Iterable[Sequence[int]], whole: bool
                   ) -> float | None:
    """The average score of `action` on a copy of `game` per roll in `rolls`, the
    copy's next d6 scripted to show it.  None if a copy refuses the action, or,
    with `whole`, reads fewer or more dice than scripted."""
    total, n = 0.0, 0
    for faces in rolls:
        copy = game.clone(seed=rng.getrandbits(31))
        copy.chance.script(faces)
        try:
            copy.apply(action)
        except RulesError:
            return None
        if whole and (copy.chance.scripted_dice_left or not copy.chance.log[-1].scripted):
            return None
        total += score(copy, side, weights)
        n += 1
    return total / n if n else None


def steady_ranking(game: Game, rng: random.Random, style: Style = STEADY
                   ) -> tuple[Action, list[Action]]:
    """The steady player's choice (`steady_action`, drawing the same from `rng`) and
    every candidate it weighed, best first, then those it left untried."""
    choice, scored, _ = steady_scores(game, rng, style)
    return choice, [a for _, a in scored]


def steady_scores(game: Game, rng: random.Random, style: Style = STEADY
                  ) -> tuple[Action, list[tuple[float, Action]], frozenset[str]]:
    """`steady_ranking` with each candidate's average score (an untried one scores
    as the position stands), and the candidates (as text) whose score is exact
    over every outcome of their dice: what a player that searches longer takes
    as its prior."""
    actions = _candidates(game, rng, style)
    if len(actions) == 1:
        return actions[0], [(0.0, actions[0])], frozenset()
    weighed, untried, still, exact = _weigh(game, actions, rng, style)
    if not weighed:
        raise RuntimeError(f"no candidate actions in phase {game.phase} for {game.side}")
    best = weighed[0][0]
    ties = [a for s, a in weighed if s >= best - 1e-9]
    if still >= best - 1e-9:
        ties += untried
    choice = rng.choice(ties)
    if choice in untried and game.check(choice) is not None:
        choice = weighed[0][1]  # (an untried sampled move the engine now refuses)
    return choice, weighed + [(still, a) for a in untried], exact


def steady_action(game: Game, rng: random.Random, style: Style = STEADY) -> Action:
    """The computer's choice: the best-scoring candidate, ties broken by `rng`
    (an untried action counts as scoring as the position stands); a lone
    candidate is taken without trying it."""
    return steady_ranking(game, rng, style)[0]
