"""Shooting in Kiddies: who may fire in each category (manned cannons, the
ends of volley groups of five regulars, skirmishers), and a shot flicked by
the simulation (`desktop.rules.kiddies.flick`) or recorded from the table."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from desktop.rules.engine import Event
from desktop.rules.kiddies import flick
from desktop.rules.kiddies.actions import Fell, Shoot
from desktop.rules.kiddies.base import KiddiesBase
from desktop.rules.kiddies.constants import (
    CANNON,
    CAVALRY,
    FRONT_ARC,
    NO_VOLLEY_IN,
    PELLET_OF,
    SKIRMISHER,
)
from desktop.rules.kiddies.pieces import Figure
from desktop.rules.kiddies.words import SHOT_WORDS, _fell, _r
from desktop.scenario.model import Point
from desktop.table.shapes import angle_diff

#: Flight bodies by figure and place, shared by every position and every copy of a
#: game (a flight copies a body before it changes it, so these are never changed):
#: after a move only the mover's body is new.
_BODIES: dict[tuple[str, str, float, float, float, float, float], flick.Body] = {}


_BODIES_MAX = 1 << 15


class KiddiesShooting(KiddiesBase):
    """Shooters, their checks and the shot."""

    def volley_group_of(self, side: str, fid: str) -> tuple[str, ...] | None:
        """The volley group a volley from `fid` fires with: `fid` at one end of five
        side-by-side regulars (seed: "FIVE Regular Infantry standing side-by-side";
        any five of a longer line, so the five in the open may fire when a sixth
        stands in a wood).  The group the table shows comes first, then any other
        five that may fire; failing both, a group that may not (to say why)."""
        return self._cached(("group of", side, fid), lambda: self._volley_group_of(side, fid))

    def _volley_group_of(self, side: str, fid: str) -> tuple[str, ...] | None:
        groups, wins = self._volley_windows(side)
        ends = [g for g in groups if fid in (g[0], g[-1])]
        others = [g for g in wins if fid in (g[0], g[-1]) and g not in ends]
        for g in (*ends, *others):
            if self._volley_problem(g) is None:
                return g
        fallback = ends or others
        return fallback[0] if fallback else None

    def _volley_problem(self, g: Sequence[str]) -> str | None:
        figs = [self.figures[i] for i in g]
        if any(f.fired for f in figs):
            return "this group (or one of its men) has already fired a volley this turn"
        if any(self._in_wood(f) for f in figs):
            return "a volley group may not fire with a man in a wood"
        return None

    def _in_wood(self, f: Figure) -> bool:
        return self._placed(("wood", f.id), lambda: self.table.in_types(f.footprint(),
                                                                        NO_VOLLEY_IN))

    def shooters(self, side: str, kind: str) -> list[str]:
        """Who may fire now in category `kind`: cannons, volley group ends, skirmishers."""
        return list(self._cached(("shooters", side, kind), lambda: self._shooters(side, kind)))

    def _shooters(self, side: str, kind: str) -> list[str]:
        if kind == "cannon":
            return [f.id for f in self._active(side)
                    if f.kind == CANNON and not f.fired and self.manned(f)]
        if kind == "volley":
            groups, wins = self._volley_windows(side)
            out: list[str] = []
            for g in (*groups, *wins):
                if (g[0] not in out or g[-1] not in out) and self._volley_problem(g) is None:
                    out.extend(i for i in (g[0], g[-1]) if i not in out)
            return out
        if side in self.skirmished:
            return []
        return [f.id for f in self._active(side) if f.kind == SKIRMISHER]

    def _check_shooter(self, side: str, kind: str, fid: str, heading: float | None) -> str | None:
        f = self._own(side, fid)
        if isinstance(f, str):
            return f
        if kind == "cannon":
            if f.kind != CANNON:
                return f"{fid} is not a cannon"
            if f.fired:
                return f"{fid} has already fired this turn"
            if not self.manned(f):
                return f"{fid} is not manned by two regulars"
        elif kind == "volley":
            g = self.volley_group_of(side, fid)
            if g is None:
                return f"{fid} is not at the end of a group of five regulars in line"
            why = self._volley_problem(g)
            if why:
                return why
        else:
            if f.kind != SKIRMISHER:
                return f"{fid} is not a skirmisher"
            if side in self.skirmished:
                return "each side takes one skirmisher shot a turn"
        if heading is not None and kind != "skirmish" and \
                abs(angle_diff(heading, f.facing)) > FRONT_ARC + 1e-9:
            return f"a {kind} shot must be flicked to the front (within {FRONT_ARC:g}° of facing)"
        return None

    def _mark_fired(self, side: str, kind: str, shooter: str) -> list[str]:
        if kind == "volley":
            g = self.volley_group_of(side, shooter)
            assert g is not None
            for i in g:
                self.figures[i].fired = True
            self._changed(place=False)
            return list(g)
        if kind == "skirmish":
            self.skirmished.add(side)
        self.figures[shooter].fired = True
        self._changed(place=False)
        return [shooter]

    def flick_rng(self, purpose: str) -> random.Random:
        """A generator for one flight, seeded from the game's own source (and logged)."""
        return random.Random(self.chance.bits("flick", purpose))

    def bodies(self) -> list[flick.Body]:
        return [b.copy() for b in self._placed(("bodies",), self._bodies)]

    def _bodies(self) -> list[flick.Body]:
        out = []
        made = _BODIES
        for f in self._active():
            kind = "cannon" if f.kind == CANNON else ("cavalry" if f.kind == CAVALRY
                                                      else "infantry")
            key = (f.id, kind, f.x, f.y, f.facing, f.frontage, f.depth)
            b = made.get(key)
            if b is None:
                if len(made) >= _BODIES_MAX:
                    made.clear()
                b = made[key] = flick.Body(*key)
            out.append(b)
        return out

    def fly(self, action: Shoot, rng: random.Random, within: float | None = None,
            bodies: Sequence[flick.Body] | None = None) -> tuple[Point, flick.Flight]:
        """One flight of `action`'s pellet over the table as it stands: where it starts
        and what it does.  Changes nothing (a body is copied before it is struck), so the
        play view can try a flick many times on a copy of the game's chance.
        `within` leaves out figures farther than that from the start (for such
        tries: figures the pellet cannot reach change nothing but the time);
        `bodies`, from :meth:`bodies` once, spares rebuilding them for every try."""
        f = self.figures[action.shooter]
        pellet = flick.PELLETS[PELLET_OF[action.kind]]
        grid = None
        if bodies is None:
            # the bodies as the table stands, shared by every flight over it: the
            # simulation copies a body before it changes it (keep_bodies)
            mine = self._placed(("bodies",), self._bodies)
            grid = self._placed(("body grid",), lambda: flick.BodyGrid(mine))
            bodies = mine
        body = next(b for b in bodies if b.id == f.id)
        start = flick.start_point(f.x, f.y, body.reach, action.heading, pellet)
        if within is not None:
            bodies = [b for b in bodies
                      if math.hypot(b.x - start[0], b.y - start[1]) <= within + b.reach]
            grid = None
        flight = flick.simulate(pellet, start, action.heading, action.strength, bodies,
                                (self.table.width, self.table.depth), rng,
                                self.table.solids, self.table.woods, grid, keep_bodies=True)
        return start, flight

    def _shoot(self, side: str, action: Shoot, ev: list[Event]) -> None:
        kind = action.kind
        firers = self._mark_fired(side, kind, action.shooter)
        f = self.figures[action.shooter]
        self.flicks += 1
        rng = self.flick_rng(f"{kind} shot by {f.id}")
        start, flight = self.fly(action, rng)
        for fid, (x, y) in flight.moved.items():
            self.figures[fid].x, self.figures[fid].y = x, y
        if flight.moved:
            self._changed()
        destroyed = [b for b in flight.off_table if self.figures[b].kind == CANNON]
        ev.append(Event("shot", f"{f.id} {SHOT_WORDS[kind]}: {_fell(len(flight.fell))}",
                        {"kind": kind, "side": side, "shooter": f.id, "firers": firers,
                         "heading": action.heading, "strength": action.strength,
                         "start": [_r(start[0]), _r(start[1])],
                         "flight": flight.to_json()}))
        for fid in flight.fell:
            self._kill(self.figures[fid], "knocked over by a shot", ev)
        for cid in destroyed:
            self._kill(self.figures[cid], "knocked off the table", ev)

    def _tabletop(self, action: Fell, ev: list[Event]) -> None:
        ev.append(Event("shot", f"{action.shooter} {SHOT_WORDS[self._phase]} on the table: "
                        f"{_fell(len(action.figures))}",
                        {"kind": self._phase, "shooter": action.shooter,
                         "fell": list(action.figures), "tabletop": True}))
        for fid in action.figures:
            f = self.figures[fid]
            self._kill(f, "knocked off the table" if f.kind == CANNON
                       else "knocked over on the table", ev)
