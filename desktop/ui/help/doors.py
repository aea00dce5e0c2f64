"""Where the welcome's three ways in lead.

Each window's module registers its opener here when it is imported, so the
help package (which every window imports for its Help menu) imports no
window itself, and no import circle runs through it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QMainWindow

#: An opener: from the window that showed the welcome and the chosen battle
#: (None for a new scenario), the window that now shows it.
Opener = Callable[[QMainWindow, Path | None], QMainWindow | None]

#: "open" (look at a battle), "play" (play it), "new" (start a new scenario).
DOORS: dict[str, Opener] = {}


def register(choice: str, opener: Opener) -> None:
    DOORS[choice] = opener
