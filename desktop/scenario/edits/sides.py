"""The two sides: name, colour, baseline, id, emptying one, putting a new one in its place."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Literal

from desktop.scenario.edits.base import EditError, _rp, _side_index, _with_side, check_id, new_id
from desktop.scenario.edits.pieces import remove_pieces
from desktop.scenario.edits.shapes import _check_shape
from desktop.scenario.model import Point, PolygonShape, Scenario, Table, TurnLimit, VictoryCondition
from desktop.scenario.vocabulary import Edge

_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def update_side(s: Scenario, side_id: str, *, name: str | None = None,
                colour: str | None = None, baseline: Edge | None = None,
                plural: bool | Literal["keep"] | None = "keep") -> Scenario:
    """The side with a new name, colour, baseline or number; `plural`: whether
    its name takes a plural verb, None to let the wording guess from the name
    ("keep": unchanged)."""
    i = _side_index(s, side_id)
    side = s.sides[i]
    if name is not None and not name.strip():
        raise EditError("a side needs a name")
    if colour is not None and not _COLOUR.match(colour):
        raise EditError(f"'{colour}' is not a colour like #1f4e9c")
    if plural != "keep" and plural is not None and not isinstance(plural, bool):
        raise EditError(f"'plural' is true, false or left out, not {plural!r}")
    new = replace(
        side,
        name=side.name if name is None else name,
        colour=side.colour if colour is None else colour.lower(),
        baseline=side.baseline if baseline is None else Edge(baseline),
        plural=side.plural if plural == "keep" else plural,
    )
    return _with_side(s, i, new)


def _edge_frame(table: Table, edge: Edge, p: Point) -> Point:
    """A table point as (share of the way along `edge`, inches in from it)."""
    w, d = table.width, table.depth
    if edge is Edge.NORTH:
        return (p[0] / w, p[1])
    if edge is Edge.SOUTH:
        return (1 - p[0] / w, d - p[1])
    if edge is Edge.WEST:
        return (1 - p[1] / d, p[0])
    return (p[1] / d, w - p[0])


def _from_edge_frame(table: Table, edge: Edge, q: Point) -> Point:
    w, d = table.width, table.depth
    along, depth = q
    if edge is Edge.NORTH:
        x, y = along * w, depth
    elif edge is Edge.SOUTH:
        x, y = (1 - along) * w, d - depth
    elif edge is Edge.WEST:
        x, y = depth, (1 - along) * d
    else:
        x, y = w - depth, along * d
    return (min(max(x, 0.0), w), min(max(y, 0.0), d))


def set_side_baseline(s: Scenario, side_id: str, edge: Edge) -> Scenario:
    """Move a side to another table edge; a zone drawn by hand goes with it.

    The zone keeps its shape relative to the edge (as far along it, as deep in
    from it), so a zone drawn along the north edge turns into the same zone
    along the south edge.  A default zone follows by itself.
    """
    edge = Edge(edge)
    i = _side_index(s, side_id)
    side = s.sides[i]
    if side.baseline is edge:
        return s
    out = _with_side(s, i, replace(side, baseline=edge))
    zone = s.game.deployment.get(side_id)
    if zone is not None:
        pts = [_from_edge_frame(s.table, edge, _edge_frame(s.table, side.baseline, p))
               for p in zone.points]
        shape = PolygonShape(tuple(_rp(p) for p in pts))
        _check_shape(shape, s.table, "the deployment zone")
        deployment = {**s.game.deployment, side_id: shape}
        out = replace(out, game=replace(out.game, deployment=deployment))
    return out


def rename_side(s: Scenario, old: str, new: str) -> Scenario:
    """Give a side a new id, and every reference to it (defender, zones, victory) too."""
    i = _side_index(s, old)
    if new == old:
        return s
    check_id(s, new)
    g = s.game

    def fix(v: VictoryCondition) -> VictoryCondition:
        if getattr(v, "side", None) == old:
            v = replace(v, side=new)  # type: ignore[arg-type]
        if isinstance(v, TurnLimit) and v.fallback == old:
            v = replace(v, fallback=new)
        return v

    game = replace(
        g,
        defender=new if g.defender == old else g.defender,
        deployment={(new if k == old else k): z for k, z in g.deployment.items()},
        victory=tuple(fix(v) for v in g.victory),
    )
    # an option whose value names the side (D3's or Blown Away's first side)
    options = {rid: {k: (new if v == old else v) for k, v in opts.items()}
               for rid, opts in s.ruleset_options.items()}
    return replace(_with_side(s, i, replace(s.sides[i], id=new)), game=game,
                   ruleset_options=options)


def clear_side(s: Scenario, side_id: str) -> Scenario:
    """Take every unit and officer of a side off the table; the side stays."""
    side = s.sides[_side_index(s, side_id)]
    if not side.units and not side.officers:
        raise EditError(f"{side.name} has no units or officers to clear")
    return remove_pieces(s, [*(u.id for u in side.units), *(o.id for o in side.officers)])


def replace_side(s: Scenario, side_id: str, name: str, colour: str | None = None,
                 baseline: Edge | None = None) -> Scenario:
    """Put a new, empty side in the place of `side_id`.

    A scenario has exactly two sides (the rulesets are two-player games), so
    "remove a side and add another" is one step: the old side's units,
    officers and hand-drawn zone go; the new side gets an id made from its
    name, its own colour, and the old baseline unless `baseline` is given.
    What named the old side (defender, victory conditions, ruleset options
    such as the first side) names the new one: it takes the old side's part
    in the battle.
    """
    i = _side_index(s, side_id)
    old = s.sides[i]
    if not name.strip():
        raise EditError("a side needs a name")
    out = clear_side(s, side_id) if old.units or old.officers else s
    out = replace(out, game=replace(out.game, deployment={
        k: z for k, z in out.game.deployment.items() if k != side_id}))
    new_sid = new_id(out, re.sub(r"\s+", "_", name.strip().lower())[:24] or "side")
    out = rename_side(out, side_id, new_sid)
    out = update_side(out, new_sid, name=name.strip(), colour=colour or old.colour)
    if baseline is not None:
        out = set_side_baseline(out, new_sid, Edge(baseline))
    return out
