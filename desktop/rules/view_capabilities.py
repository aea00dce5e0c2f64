"""What a ruleset's play view offers beyond the core protocol, as types.

The core :class:`~desktop.rules.view.PlayView` answers what every ruleset is
asked (pieces, moves, attacks, odds, cards, words).  A ruleset whose play needs
more of the window implements one of these protocols as well, and the window
and the computer players ask ``isinstance(view, FlicksView)`` before they offer its
tools.  A view's class says what it offers; there are no flags to keep in step
with it (tests/rules/test_view_conformance.py checks every registered view).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from desktop.rules.engine import Action, Event
from desktop.rules.view_values import Aim, Flight


@runtime_checkable
class FiguresView(Protocol):
    """Pieces are individual figures: drawn as small bases, selected in groups,
    the figures that shoot together outlined and each gun shown manned or not."""

    def volley_group(self, fid: str) -> tuple[str, ...] | None:
        """The figures that shoot together with `fid`, if it is in such a group."""
        ...

    def volley_groups(self) -> list[tuple[str, ...]]:
        """Figures that shoot together (outlined on the table)."""
        ...

    def cannons(self) -> list[tuple[str, bool]]:
        """Each gun figure and whether it is manned."""
        ...


@runtime_checkable
class GroupMovesView(Protocol):
    """Several figures may be moved together (a shift and a turn about their centre)."""

    def group_action(self, ids: list[str], dx: float, dy: float, turn: float) -> Action | None:
        """The action moving figures `ids` together by (dx, dy), turning `turn`."""
        ...

    def group_ends(self, ids: list[str], dx: float, dy: float,
                   turn: float) -> dict[str, tuple[float, float, float]]:
        """Where each figure of a group move ends: (x, y, facing)."""
        ...


@runtime_checkable
class FlicksView(Protocol):
    """Shots are flicked: aimed by a heading and a strength, then simulated (or
    flicked on a real table, the player recording who fell)."""

    @property
    def tabletop(self) -> bool:
        """Flicks are made on a real table and the player records who fell."""
        ...

    def shot_kind(self) -> str | None:
        """The kind of flick being fired now (None: no flicking now)."""
        ...

    def shooters(self) -> list[str]:
        """Pieces that may flick now."""
        ...

    def aim(self, shooter: str, heading: float, strength: float) -> Aim | None:
        """The flick `shooter` would make, as the engine judges it."""
        ...

    def shot_action(self, aim: Aim) -> Action | None:
        """The action that makes an aimed flick."""
        ...

    def strength_for(self, shooter: str, distance: float) -> float:
        """The strength of a flick that slides `distance` on open table."""
        ...

    def fell_action(self, shooter: str, ids: list[str]) -> Action | None:
        """Tabletop flicks: the action recording which figures fell."""
        ...

    def flight(self, events: Sequence[Event]) -> Flight | None:
        """The flight of the first simulated flick among `events`, to animate."""
        ...


@runtime_checkable
class FacingBandsView(Protocol):
    """The reach depends on the facing a move ends with: the window says which
    facing its ghost ends with, and asks for the bands again when it pivots."""

    def end_facing(self, pid: str, facing: float) -> None:
        """The facing a drag of `pid` now ends with (the bands follow it)."""
        ...


@runtime_checkable
class GridView(Protocol):
    """Moves go square to square: the table is a grid of named squares."""

    def square_name(self, x: float, y: float) -> str:
        """The name of the square holding the point (x, y): "c4"."""
        ...


#: Every capability a view may offer, by the word the docs and the harness use.
CAPABILITIES: dict[str, type] = {
    "figures": FiguresView, "group moves": GroupMovesView, "flicks": FlicksView,
    "facing bands": FacingBandsView, "grid": GridView,
}
