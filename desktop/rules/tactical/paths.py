"""Where a Tactical Dice unit may go this turn (seed 001, "Movement"; RULINGS.md):
its allowance, what the ground lets it step onto, and its paths: the squares
they end at found by a search over (square, steps left) and kept with the
board for the pieces that can change them, the paths themselves walked only
when asked for.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from desktop.rules.tactical import constants as C
from desktop.rules.tactical.base import _ON_TABLE, _PATHS_KEPT, TacticalBase
from desktop.rules.tactical.grid import STEPS, Square, add, square_name, step_between
from desktop.rules.tactical.kept import Path, _Paths
from desktop.rules.tactical.state import TUnit
from desktop.rules.tactical.words import area as area_words

#: Ground that slows every kind of unit, and the ground that slows skirmishers too.
_SLOW = frozenset({C.CROPS, C.ROUGH})
#: No bound on a path's length from the ground it crosses.
_NO_BOUND = 1 << 30
_SKIRMISH_SLOW = frozenset({C.WOOD, C.MARSH})


class TacticalPaths(TacticalBase):
    """Allowances, steps and paths."""

    def allowance(self, u: TUnit, charge: bool = False) -> int:
        k = self.kind(u)
        if k == "cavalry":
            return C.CAVALRY_CHARGE if charge else C.CAVALRY_MOVE
        if k == "skirmish":
            return C.SKIRMISH_MOVE
        if k == "artillery":
            return C.ARTILLERY_POINTS[u.type] - u.points
        return C.INFANTRY_FIGHTING_MOVE if charge else C.INFANTRY_MOVE

    def _limit(self, u: TUnit, squares: Sequence[Square], charge: bool) -> int:
        n = self.allowance(u, charge)
        k = self.kind(u)
        areas = {self.board.area(s) for s in squares}
        if areas & {C.CROPS, C.ROUGH}:
            n = min(n, C.CROPS_MOVE[k])
        if k == "skirmish" and areas & {C.WOOD, C.MARSH}:
            n = min(n, C.WOOD_SKIRMISH_MOVE)
        return n

    def step_problem(self, u: TUnit, a: Square, b: Square) -> tuple[str | None, bool]:
        """Why `u` cannot step from a to b (None if it can), and whether it must stop there."""
        if not self.board.on_board(b):
            return "off the table", False
        other = self.unit_at(b)
        if other is not None and other is not u:
            return f"{square_name(b)} is occupied by {other.id}", False
        return self.terrain_step(self.kind(u), a, b)

    def terrain_step(self, k: str, a: Square, b: Square) -> tuple[str | None, bool]:
        """The ground's answer for a unit of kind `k` stepping from a to b (cached)."""
        key = (k, a, b)
        got = self._steps.get(key)
        if got is not None:
            return got
        bd = self.board
        area = bd.area(b)
        road = bd.on_road(a, b)
        crossed = bd.crossed(a, b)
        stop = False
        why: str | None = None
        if area == C.LAKE:
            why = f"{square_name(b)} is water"
        elif area in (C.WOOD, C.MARSH) and k != "skirmish" and not road:
            why = f"formed troops enter {square_name(b)} ({area_words(area)}) only along a road"
        elif area == C.TOWN and k in ("cavalry", "artillery") and not road:
            why = "cavalry and artillery enter a built-up area only along a road"
        elif not bd.water_crossing_ok(a, b):
            why = "rivers are crossed only at a bridge or ford"
        elif crossed & C.IMPASSABLE_BARRIERS and k in ("cavalry", "artillery"):
            why = "cavalry and artillery cannot cross a high wall"
        else:
            if k != "skirmish" and crossed & C.BARRIERS:
                stop = True
            if k == "infantry" and area == C.TOWN and not road:
                stop = True
        self._steps[key] = (why, stop)
        return why, stop

    def _enemy_next_to(self, side: str, sq: Square) -> bool:
        got: set[Square] | None = self._cached(("touch", side))
        if got is None:
            got = {add(e.sq, d) for e in self.enemies_of(side) for d in STEPS}
            self._store(("touch", side), got)
        return sq in got

    def paths(self, u: TUnit, charge: bool = False) -> Iterator[Path]:
        """Every simple path `u` may take this turn (start excluded).  Squares before
        the last may not touch an enemy orthogonally; nor may the last of a plain move."""
        yield from self._every_path(self._paths_of(u, charge))[0]

    def _paths_of(self, u: TUnit, charge: bool) -> _Paths:
        """`u`'s paths, worked out once for its kind, square and allowance and the
        pieces that can change them (`_ground_codes`: nothing else can)."""
        mine: _Paths | None = self._cached(("paths", u.id, charge))
        if mine is not None:
            return mine
        if self._kept_ok and not self._in_apply and self._kept is not None:
            block = self._kept.units.get(u.id)
            if block is not None:
                got = block.charge if charge else block.walk
                if got is not None:
                    return got
        reach = self.allowance(u, charge)
        k = self.kind(u)
        sq = u.sq
        # Each piece is named by one number (its square's number, twice, plus one
        # for an enemy): a key of small numbers is quicker to hash than pairs.
        codes: list[int] | None = self._cached(("codes", u.side))
        if codes is None:
            rows, side = self.board.rows, u.side
            codes = self._store(("codes", side), [
                (x.sq[0] * rows + x.sq[1]) * 2 + (x.side != side)
                for x in self.st.units.values() if x.status in _ON_TABLE])
        relevant = self._ground_codes(k, sq, reach, charge)
        near = tuple([code for code in codes if code in relevant])
        key = (k, sq, reach, charge, near)
        got = self._path_memo.get(key)
        if got is None:
            if len(self._path_memo) >= _PATHS_KEPT:
                self._path_memo.clear()
            got = self._path_memo[key] = self._find_paths(k, sq, reach, charge, near,
                                                          relevant)
        self._store(("paths", u.id, charge), got)
        return got

    def _ground_codes(self, k: str, start: Square, reach: int, charge: bool
                      ) -> frozenset[int]:
        """The pieces that can change the paths of a unit of kind `k` from `start`
        with `reach` steps, as `_paths_of` codes them, kept with the board: a friend
        on a square the ground alone lets a path reach, an enemy there or next to
        one (a square next to an enemy ends a path); for a charge also an enemy
        next to the start (a target where the unit stands).  Pieces only take
        squares and end paths, so the paths among the pieces reach a part of what
        the ground alone allows, and a piece anywhere else changes nothing."""
        key = ("near", k, start, reach, charge)
        got: frozenset[int] | None = self.board.memo.get(key)
        if got is None:
            bd = self.board
            rows = bd.rows
            codes: set[int] = set()
            ground = self._find_paths(k, start, reach, False, (), frozenset())
            for end in ground.ends:
                code = (end[0] * rows + end[1]) * 2
                codes.add(code)
                codes.add(code + 1)
                for n in bd.neighbours(end):
                    codes.add((n[0] * rows + n[1]) * 2 + 1)
            if charge:
                for n in bd.neighbours(start):
                    codes.add((n[0] * rows + n[1]) * 2 + 1)
            got = bd.memo[key] = frozenset(codes)
        return got

    @staticmethod
    def _enemy_within(u: TUnit, enemies: Sequence[TUnit], steps: int) -> bool:
        """Whether one of `enemies` stands within `steps` orthogonal steps of `u`."""
        c0, r0 = u.sq
        for t in enemies:
            c, r = t.sq
            if abs(c - c0) + abs(r - r0) <= steps:
                return True
        return False

    def _enemy_codes(self, start: Square, steps: int) -> frozenset[int]:
        """An enemy on any square within `steps` orthogonal steps of `start`, coded
        as `_paths_of` codes pieces (kept with the board)."""
        key = ("enemies near", start, steps)
        got: frozenset[int] | None = self.board.memo.get(key)
        if got is None:
            bd = self.board
            c0, r0 = start
            got = bd.memo[key] = frozenset(
                (c * bd.rows + r) * 2 + 1
                for c in range(max(0, c0 - steps), min(bd.cols, c0 + steps + 1))
                for r in range(max(0, r0 - steps), min(bd.rows, r0 + steps + 1))
                if abs(c - c0) + abs(r - r0) <= steps)
        return got

    def _find_paths(self, k: str, start: Square, reach: int, charge: bool,
                    near: Sequence[int], relevant: frozenset[int]) -> _Paths:
        """The squares a path from `start` may end at, and the fewest steps to each:
        a breadth-first search over (square, limit).  Steps go onto free squares the
        ground allows, no more than the allowance, cut short by crops or rough ground
        (and woods or marsh for skirmishers) anywhere on the path, start included; a
        square next to an enemy ends a path (and is no place to end a plain move).
        A square left once with a limit is not left again with a smaller one later:
        whatever that could reach, the earlier visit reaches as soon.  Any walk
        with a loop has a shorter simple path to the same end (the limit only
        shrinks along a path), so the squares and steps are the simple paths'.
        `near` names the pieces that can change the paths as _paths_of codes them,
        `relevant` every such code (`_ground_codes`)."""
        rows = self.board.rows
        taken: set[Square] = set()
        touched: set[Square] = set()
        for v in near:
            c, r = divmod(v >> 1, rows)
            taken.add((c, r))
            if v & 1:  # an enemy: the squares next to it (STEPS)
                touched.update(((c, r - 1), (c + 1, r), (c, r + 1), (c - 1, r)))
        occupied, touch = frozenset(taken), frozenset(touched)
        limit = min(reach, self._area_bound(k, self.board.area(start))) if reach > 0 else 0
        ends: dict[Square, int] = {}
        got = _Paths(k, start, charge, limit, relevant, occupied, touch, ends)
        if reach <= 0:
            return got
        walk = self._walk_table(k)
        steps_from = self._steps_from
        left: dict[Square, int] = {start: limit}
        frontier: list[tuple[Square, int]] = [(start, limit)]
        n = 0
        while frontier:
            n += 1
            nxt: list[tuple[Square, int]] = []
            for here, most in frontier:
                if n > most:
                    continue
                steps = walk.get(here)
                if steps is None:
                    steps = steps_from(k, here)
                for b, stop, bound in steps:
                    if b == start or b in occupied:
                        continue
                    lim = most if most <= bound else bound
                    if n > lim:
                        continue
                    touching = b in touch
                    if (charge or not touching) and b not in ends:
                        ends[b] = n
                    if not stop and not touching and left.get(b, -1) < lim:
                        left[b] = lim
                        nxt.append((b, lim))
            frontier = nxt
        return got

    def _first_path(self, found: _Paths, end: Square, length: int,
                    final: Square | None = None) -> Path | None:
        """The first path of `length` steps ending at `end` in the order a depth-first
        walk meets every simple path (north, east, south, west first), with its last
        steps (up to CHARGE_STRAIGHT) all `final` when given; None if there is none.
        Branches that cannot reach `end` in the steps left are not walked: what is
        left is met in the same order."""
        k, start, charge = found.kind, found.start, found.charge
        occupied, touch = found.occupied, found.touch
        walk = self._walk_table(k)
        steps_from = self._steps_from
        ec, er = end

        def extend(path: Path, here: Square, limit: int) -> Path | None:
            n = len(path) + 1
            steps = walk.get(here)
            if steps is None:
                steps = steps_from(k, here)
            for b, stop, bound in steps:
                if b == start or b in path or b in occupied:
                    continue
                lim = limit if limit <= bound else bound
                if n > lim or n + abs(b[0] - ec) + abs(b[1] - er) > length:
                    continue
                touching = b in touch
                if b == end:
                    if n == length and (charge or not touching):
                        new = (*path, b)
                        if final is None or _straight_tail(start, new, final):
                            return new
                    continue
                if n < length and not stop and not touching:
                    got = extend((*path, b), b, lim)
                    if got is not None:
                        return got
            return None

        return extend((), start, found.limit) if found.limit > 0 else None

    def _path_to(self, found: _Paths, end: Square) -> Path:
        """The first shortest path to `end` (a square in `found.ends`)."""
        got = found.moves.get(end)
        if got is None:
            got = self._first_path(found, end, found.ends[end])
            assert got is not None, (found.start, end)
            found.moves[end] = got
        return got

    def _every_path(self, found: _Paths) -> tuple[list[Path], dict[Square, list[Path]]]:
        """Every simple path in the order a depth-first walk meets them (north, east,
        south, west first), and those ending at each square: only for a person or a
        test asking for them all."""
        if found.every is not None:
            return found.every
        k, start, charge = found.kind, found.start, found.charge
        occupied, touch = found.occupied, found.touch
        out: list[Path] = []
        ending: dict[Square, list[Path]] = {}
        walk = self._walk_table(k)
        steps_from = self._steps_from

        def extend(path: Path, here: Square, limit: int) -> None:
            n = len(path) + 1
            steps = walk.get(here)
            if steps is None:
                steps = steps_from(k, here)
            for b, stop, bound in steps:
                if b == start or b in path or b in occupied:
                    continue
                lim = limit if limit <= bound else bound
                if n > lim:
                    continue
                new = (*path, b)
                touching = b in touch
                if charge or not touching:
                    out.append(new)
                    ending.setdefault(b, []).append(new)
                if not stop and not touching:
                    extend(new, b, lim)

        if found.limit > 0:
            extend((), start, found.limit)
        found.every = (out, ending)
        return found.every

    def _area_bound(self, k: str, area: str) -> int:
        """The most steps a path of a unit of kind `k` may have once it has been
        on ground `area` (crops or rough ground for all; woods and marsh for
        skirmishers); a number beyond any allowance when the ground costs nothing."""
        bound = _NO_BOUND
        if area in _SLOW:
            bound = min(bound, C.CROPS_MOVE[k])
        if k == "skirmish" and area in _SKIRMISH_SLOW:
            bound = min(bound, C.WOOD_SKIRMISH_MOVE)
        return bound

    def _walk_table(self, k: str) -> dict[Square, tuple[tuple[Square, bool, int], ...]]:
        """The steps a unit of kind `k` may take from each square, kept with the
        board (the ground never changes): see :meth:`_steps_from`."""
        got: dict[Square, tuple[tuple[Square, bool, int], ...]] = \
            self.board.memo.setdefault(("walk", k), {})
        return got

    def _steps_from(self, k: str, here: Square) -> tuple[tuple[Square, bool, int], ...]:
        """From `here`, in the order of the board's neighbours: each square the
        ground lets a unit of kind `k` step onto, whether it must stop there, and
        the bound that square's ground puts on the path's length."""
        bd = self.board
        out = []
        for b in bd.neighbours(here):
            why, stop = self.terrain_step(k, here, b)
            if why is None:
                out.append((b, stop, self._area_bound(k, bd.area(b))))
        got = tuple(out)
        self._walk_table(k)[here] = got
        return got


def _straight_tail(start: Square, path: Path, final: Square) -> bool:
    """Whether the last steps of `path` from `start` (up to CHARGE_STRAIGHT) are all
    `final`: a cavalry charge ends in a straight line."""
    steps = [step_between(a, b) for a, b in zip((start, *path), path, strict=False)]
    return all(s == final for s in steps[-C.CHARGE_STRAIGHT:])
