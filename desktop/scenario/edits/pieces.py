"""Units and officers: make, add, remove, change, retype and hand them to the other side."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from desktop.scenario.edits.base import (
    EditError,
    Piece,
    _norm_angle,
    _rp,
    _side_index,
    _with_side,
    check_id,
    new_id,
)
from desktop.scenario.geometry import rect_corners
from desktop.scenario.model import Base, Officer, Point, Scenario, Unit
from desktop.scenario.vocabulary import (
    ARTILLERY,
    DEFAULT_BASE,
    DEFAULT_CV,
    DEFAULT_FIGURES,
    DEFAULT_FORMATION,
    CommandRole,
    Formation,
    Quality,
    Rank,
    Trait,
    UnitType,
)


def make_unit(s: Scenario, utype: UnitType, position: Point, facing: float = 0.0,
              quality: Quality = Quality.REGULAR, name: str = "",
              uid: str | None = None) -> Unit:
    """A new unit with the vocabulary's defaults and a fresh id (not yet added)."""
    front, depth = DEFAULT_BASE[utype]
    uid = uid or new_id(s, utype.value)
    return Unit(
        id=uid,
        name=name or uid.replace("_", " ").capitalize(),
        type=utype,
        quality=quality,
        cv=DEFAULT_CV[quality],
        figures=DEFAULT_FIGURES[utype],
        base=Base(front, depth),
        position=_rp(position),
        facing=_norm_angle(facing),
        formation=DEFAULT_FORMATION[utype],
        # skirmishers and gunners carry no colours (as in the bundled scenarios)
        command=(() if utype in ARTILLERY or utype is UnitType.LIGHT_INFANTRY
                 else (CommandRole.OFFICER, CommandRole.FLAG)),
        guns=1 if utype in ARTILLERY else 0,
    )


def make_officer(s: Scenario, rank: Rank, position: Point, facing: float = 0.0,
                 name: str = "", oid: str | None = None) -> Officer:
    oid = oid or new_id(s, rank.value)
    return Officer(oid, name or oid.replace("_", " ").capitalize(), rank, _rp(position),
                   _norm_angle(facing))


def _check_on_table(s: Scenario, piece: Piece) -> None:
    t = s.table
    if isinstance(piece, Unit):
        for x, y in rect_corners(piece.position, piece.base.frontage, piece.base.depth,
                                 piece.facing):
            if x < -0.01 or y < -0.01 or x > t.width + 0.01 or y > t.depth + 0.01:
                raise EditError(f"'{piece.name}' would stand off the table")
    else:
        x, y = piece.position
        if not (0 <= x <= t.width and 0 <= y <= t.depth):
            raise EditError(f"'{piece.name}' would stand off the table")


def _check_unit(u: Unit) -> None:
    if u.base.frontage <= 0 or u.base.depth <= 0:
        raise EditError(f"'{u.name}': a base must have a frontage and a depth above 0")
    if u.figures < 0 or u.cv < 0 or u.guns < 0:
        raise EditError(f"'{u.name}': figures, CV and guns cannot be negative")
    if not u.name.strip():
        raise EditError("a unit needs a name")


def add_unit(s: Scenario, side_id: str, unit: Unit, index: int | None = None) -> Scenario:
    i = _side_index(s, side_id)
    check_id(s, unit.id)
    _check_unit(unit)
    _check_on_table(s, unit)
    side = s.sides[i]
    units = list(side.units)
    units.insert(len(units) if index is None else index, unit)
    return _with_side(s, i, replace(side, units=tuple(units)))


def add_officer(s: Scenario, side_id: str, officer: Officer, index: int | None = None
                ) -> Scenario:
    i = _side_index(s, side_id)
    check_id(s, officer.id)
    _check_on_table(s, officer)
    if officer.attached_to is not None:
        _check_attachment(s, side_id, officer.attached_to)
    side = s.sides[i]
    officers = list(side.officers)
    officers.insert(len(officers) if index is None else index, officer)
    return _with_side(s, i, replace(side, officers=tuple(officers)))


def _check_attachment(s: Scenario, side_id: str, unit_id: str) -> None:
    side = s.side(side_id)
    if not any(u.id == unit_id for u in side.units):
        raise EditError(f"an officer can only be attached to a unit of its own side "
                        f"('{unit_id}' is not one)")


def piece(s: Scenario, pid: str) -> Piece:
    """The unit or officer with id `pid`."""
    for side in s.sides:
        for u in side.units:
            if u.id == pid:
                return u
        for o in side.officers:
            if o.id == pid:
                return o
    raise EditError(f"no unit or officer has the id '{pid}'")


def is_piece(s: Scenario, pid: str) -> bool:
    return any(
        any(u.id == pid for u in side.units) or any(o.id == pid for o in side.officers)
        for side in s.sides
    )


def remove_pieces(s: Scenario, ids: Iterable[str]) -> Scenario:
    """Remove units and officers; officers attached to a removed unit are detached."""
    gone = set(ids)
    for pid in gone:
        piece(s, pid)
    sides = []
    for side in s.sides:
        units = tuple(u for u in side.units if u.id not in gone)
        officers = tuple(
            o if o.attached_to not in gone else replace(o, attached_to=None)
            for o in side.officers
            if o.id not in gone
        )
        if len(units) == len(side.units) and officers == side.officers:
            sides.append(side)
        else:
            sides.append(replace(side, units=units, officers=officers))
    return replace(s, sides=tuple(sides))


