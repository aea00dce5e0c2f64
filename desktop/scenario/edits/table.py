"""The table and the game on it: size and grid, game type and defender, deployment zones."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

from desktop.scenario.edits.base import EditError, Piece, _rp, _side_index
from desktop.scenario.edits.pieces import _check_on_table
from desktop.scenario.edits.shapes import _check_shape
from desktop.scenario.geometry import shape_area, table_polygon
from desktop.scenario.model import Grid, Point, PolygonShape, Scenario, Table, TurnLimit
from desktop.scenario.vocabulary import GameType, LengthUnit


def set_table(s: Scenario, *, width: float | None = None, depth: float | None = None,
              unit: LengthUnit | None = None, span: float | None = None,
              grid: Grid | Literal["keep"] | None = "keep") -> Scenario:
    """Change the table; refused if anything would be left off it."""
    t = s.table
    new = Table(
        width=t.width if width is None else float(width),
        depth=t.depth if depth is None else float(depth),
        unit=t.unit if unit is None else LengthUnit(unit),
        span=t.span if span is None else float(span),
        grid=t.grid if grid == "keep" else grid,
    )
    if new.width <= 0 or new.depth <= 0:
        raise EditError("the table must have a width and a depth above 0")
    if new.span <= 0:
        raise EditError("the span must be more than 0")
    if new.grid is not None and new.grid.square <= 0:
        raise EditError("a grid square must be more than 0")
    out = replace(s, table=new)
    if (new.width, new.depth) != (t.width, t.depth):
        off = []
        for side in s.sides:
            side_pieces: list[Piece] = [*side.units, *side.officers]
            for p in side_pieces:
                try:
                    _check_on_table(out, p)
                except EditError:
                    off.append(p.name)
        for o in s.game.objectives:
            if not (0 <= o.position[0] <= new.width and 0 <= o.position[1] <= new.depth):
                off.append(o.name)
        tp = table_polygon(new)
        off += [f.name or f.id for f in s.terrain if not shape_area(f.shape).intersects(tp)]
        if off:
            more = f" and {len(off) - 3} more" if len(off) > 3 else ""
            raise EditError(
                f"a {new.width:g} x {new.depth:g} table would leave "
                f"{', '.join(off[:3])}{more} off it; move them first"
            )
    return out


def default_zones(s: Scenario) -> dict[str, list[Point]]:
    """Each side's default deployment zone for the current game settings."""
    from desktop.scenario.geometry import deployment_zone

    bare = replace(s, game=replace(s.game, deployment={}))
    return {side.id: deployment_zone(bare, side.id) for side in s.sides}


def set_game_type(s: Scenario, game_type: GameType, defender: str | None = None,
                  keep_zones: bool = False) -> Scenario:
    """Set encounter or attack/defend (with its defender).

    Hand-drawn deployment zones are dropped (so each side gets the game
    type's default zone) unless `keep_zones`.  A turn limit whose fallback is
    'defender' is pointed at that side by name when the game stops having one.
    """
    game_type = GameType(game_type)
    g = s.game
    victory = g.victory
    if game_type is GameType.ATTACK_DEFEND:
        if defender is None:
            defender = g.defender or (s.sides[0].id if s.sides else None)
        if defender is None:
            raise EditError("an attack/defend game needs a defending side")
        _side_index(s, defender)
    else:
        if defender is not None:
            raise EditError("only an attack/defend game has a defender")
        if g.defender is not None:
            victory = tuple(
                replace(v, fallback=g.defender)
                if isinstance(v, TurnLimit) and v.fallback == "defender" else v
                for v in victory
            )
        else:
            victory = tuple(
                replace(v, fallback="draw")
                if isinstance(v, TurnLimit) and v.fallback == "defender" else v
                for v in victory
            )
    game = replace(
        g, type=game_type, defender=defender, victory=victory,
        deployment=g.deployment if keep_zones else {},
    )
    return replace(s, game=game)


def set_deployment_depth(s: Scenario, depth: float) -> Scenario:
    if depth <= 0:
        raise EditError("the deployment depth must be more than 0")
    half = min(s.table.width, s.table.depth)
    if depth > half:
        raise EditError(f"a deployment strip {depth:g} deep does not fit: "
                        f"the table is only {half:g} across")
    return replace(s, game=replace(s.game, deployment_depth=float(depth)))


def set_deployment_zone(s: Scenario, side_id: str, zone: Sequence[Point] | None) -> Scenario:
    """Draw a side's deployment zone by hand (None returns it to the default)."""
    _side_index(s, side_id)
    deployment = dict(s.game.deployment)
    if zone is None:
        deployment.pop(side_id, None)
    else:
        shape = PolygonShape(tuple(_rp(p) for p in zone))
        _check_shape(shape, s.table, "the deployment zone")
        deployment[side_id] = shape
    return replace(s, game=replace(s.game, deployment=deployment))


def edit_deployment_zone(s: Scenario, side_id: str) -> list[Point]:
    """The zone's points as they stand (the default if none is drawn)."""
    from desktop.scenario.geometry import deployment_zone

    return deployment_zone(s, side_id)
