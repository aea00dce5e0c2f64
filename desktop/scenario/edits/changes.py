"""What an edit changed, by id, so that views refresh only that."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from desktop.scenario.model import Scenario


@dataclass(frozen=True)
class Changes:
    """What differs between two scenarios, by id; views refresh only that."""

    table: bool = False
    terrain: frozenset[str] = frozenset()
    pieces: frozenset[str] = frozenset()
    sides: frozenset[str] = frozenset()
    game: bool = False
    text: bool = False
    #: Set when the whole scenario was swapped (New, Open): refresh everything.
    everything: bool = False
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def __bool__(self) -> bool:
        return bool(self.table or self.terrain or self.pieces or self.sides or self.game
                    or self.text or self.everything)

    @property
    def ids(self) -> frozenset[str]:
        return self.terrain | self.pieces | self.sides


def _diff_by_id(old: Sequence[Any], new: Sequence[Any]) -> set[str]:
    if old is new:
        return set()
    a = {x.id: x for x in old}
    b = {x.id: x for x in new}
    out = set(a.keys() ^ b.keys())
    for k in a.keys() & b.keys():
        if a[k] is not b[k] and a[k] != b[k]:
            out.add(k)
    return out


def diff(old: Scenario, new: Scenario) -> Changes:
    """What changed from `old` to `new`; cheap thanks to shared, unchanged parts."""
    if old is new:
        return Changes()
    terrain = _diff_by_id(old.terrain, new.terrain)
    pieces: set[str] = set()
    sides: set[str] = set()
    if old.sides is not new.sides:
        a = {side.id: side for side in old.sides}
        b = {side.id: side for side in new.sides}
        sides |= a.keys() ^ b.keys()
        for sid in a.keys() | b.keys():
            sa, sb = a.get(sid), b.get(sid)
            if sa is sb:
                continue
            if sa is None or sb is None:
                side = sa or sb
                assert side is not None
                pieces |= {u.id for u in side.units} | {o.id for o in side.officers}
                continue
            if (sa.name, sa.colour, sa.baseline) != (sb.name, sb.colour, sb.baseline):
                sides.add(sid)
                pieces |= {u.id for u in sb.units} | {o.id for o in sb.officers}
            pieces |= _diff_by_id(sa.units, sb.units)
            pieces |= _diff_by_id(sa.officers, sb.officers)
            if sa.units != sb.units and [u.id for u in sa.units] != [u.id for u in sb.units]:
                sides.add(sid)  # roster order or membership changed
    return Changes(
        table=old.table != new.table,
        terrain=frozenset(terrain),
        pieces=frozenset(pieces),
        sides=frozenset(sides),
        game=old.game is not new.game and old.game != new.game,
        text=(old.title, old.briefing, old.author, old.ruleset, old.ruleset_options)
        != (new.title, new.briefing, new.author, new.ruleset, new.ruleset_options),
    )
