"""The PDF: pages, names in the text, nothing blank, nothing off the page."""

from __future__ import annotations

import io
import math
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from desktop.scenario import Scenario, loads
from printouts import PrintError, PrintOptions, parse_sheets, render, render_counted, write_pdf
from printouts.cards import PER_PAGE
from printouts.map_tiles import tiles_for
from printouts.ruleset_sheets import quick_reference
from tests.printouts.conftest import ink_fraction, render_pages
from tests.printouts.fixtures import LONG_NAME, big_yaml


def pdf(scenario: Scenario, **kw: object) -> PdfReader:
    return PdfReader(io.BytesIO(render(scenario, PrintOptions(**kw))))  # type: ignore[arg-type]


def flat(text: str) -> str:
    """Extracted text with line breaks (from wrapping) turned into spaces."""
    return " ".join(text.split())


def page_texts(reader: PdfReader) -> list[str]:
    return [flat(p.extract_text() or "") for p in reader.pages]


def test_every_sheet_for_a_small_scenario(mill: Scenario) -> None:
    reader = pdf(mill)
    officers = sum(len(s.officers) for s in mill.sides)
    expected = 1 + len(mill.sides) + math.ceil(officers / PER_PAGE) + 1 + 1
    assert len(reader.pages) == expected
    text = " ".join(page_texts(reader))
    for side in mill.sides:
        for u in side.units:
            assert u.name in text
        for o in side.officers:
            assert o.name in text
    assert "QUICK REFERENCE" in text
    assert "Tactical Dice" in text


def test_sheets_can_be_chosen_and_counted(mill: Scenario) -> None:
    data, pages = render_counted(mill, PrintOptions(sheets=("map",)))
    assert pages == 1
    assert len(PdfReader(io.BytesIO(data)).pages) == 1
    reader = pdf(mill, sheets=("roster",), side="republic")
    assert len(reader.pages) == 1
    text = page_texts(reader)[0]
    assert "Voltigeurs" in text and "1st Foot Guards" not in text


def test_roster_header_says_ruleset_game_and_victory(mill: Scenario) -> None:
    text = page_texts(pdf(mill, sheets=("roster",)))[0]
    assert "Tactical Dice" in text
    assert "Attack/defend" in text
    assert "The Republic wins by holding both" in text


def test_forty_units_with_long_names_paginate_with_the_header_repeated(big: Scenario) -> None:
    reader = pdf(big, sheets=("roster",), side="red")
    texts = page_texts(reader)
    assert len(texts) >= 3
    for i, t in enumerate(texts, start=1):
        assert "A Very Big Battle for the Tests" in t
        assert "ROSTER" in t
        assert f"page {i} of {len(texts)}" in t
    everything = " ".join(texts)
    red = big.side("red")
    assert len(red.units) == 40
    for u in red.units:
        assert u.name in everything, u.name
    assert LONG_NAME.format(n="Red4") in everything
    for o in red.officers:
        assert o.name in everything
    assert "Totals: 40 units" in everything


def test_no_text_runs_off_the_page(big: Scenario) -> None:
    reader = pdf(big)
    for page in reader.pages:
        w = float(page.mediabox.width)
        h = float(page.mediabox.height)
        spots: list[tuple[float, float, str]] = []

        def visit(text: str, cm: list[float], tm: list[float], *_: object,
                  spots: list[tuple[float, float, str]] = spots) -> None:
            if text.strip():
                x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
                y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
                spots.append((x, y, text))

        page.extract_text(visitor_text=visit)
        for x, y, text in spots:
            assert -1 <= x <= w and -1 <= y <= h, (text, x, y)


def test_pages_are_not_blank(mill: Scenario, tmp_path: Path) -> None:
    out = tmp_path / "mill.pdf"
    pages = write_pdf(mill, out, PrintOptions(tiles=True))
    images = render_pages(out, tmp_path)
    assert len(images) == pages
    for img in images:
        assert ink_fraction(img) > 0.01, img.name


