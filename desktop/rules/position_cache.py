"""Answers worked out once per position of a game, forgotten when it moves on.

Engines and views ask the same questions of one position many times (random
play and the computer player check a move, then apply it; the window draws
the pieces for every repaint).  A :class:`PositionCache` keeps the answers
under a *stamp* that names the position: ``Game.position_stamp()`` (the
actions applied), or a counter of the ruleset's own that every change of the
state renews.  Asked with another stamp, it starts afresh, so an answer can
never outlive its position.  Which stamp names a position is the ruleset's
business; keeping and forgetting is this one helper's.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

T = TypeVar("T")

#: The stamp of a cache that has kept nothing yet (equal to no stamp).
_NOWHERE = object()


class PositionCache:
    """Values by key, kept for one position (`stamp`) at a time.

    `limit` caps the entries kept for one position: past it, a new answer is
    worked out but not kept (None: no cap).
    """

    __slots__ = ("_stamp", "_values", "limit")

    def __init__(self, limit: int | None = None) -> None:
        self._stamp: object = _NOWHERE
        self._values: dict[Hashable, Any] = {}
        self.limit = limit

    def at(self, stamp: Hashable) -> dict[Hashable, Any]:
        """The values kept for the position `stamp` (emptied if it is a new one)."""
        if stamp != self._stamp:
            self._values = {}
            self._stamp = stamp
        return self._values

    def get(self, stamp: Hashable, key: Hashable, make: Callable[[], T]) -> T:
        """The value for `key` at position `stamp`: kept, or `make()` now."""
        values = self.at(stamp)
        try:
            got: T = values[key]
            return got
        except KeyError:
            value = make()
            if self.limit is None or len(values) < self.limit:
                values[key] = value
            return value

    def copy(self) -> PositionCache:
        """Another cache holding the same answers (for a game's clone, which
        stands where the original stands until one of them moves on)."""
        other = PositionCache(self.limit)
        other._stamp, other._values = self._stamp, dict(self._values)
        return other

    def clear(self) -> None:
        """Forget everything (the state was changed behind the stamp's back)."""
        self._values = {}
        self._stamp = _NOWHERE
