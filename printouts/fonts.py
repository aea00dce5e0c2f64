"""Fonts that travel inside the PDF.

DejaVu is preferred: it covers accented names and the few symbols the sheets
use.  The copy Volley ships (fonts/, desktop/bundled_fonts.py) comes first, so
the sheets and the window use the same files whatever the machine has; the
system's DejaVu is only a fallback for a damaged install.  Bitstream Vera,
which ships inside reportlab itself, is the next fallback (DejaVu grew out of
it, so the sheets look the same), and the PDF base fonts are the last resort.
TrueType fonts are embedded (subset) by reportlab, so a sheet prints the same
on any machine.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from desktop.bundled_fonts import PDF_FILES
from desktop.resources import fonts_dir

#: Where to look for DejaVu, in order: the copy Volley ships, then where
#: systems usually keep it.  VOLLEY_FONT_DIR, if set, is searched first.
DEJAVU_DIRS: Final = (
    str(fonts_dir()),
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/TTF",
    "/Library/Fonts",
    str(Path.home() / ".fonts"),
)


@dataclass(frozen=True)
class FontSet:
    """The names to pass to `canvas.setFont` for each face."""

    regular: str
    bold: str
    italic: str
    bold_italic: str
    serif_bold: str
    family: str  # what was found: "DejaVu", "Vera" or "Helvetica"

    @property
    def embedded(self) -> bool:
        return self.family != "Helvetica"


_DEJAVU: Final = PDF_FILES
_VERA: Final = {
    "regular": "Vera.ttf",
    "bold": "VeraBd.ttf",
    "italic": "VeraIt.ttf",
    "bold_italic": "VeraBI.ttf",
    "serif_bold": "VeraBd.ttf",
}
_BASE14: Final = FontSet(
    "Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique",
    "Times-Bold", "Helvetica",
)

_cached: FontSet | None = None


def _find_dejavu() -> dict[str, Path] | None:
    dirs = [os.environ.get("VOLLEY_FONT_DIR", ""), *DEJAVU_DIRS]
    for d in dirs:
        if not d:
            continue
        found = {face: Path(d) / name for face, name in _DEJAVU.items()}
        if all(p.is_file() for p in found.values()):
            return found
    return None


def _find_vera() -> dict[str, Path] | None:
    import reportlab

    base = Path(reportlab.__file__).resolve().parent / "fonts"
    found = {face: base / name for face, name in _VERA.items()}
    return found if all(p.is_file() for p in found.values()) else None


def _register(prefix: str, files: dict[str, Path]) -> FontSet:
    names: dict[str, str] = {}
    for face, path in files.items():
        name = f"{prefix}-{face}"
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(path)))
        names[face] = name
    return FontSet(
        names["regular"], names["bold"], names["italic"], names["bold_italic"],
        names["serif_bold"], prefix,
    )


def fonts(prefer_system: bool = True) -> FontSet:
    """Register (once) and return the best font set available."""
    global _cached
    if _cached is not None:
        return _cached
    result = _BASE14
    for prefix, finder in (("DejaVu", _find_dejavu), ("Vera", _find_vera)):
        if prefix == "DejaVu" and not prefer_system:
            continue
        files = finder()
        if files is None:
            continue
        try:
            result = _register(prefix, files)
            break
        except (TTFError, OSError):
            continue
    _cached = result
    return result


def reset_for_tests() -> None:
    """Forget the cached choice (tests exercise the fallbacks)."""
    global _cached
    _cached = None
