"""Edit scenario… from another window: an editor window on the same file or scenario.

Kept light (no editor imports until used) so the viewer starts as fast as before.
The other windows reach it through its door (desktop.ui.doors), not by import.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMainWindow, QWidget

from desktop.ui import doors
from desktop.ui.help import doors as help_doors

if TYPE_CHECKING:
    from desktop.scenario.model import Scenario


def open_editor(parent: QWidget | None, scenario: Scenario | None = None,
                path: Path | None = None) -> QMainWindow:
    """An editor on `path` (or on the `scenario` value, or a new table)."""
    from desktop.ui.editor.window import EditorWindow

    w = EditorWindow()
    if path is not None:
        w.open_file(Path(path), ask=False)
    elif scenario is not None:
        w.show_scenario(scenario)
    if parent is not None:
        w.resize(parent.size())
    doors.keep_open(w)
    w.show()
    return w


doors.register(doors.EDIT, open_editor)
# The welcome's "Start a new scenario" (desktop.ui.help.doors).
help_doors.register("new", lambda window, _path: open_editor(window))
