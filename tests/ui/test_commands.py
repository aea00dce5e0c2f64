"""Every undo command: apply, undo, redo, and merge for the ones a drag pushes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from desktop.scenario.edits.base import EditError, all_ids
from desktop.scenario.edits.changes import Changes
from desktop.scenario.edits.clipboard import copy
from desktop.scenario.edits.objectives import make_objective
from desktop.scenario.edits.pieces import make_officer, make_unit
from desktop.scenario.edits.settings import set_text
from desktop.scenario.edits.terrain import make_feature
from desktop.scenario.model import (
    Base,
    Grid,
    HoldObjectives,
    LastManStanding,
    OccupyFeature,
    PolygonShape,
    RectShape,
    Scenario,
    TerrainFeature,
)
from desktop.scenario.vocabulary import Edge, GameType, Quality, Rank, TerrainType, UnitType
from desktop.ui import commands as C
from desktop.ui.document import Document
from tests.scenario.test_edits import pinned_d3


@pytest.fixture
def d3() -> Scenario:
    return pinned_d3()


@pytest.fixture
def doc(qtbot: Any, d3: Scenario, tmp_path: Path) -> Document:
    return Document(d3, autosave_dir=tmp_path / "autosave", autosave_interval=0)


Make = Callable[[Document], C.ScenarioCommand]
Check = Callable[[Scenario], bool]

TOWN = TerrainFeature("copse", TerrainType.WOOD, PolygonShape(((30, 26), (34, 26), (32, 29))))

CASES: list[tuple[str, Make, Check]] = [
    ("ReplaceScenario", lambda d: C.ReplaceScenario(d, set_text(d.scenario, title="X")),
     lambda s: s.title == "X"),
    ("AddFeature", lambda d: C.AddFeature(d, TOWN), lambda s: s.feature("copse") == TOWN),
    ("ReplaceFeature",
     lambda d: C.ReplaceFeature(d, replace(d.scenario.feature("quarry"), name="Pit")),
     lambda s: s.feature("quarry").name == "Pit"),
    ("UpdateFeature", lambda d: C.UpdateFeature(d, "quarry", name="Pit"),
     lambda s: s.feature("quarry").name == "Pit"),
    ("SetFeatureType", lambda d: C.SetFeatureType(d, "galgenberg", TerrainType.RIDGE),
     lambda s: s.feature("galgenberg").type is TerrainType.RIDGE),
    ("SetFeatureProperty", lambda d: C.SetFeatureProperty(d, "fuchswald", "dense", True),
     lambda s: s.feature("fuchswald").prop("dense") is True),
    ("SetLineWidth", lambda d: C.SetLineWidth(d, "muehlbach", 2.5),
     lambda s: s.feature("muehlbach").shape.width == 2.5),  # type: ignore[union-attr]
    ("RotateFeatures", lambda d: C.RotateFeatures(d, ["mill_ford"], 30),
     lambda s: s.feature("mill_ford").shape.rotation == 30),  # type: ignore[union-attr]
    ("ScaleFeatures", lambda d: C.ScaleFeatures(d, ["galgenberg"], 2),
     lambda s: s.feature("galgenberg").shape.radii == (15, 9)),  # type: ignore[union-attr]
    ("MoveVertex", lambda d: C.MoveVertex(d, "kreuzdorf", 0, (18, 10)),
     lambda s: s.feature("kreuzdorf").shape.points[0] == (18, 10)),  # type: ignore[union-attr]
    ("InsertVertex", lambda d: C.InsertVertex(d, "kreuzdorf", 1, (20, 9)),
     lambda s: len(s.feature("kreuzdorf").shape.points) == 9),  # type: ignore[union-attr]
    ("DeleteVertex", lambda d: C.DeleteVertex(d, "kreuzdorf", 1),
     lambda s: len(s.feature("kreuzdorf").shape.points) == 7),  # type: ignore[union-attr]
    ("PlaceCrossing", lambda d: C.PlaceCrossing(d, TerrainType.BRIDGE, (16, 25)),
     lambda s: s.terrain[-1].type is TerrainType.BRIDGE),
    ("MoveItems", lambda d: C.MoveItems(d, ["fra_art", "quarry"], 1, -1),
     lambda s: s.unit("fra_art").position == (25, 29.5)),
    ("RemoveItems", lambda d: C.RemoveItems(d, ["fra_art", "quarry"]),
     lambda s: "fra_art" not in all_ids(s) and "quarry" not in all_ids(s)),
    ("Paste", lambda d: C.Paste(d, copy(d.scenario, ["fra_art"])),
     lambda s: len(s.side("fra").units) == 8),
    ("AddUnit",
     lambda d: C.AddUnit(d, "fra", make_unit(d.scenario, UnitType.CAVALRY, (44, 33))),
     lambda s: s.side("fra").units[-1].type is UnitType.CAVALRY),
    ("AddOfficer",
     lambda d: C.AddOfficer(d, "aus", make_officer(d.scenario, Rank.ADC, (30, 4))),
     lambda s: s.side("aus").officers[-1].rank is Rank.ADC),
    ("UpdatePiece", lambda d: C.UpdatePiece(d, "fra_huss", figures=8, base=Base(3, 3)),
     lambda s: s.unit("fra_huss").figures == 8 and s.unit("fra_huss").base == Base(3, 3)),
    ("SetUnitQuality", lambda d: C.SetUnitQuality(d, "fra_huss", Quality.ELITE),
     lambda s: s.unit("fra_huss").cv == 10),
    ("SetUnitStart", lambda d: C.SetUnitStart(d, "fra_huss", "d3", {"hits": 4}),
     lambda s: s.unit("fra_huss").start == {"d3": {"hits": 4}}),
    ("SetUnitType", lambda d: C.SetUnitType(d, "fra_huss", UnitType.HORSE_ARTILLERY),
     lambda s: s.unit("fra_huss").guns == 1),
    ("MovePieceToSide", lambda d: C.MovePieceToSide(d, "fra_huss", "aus"),
     lambda s: s.side_of("fra_huss").id == "aus"),
    ("SetPlacements", lambda d: C.SetPlacements(d, {"fra_art": ((20, 30), 45)}),
     lambda s: s.unit("fra_art").facing == 45),
    ("RotatePieces", lambda d: C.RotatePieces(d, ["fra_art"], 30),
     lambda s: s.unit("fra_art").facing == 30),
    ("Arrange", lambda d: C.Arrange(d, ["fra_46_1", "fra_46_2"], "line"),
     lambda s: s.unit("fra_46_2").facing == 5),
    ("UpdateSide", lambda d: C.UpdateSide(d, "fra", name="Armée", baseline=Edge.EAST),
     lambda s: s.side("fra").baseline is Edge.EAST),
    ("ClearSide", lambda d: C.ClearSide(d, "fra"),
     lambda s: not s.side("fra").units and not s.side("fra").officers),
    ("ReplaceSide", lambda d: C.ReplaceSide(d, "fra", "Bavarians", "#3366cc", Edge.WEST),
     lambda s: [x.name for x in s.sides][1] == "Bavarians" and not s.sides[1].units
     and s.sides[1].baseline is Edge.WEST),
    ("SetSideBaseline", lambda d: C.SetSideBaseline(d, "fra", Edge.EAST),
     lambda s: s.side("fra").baseline is Edge.EAST),
    ("SetTable", lambda d: C.SetTable(d, grid=Grid(4.0)),
     lambda s: s.table.grid == Grid(4.0)),
    ("SetGameType", lambda d: C.SetGameType(d, GameType.ENCOUNTER),
     lambda s: s.game.type is GameType.ENCOUNTER),
    ("SetDeploymentDepth", lambda d: C.SetDeploymentDepth(d, 10),
     lambda s: s.game.deployment_depth == 10),
    ("SetDeploymentZone",
     lambda d: C.SetDeploymentZone(d, "aus", [(0, 0), (48, 0), (24, 12)]),
     lambda s: "aus" in s.game.deployment),
    ("AddObjective", lambda d: C.AddObjective(d, make_objective(d.scenario, (10, 20), "Mill")),
     lambda s: s.game.objectives[-1].name == "Mill"),
    ("UpdateObjective", lambda d: C.UpdateObjective(d, "crossroads", radius=4),
     lambda s: s.game.objectives[0].radius == 4),
    ("SetVictory",
     lambda d: C.SetVictory(d, [LastManStanding(), HoldObjectives(count=1)]),
     lambda s: len(s.game.victory) == 2),
    ("SetText", lambda d: C.SetText(d, briefing="Hold the bridge."),
     lambda s: s.briefing == "Hold the bridge."),
    ("SetRuleset", lambda d: C.SetRuleset(d, "mayhem"), lambda s: s.ruleset == "mayhem"),
    ("SetRulesetOption", lambda d: C.SetRulesetOption(d, "mayhem", "melee_loser", "removed"),
     lambda s: s.ruleset_options["mayhem"]["melee_loser"] == "removed"),
]


def test_every_command_class_has_a_case() -> None:
    assert {name for name, _, _ in CASES} == {c.__name__ for c in C.ALL_COMMANDS}


@pytest.mark.parametrize(("name", "make", "check"), CASES, ids=[c[0] for c in CASES])
def test_apply_undo_redo(doc: Document, name: str, make: Make, check: Check) -> None:
    before = doc.scenario
    seen: list[Changes] = []
    doc.changed.connect(seen.append)
    doc.push(make(doc))
    assert check(doc.scenario), name
    assert doc.modified and doc.undo_stack.count() == 1
    assert seen and seen[-1]  # one typed change per swap
    doc.undo_stack.undo()
    assert doc.scenario == before and not doc.modified
    doc.undo_stack.redo()
    assert check(doc.scenario)
    assert len(seen) == 3


def test_refused_edit_never_reaches_the_stack(doc: Document) -> None:
    with pytest.raises(EditError, match="crosses itself"):
        doc.push(C.MoveVertex(doc, "kreuzdorf", 0, (31, 19)))
    assert doc.undo_stack.count() == 0 and not doc.modified


# --- merging: a drag is one undo step ---------------------------------------------------------


def _drag(doc: Document, make: Callable[[int, int], C.ScenarioCommand], steps: int = 5) -> None:
    g = C.new_gesture()
    for k in range(1, steps + 1):
        doc.push(make(g, k))


MERGES: list[tuple[str, Callable[[Document, int, int], C.ScenarioCommand], Check]] = [
    ("MoveItems",
     lambda d, g, k: C.MoveItems(d, ["fra_art", "fra_gen"], k, 0, gesture=g, base=d.base),
     lambda s: s.unit("fra_art").position == (29, 30.5)),
    ("MoveVertex", lambda d, g, k: C.MoveVertex(d, "kreuzdorf", 0, (18.5 - k / 10, 10.5),
                                                gesture=g),
     lambda s: s.feature("kreuzdorf").shape.points[0] == (18, 10.5)),  # type: ignore[union-attr]
    ("RotatePieces",
     lambda d, g, k: C.RotatePieces(d, ["fra_46_1", "fra_46_2"], 3 * k, (24, 31), gesture=g,
                                    base=d.base),
     lambda s: s.unit("fra_46_1").facing == 20),
    ("SetPlacements",
     lambda d, g, k: C.SetPlacements(d, {"fra_art": ((24, 30.5), 10 * k)}, gesture=g),
     lambda s: s.unit("fra_art").facing == 50),
    ("RotateFeatures",
     lambda d, g, k: C.RotateFeatures(d, ["mill_ford"], 10 * k, gesture=g, base=d.base),
     lambda s: s.feature("mill_ford").shape.rotation == 50),  # type: ignore[union-attr]
    ("ScaleFeatures",
     lambda d, g, k: C.ScaleFeatures(d, ["galgenberg"], 1 + k / 10, gesture=g, base=d.base),
     lambda s: s.feature("galgenberg").shape.radii == (11.25, 6.75)),  # type: ignore[union-attr]
    ("UpdatePiece", lambda d, g, k: C.UpdatePiece(d, "fra_huss", name="7e" + "H" * k, gesture=g),
     lambda s: s.unit("fra_huss").name == "7eHHHHH"),
    ("UpdateFeature", lambda d, g, k: C.UpdateFeature(d, "quarry", name="Q" * k, gesture=g),
     lambda s: s.feature("quarry").name == "QQQQQ"),
    ("SetLineWidth", lambda d, g, k: C.SetLineWidth(d, "muehlbach", 1 + k / 2, gesture=g),
     lambda s: s.feature("muehlbach").shape.width == 3.5),  # type: ignore[union-attr]
    ("UpdateSide", lambda d, g, k: C.UpdateSide(d, "fra", name="F" * k, gesture=g),
     lambda s: s.side("fra").name == "FFFFF"),
    ("SetDeploymentZone",
     lambda d, g, k: C.SetDeploymentZone(d, "aus", [(0, 0), (48, 0), (24, 10 + k)], gesture=g),
     lambda s: s.game.deployment["aus"].points[2] == (24, 15)),
    ("UpdateObjective",
     lambda d, g, k: C.UpdateObjective(d, "crossroads", position=(24 + k, 14), gesture=g),
     lambda s: s.game.objectives[0].position == (29, 14)),
    ("SetText", lambda d, g, k: C.SetText(d, briefing="x" * k, gesture=g),
     lambda s: s.briefing == "xxxxx"),
]


@pytest.mark.parametrize(("name", "make", "check"), MERGES, ids=[m[0] for m in MERGES])
def test_a_drag_merges_into_one_step(doc: Document, name: str,
                                     make: Callable[[Document, int, int], C.ScenarioCommand],
                                     check: Check) -> None:
    before = doc.scenario
    doc.base = before  # type: ignore[attr-defined]
    _drag(doc, lambda g, k: make(doc, g, k))
    assert check(doc.scenario), name
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert doc.scenario == before
    doc.undo_stack.redo()
    assert check(doc.scenario)


def test_two_drags_are_two_steps_and_other_targets_do_not_merge(doc: Document) -> None:
    base = doc.scenario
    for _ in range(2):
        g = C.new_gesture()
        start = doc.scenario
        for k in range(3):
            doc.push(C.MoveItems(doc, ["fra_art"], k, 0, gesture=g, base=start))
    assert doc.undo_stack.count() == 2
    g = C.new_gesture()
    doc.push(C.MoveItems(doc, ["fra_huss"], 1, 0, gesture=g))
    doc.push(C.MoveItems(doc, ["fra_huss", "fra_art"], 1, 0, gesture=g))
    assert doc.undo_stack.count() == 4
    # commands without a gesture never merge
    doc.push(C.UpdatePiece(doc, "fra_huss", figures=5))
    doc.push(C.UpdatePiece(doc, "fra_huss", figures=4))
    assert doc.undo_stack.count() == 6
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.scenario == base


def test_a_drag_back_to_its_start_leaves_no_step(doc: Document) -> None:
    g = C.new_gesture()
    start = doc.scenario
    doc.push(C.MoveItems(doc, ["fra_art"], 2, 0, gesture=g, base=start))
    doc.push(C.MoveItems(doc, ["fra_art"], 0, 0, gesture=g, base=start))
    assert doc.undo_stack.count() == 0
    assert doc.scenario == start


def test_paste_and_add_select_what_they_made(doc: Document) -> None:
    doc.select({"fra_art"})
    cmd = C.Paste(doc, copy(doc.scenario, ["fra_art"]))
    doc.push(cmd)
    assert doc.selection == frozenset(cmd.new_ids)
    doc.undo_stack.undo()
    assert doc.selection == {"fra_art"}
    doc.push(C.RemoveItems(doc, ["fra_art"]))
    assert doc.selection == frozenset()


def test_changing_a_features_type_gives_it_an_id_of_the_new_type(doc: Document) -> None:
    """Issue 21: a wood was saved as 'ridge-1'.  An id the editor made from the old
    type becomes one of the new type, through the command, and undo brings it back."""
    s = doc.scenario
    f = make_feature(s, TerrainType.RIDGE, RectShape((10, 20), (4, 2)), "Low rise")
    doc.push(C.AddFeature(doc, f))
    assert f.id == "ridge-1"
    doc.select([f.id])
    doc.push(C.SetFeatureType(doc, f.id, TerrainType.WOOD))
    wood = doc.scenario.terrain[-1]
    assert (wood.type, wood.id, wood.name) == (TerrainType.WOOD, "wood-1", "Low rise")
    assert doc.selection == {"wood-1"}
    doc.undo_stack.undo()
    assert doc.scenario.terrain[-1].id == "ridge-1" and doc.selection == {"ridge-1"}
    # an id the designer chose is kept
    doc.push(C.SetFeatureType(doc, "kreuzdorf", TerrainType.WOOD))
    assert doc.scenario.feature("kreuzdorf").type is TerrainType.WOOD


def test_a_feature_named_by_victory_follows_its_new_id(doc: Document) -> None:
    s = doc.scenario
    f = make_feature(s, TerrainType.TOWN, RectShape((10, 20), (4, 2)), "Hamlet")
    doc.push(C.AddFeature(doc, f))
    doc.push(C.SetVictory(doc, [OccupyFeature(s.sides[0].id, f.id)]))
    doc.push(C.SetFeatureType(doc, f.id, TerrainType.BUILDING))
    v = doc.scenario.game.victory[0]
    assert isinstance(v, OccupyFeature) and v.feature == "building-1"


def test_a_ruleset_option_back_to_its_default_leaves_no_trace(doc: Document) -> None:
    before = doc.scenario.ruleset_options
    doc.push(C.SetRulesetOption(doc, "d3", "first_side", "aus"))
    assert doc.scenario.ruleset_options["d3"] == {"first_side": "aus"}
    doc.push(C.SetRulesetOption(doc, "d3", "first_side", None))
    assert doc.scenario.ruleset_options == before
    with pytest.raises(EditError, match="turn limit"):
        C.SetRulesetOption(doc, "d3", "turn_limit", -1)


def test_a_hand_drawn_zone_goes_with_its_side_to_a_new_edge(doc: Document) -> None:
    """Issue 21: a baseline changed after creation; the zone follows the side."""
    from desktop.scenario.geometry import deployment_zone

    s = doc.scenario
    side = s.sides[0]
    t = s.table
    doc.push(C.SetGameType(doc, GameType.ENCOUNTER))
    assert side.baseline is Edge.NORTH
    # a default zone follows by itself
    doc.push(C.SetSideBaseline(doc, side.id, Edge.SOUTH))
    ys = [p[1] for p in deployment_zone(doc.scenario, side.id)]
    assert max(ys) == t.depth and min(ys) == t.depth - doc.scenario.game.deployment_depth
    doc.undo_stack.undo()
    # a hand-drawn one: a 6" deep corner strip on the north edge, west half
    doc.push(C.SetDeploymentZone(doc, side.id, [(0, 0), (24, 0), (24, 6), (0, 6)]))
    doc.push(C.SetSideBaseline(doc, side.id, Edge.SOUTH))
    zone = doc.scenario.game.deployment[side.id].points
    assert sorted(zone) == sorted([(t.width, t.depth), (t.width - 24, t.depth),
                                   (t.width - 24, t.depth - 6), (t.width, t.depth - 6)])
    doc.push(C.SetSideBaseline(doc, side.id, Edge.WEST))
    xs = [p[0] for p in doc.scenario.game.deployment[side.id].points]
    assert min(xs) == 0 and max(xs) == 6  # still 6" in from its own edge
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.scenario.game.deployment[side.id].points == ((0, 0), (24, 0), (24, 6), (0, 6))
