"""One drag (or proposal) of a piece on the play table: a value the window
holds and its parts read, kept apart from the code that makes it
(desktop.ui.play.dragging) so the window's description of itself
(desktop.ui.play.host) can name it without importing a part."""

from __future__ import annotations

from dataclasses import dataclass, field

from desktop.play.allowance import Bands, Probe
from desktop.rules.view_values import PieceInfo
from desktop.ui.play.items import GhostItem


@dataclass
class Drag:
    pid: str
    piece: PieceInfo
    offset: tuple[float, float]  # cursor minus centre at the press
    bands: Bands | None
    x: float
    y: float
    facing: float
    probe: Probe | None = None
    #: Figures moved together with `pid` (a group move), and their ghosts.
    members: tuple[str, ...] = ()
    ghosts: list[GhostItem] = field(default_factory=list)
    #: The cursor went past the full move: the ghost stopped at the band's edge.
    clamped: bool = False
    #: The cursor went past a limit of the rules (a stop short of the enemy): the
    #: ghost stopped on it; the limit in words.
    snapped: str = ""
