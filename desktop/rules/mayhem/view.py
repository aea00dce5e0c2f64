"""What the play window asks of a Muskets & Mayhem game (seed 004)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from shapely.geometry.base import BaseGeometry

from desktop.rules.engine import Action, Game
from desktop.rules.view import PlayView, as_fraction, pass_chance, pct, union_of
from desktop.rules.view_values import OFFICER_BASE, Allowance, Card, Odds, PieceInfo, Weapon
from desktop.scenario.vocabulary import TerrainType
from desktop.table.sight import Sight


class MayhemView(PlayView):
    """Muskets & Mayhem's answers: fire allowance, weapons, odds and checks."""

    attack_kinds = frozenset({"fire", "charge"})

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        from desktop.rules.mayhem.game import MayhemGame

        assert isinstance(game, MayhemGame)
        self.g: MayhemGame = game

    def pieces(self) -> dict[str, PieceInfo]:
        st = self.g.state
        names = {u.id: u.name for _, u in self.g.scenario.all_units()}
        onames = {o.id: o.name for s in self.g.scenario.sides for o in s.officers}
        out: dict[str, PieceInfo] = {}
        for u in st.units.values():
            f, d = u.size
            out[u.id] = PieceInfo(u.id, u.side, "unit", u.type.value, u.position[0],
                                  u.position[1], u.facing, f, d, u.status,
                                  names.get(u.id, u.id), u.formation.value)
        for c in st.commanders.values():
            out[c.id] = PieceInfo(c.id, c.side, "officer", c.rank.value, c.position[0],
                                  c.position[1], 0.0, OFFICER_BASE, OFFICER_BASE, "active",
                                  onames.get(c.id, c.id))
        return out

    def move_action(self, pid: str, x: float, y: float, facing: float) -> Action | None:
        from desktop.rules.mayhem.actions import Move, OfficerMove
        from desktop.rules.notation import canonical_facing

        if pid in self.g.state.commanders:
            return OfficerMove(pid, (round(x, 2), round(y, 2)))
        return Move(pid, (round(x, 2), round(y, 2)), canonical_facing(round(facing, 1)))

    def move_length(self, pid: str, x: float, y: float, facing: float) -> float:
        from desktop.rules.mayhem.geometry import move_distance

        u = self.g.state.units.get(pid)
        if u is None:
            c = self.g.state.commanders[pid]
            return math.dist(c.position, (x, y))
        return move_distance(u.position, u.facing, (x, y), facing, u.size)

    def allowance(self, pid: str) -> Allowance | None:
        from desktop.rules.mayhem.constants import COMMANDER_MOVE, fire_move_allowance

        st = self.g.state
        if pid in st.commanders:
            return Allowance(self.g.units_of_measure(COMMANDER_MOVE))
        u = st.units.get(pid)
        if u is None:
            return None
        full = self.g.allowance(u)
        limit = fire_move_allowance(u.type, u.formation)
        if limit is None or u.is_artillery:
            return Allowance(full, None, "full move", "", "furthest corner")
        free = min(full, self.g.units_of_measure(limit))
        return Allowance(full, free, "may still fire", "too far to fire this turn",
                         "furthest corner")

    def blocked(self, pid: str) -> BaseGeometry | None:
        st = self.g.state
        if pid in st.commanders:
            return None
        u = st.units[pid]
        parts: list[BaseGeometry] = []
        if self.g.ground.impassable is not None:
            parts.append(self.g.ground.impassable)
        parts.extend(o.footprint() for o in self.g.active_units(st.enemy(u.side)))
        return union_of(parts)

    def no_end(self, pid: str) -> BaseGeometry | None:
        st = self.g.state
        if pid in st.commanders:
            return None
        return union_of([o.footprint() for o in self.g.active_units(st.units[pid].side)
                       if o.id != pid])

    def odds(self, action: Action) -> Odds | None:
        from desktop.rules.mayhem.actions import Charge, Fire, Melee

        if isinstance(action, Charge):
            if self.g.check(action) is not None:
                return None
            from desktop.rules.mayhem import combat

            t = self.g.unit(action.target)
            need = combat.check_number(t.quality, self.g.in_defences(t), charged=True)
            p = pass_chance(need)
            return Odds(f"{action.unit} charges {action.target}: its check",
                            [("stands", p), ("gives way", 1 - p)],
                            [f"{action.target} needs {need}+ to stand",
                             "melee odds show once in contact"])
        data: dict[str, Any] | None = self.g.odds(action)
        if data is None:
            return None
        if isinstance(action, Fire):
            bars = [(str(k), as_fraction(p)) for k, p in enumerate(data["casualties"])]
            return Odds(
                f"{action.unit} fires at {action.target}: casualties", bars,
                [f"morale drops {pct(data['morale_drop'])}",
                 f"routs {pct(data['routed'])}",
                 f"eliminated {pct(data['eliminated'])}"])
        if isinstance(action, Melee):
            return Odds(
                f"Melee of {action.unit}: who wins",
                [("charger", as_fraction(data["a_wins"])),
                 ("defender", as_fraction(data["b_wins"])),
                 ("undecided", as_fraction(data["undecided"]))],
                ["winner must inflict 2 more casualties"])
        return None

    def weapons(self, pid: str) -> list[Weapon]:
        from desktop.rules.mayhem.constants import ARTILLERY_CLOSE_RANGE
        from desktop.rules.mayhem.geometry import FRONT_ARC, front_centre
        from desktop.scenario.vocabulary import Formation

        u = self.g.state.units.get(pid)
        if u is None or not u.active:
            return []
        apex = front_centre(u.position, u.size, u.facing)
        half = 180.0 if u.formation is Formation.SQUARE else FRONT_ARC
        out = [Weapon("fire", apex, u.facing, half, self.g.fire_range(u))]
        if u.is_artillery:
            out.insert(0, Weapon("close range", apex, u.facing, half,
                                 self.g.units_of_measure(ARTILLERY_CLOSE_RANGE)))
        return out

    def sight_types(self) -> frozenset[TerrainType]:
        from desktop.rules.mayhem.geometry import BLOCKS_SIGHT

        return frozenset(BLOCKS_SIGHT)

    def can_see(self, a: str, b: str) -> bool | None:
        got = self.sight(a, b)
        return None if got is None else got.clear

    def sight(self, a: str, b: str) -> Sight | None:
        """The engine's sight from `a` to `b` with its reasons, by name (the
        same test it uses to choose targets; desktop.table.sight)."""
        st = self.g.state
        u, t = st.units.get(a), st.units.get(b)
        if u is None or t is None:
            return None
        return self.g.sight_of(u, t, self._names())

    def card(self, pid: str) -> Card:
        from desktop.rules.mayhem import combat
        from desktop.scenario.vocabulary import QUALITY_LABELS, UNIT_LABELS

        st = self.g.state
        if pid in st.commanders:
            c = st.commanders[pid]
            rows = [("Rank", c.rank.value), ("With", c.attached or "—"),
                    ("Moved", "yes" if c.done else "no")]
            return Card(pid, f"Commander · {self.side_name(c.side)}", rows, self.may(pid))
        u = st.units[pid]
        rows = [("Quality", QUALITY_LABELS.get(u.quality, u.quality.value)),
                ("Figures", f"{u.figures} of {u.start_figures}"),
                ("Morale", u.morale.value),
                ("Formation", u.formation.value),
                ("Status", u.status)]
        if u.engaged:
            rows.append(("In melee with", u.engaged))
        if u.moved is not None:
            rows.append(("Moved", f"{u.moved:.1f}\""))
        if u.pending:
            rows.append(("Casualties pending", str(u.pending)))
        chances: list[tuple[str, Fraction]] = []
        if u.active:
            need = combat.check_number(u.quality, self.g.in_defences(u))
            chances.append((f"Morale check ({need}+)", pass_chance(need)))
            save = combat.save_number(u.quality, self.g.in_defences(u))
            chances.append((f"Save ({save}+)", pass_chance(save)))
        return Card(self.pieces()[pid].name, f"{UNIT_LABELS.get(u.type, u.type.value)} · "
                    f"{u.side}", rows, self.may(pid), chances)

    def strength(self) -> tuple[str, dict[str, float]]:
        out = {s: 0.0 for s in self.g.state.sides}
        for u in self.g.active_units():
            out[u.side] += u.figures
        return "figures in the field", out
