"""Names in any script and of any length print sensibly (issue 15, "Hostile text").

Chinese and emoji printed as boxes, Hebrew and Arabic backwards, long names ran
across the map without an ellipsis, and fitting a 10,000-character title took
18.6 s.  The time is measured by tests/benchmarks/bench_hostile_text.py; here
the work is counted, so the test fails on a quadratic fit on any machine.

The sheets draw a letter their own fonts lack with a fallback font the machine
may have (printouts/glyphs.py), so whether Chinese prints depends on the
machine.  These tests use the shipped DejaVu and no fallback at all (below:
`shipped_fonts_only`), so they hold on a machine with CJK fonts too; the
fallback itself is tested with a shipped font standing in for the machine's.
"""

from __future__ import annotations

import io
import itertools
import unicodedata
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from reportlab.pdfbase import pdfmetrics

import printouts.glyphs as glyphs
import printouts.style as style
from desktop.resources import bundled_scenario
from desktop.scenario import load
from desktop.scenario.model import Scenario
from printouts import PrintOptions, render
from printouts.bidi import shape_arabic, visual
from printouts.fonts import fonts, reset_for_tests
from printouts.glyphs import MARK, printable, runs
from tests.benchmarks.bench_hostile_text import renamed
from tests.printouts.conftest import ink_fraction, render_pages

CJK = "北京第一旅团"
HEBREW = "גדוד הרגלים 12"
ARABIC = "كتيبة المشاة"
MARKUP = "<b>Bold</b> &amp;"
EMOJI = "👍🏽 Jäger"
LONG = "Kreuzdorf" * 1_112  # 10,008 letters, no space to break at


def _forget_chains() -> None:
    """Forget everything remembered per font chain (what draws each letter)."""
    for remembered in (glyphs.chain, glyphs.printable, style._cached_pieces,
                       style._cached_long_pieces, style._letter_width, style.ellipsize):
        remembered.cache_clear()


@pytest.fixture(scope="module", autouse=True)
def shipped_fonts_only() -> Iterator[None]:
    """The shipped DejaVu and none of the machine's fallback fonts, whatever it has
    installed: no font here has Chinese, on any machine."""
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("VOLLEY_FONT_DIR", raising=False)
        mp.setattr(glyphs, "_fallbacks", [])
        reset_for_tests()
        _forget_chains()
        assert fonts().family == "DejaVu"
        yield
    reset_for_tests()
    _forget_chains()


@pytest.fixture(scope="module")
def hostile() -> Scenario:
    names = itertools.cycle([CJK, HEBREW, ARABIC, MARKUP, EMOJI, LONG])
    return renamed(load(bundled_scenario("d3_crossroads.yaml")), lambda: next(names),
                   title=f"{MARKUP} {LONG}")


@pytest.fixture(scope="module")
def text(hostile: Scenario) -> str:
    reader = PdfReader(io.BytesIO(render(hostile, PrintOptions())))
    return " ".join(p.extract_text() for p in reader.pages)


def test_every_sheet_prints_with_hostile_names(text: str) -> None:
    """Markup prints literally; long names end with an ellipsis, never run on."""
    assert MARKUP in text
    assert "…" in text
    assert LONG not in text.replace("\n", "").replace("-", "")  # cut, not printed whole


def test_characters_no_font_has_become_one_mark_not_boxes(text: str) -> None:
    """Chinese (no font here has it) and the emoji (beyond what a PDF's text map
    holds) print as the replacement mark."""
    assert MARK in text
    assert not any(ch in text for ch in CJK + "👍🏽")


def test_right_to_left_names_are_drawn_in_display_order(text: str) -> None:
    """pypdf reads drawn right-to-left runs back into logical order: it can only find
    the names if they were drawn reversed (and the Arabic letters joined)."""
    assert HEBREW.split()[1] in text
    assert ARABIC in unicodedata.normalize("NFKC", text)  # joined forms back to letters


def test_bidi_reorders_runs_and_mirrors_brackets() -> None:
    assert visual("Regiment abc") == "Regiment abc"
    assert visual("שלום") == "םולש"
    assert visual(HEBREW) == "12 םילגרה דודג"  # the number keeps its own order
    assert visual("Regiment שלום 12") == "Regiment 12 םולש"
    assert visual("(שלום)") == "(םולש)"  # brackets mirrored at right-to-left levels
    assert visual("שָׁלוֹם").endswith("שָׁ")  # a letter's vowel marks stay with it


def test_arabic_letters_take_their_joined_forms() -> None:
    shaped = shape_arabic("مرحبا")
    assert [f"{ord(c):04X}" for c in shaped] == ["FEE3", "FEAE", "FEA3", "FE92", "FE8E"]
    assert shape_arabic("سلام") == "\ufeb3\ufefc\ufee1"  # lam-alef is one ligature
    assert visual("مرحبا") == shaped[::-1]


def test_each_character_is_drawn_by_a_font_that_has_it() -> None:
    fs = fonts()
    if not fs.embedded:
        pytest.skip("no TrueType fonts: the PDF base fonts are in use")
    # the serif title face has no Hebrew: its bold sans sibling draws it
    pieces = list(runs("Ab שלום", fs.serif_bold))
    assert pieces == [("Ab ", fs.serif_bold), ("שלום", fs.bold)]
    # a run of characters no font has is one mark; joiners vanish; controls are marked
    assert printable(f"a{CJK}b", fs.regular) == f"a{MARK}b"
    assert list(runs(f"a{CJK}b", fs.serif_bold)) == [(f"a{MARK}b", fs.serif_bold)]
    assert printable("a\u200db", fs.regular) == "ab"
    assert printable("a\tb\x00", fs.regular) == f"a{MARK}b{MARK}"
    # stacked marks: four at most on a letter
    assert printable("a" + "\u0301" * 1000, fs.regular) == "a" + "\u0301" * 4


