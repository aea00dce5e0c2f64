"""Shared look: paper, ink colours, text fitting and small drawing helpers.

Every sheet draws straight onto a reportlab canvas (no platypus): the layouts
are tables and tracks of boxes whose sizes we compute, and the canvas is fast
enough to print a 40-unit side in a few milliseconds.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape, portrait
from reportlab.pdfbase.pdfmetrics import stringWidth

from printouts import bidi, glyphs
from printouts.fonts import FontSet

Canvas = Any  # reportlab.pdfgen.canvas.Canvas (reportlab ships no type hints)
Color = Any  # reportlab.lib.colors.Color

PAPERS: Final[dict[str, tuple[float, float]]] = {"a4": A4, "letter": LETTER}

INCH: Final = 72.0

# Ink: dark enough to read in grey, never pure black for large areas.
INK: Final = colors.HexColor("#1d1d1b")
INK_SOFT: Final = colors.HexColor("#55534e")
RULE: Final = colors.HexColor("#9a968c")
PAPER_TINT: Final = colors.HexColor("#f3efe4")
HEADER_FILL: Final = colors.HexColor("#2f3b2f")
ACCENT: Final = colors.HexColor("#8c1c13")
WHITE: Final = colors.white


def paper_size(paper: str, landscape_: bool = False) -> tuple[float, float]:
    try:
        size = PAPERS[paper.lower()]
    except KeyError:
        raise ValueError(f"unknown paper '{paper}' (expected a4 or letter)") from None
    w, h = landscape(size) if landscape_ else portrait(size)
    return float(w), float(h)


def hex_colour(value: str, fallback: str = "#444444") -> Color:
    try:
        return colors.HexColor(value)
    except (ValueError, TypeError):
        return colors.HexColor(fallback)


def tint(colour: Color, amount: float) -> Color:
    """Mix `colour` towards white: 0 leaves it, 1 is white."""
    r, g, b = colour.red, colour.green, colour.blue
    return colors.Color(r + (1 - r) * amount, g + (1 - g) * amount, b + (1 - b) * amount)


def shade(colour: Color, amount: float) -> Color:
    """Mix `colour` towards black."""
    k = 1 - amount
    return colors.Color(colour.red * k, colour.green * k, colour.blue * k)


def luminance(colour: Color) -> float:
    return float(0.299 * colour.red + 0.587 * colour.green + 0.114 * colour.blue)


#: A side colour lighter than this (luminance, 0 to 1) barely shows on white paper.
LIGHT_COLOUR: Final = 0.72


def is_light(colour: Color) -> bool:
    return luminance(colour) > LIGHT_COLOUR


def edge_colour(colour: Color) -> Color:
    """The colour a side's lines and labels are drawn in on white paper: the colour
    a little darker, and a light one (a near-white army) much darker, so its zone
    edge and baseline name still show."""
    return shade(colour, 0.62) if is_light(colour) else shade(colour, 0.1)


def text_on(colour: Color) -> Color:
    """Black or white text, whichever reads on `colour` (in colour and in grey)."""
    return INK if luminance(colour) > 0.55 else WHITE


# --- text ---------------------------------------------------------------------------
#
# Names come from the scenario file and may be any length, in any script.  A
# line is reordered for right-to-left letters (printouts.bidi), drawn font by
# font where the face lacks a glyph (printouts.glyphs), and fitted to its box
# with an ellipsis.  Fitting measures about a box's worth of letters (see
# `fitting_prefix`), so a 10,000-character title costs no more than a line of it.

ELLIPSIS: Final = "\u2026"


def pieces(text: str, font: str) -> tuple[tuple[str, str], ...]:
    """(text, font) runs that draw one line of `text`, left to right as printed."""
    if len(text) > _CACHED:
        return _cached_long_pieces(text, font)
    return _cached_pieces(text, font)


#: Lines up to this long are remembered (names are measured again and again).
_CACHED: Final = 400


def _pieces(text: str, font: str) -> tuple[tuple[str, str], ...]:
    return tuple(glyphs.runs(bidi.visual(glyphs.printable(text, font)), font))


_cached_pieces = lru_cache(maxsize=4096)(_pieces)
#: Long lines (a map label at full size) are few but drawn on every tile.
_cached_long_pieces = lru_cache(maxsize=32)(_pieces)


def width(text: str, font: str, size: float) -> float:
    if text.isascii() and text.isprintable():
        return float(stringWidth(text, font, size))
    return float(sum(stringWidth(t, f, size) for t, f in pieces(text, font)))


#: Letters measured at a time when only "does it fit?" matters (see `width_upto`).
_CHUNK: Final = 256


def width_upto(text: str, font: str, size: float, cap: float) -> float:
    """The width of `text` if it is at most `cap`; otherwise some width above `cap`.

    A long text is measured a chunk at a time and given up on well past `cap`,
    so asking whether a 10,000-letter name fits a box costs about a box's worth.
    """
    if len(text) <= _CHUNK:
        return width(text, font, size)
    total = 0.0
    for i in range(0, len(text), _CHUNK):
        total += width(text[i:i + _CHUNK], font, size)
        if total > 2 * cap:  # joined Arabic letters are narrower: keep a margin
            return total
    return width(text, font, size)


def draw_text(c: Canvas, x: float, y: float, text: str, font: str, size: float,
              align: str = "left") -> None:
    """One line at (x, y), aligned "left", "centre" or "right" on x; leaves `font` set."""
    c.setFont(font, size)
    text = glyphs.printable(text, font)
    if text.isascii() and text.isprintable():
        if align == "centre":
            c.drawCentredString(x, y, text)
        elif align == "right":
            c.drawRightString(x, y, text)
        else:
            c.drawString(x, y, text)
        return
    runs = pieces(text, font)
    total = sum(stringWidth(t, f, size) for t, f in runs)
    x -= total / 2 if align == "centre" else total if align == "right" else 0
    for t, f in runs:
        c.setFont(f, size)
        c.drawString(x, y, t)
        x += stringWidth(t, f, size)
    c.setFont(font, size)


def _rough_widths(text: str, font: str, size: float, stop: float) -> list[float]:
    """Cumulative widths of `text` letter by letter, as far as `stop` (a quick guess:
    no joining of Arabic letters, no merging of marks)."""
    out = [0.0]
    total = 0.0
    least = 0.02 * size  # marks and joiners have no width: still, no box holds a flood
    for ch in text:
        if total > stop:
            break
        total += max(least, _letter_width(ch, font) * size)
        out.append(total)
    return out


@lru_cache(maxsize=8192)
def _letter_width(ch: str, font: str) -> float:
    """The width of one letter at size 1, in the first font of the chain that has it."""
    code = ord(ch)
    f = next((f for f in glyphs.chain(font) if code in glyphs.coverage(f)), font)
    return float(stringWidth(ch, f, 1.0))


def fitting_prefix(text: str, font: str, size: float, avail: float) -> int:
    """The most leading letters of `text` that fit `avail` (0 if none does).

    `text` must already be printable (`glyphs.printable`): the count is of its letters.

    Letter-by-letter widths give a guess, exact for most scripts and near for
    joined Arabic; the exact width is then tried at the guess and at steps
    doubling away from it, and the step where it changes is halved.  A box of
    m letters costs O(m) for the guess and a few exact measurements of m
    letters, whatever the length of `text`.
    """
    rough = _rough_widths(text, font, size, 2 * avail + 4 * size)
    last = len(rough) - 1

    def fits(k: int) -> bool:
        return k == 0 or width(text[:k], font, size) <= avail

    guess = max(0, bisect_right(rough, avail) - 1)
    if guess > 0:  # one exact measurement corrects the guess for joined letters
        ratio = width(text[:guess], font, size) / rough[guess]
        guess = max(0, bisect_right(rough, avail / max(ratio, 0.05)) - 1)
    if fits(guess):
        lo, step = guess, 1  # lo fits: look further until something does not
        while lo + step <= last and fits(lo + step):
            lo, step = lo + step, step * 2
        hi = min(lo + step, last + 1) - 1
    else:
        hi, step = guess - 1, 1  # guess does not fit: look back until something does
        while hi - step >= 0 and not fits(hi - step + 1):
            hi, step = hi - step, step * 2
        lo = max(0, hi - step + 1)
    while lo < hi:  # lo fits, hi + 1 does not
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def fit_size(text: str, font: str, size: float, avail: float, min_size: float) -> float:
    """The largest size <= `size` (down to `min_size`) at which `text` fits `avail`."""
    w = width_upto(text, font, size, avail * size / max(min_size, 0.1))
    if w <= avail or w == 0:
        return size
    return max(min_size, size * avail / w * 0.999)


def with_ellipsis(text: str, font: str, size: float, avail: float) -> str:
    """`text` cut so that it and a closing ellipsis fit `avail` (says: more was here)."""
    text = glyphs.printable(text, font)
    k = fitting_prefix(text, font, size, avail - width(ELLIPSIS, font, size))
    return text[:k].rstrip() + ELLIPSIS


@lru_cache(maxsize=1024)  # the same names are fitted again on every page and tile
def ellipsize(text: str, font: str, size: float, avail: float) -> str:
    text = glyphs.printable(text, font)
    if width_upto(text, font, size, avail) <= avail:
        return text
    return with_ellipsis(text, font, size, avail)


def wrap(text: str, font: str, size: float, avail: float,
         max_lines: int | None = None) -> list[str]:
    """Greedy word wrap; words longer than a line are broken between letters.

    Stops once there are more than `max_lines` lines (the caller cuts there).
    """
    lines: list[str] = []
    space = width(" ", font, size)
    hyphen = width("-", font, size)
    for para in _paragraphs(text):
        if max_lines is not None and len(lines) > max_lines:
            return lines
        para = glyphs.printable(para, font)
        line, line_w = "", 0.0
        for found in _WORD.finditer(para):  # lazily: a long text is left at max_lines
            word = found.group()
            if max_lines is not None and len(lines) > max_lines:
                return lines
            word_w = width_upto(word, font, size, avail)
            if line and line_w + space + word_w <= avail:
                line, line_w = f"{line} {word}", line_w + space + word_w
                continue
            if not line and word_w <= avail:
                line, line_w = word, word_w
                continue
            if line:
                lines.append(line)
            while word_w > avail and len(word) > 1:
                if max_lines is not None and len(lines) > max_lines:
                    return lines
                cut = max(1, fitting_prefix(word, font, size, avail - hyphen))
                lines.append(word[:cut] + "-")
                word = word[cut:]
                word_w = width_upto(word, font, size, avail)
            line, line_w = word, word_w
        lines.append(line)
    return lines


_WORD: Final = re.compile(r"\S+")


def _paragraphs(text: str) -> Iterator[str]:
    start = 0
    while (end := text.find("\n", start)) >= 0:
        yield text[start:end]
        start = end + 1
    yield text[start:]


@dataclass(frozen=True)
class Block:
    """Wrapped text ready to draw: its lines, size and leading."""

    lines: tuple[str, ...]
    font: str
    size: float
    leading: float
    #: True when the text did not fit even at the smallest size and was cut.
    cut: bool = False

    @property
    def height(self) -> float:
        return len(self.lines) * self.leading


def fit_block(
    text: str, font: str, size: float, avail: float, max_lines: int, min_size: float
) -> Block:
    """Wrap to at most `max_lines`, shrinking the type if needed; what still does
    not fit at `min_size` is cut, and the last line ends with an ellipsis."""
    s = size
    while True:
        lines = wrap(text, font, s, avail, max_lines)
        if len(lines) <= max_lines:
            return Block(tuple(lines), font, s, s * 1.18)
        if s <= min_size:
            kept = lines[:max_lines]
            kept[-1] = with_ellipsis(kept[-1].removesuffix("-"), font, s, avail)
            return Block(tuple(kept), font, s, s * 1.18, cut=True)
        s = max(min_size, s - 0.5)


def draw_block(c: Canvas, x: float, top: float, block: Block, colour: Color = INK) -> None:
    c.setFillColor(colour)
    y = top - block.size
    for line in block.lines:
        draw_text(c, x, y, line, block.font, block.size)
        y -= block.leading


def draw_fitted(
    c: Canvas,
    x: float,
    y: float,
    text: str,
    font: str,
    size: float,
    avail: float,
    min_size: float = 5.5,
    align: str = "left",
) -> float:
    """One line of text shrunk to fit `avail` (ellipsized below `min_size`)."""
    s = fit_size(text, font, size, avail, min_size)
    draw_text(c, x, y, ellipsize(text, font, s, avail), font, s, align)
    return s


# --- boxes --------------------------------------------------------------------------


def tick_box(
    c: Canvas, x: float, y: float, size: float, fill: Color | None = None, heavy: bool = False
) -> None:
    c.setLineWidth(1.1 if heavy else 0.6)
    c.setStrokeColor(INK if heavy else INK_SOFT)
    if fill is not None:
        c.setFillColor(fill)
        c.rect(x, y, size, size, stroke=1, fill=1)
    else:
        c.rect(x, y, size, size, stroke=1, fill=0)


def crop_marks(c: Canvas, x: float, y: float, w: float, h: float, gap: float = 3,
               length: float = 9) -> None:
    """Cut marks just outside the corners of a card."""
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            c.line(cx + sx * gap, cy, cx + sx * (gap + length), cy)
            c.line(cx, cy + sy * gap, cx, cy + sy * (gap + length))


def star(c: Canvas, cx: float, cy: float, r: float, points: int = 5, fill: bool = True) -> None:
    p = c.beginPath()
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * 0.45
        a = math.pi / 2 + i * math.pi / points
        px, py = cx + rr * math.cos(a), cy + rr * math.sin(a)
        if i == 0:
            p.moveTo(px, py)
        else:
            p.lineTo(px, py)
    p.close()
    c.drawPath(p, stroke=1, fill=1 if fill else 0)


def footer(c: Canvas, fonts: FontSet, page_w: float, margin: float, left: str,
           right: str) -> None:
    c.setFillColor(INK_SOFT)
    c.setStrokeColor(RULE)
    c.setLineWidth(0.4)
    y = margin * 0.55
    c.line(margin, y + 9, page_w - margin, y + 9)
    avail = (page_w - 2 * margin) * 0.62
    draw_fitted(c, margin, y, left, fonts.regular, 7, avail, 5)
    c.setFont(fonts.regular, 7)
    c.drawRightString(page_w - margin, y, right)
