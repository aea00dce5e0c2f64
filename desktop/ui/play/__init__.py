"""The play window: referee a battle on screen (see docs/play.md).

Nothing heavy is imported here, so the main window can add Game ▸ Play
(`desktop.ui.play.launch`) without loading pyqtgraph or the rules engine
until a game starts.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "PlayWindow":
        from desktop.ui.play.window import PlayWindow

        return PlayWindow
    raise AttributeError(name)


__all__ = ["PlayWindow"]
