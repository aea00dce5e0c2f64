"""Where name tags go on a crowded table.

A unit's or an officer's name is drawn on a small plate beside it.  Put
every plate in the same place (behind the base) and a column's name lands
on the next battalion, a general's on the battery he stands beside.  Each
tag instead takes the clearest of a few spots around what it names,
preferring them in the order given, so a tag only moves when its usual spot
is covered.

Plain arithmetic on upright rectangles (no shapely: this runs before the
window's first frame, and again around whatever moved on every edit).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from math import floor

#: (left, top, right, bottom) in table inches; y grows down the table.
Rect = tuple[float, float, float, float]

#: How much a square inch of overlap costs, by what it overlaps.
TAG_WEIGHT = 4.0  # another tag: both become unreadable
BASE_WEIGHT = 3.0  # a base, a marker: hides what is on the table
#: An officer's disc (or a unit's counters) is drawn above every unit, so a
#: unit's name under it loses its letters outright ("Horse of ●nt Solms"):
#: worse than touching another name.
DISC_WEIGHT = 6.0
#: A square inch of plate off the table's edge.
EDGE_WEIGHT = 2.0
#: Each step down the list of spots costs this share of the plate's own area,
#: so a tag leaves its usual spot only for a clearly better one.
STEP_COST = 0.005
#: Side of the cells of the spatial index, inches.
CELL = 4.0
#: Times the tags still covering something look again with all the others in place.
IMPROVE_ROUNDS = 3
#: How far past the best cost so far a spot's overlaps are still summed (see place_tags).
BOUND_MARGIN = 1e-6


@dataclass(frozen=True)
class Tag:
    """A name plate that may stand at any of `spots` (most preferred first)."""

    key: str
    spots: tuple[Rect, ...]


@dataclass(frozen=True)
class Obstacle:
    """Something a tag should not cover; `owner` is the key of its own tag, if any."""

    rect: Rect
    weight: float = BASE_WEIGHT
    owner: str = ""


def overlap(a: Rect, b: Rect) -> float:
    """The area two rectangles share."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    if w <= 0:
        return 0.0
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if h > 0 else 0.0


def _area(r: Rect) -> float:
    return (r[2] - r[0]) * (r[3] - r[1])


def _outside(r: Rect, table: Rect | None) -> float:
    if table is None or (r[0] >= table[0] and r[1] >= table[1] and r[2] <= table[2]
                         and r[3] <= table[3]):
        return 0.0  # (most spots: no sums to do)
    return _area(r) - overlap(r, table)


class _Grid:
    """Rectangles bucketed by CELL-sized squares, for 'what lies near here'."""

    def __init__(self) -> None:
        self._cells: dict[tuple[int, int], list[int]] = {}
        self.rects: list[Rect] = []
        self.weights: list[float] = []
        self.owners: list[str] = []
        #: The first cell (column, row) each rectangle lies in.
        self.firsts: list[tuple[int, int]] = []

    @staticmethod
    def _span(r: Rect) -> Iterable[tuple[int, int]]:
        for i in range(floor(r[0] / CELL), floor(r[2] / CELL) + 1):
            for j in range(floor(r[1] / CELL), floor(r[3] / CELL) + 1):
                yield i, j

    def add(self, r: Rect, weight: float, owner: str) -> int:
        n = len(self.rects)
        self.rects.append(r)
        self.weights.append(weight)
        self.owners.append(owner)
        self.firsts.append((floor(r[0] / CELL), floor(r[1] / CELL)))
        for c in self._span(r):
            self._cells.setdefault(c, []).append(n)
        return n

    def move(self, n: int, r: Rect) -> None:
        for c in self._span(self.rects[n]):
            self._cells[c].remove(n)
        self.rects[n] = r
        self.firsts[n] = (floor(r[0] / CELL), floor(r[1] / CELL))
        for c in self._span(r):
            self._cells.setdefault(c, []).append(n)

    def cost(self, r: Rect, key: str, bound: float = float("inf")) -> float:
        """Weighted overlap of `r` with everything here but what belongs to `key`;
        once the sum passes `bound` the rest is not added (the answer is then
        more than `bound`, which is all the caller needs to know)."""
        total = 0.0
        left, top, right, bottom = r
        rects, owners, weights, firsts = self.rects, self.owners, self.weights, self.firsts
        cells = self._cells
        i0, j0 = floor(left / CELL), floor(top / CELL)
        for i in range(i0, floor(right / CELL) + 1):
            for j in range(j0, floor(bottom / CELL) + 1):
                for n in cells.get((i, j), ()):
                    # A rectangle in several cells is counted in the first of them
                    # that `r` reaches too: the one its columns and rows start in.
                    fi, fj = firsts[n]
                    if (fi if fi > i0 else i0) != i or (fj if fj > j0 else j0) != j:
                        continue
                    o = rects[n]  # overlap(), inlined: this runs for every spot tried
                    w = (right if right < o[2] else o[2]) - (left if left > o[0] else o[0])
                    if w <= 0 or owners[n] == key:
                        continue
                    h = (bottom if bottom < o[3] else o[3]) - (top if top > o[1] else o[1])
                    if h > 0:
                        total += w * h * weights[n]
                        if total > bound:
                            return total
        return total


def _hull(spots: Sequence[Rect]) -> Rect:
    return (min(r[0] for r in spots), min(r[1] for r in spots),
            max(r[2] for r in spots), max(r[3] for r in spots))


