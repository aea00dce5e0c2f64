"""The table: a QGraphicsScene of terrain, forces and markers, and its view.

`TableScene.set_scenario(scenario)` (re)builds the items from an immutable
scenario value, keeping the items whose value did not change, so editors and
the play window can refresh it after every command.
"""

from desktop.ui.table.scene import TableScene
from desktop.ui.table.view import TableView

__all__ = ["TableScene", "TableView"]
