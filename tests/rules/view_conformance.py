"""The play-view conformance harness every ruleset passes (docs/engine.md,
"View conformance harness"), as the engine's is tests/rules/conformance.py.

Two kinds of check:

- ``declared_problems(view_class)``: what the view's class offers beyond the
  core protocol is what it really implements.  A class that declares a
  capability protocol of desktop.rules.view_capabilities (by naming it as a
  base) defines every method of it itself (not the protocol's empty body),
  and a class that defines every method of one declares it: the window picks
  its tools by ``isinstance``, so the two can never disagree.
- ``position_problems(game)``: the core protocol (and each capability the view
  offers) answers on one position of a real game with values of the right
  kinds, about pieces that exist, in names, and asking it changes nothing
  (the same snapshot, no dice or cards drawn).  Among them ``victory()``
  (``victory_problems``): every ruleset's view gives the Victory panel its
  conditions with their live state, never nothing.

``play(ruleset_id, scenario, seed)`` runs both over a few positions of a
seeded random game.  ``odds_problems(ruleset_id, scenario, seed)`` holds the
view's odds of every action offered on more positions to the engine's
(``odds_agreement``: one source of odds per ruleset).  From the command line:

    .venv/bin/python -m tests.rules.view_conformance --ruleset kiddies --games 5
"""

from __future__ import annotations

import argparse
import inspect
import random
import sys
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from shapely.geometry.base import BaseGeometry

import desktop.rules  # noqa: F401  (registers the rulesets)
from desktop.resources import bundled_scenarios
from desktop.rules import registry
from desktop.rules.action_odds import Odds
from desktop.rules.engine import Action, Game
from desktop.rules.randomplay import random_action
from desktop.rules.victory import VictoryState
from desktop.rules.view import PlayView, view_of
from desktop.rules.view_capabilities import (
    CAPABILITIES,
    FacingBandsView,
    FiguresView,
    FlicksView,
    GridView,
    GroupMovesView,
)
from desktop.rules.view_values import Allowance, Card, Losses, PieceInfo, Standing, Weapon
from desktop.scenario import Scenario, load
from tests.rules.conformance import scenarios_for

#: Random actions played between the positions the view is asked about.
STRIDE = 7
#: Positions of each game the view is asked about (the start included).
POSITIONS = 3
#: Pieces of each position whose questions are asked (the side to act's first).
PIECES = 6
#: Positions of each game whose offered actions' odds are held to the engine's
#: (enough to reach fire and fights on every bundled ruleset's first scenarios).
ODDS_POSITIONS = 20


def view_class_of(ruleset_id: str) -> type[PlayView]:
    """The class `view_of` makes for the ruleset's games (the base if it names none)."""
    made = type(registry.get(ruleset_id)).view_class
    return made if isinstance(made, type) and issubclass(made, PlayView) else PlayView


def _members(protocol: type) -> list[str]:
    """The methods and properties a capability protocol asks for."""
    return sorted(n for n, v in vars(protocol).items()
                  if not n.startswith("_") and (callable(v) or isinstance(v, property)))


def _defined_by(cls: type, name: str) -> type | None:
    """The class of `cls`'s MRO that defines `name` (None: none does)."""
    return next((c for c in inspect.getmro(cls) if name in vars(c)), None)


def declared_problems(view_class: type) -> list[str]:
    """A capability declared is implemented, and one implemented is declared."""
    out: list[str] = []
    name = view_class.__name__
    for word, protocol in CAPABILITIES.items():
        declared = protocol in inspect.getmro(view_class)
        members = _members(protocol)
        owners = {m: _defined_by(view_class, m) for m in members}
        real = [m for m, c in owners.items()
                if c is not None and c is not protocol and c not in CAPABILITIES.values()]
        if declared and len(real) < len(members):
            missing = ", ".join(m for m in members if m not in real)
            out.append(f"{name} declares {word} ({protocol.__name__}) but does not "
                       f"implement {missing}")
        if not declared and len(real) == len(members):
            out.append(f"{name} implements every method of {word} ({protocol.__name__}) "
                       "but does not declare it")
    return out


def _asked(what: str, ask: Callable[[], Any], kinds: tuple[type, ...],
           out: list[str]) -> Any:
    """`ask()`, which must give a value of one of `kinds` (None among them, if
    it may say nothing); a problem when it raises or gives something else."""
    try:
        got = ask()
    except Exception as exc:  # a view answers every question of the protocol
        out.append(f"{what} raised {type(exc).__name__}: {exc}")
        return None
    if not isinstance(got, kinds):
        out.append(f"{what} gave a {type(got).__name__}")
        return None
    return got


