"""Which font draws each character of a name, and a clear mark where none can.

A font without a glyph for a character prints an empty box (or nothing), so a
Chinese or emoji name came out as boxes.  Each character is drawn by the
first font of a chain that has it: the face asked for, the sans face of the
same weight, the regular face, then any fallback font found on the machine
(the CJK and symbol fonts Linux distributions ship as TrueType).  A run of
characters no font has becomes one replacement mark, so the sheet says
plainly that something could not be printed instead of printing boxes.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Final

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from printouts.fonts import FontSet, fonts

#: Shown once for each run of characters that no font can draw.
MARK: Final = "\ufffd"
#: When even the mark is missing (the PDF base fonts), this stands in.
PLAIN_MARK: Final = "?"

#: TrueType fonts with wide coverage that systems often have (searched in
#: order; a font reportlab cannot embed, such as a CFF OpenType, is skipped).
FALLBACK_FILES: Final = (
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/arphic/uming.ttc",
    "/usr/share/fonts/truetype/unfonts-core/UnDotum.ttf",
    "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf",
    "/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf",
    "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
    "/usr/share/fonts/truetype/unifont/unifont.ttf",
)

_fallbacks: list[str] | None = None


def fallback_fonts() -> list[str]:
    """Register (once) the fallback fonts found; VOLLEY_FALLBACK_FONTS adds more (':'-separated)."""
    global _fallbacks
    if _fallbacks is None:
        extra = [p for p in os.environ.get("VOLLEY_FALLBACK_FONTS", "").split(os.pathsep) if p]
        names = []
        for i, path in enumerate([*extra, *FALLBACK_FILES]):
            if not Path(path).is_file():
                continue
            name = f"VolleyFallback{i}-{Path(path).stem}"
            try:
                if name not in pdfmetrics.getRegisteredFontNames():
                    pdfmetrics.registerFont(TTFont(name, path, subfontIndex=0))
            except (TTFError, OSError, ValueError):
                continue
            names.append(name)
        _fallbacks = names
    return _fallbacks


#: The last character reportlab can name in a PDF's text map: beyond it (emoji,
#: historic scripts) it writes an odd-length hex code that readers reject, so
#: such characters get the mark even where the font has them.
LAST_MAPPED: Final = 0xFFFF


@lru_cache(maxsize=64)
def coverage(font: str) -> frozenset[int]:
    """The characters `font` has a glyph for (and reportlab can map back to text)."""
    face = getattr(pdfmetrics.getFont(font), "face", None)
    cmap = getattr(face, "charToGlyph", None)
    if cmap is not None:
        return frozenset(c for c, g in cmap.items() if g and c <= LAST_MAPPED)
    # a PDF base font: what its encoding (WinAnsi) holds
    return frozenset(ord(ch) for ch in map(chr, range(32, 0x2200))
                     if _encodable(ch))


def _encodable(ch: str) -> bool:
    try:
        ch.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


@lru_cache(maxsize=64)
def chain(font: str) -> tuple[str, ...]:
    """The fonts tried, in order, for text set in `font`."""
    fs: FontSet = fonts()
    bold = font in (fs.bold, fs.serif_bold, fs.bold_italic)
    order = [font, fs.bold if bold else fs.regular, fs.regular, *fallback_fonts()]
    return tuple(dict.fromkeys(order))


#: Characters never drawn: controls, formats, surrogates, private use, unassigned, breaks.
_UNDRAWN: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


#: Marks that stack on a letter (accents, Hebrew points, Arabic vowels) and
#: invisible formatting characters.  Real text stacks a few; "Zalgo" text
#: stacks thousands, which would print as a smear and cost a measurement each.
_MARKS: Final = ("\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a\u064b-\u065f"
                  "\u0670\u06d6-\u06ed\u1ab0-\u1aff\u1dc0-\u1dff\u200b-\u200f\u202a-\u202e"
                  "\u2060-\u206f\u20d0-\u20ff\ufe00-\ufe0f\ufe20-\ufe2f\ufeff")
_STACKING: Final = re.compile(f"([{_MARKS}]{{4}})[{_MARKS}]+")


def tame(text: str) -> str:
    """`text` with no more than four marks stacked on one letter."""
    if text.isascii():
        return text
    return _STACKING.sub(r"\1", text)


def _font_for(ch: str, fonts_: tuple[str, ...]) -> str | None:
    """The first font that draws `ch`; "" for a character to leave out; None if none can."""
    category = unicodedata.category(ch)
    if category == "Cf":
        return ""  # joiners, direction marks, variation selectors: nothing to print
    if category in _UNDRAWN:
        return None
    code = ord(ch)
    return next((f for f in fonts_ if code in coverage(f)), None)


def _mark(font: str) -> str:
    """MARK if some font of the chain has it, else PLAIN_MARK."""
    return MARK if _font_for(MARK, chain(font)) else PLAIN_MARK


@lru_cache(maxsize=64)
def printable(text: str, font: str) -> str:
    """`text` as it will print in `font`: marks tamed, invisible characters left out,
    each run of characters no font has replaced by one mark.

    Every later measurement works on this, so a 100,000-letter Chinese name
    that prints as one mark costs what one mark costs.
    """
    text = tame(text)
    if text.isascii() and text.isprintable():
        return text
    fonts_ = chain(font)
    choice = {ch: _font_for(ch, fonts_) for ch in set(text)}
    if all(choice.values()):
        return text
    mark = _mark(font)
    out: list[str] = []
    marked = False
    for ch in text:
        chosen = choice[ch]
        if chosen == "":
            continue
        if chosen is None:
            if not marked:
                out.append(mark)
            marked = True
            continue
        out.append(ch)
        marked = False
    return "".join(out)


def runs(text: str, font: str) -> Iterator[tuple[str, str]]:
    """(text, font) pieces that draw `text`, each in the first font that has its letters."""
    text = printable(text, font)
    if text.isascii():
        yield text, font
        return
    fonts_ = chain(font)
    choice = {ch: _font_for(ch, fonts_) or font for ch in set(text)}
    start = 0
    current = choice[text[0]]
    for i, ch in enumerate(text):
        if choice[ch] != current:
            yield text[start:i], current
            start, current = i, choice[ch]
    yield text[start:], current
