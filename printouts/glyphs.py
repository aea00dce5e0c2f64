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


def runs(text: str, font: str) -> Iterator[tuple[str, str]]:
    """(text, font) pieces that draw `text`; characters no font has become MARK."""
    if text.isascii() and text.isprintable():
        yield text, font
        return
    fonts_ = chain(font)
    covers = [coverage(f) for f in fonts_]
    mark_font = next((f for f, cov in zip(fonts_, covers, strict=True) if ord(MARK) in cov), None)
    current: str | None = None
    piece: list[str] = []
    for ch in text:
        code = ord(ch)
        category = unicodedata.category(ch)
        chosen = None if category in _UNDRAWN else next(
            (f for f, cov in zip(fonts_, covers, strict=True) if code in cov), None)
        if chosen is None:
            if category == "Cf" and current != "":
                continue  # a joiner or variation selector between drawable letters
            chosen, ch = "", ""  # part of a run that cannot be drawn
        if chosen != current:
            if piece or current == "":
                yield _piece(piece, current, mark_font, font)
            current, piece = chosen, []
        piece.append(ch)
    if piece or current == "":
        yield _piece(piece, current, mark_font, font)


def _piece(chars: list[str], font: str | None, mark_font: str | None,
           asked: str) -> tuple[str, str]:
    if font == "":
        return (MARK, mark_font) if mark_font else (PLAIN_MARK, asked)
    return "".join(chars), font or asked