def test_map_tiles_cover_the_table(mill: Scenario) -> None:
    tiles, _, rows, cols = tiles_for(mill, "a4")
    assert len(tiles) == rows * cols
    t = mill.table
    assert max(x.x + x.w for x in tiles) >= t.width
    assert max(x.y + x.h for x in tiles) >= t.depth
    reader = pdf(mill, sheets=("map",), tiles=True)
    assert len(reader.pages) == 1 + 1 + len(tiles)  # overview, index, tiles
    texts = page_texts(reader)
    assert "Tile A1" in texts[2]
    assert f"Tile {tiles[-1].label}" in texts[-1]


def test_letter_paper(mill: Scenario) -> None:
    reader = pdf(mill, paper="letter", sheets=("cards", "reference"))
    for page in reader.pages:
        size = sorted((round(float(page.mediabox.width)), round(float(page.mediabox.height))))
        assert size == [612, 792]


@pytest.mark.parametrize("ruleset", ["kiddies", "tactical", "d3", "blown_away", "mayhem"])
def test_every_ruleset_prints(mill: Scenario, ruleset: str) -> None:
    reader = pdf(mill, ruleset=ruleset)
    text = " ".join(page_texts(reader))
    assert "1st Foot Guards" in text
    assert ("QUICK REFERENCE" in text) == (quick_reference(ruleset) is not None)


def test_ruleset_meaning_on_the_roster(mill: Scenario) -> None:
    tactical = page_texts(pdf(mill, sheets=("roster",), ruleset="tactical"))[0]
    assert "4 dice" in tactical and "CV 10" in tactical and "2 dice" in tactical
    mayhem = page_texts(pdf(mill, sheets=("roster",), ruleset="mayhem"))[0]
    assert "saves 3+" in mayhem and "Second rate" in mayhem
    d3 = page_texts(pdf(mill, sheets=("roster",), ruleset="d3"))[0]
    assert "9 hits" in d3 and "D3" in d3
    blown = page_texts(pdf(mill, sheets=("roster",), ruleset="blown_away"))[0]
    assert "militia: +2 run" in blown and "men" in blown


def test_fonts_are_embedded(mill: Scenario) -> None:
    data = render(mill, PrintOptions(sheets=("roster",)))
    assert b"/FontFile2" in data  # TrueType programs travel inside the file
    assert not re.search(rb"/BaseFont /Helvetica\b", data)


