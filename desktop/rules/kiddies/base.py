"""What every part of a Kiddies game reads: its fields, the answers kept per
state or per placing of the figures, who is on the table and near where,
spans and moves, and who mans each cannon.

`KiddiesBase` lists the game's fields (`desktop.rules.kiddies.game.
KiddiesGame`'s constructor fills them), so that the parts of the game in the
other modules of this package, each a `KiddiesBase`, are typed against one
list and never import the game itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TypeVar

from desktop.rules.engine import Event, Game, Outcome
from desktop.rules.kiddies.constants import CANNON, MOVE_SPANS, ROAD_BONUS_SPANS
from desktop.rules.kiddies.pieces import ACTIVE, DESTROYED, KILLED, Figure
from desktop.rules.kiddies.table import KiddiesTable, manning_side, volley_windows
from desktop.rules.position_cache import PositionCache
from desktop.rules.victory import VictoryJudge
from desktop.scenario.model import Point

T = TypeVar("T")

#: Side (inches) of the cells of the grid that finds the figures near a point.
GRID_CELL = 4.0


def _grid_of(figures: Sequence[Figure]) -> dict[tuple[int, int], list[int]]:
    """Positions in `figures` by the GRID_CELL cell of their centres."""
    cells: dict[tuple[int, int], list[int]] = {}
    for i, f in enumerate(figures):
        cells.setdefault((math.floor(f.x / GRID_CELL), math.floor(f.y / GRID_CELL)),
                         []).append(i)
    return cells


class KiddiesBase(Game):
    """The fields of a Kiddies game and the answers read straight off the table."""

    tabletop: bool
    table: KiddiesTable
    turn_limit: int
    judge: VictoryJudge
    sides: tuple[str, str]
    figures: dict[str, Figure]
    _widest: float
    _cannon_ids: tuple[str, ...]
    _ver: int
    _geo_ver: int
    _status_ver: int
    _roster_ver: int
    _roster: dict[str | None, tuple[Figure, ...]]
    _roster_memo_ver: int
    _last_grid: tuple[tuple[Figure, ...], list[tuple[float, float]],
                      dict[tuple[int, int], list[int]], tuple[str, ...]] | None
    _memo: PositionCache
    _geo_memo: PositionCache
    _immediate: tuple[int, Outcome | None] | None
    _turn: int
    _phase: str
    _side: str | None
    _outcome: Outcome | None
    initiative: str
    first: str
    order: tuple[str, ...]
    order_index: int
    manned_at_start: dict[str, str]
    skirmished: set[str]
    categories: dict[str, str]
    flicks: int
    _occupy_targets: dict[str, list[Point]]
    _exit_sides: frozenset[str]
    _exit_band: dict[str, tuple[bool, float, float]]

    def _name(self, side: str) -> str:
        return self.scenario.side(side).name or side

    def other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def _changed(self, place: bool = True, status: bool = False) -> None:
        """A figure moved, turned, fell, left or changed hands (`place`), or only
        fired or was readied for a new turn; `status`: it left the fight."""
        self._ver += 1
        if place or status:
            self._geo_ver += 1
        if status:
            self._status_ver += 1
            self._roster_ver += 1

    def _placed(self, key: object, make: Callable[[], T]) -> T:
        """`make()`, worked out once per placing of the figures (what does not read
        whether they have moved or fired this turn)."""
        return self._geo_memo.get(self._geo_ver, key, make)

    def _cached(self, key: object, make: Callable[[], T]) -> T:
        """`make()`, worked out once per state of the figures."""
        return self._memo.get(self._ver, key, make)

    def _active(self, side: str | None = None) -> tuple[Figure, ...]:
        if self._roster_memo_ver != self._roster_ver:
            self._roster = {}
            self._roster_memo_ver = self._roster_ver
        got = self._roster.get(side)
        if got is None:
            everyone = self._roster.get(None)
            if everyone is None:
                everyone = self._roster[None] = tuple(
                    f for f in self.figures.values() if f.status == ACTIVE)
            got = everyone if side is None else tuple(f for f in everyone if f.side == side)
            self._roster[side] = got
        return got

    def active(self, side: str | None = None) -> list[Figure]:
        return list(self._active(side))

    def _around(self, x: float, y: float, r: float) -> list[Figure]:
        """The active figures whose centres may lie within `r` of (x, y) across and down
        (a superset: a grid of GRID_CELL cells), in the order of :meth:`active`."""
        everyone = self._active()
        cells = self._placed(("grid",), lambda: self._regrid(everyone))
        found: list[int] = []
        for cx in range(math.floor((x - r) / GRID_CELL), math.floor((x + r) / GRID_CELL) + 1):
            for cy in range(math.floor((y - r) / GRID_CELL),
                            math.floor((y + r) / GRID_CELL) + 1):
                got = cells.get((cx, cy))
                if got:
                    found.extend(got)
        found.sort()
        return [everyone[i] for i in found]

    def _regrid(self, everyone: tuple[Figure, ...]) -> dict[tuple[int, int], list[int]]:
        """The grid of `everyone`, from the last one made for the same figures (or
        a clone's of them, the same ids in the same order) when there is one: only
        the figures that changed cell are moved (the last grid is left as it was:
        a clone may share it)."""
        last = self._last_grid
        now = [(f.x, f.y) for f in everyone]
        if last is None or (last[0] is not everyone
                            and last[3] != tuple([f.id for f in everyone])):
            cells = _grid_of(everyone)
            self._last_grid = (everyone, now, cells, tuple([f.id for f in everyone]))
            return cells
        _, places, old, ids = last
        cells = old
        if now == places:
            if last[0] is not everyone:
                self._last_grid = (everyone, now, cells, ids)
            return cells
        moved = [i for i, (p, q) in enumerate(zip(now, places, strict=True)) if p != q]
        floor = math.floor
        for i in moved:
            f = everyone[i]
            x, y = places[i]
            was = (floor(x / GRID_CELL), floor(y / GRID_CELL))
            key = (floor(f.x / GRID_CELL), floor(f.y / GRID_CELL))
            if key != was:
                if cells is old:
                    cells = dict(old)
                cells[was] = [j for j in cells[was] if j != i]
                if not cells[was]:
                    del cells[was]
                cells[key] = [*cells.get(key, ()), i]
        self._last_grid = (everyone, now, cells, ids)
        return cells

    def span(self) -> float:
        return self.table.span

    def allowance(self, f: Figure, on_road: bool = False) -> float:
        """How far (inches) the figure may move this turn (seed, "How to move")."""
        spans = MOVE_SPANS[f.kind] + (ROAD_BONUS_SPANS if on_road else 0.0)
        return spans * self.table.span

    def groups(self, side: str) -> list[tuple[str, ...]]:
        return list(self._volley_windows(side)[0])

    def _volley_windows(self, side: str) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
        return self._placed(("volley", side), lambda: volley_windows(self._active(side)))

    def _update_cannons(self) -> None:
        """A cannon belongs to the side manning it (RULINGS: either side may man it)."""
        for cid in self._cannon_ids:
            f = self.figures[cid]
            if f.status == ACTIVE:
                s = self._manning(f)
                if s is not None and s != f.side:
                    f.side = s
                    self._roster_ver += 1
                    self._changed()

    def manned(self, cannon: Figure) -> bool:
        return cannon.active and self._manning(cannon) == cannon.side

    def _manning(self, cannon: Figure) -> str | None:
        # crew_sides counts only figures within 4" across and down of the cannon
        return self._placed(("manning", cannon.id),
                            lambda: manning_side(cannon, self._around(cannon.x, cannon.y, 4.0)))

    def _own(self, side: str, fid: str) -> Figure | str:
        f = self.figures.get(fid)
        if f is None:
            return f"there is no figure '{fid}'"
        if not f.active:
            return f"{fid} is no longer on the table"
        if f.side != side:
            return f"{fid} is not yours"
        return f

    def _kill(self, f: Figure, why: str, ev: list[Event]) -> None:
        self._changed(status=True)
        if f.kind == CANNON:
            f.status = DESTROYED
            ev.append(Event("destroyed", f"{f.id} is destroyed ({why})", {"figure": f.id}))
        else:
            f.status = KILLED
            ev.append(Event("killed", f"{f.id} is killed ({why})",
                            {"figure": f.id, "side": f.side, "unit": f.unit}))
