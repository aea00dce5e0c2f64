"""The play window: referee a battle on screen (see docs/play.md)."""

from desktop.ui.play.window import PlayWindow

__all__ = ["PlayWindow"]
