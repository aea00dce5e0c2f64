"""Editing tools: classes that take events in table inches and push undo commands."""

from desktop.ui.tools.base import Overlay, Tool, ToolContext, ToolEvent
from desktop.ui.tools.manager import ToolManager, make_tools

__all__ = ["Overlay", "Tool", "ToolContext", "ToolEvent", "ToolManager", "make_tools"]