def test_font_fallback_when_dejavu_is_missing(mill: Scenario,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from printouts import fonts

    monkeypatch.setattr(fonts, "DEJAVU_DIRS", ())
    monkeypatch.delenv("VOLLEY_FONT_DIR", raising=False)
    fonts.reset_for_tests()
    try:
        assert fonts.fonts().family == "Vera"
        data = render(mill, PrintOptions(sheets=("roster",)))
        assert b"/FontFile2" in data
    finally:
        fonts.reset_for_tests()


def test_scenario_without_ruleset_skips_the_reference() -> None:
    s = loads(big_yaml(units=3, officers=1).replace("ruleset: mayhem\n", ""), "x.yaml")
    assert s.ruleset is None
    reader = pdf(s)
    text = " ".join(page_texts(reader))
    assert "QUICK REFERENCE" not in text
    assert "no ruleset chosen" in text


def test_a_side_with_nothing_still_prints() -> None:
    text = big_yaml(units=2, officers=1)
    s = loads(text, "x.yaml")
    from dataclasses import replace

    empty = replace(s, sides=(replace(s.sides[0], units=(), officers=()), s.sides[1]))
    reader = pdf(empty, sheets=("roster", "cards"))
    texts = page_texts(reader)
    assert "This side has no units" in texts[0]


def test_bad_options_are_refused(mill: Scenario) -> None:
    with pytest.raises(PrintError, match="no side 'green'"):
        render(mill, PrintOptions(side="green"))
    with pytest.raises(PrintError, match="unknown ruleset"):
        render(mill, PrintOptions(ruleset="chess"))
    with pytest.raises(PrintError, match="unknown paper"):
        render(mill, PrintOptions(paper="a3"))
    with pytest.raises(PrintError, match="unknown sheet 'menu'"):
        parse_sheets("roster,menu")
    assert parse_sheets("all") == ("scenario", "roster", "cards", "map", "reference")
    assert parse_sheets("briefing") == ("scenario",)
    assert parse_sheets("map, roster") == ("roster", "map")


def test_write_is_atomic_and_leaves_no_temp_files(mill: Scenario, tmp_path: Path) -> None:
    out = tmp_path / "x.pdf"
    write_pdf(mill, out, PrintOptions(sheets=("map",)))
    assert out.read_bytes().startswith(b"%PDF")
    assert [p.name for p in tmp_path.iterdir()] == ["x.pdf"]


def test_every_bundled_scenario_prints_every_sheet(bundled: list[Path], tmp_path: Path) -> None:
    from desktop.scenario import load

    if not bundled:
        pytest.skip("no bundled scenarios yet")
    for path in bundled:
        s = load(path)
        reader = pdf(s, tiles=False)
        text = " ".join(page_texts(reader))
        for side in s.sides:
            for u in side.units:
                assert u.name in text, (path.name, u.name)
            for o in side.officers:
                assert o.name in text, (path.name, o.name)


# -- the scenario card ----------------------------------------------------------------------


def test_the_scenario_card_is_one_page_with_what_the_battle_is(mill: Scenario) -> None:
    reader = pdf(mill, sheets=("scenario",))
    assert len(reader.pages) == 1
    text = page_texts(reader)[0]
    assert "SCENARIO CARD" in text and mill.title in text
    assert "Tactical Dice · 8 turns" in text
    assert flat(mill.briefing)[:60] in text
    assert "The Republic wins by holding both The Mill and Stone Bridge" in text
    assert "The battle ends after turn 8" in text
    for side in mill.sides:
        assert side.name in text
        for u in side.units:
            assert u.name in text
        for o in side.officers:
            assert o.name in text


def test_the_scenario_card_of_a_big_battle_stays_on_its_page(big: Scenario) -> None:
    reader = pdf(big, sheets=("scenario",))
    assert len(reader.pages) == 1
    text = page_texts(reader)[0]
    for side in big.sides:
        assert side.name in text


@pytest.mark.parametrize("path", sorted((Path(__file__).resolve().parents[2] / "scenarios")
                                        .glob("*.yaml")), ids=lambda p: p.stem)
def test_the_thumbnails_caption_fits_its_column(path: Path) -> None:
    """Issue 34: "The table, 48 × 36 in (units numbered as below) · Attack/defend
    (Austrian rearguard defends)" ran past the thumbnail's column onto the
    briefing; the caption breaks onto two lines where one is too wide."""
    from reportlab.pdfgen.canvas import Canvas

    from desktop.scenario import load
    from printouts.context import Context
    from printouts.fonts import fonts
    from printouts.ruleset_sheets import profile
    from printouts.scenario_card import (
        BRIEF_SHARE,
        CAPTION_PT,
        GAP,
        MARGIN,
        thumbnail_caption,
    )
    from printouts.style import paper_size

    scenario = load(path)
    c = Canvas(io.BytesIO())
    ctx = Context(c, fonts(), scenario, "a4", scenario.ruleset, profile(scenario.ruleset),
                  scenario.sides)
    page_w = paper_size("a4")[0]
    width = page_w - 2 * MARGIN
    column = width - width * BRIEF_SHARE - GAP
    lines = thumbnail_caption(c, ctx, column)
    assert 1 <= len(lines) <= 2 and lines[0].startswith("The table, ")
    for line in lines:
        assert c.stringWidth(line, ctx.fonts.italic, CAPTION_PT) <= column, line