class _News:
    """Where tags were put down or taken up, numbered in turn, by CELL-sized squares."""

    def __init__(self) -> None:
        self._cells: dict[tuple[int, int], list[tuple[int, Rect]]] = {}
        self.count = 0

    def add(self, r: Rect) -> None:
        self.count += 1
        for c in _Grid._span(r):
            self._cells.setdefault(c, []).append((self.count, r))

    def since(self, seen: int, area: Rect) -> bool:
        """Has anything after number `seen` overlapped `area`?"""
        if seen >= self.count:
            return False
        for c in _Grid._span(area):
            for n, r in reversed(self._cells.get(c, ())):
                if n <= seen:
                    break  # older news from here on
                if overlap(r, area) > 0:
                    return True
        return False


def place_tags(tags: Sequence[Tag], obstacles: Iterable[Obstacle],
               table: Rect | None = None,
               fixed: Mapping[str, Rect] | None = None) -> dict[str, int]:
    """The spot each tag takes (an index into its `spots`).

    Tags are placed greedily in the order given, each on the spot where it
    covers least (other tags, obstacles, the world beyond `table`), then each
    tag that still covers something looks again with all the others in
    place (a few rounds, while any tag moves).  `fixed` are tags already
    standing that are not to move (an edit re-places only the tags around
    what changed).
    """
    grid = _Grid()
    for ob in obstacles:
        grid.add(ob.rect, ob.weight, ob.owner)
    for key, r in (fixed or {}).items():
        grid.add(r, TAG_WEIGHT, key)
    chosen: dict[str, int] = {}
    slot: dict[str, int] = {}
    costs: dict[str, float] = {}

    def best(tag: Tag) -> tuple[int, float]:
        pick, low = 0, float("inf")
        for i, spot in enumerate(tag.spots):
            area = _area(spot)
            c = i * STEP_COST * area
            if c >= low:
                break  # later spots start dearer still
            edge = _outside(spot, table) * EDGE_WEIGHT
            # a spot whose overlaps pass what the best so far costs is out: stop adding
            # (with a margin, so rounding never drops a spot that would have won)
            c += grid.cost(spot, tag.key, low - c - edge + BOUND_MARGIN) + edge
            if c < low:
                pick, low = i, c
                if c == i * STEP_COST * area:
                    break  # clear: nothing later can beat it
        return pick, low

    # What has been put down or moved since each tag last looked: a tag looks
    # again only if something came or went within reach of its spots (else its
    # answer is the one it had).
    news = _News()
    looked: dict[str, int] = {}
    for tag in tags:
        if not tag.spots:
            continue
        i, c = best(tag)
        chosen[tag.key], costs[tag.key] = i, c
        slot[tag.key] = grid.add(tag.spots[i], TAG_WEIGHT, tag.key)
        news.add(tag.spots[i])
        looked[tag.key] = news.count
    hulls = {tag.key: _hull(tag.spots) for tag in tags if tag.spots}
    for _round in range(IMPROVE_ROUNDS):
        changed = False
        for tag in tags:
            if not tag.spots:
                continue
            now = chosen[tag.key]
            if costs[tag.key] <= now * STEP_COST * _area(tag.spots[now]):
                continue  # clear where it is
            if not news.since(looked[tag.key], hulls[tag.key]):
                continue  # nothing near it changed since it looked
            i, costs[tag.key] = best(tag)
            if i != now:
                chosen[tag.key] = i
                news.add(grid.rects[slot[tag.key]])
                grid.move(slot[tag.key], tag.spots[i])
                news.add(tag.spots[i])
                changed = True
            looked[tag.key] = news.count
        if not changed:
            break
    return chosen


#: Where along the row behind (or in front of) its base a plate may slide,
#: as the share of the plate left of the base's centre, most preferred first.
SLIDES = (0.4, 0.6, 0.25, 0.75, 0.05, 0.95)
#: How many of spots_around's spots lie close behind or beside the base (the
#: rest go round to its front and further off).
NEAR_SPOTS = 3 + len(SLIDES)


def spots_around(body: Rect, size: tuple[float, float], behind_below: bool = True,
                 gap: float = 0.12) -> tuple[Rect, ...]:
    """Plate positions around an upright `body` for a plate of `size` (width, height).

    In order: behind it (below, or above when `behind_below` is false),
    beside it on the right and on the left, behind it slid to either side
    (a little, then most of the way), in front of it (centred, then slid),
    beside it level with its rear, then one plate further behind.  Every
    spot lies in the base's own row or column, so a name does not wander
    off to another's (issue 34: in a crowded line a name needs more than a
    few spots to choose from, or it ends under the next base or a general's
    disc).
    """
    x0, y0, x1, y1 = body
    w, h = size
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if behind_below:
        back, front, further, rear_row = y1 + gap, y0 - gap - h, y1 + gap + h, y1 - h
    else:
        back, front, further, rear_row = y0 - gap - h, y1 + gap, y0 - gap - 2 * h, y0

    def at(left: float, top: float) -> Rect:
        return (left, top, left + w, top + h)

    right, left = x1 + gap, x0 - gap - w
    return (
        at(cx - w / 2, back),
        at(right, cy - h / 2),
        at(left, cy - h / 2),
        *(at(cx - w * f, back) for f in SLIDES),
        at(cx - w / 2, front),
        *(at(cx - w * f, front) for f in SLIDES),
        at(right, rear_row),
        at(left, rear_row),
        at(cx - w / 2, further),
    )