def replace_pieces(s: Scenario, new: Mapping[str, Piece]) -> Scenario:
    """Put each piece in the place of the piece with the given (old) id, checked."""
    if not new:
        return s
    todo = dict(new)
    sides = list(s.sides)
    for i, side in enumerate(sides):
        units = side.units
        officers = side.officers
        if any(u.id in todo for u in units):
            units = tuple(todo.pop(u.id) if u.id in todo else u for u in units)  # type: ignore[misc]
        if any(o.id in todo for o in officers):
            officers = tuple(todo.pop(o.id) if o.id in todo else o  # type: ignore[misc]
                             for o in officers)
        if units is not side.units or officers is not side.officers:
            for u in units:
                if not isinstance(u, Unit):
                    raise EditError("a unit can only be replaced by a unit")
            for o in officers:
                if not isinstance(o, Officer):
                    raise EditError("an officer can only be replaced by an officer")
            sides[i] = replace(side, units=units, officers=officers)
    if todo:
        raise EditError(f"no unit or officer has the id '{sorted(todo)[0]}'")
    for old_id, p in new.items():
        if p.id != old_id:
            check_id(s, p.id)
        if isinstance(p, Unit):
            _check_unit(p)
        _check_on_table(s, p)
    out = replace(s, sides=tuple(sides))
    for old_id, p in new.items():
        if p.id != old_id:
            out = _rename_piece_refs(out, old_id, p.id)
    return out


def _rename_piece_refs(s: Scenario, old: str, new: str) -> Scenario:
    sides = []
    for side in s.sides:
        if any(o.attached_to == old for o in side.officers):
            side = replace(side, officers=tuple(
                replace(o, attached_to=new) if o.attached_to == old else o
                for o in side.officers))
        sides.append(side)
    return replace(s, sides=tuple(sides))


_ENUM_FIELDS: dict[str, Callable[[Any], Any]] = {
    "type": UnitType, "quality": Quality, "formation": Formation, "rank": Rank,
}


def update_piece(s: Scenario, pid: str, **changes: Any) -> Scenario:
    """Change fields of one unit or officer (any side), e.g. name=, quality=, cv=."""
    p = piece(s, pid)
    for key, enum in _ENUM_FIELDS.items():  # a combo box hands back plain strings
        if key in changes and changes[key] is not None:
            try:
                changes[key] = enum(changes[key])
            except ValueError:
                raise EditError(f"'{changes[key]}' is not a {key}") from None
    if "traits" in changes:
        changes["traits"] = tuple(Trait(x) for x in changes["traits"])
    if "command" in changes:
        changes["command"] = tuple(CommandRole(x) for x in changes["command"])
    if isinstance(p, Officer) and changes.get("attached_to") is not None:
        _check_attachment(s, s.side_of(pid).id, changes["attached_to"])
    if "position" in changes:
        changes["position"] = _rp(changes["position"])
    if "facing" in changes:
        changes["facing"] = _norm_angle(changes["facing"])
    return replace_pieces(s, {pid: replace(p, **changes)})


def set_unit_start(
    s: Scenario, uid: str, ruleset_id: str, fields: Mapping[str, int | bool]
) -> Scenario:
    """Set how a unit starts the battle under one ruleset (``start`` in the file).

    Fields at their fresh value (0, false) are left out, and a ruleset with
    none left leaves the unit's ``start``: a fresh unit writes no ``start``.
    Which fields exist and their ranges are the ruleset's to judge
    (desktop.rules.start); only a negative count is refused here.
    """
    u = piece(s, uid)
    if not isinstance(u, Unit):
        raise EditError(f"{u.name} is an officer; only units start the battle worn")
    kept: dict[str, int | bool] = {}
    for key, value in fields.items():
        if not isinstance(value, bool) and value < 0:
            raise EditError(f"{u.name}: starting {key} cannot be negative ({value})")
        if value:
            kept[key] = value
    start = {rid: dict(v) for rid, v in u.start.items() if rid != ruleset_id}
    if kept:
        start[ruleset_id] = kept
    return replace_pieces(s, {uid: replace(u, start=start)})


def set_unit_quality(s: Scenario, uid: str, quality: Quality, reset_cv: bool = True) -> Scenario:
    """Change quality; the CV follows the quality's default unless `reset_cv` is False."""
    quality = Quality(quality)
    p = piece(s, uid)
    if not isinstance(p, Unit):
        raise EditError(f"'{uid}' is an officer, not a unit")
    cv = DEFAULT_CV[quality] if reset_cv else p.cv
    return replace_pieces(s, {uid: replace(p, quality=quality, cv=cv)})


def set_unit_type(s: Scenario, uid: str, utype: UnitType) -> Scenario:
    """Change a unit's type; base, figures, formation and guns take the type's defaults."""
    utype = UnitType(utype)
    p = piece(s, uid)
    if not isinstance(p, Unit):
        raise EditError(f"'{uid}' is an officer, not a unit")
    front, depth = DEFAULT_BASE[utype]
    new = replace(
        p, type=utype, base=Base(front, depth), figures=DEFAULT_FIGURES[utype],
        formation=DEFAULT_FORMATION[utype], guns=1 if utype in ARTILLERY else 0,
        command=p.command if utype not in ARTILLERY else (),
    )
    return replace_pieces(s, {uid: new})


def move_piece_to_side(s: Scenario, pid: str, side_id: str) -> Scenario:
    """Hand a unit or officer to another side (attachments are dropped)."""
    p = piece(s, pid)
    if s.side_of(pid).id == side_id:
        return s
    out = remove_pieces(s, [pid])
    if isinstance(p, Unit):
        return add_unit(out, side_id, p)
    return add_officer(out, side_id, replace(p, attached_to=None))