def _odds_problems(what: str, odds: Odds | None) -> list[str]:
    if odds is None:
        return []
    return [f"{what}: {p}" for p in odds.problems()] + (
        [f"{what}: the title is empty"] if not odds.title.strip() else [])


def piece_problems(view: PlayView, pid: str) -> list[str]:
    """The core protocol's questions about one piece."""
    out: list[str] = []
    game = view.game
    legal = {a.text() for a in game.legal_actions()}
    _asked(f"piece({pid})", lambda: view.piece(pid), (PieceInfo,), out)
    card = _asked(f"card({pid})", lambda: view.card(pid), (Card,), out)
    if card is not None and not card.title.strip():
        out.append(f"card({pid}) has no title")
    may = _asked(f"may({pid})", lambda: view.may(pid), (list,), out)
    if may is not None and not all(isinstance(w, str) for w in may):
        out.append(f"may({pid}) is not a list of words")
    _asked(f"badge({pid})", lambda: view.badge(pid), (tuple, type(None)), out)
    _asked(f"can_move({pid})", lambda: view.can_move(pid), (bool,), out)
    _asked(f"allowance({pid})", lambda: view.allowance(pid), (Allowance, type(None)), out)
    for ask in ("blocked", "no_end", "costly", "reach_area"):
        _asked(f"{ask}({pid})", lambda a=ask: getattr(view, a)(pid),  # type: ignore[misc]
               (BaseGeometry, type(None)), out)
    weapons = _asked(f"weapons({pid})", lambda: view.weapons(pid), (list,), out) or []
    if not all(isinstance(w, Weapon) for w in weapons):
        out.append(f"weapons({pid}) holds something that is not a Weapon")
    for label, act in _asked(f"card_actions({pid})", lambda: view.card_actions(pid),
                             (list,), out) or []:
        if not isinstance(act, Action) or not str(label).strip():
            out.append(f"card_actions({pid}) gives {label!r}: {act!r}")
        elif game.check(act) is not None:
            out.append(f"card_actions({pid}) offers '{act.text()}', which is not legal now")
    for act in _asked(f"attacks({pid})", lambda: view.attacks(pid), (list,), out) or []:
        if act.text() not in legal and game.check(act) is not None:
            out.append(f"attacks({pid}) offers '{act.text()}', which is not legal now")
        out.extend(action_problems(view, act))
    return out


def action_problems(view: PlayView, act: Action) -> list[str]:
    """An offered action's words and odds."""
    out: list[str] = []
    said = _asked(f"describe({act.text()})", lambda: view.describe(act), (str,), out)
    if said is not None and (not said.strip() or said == act.text()):
        out.append(f"describe({act.text()}) gives the notation, not words: {said!r}")
    label = _asked(f"label({act.text()})", lambda: view.label(act), (str,), out)
    if label is not None and not label.strip():
        out.append(f"label({act.text()}) is empty")
    odds = _asked(f"odds({act.text()})", lambda: view.odds(act), (Odds, type(None)), out)
    out.extend(_odds_problems(f"odds({act.text()})", odds))
    if not out:
        out.extend(odds_agreement(view.game.odds(act), odds, act))
    return out


def odds_agreement(engine: Odds | None, shown: Odds | None, act: Action) -> list[str]:
    """The view's chart of `act` shows the engine's chances (``Game.odds``), in
    whatever words: the same outcomes' chances in the same order and the same
    margin.  Where the engine has no odds the view may show only an estimate
    (a margin: a simulated flick), never exact chances of its own."""
    what = f"odds({act.text()})"
    if engine is None:
        if shown is not None and shown.exact:
            return [f"{what}: the view shows exact chances the engine does not give"]
        return []
    if shown is None:
        return [f"{what}: the view shows nothing of the engine's odds"]
    if not engine.same_chances(shown):
        return [f"{what}: the view shows {[str(p) for _, p in shown.bars]}, "
                f"the engine {[str(p) for _, p in engine.bars]}"]
    return []


def offered_actions(game: Game, view: PlayView, rng: random.Random) -> list[Action]:
    """What a player may do now: the legal actions, a few sampled free ones and
    every attack the view offers the side to act's pieces."""
    offered = {a.text(): a for a in game.candidate_actions(rng)}
    for p in view.pieces().values():
        if p.present and p.side == game.side:
            for a in view.attacks(p.id):
                offered.setdefault(a.text(), a)
    return list(offered.values())


