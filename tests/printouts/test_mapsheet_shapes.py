"""The map sheet draws every valid terrain shape, however thin (issue 15 fuzz)."""

from __future__ import annotations

from pathlib import Path

from desktop.scenario import loads
from printouts import PrintOptions, render
from tests.printouts.conftest import DATA

#: A long, thin ridge turned across the table: its crest contour, drawn inside
#: the outline by a share of the bounding box, shrinks to nothing.
THIN_RIDGE = (
    "  - {id: thin, type: ridge, name: Thin Ridge, "
    "rectangle: {centre: [30, 20], size: [40, 3], rotation: 30}, properties: {height: 3}}\n"
)


def test_a_thin_turned_ridge_with_crests_prints() -> None:
    """Issue 15 fuzz: an empty inner contour raised IndexError in map_view._poly_path."""
    text = (Path(DATA) / "mill_ridge.yaml").read_text(encoding="utf-8")
    text = text.replace("terrain:\n", "terrain:\n" + THIN_RIDGE, 1)
    scenario = loads(text, "thin_ridge.yaml")
    assert any(f.id == "thin" for f in scenario.terrain)
    pdf = render(scenario, PrintOptions(sheets=("map",)))
    assert pdf.startswith(b"%PDF")