def test_a_letter_the_sheets_fonts_lack_is_drawn_by_a_fallback_that_has_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Bitstream Vera has no Hebrew; a fallback font that has it draws it.  The
    shipped DejaVu stands in for a fallback font of the machine."""
    dejavu = fonts().regular  # registered with reportlab
    monkeypatch.setattr(glyphs, "_fallbacks", [dejavu])
    reset_for_tests()
    _forget_chains()
    try:
        vera = fonts(prefer_system=False)
        assert vera.family == "Vera"
        assert list(runs("Ab שלום", vera.regular)) == [("Ab ", vera.regular), ("שלום", dejavu)]
        assert printable(f"a{CJK}b", vera.regular) == f"a{MARK}b"  # DejaVu has no Chinese
    finally:
        reset_for_tests()
        _forget_chains()


def _measured(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the characters whose widths are looked up (the work of fitting)."""
    seen = [0]
    real = pdfmetrics.stringWidth

    def counting(text: str, font: str, size: float, *a: Any) -> float:
        seen[0] += len(text)
        return float(real(text, font, size, *a))

    monkeypatch.setattr(style, "stringWidth", counting)
    style._cached_pieces.cache_clear()
    style._cached_long_pieces.cache_clear()
    style.ellipsize.cache_clear()
    return seen


def _fit_everything(name: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """Fit `name` every way the sheets do; returns how many letters were measured."""
    f = fonts().regular
    seen = _measured(monkeypatch)
    fitted = style.ellipsize(name, f, 9, 200)
    assert fitted.endswith("…") and style.width(fitted, f, 9) <= 200
    block = style.fit_block(name, f, 9, 200, 3, 6)
    assert block.cut and len(block.lines) == 3 and block.lines[-1].endswith("…")
    assert all(style.width(line, f, block.size) <= 200 for line in block.lines)
    style.draw_fitted(_Recorder(), 0, 0, name, f, 14, 300, 7)
    return seen[0]


def test_fitting_a_long_name_measures_about_a_box_of_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Fitting is not quadratic: the letters measured do not grow with the name
    (the old fit measured about n * n / 2 letters: 50 million for 10,000)."""
    ten_thousand = _fit_everything(LONG, monkeypatch)
    hundred_thousand = _fit_everything(LONG * 10, monkeypatch)
    assert ten_thousand < 50_000
    assert hundred_thousand <= ten_thousand * 1.2


def test_words_wrap_and_a_cut_block_says_so() -> None:
    f = fonts().regular
    block = style.fit_block("one two three four five six seven", f, 9, 60, 2, 8)
    assert block.cut and block.lines[-1].endswith("…")
    whole = style.fit_block("one two", f, 9, 60, 2, 8)
    assert not whole.cut and whole.lines == ("one two",)
    assert style.wrap("a\nb", f, 9, 100) == ["a", "b"]


class _Recorder:
    """A canvas that notes what is drawn where."""

    def __init__(self) -> None:
        self.drawn: list[tuple[float, str, str]] = []
        self.font = ("", 0.0)

    def setFont(self, font: str, size: float) -> None:
        self.font = (font, size)

    def drawString(self, x: float, y: float, text: str) -> None:
        self.drawn.append((x, self.font[0], text))

    drawCentredString = drawRightString = drawString


def test_a_line_is_drawn_run_by_run_left_to_right() -> None:
    fs = fonts()
    c = _Recorder()
    style.draw_text(c, 100, 0, "Ab שלום", fs.serif_bold, 10, "right")
    (x1, f1, t1), (x2, f2, t2) = c.drawn
    assert (t1, t2) == ("Ab ", "םולש") and f1 == fs.serif_bold and f2 == fs.bold
    assert x1 < x2 and x2 + style.width("שלום", fs.bold, 10) == pytest.approx(100)
    assert c.font == (fs.serif_bold, 10)  # the font asked for is left set


def test_the_pages_show_ink_where_hostile_names_are(hostile: Scenario, tmp_path: Path) -> None:
    """Rendered (pdftoppm): every page has ink and none is flooded by a runaway name."""
    pdf = tmp_path / "hostile.pdf"
    pdf.write_bytes(render(replace(hostile, title=LONG), PrintOptions()))
    pages = render_pages(pdf, tmp_path)
    assert pages
    for page in pages:
        assert 0.005 < ink_fraction(page) < 0.5


@pytest.mark.parametrize("name", [
    "a\ud800b",  # a lone surrogate: the PDF's properties could not be saved
    "a\x00b\x1b[31mc\u202eevil",  # controls and a direction override
    "a" + "\u0301" * 5_000,  # stacked accents
    "北" * 20_000,  # one mark, however long
    "",
], ids=["surrogate", "controls", "stacked-accents", "long-chinese", "empty"])
def test_any_string_prints(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader bounds names, but the printouts take any string."""
    s = renamed(load(bundled_scenario("d3_crossroads.yaml")), lambda: name, title=name)
    seen = _measured(monkeypatch)
    reader = PdfReader(io.BytesIO(render(replace(s, author=name), PrintOptions(
        sheets=("roster", "cards")))))
    assert len(reader.pages) >= 2
    assert seen[0] < 50_000  # measuring work does not follow the name's length
