"""Register the DejaVu fonts Volley ships with Qt, and make DejaVu Sans the default.

Without this the window's text depends on the machine: "Sans Serif" is
whatever fontconfig picks, and "DejaVu Sans Condensed" (the unit tags) falls
back to the wider DejaVu Sans where `fonts-dejavu-extra` is not installed,
which moved tags onto pieces in the layout tests.  Registering the seven
files costs a few milliseconds at start-up (docs/benchmarks.md).  Glyphs
DejaVu lacks (CJK, emoji) still come from the machine's fonts.
"""

from __future__ import annotations

import sys

from PySide6.QtGui import QFontDatabase, QGuiApplication

from desktop.bundled_fonts import DEFAULT_FAMILY, QT_FILES, font_path

#: Set on the application once its fonts are registered, so a second call is free.
_DONE = "volleyFontsRegistered"


def use_bundled_fonts(app: QGuiApplication) -> list[str]:
    """Register the shipped fonts (once per application) and make DejaVu Sans its font.

    Returns the files that could not be registered (none in a sound install);
    each is also reported on stderr, since text then depends on the machine.
    """
    if app.property(_DONE):
        return []
    failed = []
    for name in QT_FILES:
        path = font_path(name)
        if QFontDatabase.addApplicationFont(str(path)) < 0:
            failed.append(name)
            print(f"volley: could not load the font {path}; text may look different "
                  "on this machine", file=sys.stderr)
    font = app.font()
    font.setFamilies([DEFAULT_FAMILY])
    app.setFont(font)
    app.setProperty(_DONE, True)
    return failed
