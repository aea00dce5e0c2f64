"""Shared look: paper, ink colours, text fitting and small drawing helpers.

Every sheet draws straight onto a reportlab canvas (no platypus): the layouts
are tables and tracks of boxes whose sizes we compute, and the canvas is fast
enough to print a 40-unit side in a few milliseconds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape, portrait
from reportlab.pdfbase.pdfmetrics import stringWidth

from printouts.fonts import FontSet

Canvas = Any  # reportlab.pdfgen.canvas.Canvas (reportlab ships no type hints)
Color = Any  # reportlab.lib.colors.Color

PAPERS: Final[dict[str, tuple[float, float]]] = {"a4": A4, "letter": LETTER}

MM: Final = 72.0 / 25.4
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


def text_on(colour: Color) -> Color:
    """Black or white text, whichever reads on `colour` (in colour and in grey)."""
    return INK if luminance(colour) > 0.55 else WHITE


# --- text ---------------------------------------------------------------------------


def width(text: str, font: str, size: float) -> float:
    return float(stringWidth(text, font, size))


def fit_size(text: str, font: str, size: float, avail: float, min_size: float) -> float:
    """The largest size <= `size` (down to `min_size`) at which `text` fits `avail`."""
    w = width(text, font, size)
    if w <= avail or w == 0:
        return size
    return max(min_size, size * avail / w * 0.999)


def ellipsize(text: str, font: str, size: float, avail: float) -> str:
    if width(text, font, size) <= avail:
        return text
    while text and width(text + "…", font, size) > avail:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, font: str, size: float, avail: float) -> list[str]:
    """Greedy word wrap; words longer than a line are broken between letters."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            candidate = f"{line} {word}" if line else word
            if width(candidate, font, size) <= avail:
                line = candidate
                continue
            if line:
                lines.append(line)
            line = ""
            while width(word, font, size) > avail and len(word) > 1:
                cut = len(word) - 1
                while cut > 1 and width(word[:cut] + "-", font, size) > avail:
                    cut -= 1
                lines.append(word[:cut] + "-")
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


@dataclass(frozen=True)
class Block:
    """Wrapped text ready to draw: its lines, size and leading."""

    lines: tuple[str, ...]
    font: str
    size: float
    leading: float

    @property
    def height(self) -> float:
        return len(self.lines) * self.leading


def fit_block(
    text: str, font: str, size: float, avail: float, max_lines: int, min_size: float
) -> Block:
    """Wrap to at most `max_lines`, shrinking the type if needed (never clipping)."""
    s = size
    while True:
        lines = wrap(text, font, s, avail)
        if len(lines) <= max_lines or s <= min_size:
            return Block(tuple(lines), font, s, s * 1.18)
        s = max(min_size, s - 0.5)


def draw_block(c: Canvas, x: float, top: float, block: Block, colour: Color = INK) -> None:
    c.setFillColor(colour)
    c.setFont(block.font, block.size)
    y = top - block.size
    for line in block.lines:
        c.drawString(x, y, line)
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
    text = ellipsize(text, font, s, avail)
    c.setFont(font, s)
    if align == "centre":
        c.drawCentredString(x, y, text)
    elif align == "right":
        c.drawRightString(x, y, text)
    else:
        c.drawString(x, y, text)
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


def labelled_boxes(
    c: Canvas, fonts: FontSet, x: float, y: float, labels: Sequence[str], box: float,
    size: float = 6.5,
) -> float:
    """A row of `[ ] Label` boxes; returns the x after the last."""
    for label in labels:
        tick_box(c, x, y, box)
        c.setFillColor(INK)
        c.setFont(fonts.regular, size)
        c.drawString(x + box + 2, y + (box - size) / 2 + 1, label)
        x += box + 6 + width(label, fonts.regular, size)
    return x


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
