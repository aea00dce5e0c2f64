"""What a Muskets & Mayhem game holds, and what every part of it reads
straight off its state: the phases, lengths in the seed's units of
measurement, the units and commanders, who may still move or fire.

`MayhemBase` lists the game's fields (`desktop.rules.mayhem.game.MayhemGame`'s
constructor fills them), so that the parts of the game in the other modules
of this package, each a `MayhemBase`, are typed against one list and never
import the game itself.
"""

from __future__ import annotations

from typing import Any

from desktop.rules.engine import Phase, StateGame
from desktop.rules.mayhem.constants import move_allowance
from desktop.rules.mayhem.geometry import Ground
from desktop.rules.mayhem.state import ACTIVE, Commander, Piece, State
from desktop.rules.victory import VictoryJudge
from desktop.scenario.vocabulary import Formation
from desktop.table.terrain import TerrainIndex

INITIATIVE = "initiative"
MOVEMENT = "movement"
ARTILLERY_FIRE = "artillery"
STATIONARY_FIRE = "stationary"
MOVING_FIRE = "moving"
MORALE = "morale"
MELEE = "melee"

FIRE_PHASES = (ARTILLERY_FIRE, STATIONARY_FIRE, MOVING_FIRE)
ORDER = (INITIATIVE, MOVEMENT, ARTILLERY_FIRE, STATIONARY_FIRE, MOVING_FIRE, MORALE, MELEE)

PHASES: tuple[Phase, ...] = (
    Phase(INITIATIVE, "Initiative", True,
          "Both sides roll a die (ties roll again); the higher chooses to go first or second."),
    Phase(MOVEMENT, "Movement", True,
          "Sides take turns to move one unit or commander each; charges and their "
          "checks happen here."),
    Phase(ARTILLERY_FIRE, "Artillery fire", True,
          "Unlimbered guns fire; casualties are applied at the end of the phase."),
    Phase(STATIONARY_FIRE, "Stationary fire", True,
          "Units that did not move fire; casualties are applied at the end of the phase."),
    Phase(MOVING_FIRE, "Moving fire", True,
          "Units that moved no more than their firing move fire; casualties at the end."),
    Phase(MORALE, "Morale", False, "A troop quality check for every stand lost to fire."),
    Phase(MELEE, "Melee", True,
          "Units in contact fight; the initiative side picks the order."),
)


class MayhemBase(StateGame):
    """The fields of a Muskets & Mayhem game and the answers read straight off them."""

    state: State
    #: Table inches per unit of measurement (seed, "Units of Measurement").
    scale: float
    measure: str
    loser_removed: bool
    long_range_penalty: bool
    ground: Ground
    terrain: TerrainIndex
    judge: VictoryJudge
    piece_infos: dict[object, Any]
    #: True while an action is applied (desktop.rules.mayhem.position).
    _applying: bool

    def units_of_measure(self, length: float) -> float:
        """A length in the seed's units of measurement, as table inches."""
        return length * self.scale

    def unit(self, uid: str) -> Piece:
        return self.state.units[uid]

    def active_units(self, side: str | None = None) -> list[Piece]:
        if side is None:
            return [u for u in self.state.units.values() if u.status == ACTIVE]
        return [u for u in self.state.units.values() if u.status == ACTIVE and u.side == side]

    def commander_of(self, unit: Piece) -> Commander | None:
        for c in self.state.commanders.values():
            if c.attached == unit.id:
                return c
        return None

    def in_defences(self, unit: Piece) -> bool:
        return self.ground.in_defences(unit.footprint())

    def allowance(self, u: Piece, formation: Formation | None = None) -> float:
        """The unit's full move in table inches."""
        return self.units_of_measure(move_allowance(u.type, formation or u.formation))

    def _own_mover(self, side: str, uid: str) -> tuple[Piece | None, str]:
        u = self.state.units.get(uid)
        if u is None:
            return None, f"there is no unit '{uid}'"
        if u.side != side:
            return None, f"{uid} is not {side}'s"
        if not u.active:
            return None, f"{uid} is {u.status}"
        if u.engaged is not None:
            return None, f"{uid} is locked in melee with {u.engaged}"
        if u.done:
            return None, f"{uid} has already moved this turn"
        return u, ""

    def _movers(self, side: str) -> list[Piece]:
        return [u for u in self.active_units(side) if not u.done and u.engaged is None]

    def _free_commanders(self, side: str) -> list[Commander]:
        return [c for c in self.state.commanders.values() if c.side == side and not c.done]

    def _shooters(self, side: str) -> list[Piece]:
        st = self.state
        return [u for u in self.active_units(side) if not u.done and u.id in st.targets]

    def _carry_commander(self, u: Piece) -> None:
        c = self.commander_of(u)
        if c is not None:
            c.position = u.position
