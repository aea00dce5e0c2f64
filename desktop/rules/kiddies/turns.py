"""The Kiddies turn (seed, "Turn sequence"): initiative, both sides' moves,
hand to hand, then the three shooting categories, each with its roll-off;
the turn's end, and the judge's verdict on it."""

from __future__ import annotations

from desktop.rules.engine import Event, Outcome
from desktop.rules.kiddies.actions import SHOT_KINDS
from desktop.rules.kiddies.judge import KiddiesJudge
from desktop.rules.kiddies.melee import KiddiesMelee
from desktop.rules.kiddies.pieces import ACTIVE
from desktop.rules.kiddies.shooting import KiddiesShooting


class KiddiesTurns(KiddiesMelee, KiddiesShooting, KiddiesJudge):
    """The sequence of play."""

    def _phase_event(self) -> Event:
        p = self.phase_info()
        who = f": {self._name(self._side)}" if self._side else ""
        return Event("phase", p.name + who,
                     {"phase": self._phase, "side": self._side})

    def _start_turn(self) -> list[Event]:
        ev: list[Event] = []
        self._turn += 1
        for f in self.figures.values():
            f.moved = False
            f.fired = False
        self.skirmished = set()
        self._changed(place=False)
        self.categories = {}
        self.manned_at_start = {}
        for cid in self._cannon_ids:
            f = self.figures[cid]
            if f.status == ACTIVE:
                s = self._manning(f)
                if s is not None:
                    self.manned_at_start[f.id] = s
        ev.append(Event("turn", f"Turn {self._turn}", {"turn": self._turn}))
        a, b = self.sides
        while True:
            ra = self.chance.d6(f"initiative: {a}")
            rb = self.chance.d6(f"initiative: {b}")
            tie = ra == rb
            ev.append(Event("roll", f"Initiative: {self._name(a)} {ra}, {self._name(b)} {rb}"
                            + (" (a tie: roll again)" if tie else ""),
                            {"purpose": "initiative", a: ra, b: rb}))
            if not tie:
                break
        self.initiative = a if ra > rb else b
        self._phase = "choose"
        self._side = self.initiative
        ev.append(self._phase_event())
        return ev

    def _end(self, ev: list[Event]) -> None:
        if self._phase == "move":
            if self._side == self.first:
                self._side = self.other(self.first)
                ev.append(self._phase_event())
                return
            self._melee(ev)
            if self._check_immediate(ev):
                return
            self._enter_category(0, ev)
            return
        self.order_index += 1
        self._next_shooter(ev)

    def _enter_category(self, k: int, ev: list[Event]) -> None:
        while k < len(SHOT_KINDS):
            kind = SHOT_KINDS[k]
            able = {s: bool(self.shooters(s, kind)) for s in self.sides}
            name = self.phase_info(kind).name
            if not any(able.values()):
                self.categories[kind] = "none"
                ev.append(Event("skip", f"{name}: neither side can fire", {"phase": kind}))
                k += 1
                continue
            a, b = self.sides
            ra = self.chance.d6(f"{kind} roll-off: {a}")
            rb = self.chance.d6(f"{kind} roll-off: {b}")
            ev.append(Event("roll", f"{name} roll-off: {self._name(a)} {ra}, "
                            f"{self._name(b)} {rb}" + (" (a tie: no " + name.lower()
                                                        + " this turn)" if ra == rb else ""),
                            {"purpose": f"{kind} roll-off", a: ra, b: rb}))
            if ra == rb:
                self.categories[kind] = "tie"
                k += 1
                continue
            winner = a if ra > rb else b
            self.categories[kind] = winner
            self.order = (winner, self.other(winner))
            self.order_index = 0
            self._phase = kind
            if self._next_shooter(ev):
                return
            return
        self._end_turn(ev)

    def _next_shooter(self, ev: list[Event]) -> bool:
        """Hand the current category to the next side able to fire; True if someone is to act."""
        kind = self._phase
        while self.order_index < len(self.order):
            s = self.order[self.order_index]
            if self.shooters(s, kind):
                self._side = s
                ev.append(self._phase_event())
                return True
            self.order_index += 1
        k = SHOT_KINDS.index(kind) + 1
        self._enter_category(k, ev)
        return False

    def _end_turn(self, ev: list[Event]) -> None:
        out = self.judge.end_of_turn(self._turn, self.victory_pieces())
        if out is None and self.judge.turn_limit is None and 0 < self.turn_limit <= self._turn:
            out = Outcome(None, f"turn limit reached after turn {self._turn}: a draw")
        if out is not None:
            self._finish(out, ev)
            return
        ev.extend(self._start_turn())
