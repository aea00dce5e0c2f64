"""Men lost for good in Blown Away: a unit eliminated, a unit broken (its
last men in ranks gone, its running men flee to the rear), and the end of an
engagement (its killed men go to the storage tray)."""

from __future__ import annotations

import math

from desktop.rules.blown_away.base import ACCESS, BlownAwayBase
from desktop.rules.blown_away.constants import RUN_DISTANCE
from desktop.rules.blown_away.state import Piece
from desktop.rules.blown_away.words import _inches
from desktop.rules.engine import Event
from desktop.rules.notation import canonical_facing
from desktop.table.movement import MovePlan, Placement
from desktop.table.movement import terrain_problem as table_terrain_problem
from desktop.table.shapes import forward
from desktop.table.terrain import AREA_EPS


class BlownAwayLosses(BlownAwayBase):
    """Elimination, breaking and the end of engagements."""

    def _eliminate(self, p: Piece, text: str, ev: list[Event]) -> None:
        m = p.men
        m.dead += m.killed + m.ranks + m.running
        m.killed = 0
        m.file = 0
        m.command = []
        m.running_file = 0
        m.running_command = []
        p.eliminated = True
        self.state.engaged = {pr for pr in self.state.engaged if p.id not in pr}
        ev.append(Event("eliminated", text, {"unit": p.id}))

    def _break(self, p: Piece, ev: list[Event]) -> None:
        """The last men in ranks have gone: the unit is a mob that runs RUN_DISTANCE
        to its rear and faces the rear (stopping short where it must)."""
        if p.running == 0:
            self._eliminate(p, f"{p.name or p.id} has no men left", ev)
            return
        self.state.engaged = {pr for pr in self.state.engaged if p.id not in pr}
        head = canonical_facing(p.facing + 180.0)
        fx, fy = forward(head)
        w, d = p.size()
        start = p.pos
        for k in (1.0, 0.75, 0.5, 0.25):
            to = (p.pos[0] + fx * RUN_DISTANCE * k, p.pos[1] + fy * RUN_DISTANCE * k)
            plan = MovePlan(Placement(p.pos[0], p.pos[1], head), Placement(to[0], to[1], head),
                            w, d)
            end = plan.end_footprint()
            if self._table_problem(end) is None and not any(
                    o.id != p.id and o.fp().intersection(end).area > AREA_EPS
                    for o in self.units()) and \
                    table_terrain_problem(plan, self.terrain, ACCESS) is None:
                p.pos = to
                break
        fled = math.dist(start, p.pos)
        p.facing = head
        men = "man flees" if p.running == 1 else "men flee"
        ev.append(Event("broken", f"{p.name or p.id} has no men in ranks: its {p.running} "
                                  f"running {men} {_inches(fled)} to the rear",
                        {"unit": p.id, "to": list(p.pos), "running": p.running}))

    def _end_engagements(self, ev: list[Event]) -> None:
        """An engagement ends for a unit when it has no one left to fight: its
        killed men go to the storage tray."""
        st = self.state
        st.engaged = {pr for pr in st.engaged
                      if st.pieces[pr[0]].formed and st.pieces[pr[1]].formed}
        for p in st.pieces.values():
            if p.men.killed and not self.is_engaged(p.id):
                n = p.men.bury()
                ev.append(Event("engagement_over", f"{p.name or p.id}'s engagement is over: "
                                                   f"{n} killed go to the tray",
                                {"unit": p.id, "buried": n}))