def odds_problems(ruleset_id: str, scenario: Scenario, seed: int,
                  positions: int = ODDS_POSITIONS) -> list[str]:
    """On `positions` positions of a seeded random game, STRIDE actions apart, the
    view's odds of every offered action agree with the engine's (odds_agreement)."""
    out: list[str] = []
    game = registry.get(ruleset_id).new_game(scenario, seed=seed)
    rng = random.Random(seed)
    for _ in range(positions):
        view = view_of(game)
        where = f"{ruleset_id} seed {seed} after {len(game.history)} actions"
        for act in offered_actions(game, view, random.Random(len(game.history))):
            out.extend(f"{where}: {p}" for p in odds_agreement(game.odds(act), view.odds(act), act))
        for _ in range(STRIDE):
            if game.outcome is not None:
                return out
            game.apply(random_action(game, rng))
    return out


def side_problems(view: PlayView) -> list[str]:
    """The core protocol's questions about the whole table."""
    out: list[str] = []
    sc = view.game.scenario
    sides = {s.id for s in sc.sides}
    ids = {u.id for _, u in sc.all_units()} | {o.id for s in sc.sides for o in s.officers}
    got = _asked("strength()", view.strength, (tuple,), out)
    if got is not None and (not isinstance(got[0], str) or not set(got[1]) <= sides):
        out.append(f"strength() gives {got!r}")
    left = _asked("units_left()", view.units_left, (dict,), out)
    if left is not None and not set(left) <= sides:
        out.append(f"units_left() names sides that are not: {sorted(set(left) - sides)}")
    losses = _asked("losses()", view.losses, (dict,), out) or {}
    if not set(losses) <= ids or not all(isinstance(v, Losses) for v in losses.values()):
        out.append("losses() holds something other than the scenario's units' Losses")
    for ask in ("pending_losses", "pending_removals", "supplies"):
        got = _asked(f"{ask}()", getattr(view, ask), (dict,), out) or {}
        if not all(isinstance(v, float | int | Fraction) for v in got.values()):
            out.append(f"{ask}() holds something that is not a number")
    _asked("standing()", view.standing, (Standing, type(None)), out)
    out.extend(victory_problems(view))
    _asked("prompt(None)", lambda: view.prompt(None), (str,), out)
    _asked("phase_hint()", view.phase_hint, (str,), out)
    _asked("sight_types()", view.sight_types, (frozenset,), out)
    if view.measure_in not in ("table", "spans"):
        out.append(f"measure_in is {view.measure_in!r}, not 'table' or 'spans'")
    return out


def victory_problems(view: PlayView) -> list[str]:
    """The Victory panel's state (``victory()``): a VictoryState, never None (the
    panel would say "No victory conditions to show"), at the game's turn, with
    the scenario's objectives in its order, at least one way to win, each for
    a side of the scenario and in words, and what would decide the game now."""
    out: list[str] = []
    game = view.game
    got = _asked("victory()", view.victory, (VictoryState, type(None)), out)
    if got is None:
        return out or ["victory() gives nothing: the Victory panel shows no conditions"]
    sides = {s.id for s in game.scenario.sides}
    if got.turn != game.turn:
        out.append(f"victory() is at turn {got.turn}, the game at turn {game.turn}")
    objectives = [o.id for o in game.scenario.game.objectives]
    if [o.id for o in got.objectives] != objectives:
        out.append(f"victory() shows objectives {[o.id for o in got.objectives]}, "
                   f"the scenario has {objectives}")
    if not got.goals:
        out.append("victory() gives no way for any side to win")
    for goal in got.goals:
        if goal.side not in sides or not goal.text.strip():
            out.append(f"victory() gives a goal {goal.text!r} for side {goal.side!r}")
    if not got.verdict.strip():
        out.append("victory() does not say what would decide the game now")
    if got.over != (game.outcome is not None):
        out.append(f"victory() says over={got.over} of a game "
                   f"{'over' if game.outcome is not None else 'going on'}")
    return out


def bundled_for(ruleset_id: str) -> list[tuple[str, Scenario]]:
    """The scenarios that come with the ruleset: Volley's own scenarios/ made for
    it, and those its package brings (``Ruleset.scenarios()``)."""
    out = [(path.name, sc) for path in bundled_scenarios()
           if (sc := load(path)).ruleset == ruleset_id]
    out.extend((f"{ruleset_id}:{path.name}", load(path))
               for path in registry.get(ruleset_id).scenarios())
    return out


