"""The DejaVu fonts that ship inside Volley, and where to find them.

Text is drawn the same on every machine only if the same font files are
used everywhere: a machine with only `fonts-dejavu-core` has no DejaVu Sans
Condensed (the unit tags), and one with many fonts may resolve "Sans Serif"
to something else entirely, which moves every label.  So the window and the
PDFs use these files first and the machine's fonts only for glyphs DejaVu
lacks.  Qt-free: the printouts use it too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

from desktop.resources import fonts_dir

#: The family the window uses for all its text (the application's default font).
DEFAULT_FAMILY: Final = "DejaVu Sans"

#: The files the window registers with Qt: the default font in its four
#: styles, the condensed tags and the italic terrain names.
QT_FILES: Final = (
    "DejaVuSans.ttf",
    "DejaVuSans-Bold.ttf",
    "DejaVuSans-Oblique.ttf",
    "DejaVuSans-BoldOblique.ttf",
    "DejaVuSansCondensed.ttf",
    "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSerif-Italic.ttf",
)

#: The faces the PDFs embed, by the role printouts/fonts.py gives them.
PDF_FILES: Final = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
    "bold_italic": "DejaVuSans-BoldOblique.ttf",
    "serif_bold": "DejaVuSerif-Bold.ttf",
}

#: Every file in the fonts folder that must ship (tests check the wheel and bundle).
ALL_FILES: Final = tuple(sorted({*QT_FILES, *PDF_FILES.values(), "LICENSE.txt"}))


def font_path(name: str) -> Path:
    """The shipped file `name` (it may be missing in a damaged install)."""
    return fonts_dir() / name


def missing_files() -> list[str]:
    """Shipped files that are not there: empty in any sound install."""
    return [name for name in ALL_FILES if not font_path(name).is_file()]
