"""Losses in Muskets & Mayhem: casualties taken off a unit, the morale
checks every four of them owe, and units leaving the field, wiped out,
routed or removed (seed 004, "Casualties", "Morale")."""

from __future__ import annotations

from desktop.rules.engine import Event
from desktop.rules.mayhem import combat
from desktop.rules.mayhem.base import MayhemBase
from desktop.rules.mayhem.constants import Morale
from desktop.rules.mayhem.state import ELIMINATED, ROUTED, Piece
from desktop.rules.mayhem.words import count, dice_words


class MayhemLosses(MayhemBase):
    """Casualties, morale checks and removals."""

    def _take_casualties(self, u: Piece, n: int, ev: list[Event]) -> None:
        if n <= 0 or not u.active:
            return
        before = u.casualties
        lost = min(n, u.figures)
        u.figures -= lost
        u.checks_due += combat.checks_due(before, u.casualties)
        ev.append(Event("casualties", f"{u.id} loses {count(lost, 'figure')}, "
                        f"{u.figures} left",
                        {"unit": u.id, "lost": lost, "figures": u.figures}))
        if u.figures == 0:
            self._remove(u, ELIMINATED, f"{u.id} is wiped out", ev)

    def _remove(self, u: Piece, status: str, text: str, ev: list[Event]) -> None:
        u.status = status
        u.checks_due = u.pending = 0
        if status == ROUTED:
            u.morale = Morale.ROUTED
        if u.engaged is not None:
            other = self.state.units[u.engaged]
            if other.engaged == u.id:
                other.engaged = None
                other.first_round = False
            u.engaged = None
        c = self.commander_of(u)
        if c is not None:
            c.attached = None
        ev.append(Event(status, text, {"unit": u.id}))

    # -- morale ---------------------------------------------------------------------

    def _morale_phase(self, ev: list[Event]) -> None:
        for u in self.active_units():
            if u.checks_due:
                self._take_checks(u, ev)

    def _take_checks(self, u: Piece, ev: list[Event]) -> None:
        need = combat.check_number(u.quality, self.in_defences(u))
        res = combat.morale_checks(self.chance.d6, u.checks_due, need, u.morale,
                                   f"{u.id} stand lost")
        u.checks_due = 0
        u.morale = res.after
        ev.append(Event("morale", f"{u.id} takes {count(len(res.rolls), 'morale check')} "
                        f"needing {need}+, rolls {dice_words(res.rolls)}: "
                        + (f"stays {res.after.value}" if res.after is res.before
                           else f"{res.before.value}, now {res.after.value}"),
                        {"unit": u.id, "rolls": list(res.rolls), "need": need,
                         "before": res.before.value, "after": res.after.value}))
        if res.after is Morale.ROUTED:
            self._remove(u, ROUTED, f"{u.id} routs", ev)