def capability_problems(view: PlayView, mine: list[str]) -> list[str]:
    """Each capability the view offers answers about real pieces."""
    out: list[str] = []
    pieces = view.pieces()
    if isinstance(view, FiguresView):
        for grp in _asked("volley_groups()", view.volley_groups, (list,), out) or []:
            if not set(grp) <= set(pieces):
                out.append(f"volley_groups() names pieces that are not: {grp}")
        for cid, manned in _asked("cannons()", view.cannons, (list,), out) or []:
            if cid not in pieces or not isinstance(manned, bool):
                out.append(f"cannons() gives {cid!r}, {manned!r}")
        for pid in mine[:2]:
            _asked(f"volley_group({pid})", lambda p=pid: view.volley_group(p),  # type: ignore[misc]
                   (tuple, type(None)), out)
    if isinstance(view, FlicksView):
        shooters = _asked("shooters()", view.shooters, (list,), out) or []
        if not set(shooters) <= set(pieces):
            out.append(f"shooters() names pieces that are not: {shooters}")
        _asked("shot_kind()", view.shot_kind, (str, type(None)), out)
        _asked("tabletop", lambda: view.tabletop, (bool,), out)
        for sid in shooters[:1]:
            _asked(f"strength_for({sid})", lambda s=sid: view.strength_for(s, 10.0),  # type: ignore[misc]
                   (float, int), out)
    if isinstance(view, GroupMovesView):
        movers = [p for p in mine if view.can_move(p)][:2]
        if len(movers) == 2:
            act = _asked("group_action(...)",
                         lambda: view.group_action(movers, 0.5, 0.0, 0.0),
                         (Action, type(None)), out)
            ends = _asked("group_ends(...)", lambda: view.group_ends(movers, 0.5, 0.0, 0.0),
                          (dict,), out)
            if act is not None and ends is not None and not set(ends) <= set(movers):
                out.append(f"group_ends(...) moves pieces not in the group: {sorted(ends)}")
    if isinstance(view, GridView):
        for pid in mine[:2]:
            p = pieces[pid]
            name = _asked(f"square_name({pid})", lambda p=p: view.square_name(p.x, p.y),  # type: ignore[misc]
                          (str,), out)
            if name is not None and not name.strip():
                out.append(f"square_name({pid}) is empty")
    if isinstance(view, FacingBandsView) and mine:
        first = pieces[mine[0]]
        _asked(f"end_facing({first.id})",
               lambda: view.end_facing(first.id, (first.facing + 45) % 360),
               (type(None),), out)
        _asked(f"reach_area({first.id}) after end_facing",
               lambda: view.reach_area(first.id), (BaseGeometry, type(None)), out)
    return out


def position_problems(game: Game) -> list[str]:
    """A fresh view of `game` answers the core protocol, and each capability it
    offers, on the position as it stands; asking changes nothing."""
    before, drawn = game.snapshot(), len(game.chance.log)
    view = view_of(game)
    out: list[str] = []
    pieces = _asked("pieces()", view.pieces, (dict,), out) or {}
    unit_ids = {str(u["id"]) for u in game.units_json()}
    if not set(pieces) <= unit_ids | {str(u["id"]) for u in before["units"]}:
        out.append(f"pieces() holds ids the engine has not: {sorted(set(pieces) - unit_ids)}")
    if not all(isinstance(p, PieceInfo) and p.id == k for k, p in pieces.items()):
        out.append("pieces() is not keyed by each PieceInfo's id")
    side = game.side
    mine = [p.id for p in pieces.values() if p.present and p.side == side]
    others = [p.id for p in pieces.values() if p.present and p.side != side]
    for pid in (mine + others)[:PIECES]:
        out.extend(piece_problems(view, pid))
    for act in game.legal_actions()[:PIECES]:
        out.extend(action_problems(view, act))
    out.extend(side_problems(view))
    out.extend(capability_problems(view, mine))
    if game.snapshot() != before or len(game.chance.log) != drawn:
        out.append("asking the view changed the game or drew from its dice or cards")
    return out


def play(ruleset_id: str, scenario: Scenario, seed: int,
         positions: int = POSITIONS) -> list[str]:
    """The view's declared capabilities, then `positions` positions of a seeded
    random game, STRIDE actions apart; every problem, with where it was found."""
    out = [f"{ruleset_id}: {p}" for p in declared_problems(view_class_of(ruleset_id))]
    game = registry.get(ruleset_id).new_game(scenario, seed=seed)
    rng = random.Random(seed)
    for k in range(positions):
        where = f"{ruleset_id} seed {seed} after {len(game.history)} actions"
        out.extend(f"{where}: {p}" for p in position_problems(game))
        if k == positions - 1:
            break
        for _ in range(STRIDE):
            if game.outcome is not None:
                break
            game.apply(random_action(game, rng))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ruleset", choices=registry.ids(), action="append")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--positions", type=int, default=POSITIONS)
    args = ap.parse_args(argv)
    bad = 0
    for rid in args.ruleset or registry.ids():
        scenarios = scenarios_for(rid)
        for k in range(args.games):
            name, sc = scenarios[k % len(scenarios)]
            found = play(rid, sc, k, args.positions)
            print(f"{rid} {name} seed {k}: {'ok' if not found else f'{len(found)} problems'}")
            for p in found[:20]:
                print("   ", p)
            bad += bool(found)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
