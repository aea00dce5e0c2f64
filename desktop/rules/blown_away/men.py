"""Men in ranks, running and killed: the bookkeeping of one Blown Away unit.

Seed 003 counts individual men.  A unit's men are in ranks, running, killed
in the current engagement (left where they fell) or dead (in the storage
tray).  The command element (officer, drummer, flag bearer) is killed or made
to run only when it is all that is left in ranks, the flag bearer very last
(RULINGS, "Blown Away").  Nothing here knows about the table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import count

from desktop.rules.blown_away.constants import (
    CAVALRY_WIN_RUNS,
    COURT_CARD_RUNS,
    FLANK_OR_REAR_RUNS,
    MILITIA_RUNS,
    PIKE_OR_GUARD_RUNS,
    RALLY_COMMAND_FIRST,
)
from desktop.rules.chance import card_value
from desktop.scenario.vocabulary import CommandRole

#: The word for a rank-and-file man in events.
MAN = "man"

#: Edit numbers for every unit's men and pieces (`Men.rev`, `Piece.rev`): each
#: edit takes the next, so a number names one state of one object's fields.
EDITS = count(1)


class Edits:
    """The edit number of one game state's pieces and men together: every edit
    of any of them renews it (each piece and its men hold the state's `Edits`),
    so two looks at a state that find the same number found the same pieces."""

    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n = n


def _renew(d: dict[str, object]) -> None:
    """A new edit number for the object whose `__dict__` is `d`, and its state's."""
    n = d["_rev"] = next(EDITS)
    owner = d.get("_edits")
    if owner is not None:
        owner.n = n  # type: ignore[attr-defined]


def command_order(roles: tuple[CommandRole, ...] | list[CommandRole]) -> list[CommandRole]:
    """The order the command figures go in: as listed, the flag bearer last."""
    others = [r for r in roles if r is not CommandRole.FLAG]
    return others + [r for r in roles if r is CommandRole.FLAG]


@dataclass
class Men:
    """The men of one unit.  ``men`` never changes; the four piles always add up to it."""

    men: int
    #: Rank-and-file men in ranks.
    file: int
    #: Command figures in ranks, in the order they would go (flag bearer last).
    command: list[CommandRole] = field(default_factory=list)
    #: Rank-and-file men running.
    running_file: int = 0
    #: Command figures running.
    running_command: list[CommandRole] = field(default_factory=list)
    #: Killed in the engagement the unit is in (left on the field until it ends).
    killed: int = 0
    #: Killed and returned to the storage tray.
    dead: int = 0

    def __setattr__(self, name: str, value: object) -> None:
        d = self.__dict__
        d[name] = value
        _renew(d)

    @property
    def rev(self) -> int:
        """Names the men as they are now: renewed by every edit, whoever makes it
        (the lists of command figures change in place only here, which renews it
        too); a copy keeps it until either changes."""
        rev: int = self.__dict__["_rev"]
        return rev

    def _touch(self) -> None:
        _renew(self.__dict__)

    @classmethod
    def of(cls, figures: int, command: tuple[CommandRole, ...] = ()) -> Men:
        roles = command_order(command)[:max(figures, 0)]
        return cls(men=figures, file=max(figures - len(roles), 0), command=roles)

    def copy(self) -> Men:
        """An independent copy (what a game's clone needs, without a deep copy)."""
        m = Men.__new__(Men)
        d = m.__dict__
        d.update(self.__dict__)
        d["command"] = self.command[:]
        d["running_command"] = self.running_command[:]
        return m

    # -- counts ----------------------------------------------------------------------

    @property
    def ranks(self) -> int:
        return self.file + len(self.command)

    @property
    def running(self) -> int:
        return self.running_file + len(self.running_command)

    @property
    def left(self) -> int:
        """Men still in the game (in ranks or running)."""
        return self.ranks + self.running

    def total(self) -> int:
        return self.ranks + self.running + self.killed + self.dead

    # -- losses ----------------------------------------------------------------------

    def _take(self) -> str | None:
        """One man out of ranks: rank and file first, then the command, flag last."""
        if self.file > 0:
            self.file -= 1
            return MAN
        if self.command:
            self._touch()
            return self.command.pop(0).value
        return None

    def kill(self, engaged: bool) -> str | None:
        """Kill one man in ranks; he stays on the field if the unit is engaged.
        Returns who fell ("man", "officer", "drummer", "flag"), or None."""
        who = self._take()
        if who is None:
            return None
        if engaged:
            self.killed += 1
        else:
            self.dead += 1
        return who

    def run(self, n: int) -> list[str]:
        """Up to `n` men in ranks run; returns who ran."""
        out: list[str] = []
        for _ in range(max(n, 0)):
            who = self._take()
            if who is None:
                break
            if who == MAN:
                self.running_file += 1
            else:
                self.running_command.append(CommandRole(who))
                self._touch()
            out.append(who)
        return out

    def rally(self, n: int) -> int:
        """Return up to `n` running men to ranks; returns how many came back."""
        back = 0
        for _ in range(max(n, 0)):
            if self.running_command and (RALLY_COMMAND_FIRST or not self.running_file):
                self.command.append(self.running_command.pop(0))
                self.command = command_order(self.command)  # (renews `rev`)
            elif self.running_file:
                self.running_file -= 1
                self.file += 1
            else:
                break
            back += 1
        return back

    def bury(self) -> int:
        """The engagement is over: the killed go to the storage tray."""
        n = self.killed
        self.dead += n
        self.killed = 0
        return n

    def to_json(self) -> dict[str, object]:
        return {"men": self.men, "ranks": self.ranks, "running": self.running,
                "killed": self.killed, "dead": self.dead,
                "command": [r.value for r in self.command],
                "command_running": [r.value for r in self.running_command]}


# --- how many run --------------------------------------------------------------------


def runs_after_kill(nth_killed: int, *, winner_cavalry: bool = False,
                    pikes_or_guard: bool = False, militia: bool = False,
                    flank_or_rear: bool = False) -> int:
    """Men made to run when the `nth_killed` man of the engagement falls
    (RULINGS: n run, cavalry +1 when it wins, pikemen or guardsmen present -1,
    militia +2, a flank or rear attack +4, never below 0)."""
    n = nth_killed
    if winner_cavalry:
        n += CAVALRY_WIN_RUNS
    if pikes_or_guard:
        n += PIKE_OR_GUARD_RUNS
    if militia:
        n += MILITIA_RUNS
    if flank_or_rear:
        n += FLANK_OR_REAR_RUNS
    return max(n, 0)


def artillery_runs(card: str) -> int:
    """Artillery wins: the card's face value runs, Jack, Queen and King 4 each."""
    v = card_value(card)
    return COURT_CARD_RUNS if v > 10 else v


def rally_count(men: Men) -> int:
    """Rally case 1: as many running men come back as are already in ranks;
    case 2 (no men in ranks): one man."""
    if men.running == 0:
        return 0
    return min(men.running, men.ranks) if men.ranks > 0 else 1
