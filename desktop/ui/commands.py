"""Undo commands: each one a swap of two Scenario values made by an edit function.

A command computes its new value when it is made (so a refused edit raises
`EditError` before anything reaches the stack), then `redo` puts the new value
in the document and `undo` puts the old one back.  Nothing else changes the
model.

Drags: a tool gives every mouse gesture a serial number (`gesture`) and
pushes one command per mouse move.  Commands of the same type, for the same
target set and gesture, merge: the first one's old value is kept, the last
one's new value taken, so a whole drag is one undo step.  A drag that ends
where it began leaves no step at all (the merged command is obsolete).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Literal

from PySide6.QtGui import QUndoCommand

from desktop.scenario.edits.base import EditError
from desktop.scenario.edits.bridges import place_crossing
from desktop.scenario.edits.clipboard import Clip, paste
from desktop.scenario.edits.objectives import add_objective, update_objective
from desktop.scenario.edits.pieces import (
    add_officer,
    add_unit,
    move_piece_to_side,
    piece,
    set_unit_quality,
    set_unit_start,
    set_unit_type,
    update_piece,
)
from desktop.scenario.edits.placing import (
    arrange_column,
    arrange_line,
    rotate_pieces,
    set_placements,
)
from desktop.scenario.edits.selection import move_items, remove
from desktop.scenario.edits.settings import set_ruleset, set_ruleset_option, set_text
from desktop.scenario.edits.sides import clear_side, replace_side, set_side_baseline, update_side
from desktop.scenario.edits.table import (
    set_deployment_depth,
    set_deployment_zone,
    set_game_type,
    set_table,
)
from desktop.scenario.edits.terrain import (
    add_feature,
    replace_feature,
    rotate_features,
    scale_features,
    set_feature_property,
    set_feature_type,
    set_line_width,
    type_changed_id,
    update_feature,
)
from desktop.scenario.edits.vertices import delete_vertex, insert_vertex, move_vertex
from desktop.scenario.edits.victory import set_victory
from desktop.scenario.model import (
    Grid,
    Objective,
    Officer,
    Point,
    Scenario,
    TerrainFeature,
    Unit,
    VictoryCondition,
)
from desktop.scenario.vocabulary import Edge, GameType, LengthUnit, PropertyValue, TerrainType

_gestures = itertools.count(1)


def new_gesture() -> int:
    """A fresh serial number for one press-drag-release."""
    return next(_gestures)


def _describe(s: Scenario, ids: Iterable[str]) -> str:
    ids = list(ids)
    if len(ids) == 1:
        i = ids[0]
        for f in s.terrain:
            if f.id == i:
                return f.name or f.type.value
        for o in s.game.objectives:
            if o.id == i:
                return o.name
        try:
            return piece(s, i).name
        except EditError:
            return i
    return f"{len(ids)} items"


class ScenarioCommand(QUndoCommand):
    """Swap the document's scenario between `old` and `new`.

    Subclasses set `ID` (>= 0 to allow merging) and pass a `merge_key`; two
    commands merge when their ids, documents and keys are equal.
    """

    ID = -1

    def __init__(
        self,
        doc: Any,
        text: str,
        new: Scenario,
        *,
        old: Scenario | None = None,
        merge_key: object = None,
        select: Iterable[str] | None = None,
    ) -> None:
        super().__init__(text)
        self.doc = doc
        self.old = doc.scenario if old is None else old
        self.new = new
        self.merge_key = merge_key
        self.select_after = frozenset(select) if select is not None else None
        self.select_before = doc.selection

    def redo(self) -> None:
        self.doc.set_scenario(self.new)
        if self.select_after is not None:
            self.doc.select(self.select_after)

    def undo(self) -> None:
        self.doc.set_scenario(self.old)
        if self.select_after is not None:
            self.doc.select(self.select_before)

    def id(self) -> int:
        return self.ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if (
            not isinstance(other, ScenarioCommand)
            or other.id() != self.id()
            or other.doc is not self.doc
            or other.merge_key != self.merge_key
        ):
            return False
        self.new = other.new
        if self.new == self.old:
            self.setObsolete(True)
        return True


class EditCommand(ScenarioCommand):
    """Apply `fn(base, *args, **kwargs)`; `base` is the current scenario unless given.

    A drag passes the scenario as it was when the drag began as `base` and the
    total offset so far, so rounding never accumulates over many moves.
    """

    def __init__(
        self,
        doc: Any,
        text: str,
        fn: Callable[..., Scenario],
        *args: Any,
        base: Scenario | None = None,
        merge_key: object = None,
        select: Iterable[str] | None = None,
        **kwargs: Any,
    ) -> None:
        start = doc.scenario if base is None else base
        new = fn(start, *args, **kwargs)
        super().__init__(doc, text, new, merge_key=merge_key, select=select)


def _apply_changes(s: Scenario, fn: Callable[..., Scenario], ident: str,
                   changes: dict[str, Any]) -> Scenario:
    return fn(s, ident, **changes)


def _key(ids: Iterable[str], gesture: int | None) -> object:
    return None if gesture is None else (frozenset(ids), gesture)


# --- whole scenario ----------------------------------------------------------------------


class ReplaceScenario(ScenarioCommand):
    """Put a whole new scenario in (recovery, 'revert'); `force` makes a step even if equal."""

    def __init__(self, doc: Any, scenario: Scenario, text: str = "Replace scenario",
                 force: bool = False) -> None:
        super().__init__(doc, text, scenario)
        self.force = force


# --- terrain -------------------------------------------------------------------------------


class AddFeature(EditCommand):
    def __init__(self, doc: Any, feature: TerrainFeature) -> None:
        super().__init__(doc, f"Add {feature.name or feature.type.value}", add_feature,
                         feature, select=[feature.id])


class ReplaceFeature(EditCommand):
    def __init__(self, doc: Any, feature: TerrainFeature, old_id: str | None = None) -> None:
        super().__init__(doc, f"Change {feature.name or feature.type.value}",
                         replace_feature, feature, old_id)


class UpdateFeature(EditCommand):
    """Change name, shape or properties of one feature (typing merges per field)."""

    ID = 10

    def __init__(self, doc: Any, fid: str, *, gesture: int | None = None, **changes: Any) -> None:
        text = f"Change {_describe(doc.scenario, [fid])}"
        key = None if gesture is None else (fid, tuple(sorted(changes)), gesture)
        super().__init__(doc, text, _apply_changes, update_feature, fid, changes,
                         merge_key=key)


class SetFeatureType(EditCommand):
    """A new type; an id the editor made from the old type ('ridge-1') becomes one of
    the new type ('wood-1'), and the selection follows it (undo brings both back)."""

    def __init__(self, doc: Any, fid: str, ftype: TerrainType) -> None:
        new_id = type_changed_id(doc.scenario, fid, ftype)
        select = [new_id] if new_id != fid or fid in doc.selection else None
        super().__init__(doc, f"Make {_describe(doc.scenario, [fid])} a {ftype.value}",
                         set_feature_type, fid, ftype, select=select)


class SetFeatureProperty(EditCommand):
    def __init__(self, doc: Any, fid: str, key: str, value: PropertyValue | None) -> None:
        super().__init__(doc, f"Set {key} of {_describe(doc.scenario, [fid])}",
                         set_feature_property, fid, key, value)


class SetLineWidth(EditCommand):
    ID = 11

    def __init__(self, doc: Any, fid: str, width: float, smooth: bool | None = None,
                 *, gesture: int | None = None) -> None:
        super().__init__(doc, f"Change line of {_describe(doc.scenario, [fid])}",
                         set_line_width, fid, width, smooth,
                         merge_key=_key([fid], gesture))


class RotateFeatures(EditCommand):
    ID = 12

    def __init__(self, doc: Any, ids: Sequence[str], degrees: float, pivot: Point | None = None,
                 *, gesture: int | None = None, base: Scenario | None = None) -> None:
        super().__init__(doc, f"Rotate {_describe(doc.scenario, ids)}", rotate_features,
                         ids, degrees, pivot, base=base, merge_key=_key(ids, gesture))


class ScaleFeatures(EditCommand):
    ID = 13

    def __init__(self, doc: Any, ids: Sequence[str], sx: float, sy: float | None = None,
                 pivot: Point | None = None, *, gesture: int | None = None,
                 base: Scenario | None = None) -> None:
        super().__init__(doc, f"Resize {_describe(doc.scenario, ids)}", scale_features,
                         ids, sx, sy, pivot, base=base, merge_key=_key(ids, gesture))


class MoveVertex(EditCommand):
    ID = 14

    def __init__(self, doc: Any, fid: str, index: int, point: Point,
                 *, gesture: int | None = None) -> None:
        key = None if gesture is None else (fid, index, gesture)
        super().__init__(doc, f"Move a point of {_describe(doc.scenario, [fid])}",
                         move_vertex, fid, index, point, merge_key=key)


class InsertVertex(EditCommand):
    def __init__(self, doc: Any, fid: str, index: int, point: Point) -> None:
        super().__init__(doc, f"Add a point to {_describe(doc.scenario, [fid])}",
                         insert_vertex, fid, index, point)


class DeleteVertex(EditCommand):
    def __init__(self, doc: Any, fid: str, index: int) -> None:
        super().__init__(doc, f"Delete a point of {_describe(doc.scenario, [fid])}",
                         delete_vertex, fid, index)


class PlaceCrossing(EditCommand):
    def __init__(self, doc: Any, ftype: TerrainType, point: Point, name: str = "") -> None:
        before = {f.id for f in doc.scenario.terrain}
        super().__init__(doc, f"Place a {ftype.value}", place_crossing, ftype, point, name)
        self.select_after = frozenset(f.id for f in self.new.terrain if f.id not in before)


# --- mixed selections -------------------------------------------------------------------------


class MoveItems(EditCommand):
    """Move features, units, officers and objectives together (a drag merges)."""

    ID = 20

    def __init__(self, doc: Any, ids: Sequence[str], dx: float, dy: float,
                 *, gesture: int | None = None, base: Scenario | None = None) -> None:
        super().__init__(doc, f"Move {_describe(doc.scenario, ids)}", move_items,
                         ids, dx, dy, base=base, merge_key=_key(ids, gesture))


class RemoveItems(EditCommand):
    def __init__(self, doc: Any, ids: Iterable[str], text: str | None = None) -> None:
        ids = list(ids)
        super().__init__(doc, text or f"Delete {_describe(doc.scenario, ids)}", remove,
                         ids, select=())


class Paste(ScenarioCommand):
    def __init__(self, doc: Any, clip: Clip, offset: Point = (2.0, 2.0),
                 text: str = "Paste") -> None:
        new, ids = paste(doc.scenario, clip, offset)
        super().__init__(doc, text, new, select=ids)
        self.new_ids = ids


# --- units and officers ----------------------------------------------------------------------


class AddUnit(EditCommand):
    def __init__(self, doc: Any, side_id: str, unit: Unit) -> None:
        super().__init__(doc, f"Add {unit.name}", add_unit, side_id, unit,
                         select=[unit.id])


class AddOfficer(EditCommand):
    def __init__(self, doc: Any, side_id: str, officer: Officer) -> None:
        super().__init__(doc, f"Add {officer.name}", add_officer, side_id, officer,
                         select=[officer.id])


class UpdatePiece(EditCommand):
    """Change fields of a unit or officer (any side); typing in one field merges."""

    ID = 30

    def __init__(self, doc: Any, pid: str, *, gesture: int | None = None, **changes: Any) -> None:
        key = None if gesture is None else (pid, tuple(sorted(changes)), gesture)
        # (changes go as one dict: a unit's `base` must not meet EditCommand's `base`)
        super().__init__(doc, f"Change {_describe(doc.scenario, [pid])}", _apply_changes,
                         update_piece, pid, changes, merge_key=key)


class SetUnitQuality(EditCommand):
    def __init__(self, doc: Any, uid: str, quality: Any, reset_cv: bool = True) -> None:
        super().__init__(doc, f"Change quality of {_describe(doc.scenario, [uid])}",
                         set_unit_quality, uid, quality, reset_cv)


class SetUnitStart(EditCommand):
    """How a unit starts the battle under one ruleset (hits marked, shaken...)."""

    def __init__(self, doc: Any, uid: str, ruleset_id: str,
                 fields: Mapping[str, int | bool]) -> None:
        super().__init__(doc, f"Change how {_describe(doc.scenario, [uid])} starts",
                         set_unit_start, uid, ruleset_id, dict(fields))


class SetUnitType(EditCommand):
    def __init__(self, doc: Any, uid: str, utype: Any) -> None:
        super().__init__(doc, f"Change type of {_describe(doc.scenario, [uid])}",
                         set_unit_type, uid, utype)


class MovePieceToSide(EditCommand):
    def __init__(self, doc: Any, pid: str, side_id: str) -> None:
        super().__init__(doc, f"Give {_describe(doc.scenario, [pid])} to {side_id}",
                         move_piece_to_side, pid, side_id)


class SetPlacements(EditCommand):
    """Set positions and facings (rotation handle, snapped drags); a drag merges."""

    ID = 31

    def __init__(self, doc: Any, placements: Mapping[str, tuple[Point, float]],
                 text: str | None = None, *, gesture: int | None = None) -> None:
        super().__init__(doc, text or f"Place {_describe(doc.scenario, placements)}",
                         set_placements, placements,
                         merge_key=_key(placements, gesture))


class RotatePieces(EditCommand):
    """Turn pieces in place, or wheel them as a body about a pivot (a drag merges)."""

    ID = 32

    def __init__(self, doc: Any, ids: Sequence[str], degrees: float, pivot: Point | None = None,
                 *, gesture: int | None = None, base: Scenario | None = None) -> None:
        verb = "Wheel" if pivot is not None else "Turn"
        super().__init__(doc, f"{verb} {_describe(doc.scenario, ids)}", rotate_pieces,
                         ids, degrees, pivot, base=base, merge_key=_key(ids, gesture))


class Arrange(EditCommand):
    def __init__(self, doc: Any, ids: Sequence[str], how: Literal["line", "column"],
                 gap: float = 0.0) -> None:
        fn = arrange_line if how == "line" else arrange_column
        super().__init__(doc, f"Form {how}", fn, ids, gap)


# --- sides, table, game, text ------------------------------------------------------------------


class UpdateSide(EditCommand):
    ID = 40

    def __init__(self, doc: Any, side_id: str, *, name: str | None = None,
                 colour: str | None = None, baseline: Edge | None = None,
                 plural: bool | Literal["keep"] | None = "keep",
                 gesture: int | None = None) -> None:
        key = None if gesture is None else (side_id, gesture)
        super().__init__(doc, "Change side", update_side, side_id, name=name,
                         colour=colour, baseline=baseline, plural=plural, merge_key=key)


class ClearSide(EditCommand):
    """Take every unit and officer of one side off the table."""

    def __init__(self, doc: Any, side_id: str) -> None:
        name = doc.scenario.side(side_id).name
        super().__init__(doc, f"Clear {name}", clear_side, side_id)


class ReplaceSide(EditCommand):
    """A new, empty side in the place of one side (there are always two)."""

    def __init__(self, doc: Any, side_id: str, name: str, colour: str | None = None,
                 baseline: Edge | None = None) -> None:
        old = doc.scenario.side(side_id).name
        super().__init__(doc, f"Replace {old} with {name}", replace_side, side_id,
                         name, colour, baseline)


class SetSideBaseline(EditCommand):
    """Move a side to another edge; its hand-drawn zone goes along (default zones follow)."""

    def __init__(self, doc: Any, side_id: str, edge: Edge) -> None:
        name = doc.scenario.side(side_id).name
        super().__init__(doc, f"Move {name} to the {Edge(edge).value} edge",
                         set_side_baseline, side_id, edge)


class SetTable(EditCommand):
    def __init__(self, doc: Any, *, width: float | None = None, depth: float | None = None,
                 unit: LengthUnit | None = None, span: float | None = None,
                 grid: Grid | Literal["keep"] | None = "keep") -> None:
        super().__init__(doc, "Change table", set_table, width=width, depth=depth,
                         unit=unit, span=span, grid=grid)


class SetGameType(EditCommand):
    def __init__(self, doc: Any, game_type: GameType, defender: str | None = None,
                 keep_zones: bool = False) -> None:
        super().__init__(doc, "Change game type", set_game_type, game_type, defender,
                         keep_zones)


class SetDeploymentDepth(EditCommand):
    def __init__(self, doc: Any, depth: float) -> None:
        super().__init__(doc, "Change deployment depth", set_deployment_depth, depth)


class SetDeploymentZone(EditCommand):
    ID = 41

    def __init__(self, doc: Any, side_id: str, zone: Sequence[Point] | None,
                 *, gesture: int | None = None) -> None:
        text = "Reset deployment zone" if zone is None else "Draw deployment zone"
        key = None if gesture is None else (side_id, gesture)
        super().__init__(doc, text, set_deployment_zone, side_id, zone, merge_key=key)


class AddObjective(EditCommand):
    def __init__(self, doc: Any, objective: Objective) -> None:
        super().__init__(doc, f"Add {objective.name}", add_objective, objective,
                         select=[objective.id])


class UpdateObjective(EditCommand):
    ID = 42

    def __init__(self, doc: Any, oid: str, *, gesture: int | None = None,
                 **changes: Any) -> None:
        key = None if gesture is None else (oid, tuple(sorted(changes)), gesture)
        super().__init__(doc, f"Change {_describe(doc.scenario, [oid])}", _apply_changes,
                         update_objective, oid, changes, merge_key=key)


class SetVictory(EditCommand):
    def __init__(self, doc: Any, conditions: Sequence[VictoryCondition]) -> None:
        super().__init__(doc, "Change victory conditions", set_victory, conditions)


class SetText(EditCommand):
    """Title, briefing, author; the typing of one gesture merges per field."""

    ID = 43

    def __init__(self, doc: Any, *, title: str | None = None, briefing: str | None = None,
                 author: str | None = None, gesture: int | None = None) -> None:
        fields = tuple(k for k, v in (("title", title), ("briefing", briefing),
                                      ("author", author)) if v is not None)
        key = None if gesture is None else (fields, gesture)
        super().__init__(doc, f"Edit {', '.join(fields) or 'text'}", set_text,
                         title=title, briefing=briefing, author=author, merge_key=key)


class SetRuleset(EditCommand):
    def __init__(self, doc: Any, ruleset: str | None) -> None:
        super().__init__(doc, "Change default ruleset", set_ruleset, ruleset)


class SetRulesetOption(EditCommand):
    """One of a ruleset's options for this scenario (None: back to the ruleset's default)."""

    def __init__(self, doc: Any, ruleset: str, name: str,
                 value: PropertyValue | None) -> None:
        what = name.replace("_", " ")
        text = f"Reset {what}" if value is None else f"Set {what}"
        super().__init__(doc, text, set_ruleset_option, ruleset, name, value)


#: Every command class, for docs and tests.
ALL_COMMANDS: tuple[type[ScenarioCommand], ...] = (
    ReplaceScenario, AddFeature, ReplaceFeature, UpdateFeature, SetFeatureType,
    SetFeatureProperty, SetLineWidth, RotateFeatures, ScaleFeatures, MoveVertex, InsertVertex,
    DeleteVertex, PlaceCrossing, MoveItems, RemoveItems, Paste, AddUnit, AddOfficer,
    UpdatePiece, SetUnitQuality, SetUnitStart, SetUnitType, MovePieceToSide, SetPlacements,
    RotatePieces,
    Arrange, UpdateSide, ClearSide, ReplaceSide, SetSideBaseline, SetTable, SetGameType,
    SetDeploymentDepth,
    SetDeploymentZone,
    AddObjective, UpdateObjective, SetVictory, SetText, SetRuleset, SetRulesetOption,
)
