"""The printed map (issue 17): every name placed and never under a unit, light side
colours with a dark edge, full-size tiles without unit bases unless asked, and no
tile that is only margin."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
import shapely
from pypdf import PdfReader
from reportlab.lib import colors
from reportlab.lib.rl_accel import fp_str

from desktop.cli import main
from desktop.scenario import Scenario, load, loads
from desktop.scenario.model import LineShape
from desktop.scenario.vocabulary import TerrainType
from printouts import PrintOptions, map_table, render
from printouts.context import Context
from printouts.fonts import fonts
from printouts.map_forces import draw_units, zone_hatch
from printouts.map_labels import _overlaps, place_labels, unit_outlines
from printouts.map_tiles import TILE_MIN_TABLE, Tile, new_table, tiles_for
from printouts.map_view import View
from printouts.mapsheet import overview_page
from printouts.ruleset_sheets import profile
from printouts.style import edge_colour, hex_colour, is_light, luminance
from tests.printouts.fixtures import DATA

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
BUNDLED = sorted(SCENARIOS.glob("*.yaml"))


def context(scenario: Scenario, paper: str = "a4") -> Context:
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(io.BytesIO())
    return Context(canvas, fonts(), scenario, paper, scenario.ruleset,
                   profile(scenario.ruleset), scenario.sides)


def named(scenario: Scenario) -> set[str]:
    return {f.name for f in scenario.terrain if f.name and (
        not isinstance(f.shape, LineShape)
        or f.type in (TerrainType.RIVER, TerrainType.STREAM, TerrainType.ROAD))}


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_every_name_is_placed_and_none_under_a_unit(path: Path) -> None:
    scenario = load(path)
    ctx = context(scenario)
    _, _, v = overview_page(scenario, "a4")
    labels = place_labels(ctx, v)
    assert {lb.name for lb in labels} == named(scenario)
    bases = unit_outlines(ctx, v)
    for lb in labels:
        box = shapely.box(*lb.rect)
        assert not any(b.intersects(box) for b in bases), lb.name
    for a in labels:  # and no name on another
        for b in labels:
            if a is not b:
                assert not _overlaps(a.rect, [b.rect]), (a.name, b.name)


def test_kreuzdorf_and_fuchswald_print_clear_of_the_units() -> None:
    # issue 17: the town's name was dropped and the wood's was hidden under unit 4
    scenario = load(SCENARIOS / "d3_crossroads.yaml")
    ctx = context(scenario)
    _, _, v = overview_page(scenario, "a4")
    labels = {lb.name: lb for lb in place_labels(ctx, v)}
    assert "Kreuzdorf" in labels and "Fuchswald" in labels
    wood = next(f for f in scenario.terrain if f.name == "Fuchswald")
    from desktop.scenario.geometry import shape_area

    x, y = labels["Fuchswald"].x, labels["Fuchswald"].y
    table_x = (x - v.ox) / v.k
    table_y = (v.oy - y) / v.k
    assert shape_area(wood.shape).buffer(1.0).contains(shapely.Point(table_x, table_y))


def test_a_unit_on_a_woods_middle_moves_its_name_not_hides_it() -> None:
    text = (DATA / "mill_ridge.yaml").read_text(encoding="utf-8")
    # put the 33rd Foot in the middle of Oak Wood
    text = text.replace("name: 33rd Foot, type: line_infantry, quality: veteran, "
                        "position: [36, 39]",
                        "name: 33rd Foot, type: line_infantry, quality: veteran, "
                        "position: [47.5, 8.5]")
    scenario = loads(text, "mill.yaml")
    ctx = context(scenario)
    _, _, v = overview_page(scenario, "a4")
    labels = {lb.name: lb for lb in place_labels(ctx, v)}
    assert "Oak Wood" in labels
    bases = unit_outlines(ctx, v)
    assert not any(b.intersects(shapely.box(*labels["Oak Wood"].rect)) for b in bases)
    # without units (a bare tile) the name goes back to the wood's middle
    bare = {lb.name: lb for lb in place_labels(ctx, v, units=False)}
    assert bare["Oak Wood"].rect != labels["Oak Wood"].rect


def test_light_colours_get_a_dark_edge() -> None:
    austrian = hex_colour("#ece6d2")  # d3_crossroads: barely darker than the paper
    assert is_light(austrian)
    assert luminance(edge_colour(austrian)) < 0.4
    assert luminance(zone_hatch(austrian)) < 0.75
    blue = hex_colour("#1f4e9c")
    assert not is_light(blue)
    assert luminance(edge_colour(blue)) == pytest.approx(luminance(blue) * 0.9)


def _stroke_op(c: colors.Color) -> str:
    return f"{fp_str(c.red, c.green, c.blue)} RG"


def _fill_op(c: colors.Color) -> str:
    return f"{fp_str(c.red, c.green, c.blue)} rg"


def test_the_map_draws_the_light_sides_zone_and_baseline_dark() -> None:
    scenario = load(SCENARIOS / "d3_crossroads.yaml")
    data = render(scenario, PrintOptions(sheets=("map",)))
    page = PdfReader(io.BytesIO(data)).pages[0]
    content = page.get_contents()
    assert content is not None
    ops = content.get_data().decode("latin-1")
    edge = edge_colour(hex_colour("#ece6d2"))
    assert _stroke_op(edge) in ops  # the zone's dashed edge and the legend swatch
    assert _fill_op(edge) in ops  # the baseline's name
    assert _stroke_op(zone_hatch(hex_colour("#ece6d2"))) in ops


def _count_unit_drawing(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    scales: list[float] = []
    real = draw_units

    def spy(c: object, ctx: Context, v: View) -> None:
        scales.append(v.k)
        real(c, ctx, v)

    monkeypatch.setattr(map_table, "draw_units", spy)
    return scales


def test_tiles_have_no_unit_bases_by_default(mill: Scenario,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    scales = _count_unit_drawing(monkeypatch)
    render(mill, PrintOptions(sheets=("map",), tiles=True))
    assert scales and all(k < 72.0 for k in scales)  # the overview and the index only
    scales.clear()
    tiles = tiles_for(mill, "a4")[0]
    render(mill, PrintOptions(sheets=("map",), tiles=True, tile_units=True))
    assert sum(1 for k in scales if k == 72.0) == len(tiles)


def test_cli_tile_units_flag(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scales = _count_unit_drawing(monkeypatch)
    out = tmp_path / "t.pdf"
    assert main(["print", str(DATA / "mill_ridge.yaml"), "--what", "map", "--tiles",
                 "--out", str(out), "-q"]) == 0
    assert 72.0 not in scales
    assert main(["print", str(DATA / "mill_ridge.yaml"), "--what", "map", "--tile-units",
                 "--out", str(out), "-q"]) == 0
    assert 72.0 in scales


def _new_table(tile: Tile, extent_w: float, extent_d: float) -> tuple[float, float]:
    return new_table(extent_w, tile.x), new_table(extent_d, tile.y)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_tile_is_only_margin(mill: Scenario, paper: str) -> None:
    # a table a hair wider (or deeper) than a whole number of tiles must not get a row
    # or column of tiles holding nothing but the shared strip and margin; sweep the
    # sizes finely enough (0.013") that any such sliver shows up in either orientation
    sizes = [30.0 + i * 0.013 for i in range(2400)]
    for n, size in enumerate(sizes):
        table = replace(mill.table, width=size, depth=42.0) if n % 2 else \
            replace(mill.table, width=60.0, depth=size)
        scenario = replace(mill, table=table)
        tiles, _, rows, cols = tiles_for(scenario, paper)
        assert len(tiles) == rows * cols
        for tile in tiles:
            w, d = _new_table(tile, table.width, table.depth)
            assert w >= TILE_MIN_TABLE and d >= TILE_MIN_TABLE, (size, tile.label)
        # and the tiles still reach the table's far edges (within the sliver allowed)
        assert max(t.x + t.w for t in tiles) >= table.width - TILE_MIN_TABLE
        assert max(t.y + t.h for t in tiles) >= table.depth - TILE_MIN_TABLE


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_bundled_tiles_all_show_table(path: Path) -> None:
    scenario = load(path)
    for paper in ("a4", "letter"):
        for tile in tiles_for(scenario, paper)[0]:
            w, d = _new_table(tile, scenario.table.width, scenario.table.depth)
            assert w > TILE_MIN_TABLE and d > TILE_MIN_TABLE


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
@pytest.mark.parametrize("width", [250.0, 500.0])  # the scenario card's thumbnail; a map
def test_objective_names_print_inside_the_table_and_apart(path: Path, width: float) -> None:
    """Issue 34: on the scenario card's thumbnail "Sconce Farm" and "Galgenberg
    summit" ran past the table's edge and were cut by its frame.  Each
    objective's name prints inside the table, clear of the other objectives' names."""
    from printouts.map_labels import objective_labels

    scenario = load(path)
    t = scenario.table
    v = View(10.0, 400.0, width / t.width)
    x0, y0 = v.p(0, t.depth)
    x1, y1 = v.p(t.width, 0)
    labels = objective_labels(context(scenario), v)
    assert len(labels) == len(scenario.game.objectives)
    for i, lb in enumerate(labels):
        px0, py0, px1, py1 = lb.plate
        assert x0 <= px0 and px1 <= x1 and y0 <= py0 and py1 <= y1, (lb.name, lb.plate)
        for other in labels[:i]:
            assert not _overlaps(lb.plate, [other.plate]), (lb.name, other.name)
