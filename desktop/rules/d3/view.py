"""What the play window asks of a D3 game (seed 002)."""

from __future__ import annotations

from fractions import Fraction

import shapely
from shapely.geometry.base import BaseGeometry

from desktop.rules.engine import Action, Game
from desktop.rules.view import PlayView, as_fraction, pct, union_of
from desktop.rules.view_values import Allowance, Card, Odds, PieceInfo, Weapon
from desktop.scenario.vocabulary import TerrainType, UnitType
from desktop.table.movement import Access
from desktop.table.shapes import front_centre_of

# --- D3 ------------------------------------------------------------------------------


class D3View(PlayView):
    """D3's answers: allowances, water and passing from the engine, exact odds."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        from desktop.rules.d3 import rules as R
        from desktop.rules.d3.game import D3Game

        assert isinstance(game, D3Game)
        self.g: D3Game = game
        self.R = R

    def pieces(self) -> dict[str, PieceInfo]:
        out: dict[str, PieceInfo] = {}
        for p in self.g.pieces.values():
            out[p.id] = PieceInfo(
                p.id, p.side, "officer" if p.is_general else "unit",
                p.rank if p.type is None else p.type.value, p.x, p.y, p.facing,
                p.frontage, p.depth, p.status, p.name)
        return out

    def move_action(self, pid: str, x: float, y: float, facing: float) -> Action | None:
        from desktop.rules.d3.actions import Move

        return Move(pid, round(x, 2), round(y, 2), round(facing, 1) % 360.0)

    def allowance(self, pid: str) -> Allowance | None:
        p = self.g.pieces.get(pid)
        if p is None:
            return None
        if p.type in self.R.ARTILLERY and p.deployed:
            return Allowance(0.0, None, "deployed: pivot only")
        return Allowance(p.allowance)

    def _accessunion_of(self, pid: str, rules: set[Access]) -> list[BaseGeometry]:
        p = self.g.pieces[pid]
        t = self.terrain()
        here = p.fp()
        parts = []
        wanted = {ttype for ttype, acc in p.access().items() if acc in rules}
        for i, f in enumerate(t.types):
            if f not in wanted:
                continue
            area = t.areas[i]
            if not area.intersects(here) or area.intersection(here).area <= 1e-3:
                parts.append(area)  # ground it stands in does not hold it back
        return parts

    def blocked(self, pid: str) -> BaseGeometry | None:
        p = self.g.pieces[pid]
        t = self.terrain()
        parts = self._accessunion_of(pid, {Access.NO_ENTRY})
        crossing = self._accessunion_of(pid, {Access.CROSSING_ONLY, Access.CROSSING_FULL_MOVE})
        if crossing:
            water = shapely.union_all(crossing)
            parts.append(water.difference(t.crossing_zone(self.R.CROSSING_SLACK)))
        full = self._accessunion_of(pid, {Access.FULL_MOVE, Access.CROSSING_FULL_MOVE})
        start = p.fp()
        for a in full:  # water it may not cross this move: too far from the bank
            if float(a.distance(start)) > self.R.CROSSING_START_GAP + 1e-9:
                parts.append(a)
        if not p.is_general:
            for q in self.g.units():
                if q.id == p.id:
                    continue
                friend = q.side == p.side
                passable = friend and (p.type is UnitType.LIGHT_INFANTRY
                                       or q.type is UnitType.LIGHT_INFANTRY)
                if not passable:
                    parts.append(q.fp())
        return union_of(parts)

    def no_end(self, pid: str) -> BaseGeometry | None:
        parts = self._accessunion_of(pid, {Access.NO_END})
        p = self.g.pieces[pid]
        if p.is_general:
            parts.extend(q.fp() for q in self.g.units())
        return union_of(parts)

    def costly(self, pid: str) -> BaseGeometry | None:
        return union_of(self._accessunion_of(pid, {Access.FULL_MOVE, Access.CROSSING_FULL_MOVE}))

    def attacks(self, pid: str) -> list[Action]:
        out = super().attacks(pid)
        p = self.g.pieces.get(pid)
        if p is None or p.type is not UnitType.CAVALRY or self.g.phase != "movement":
            return out
        if self.g.pending is not None or self.g.side != p.side:
            return out
        for e in self.g.units(self.g.enemy_of(p.side)):
            ch = self.g.aimed_charge(p, e)
            if ch is not None:
                out.append(ch)
        return out

    def odds(self, action: Action) -> Odds | None:
        from desktop.rules.d3.actions import Charge, Shoot
        from desktop.rules.odds import charge_odds, shoot_odds

        if not isinstance(action, (Shoot, Charge)) or self.g.check(action) is not None:
            return None
        o = shoot_odds(self.g, action) if isinstance(action, Shoot) else charge_odds(
            self.g, action)
        verb = "shoots" if isinstance(action, Shoot) else "charges"
        bars = [(f"{h}", as_fraction(p)) for h, p in o.hits.items()]
        notes = [f"activates {pct(o.activation)}",
                 f"mean {float(o.mean_hits()):.2f} hits",
                 f"eliminates the target {pct(o.eliminated)}"]
        if isinstance(action, Charge):
            notes.insert(1, "hits land in hand-to-hand")
        names = {p.id: p.name for p in self.g.pieces.values()}
        return Odds(f"{names[action.unit]} {verb} {names[action.target]}: hits", bars,
                        notes)

    def weapons(self, pid: str) -> list[Weapon]:
        p = self.g.pieces.get(pid)
        if p is None or p.type is None or not p.present:
            return []
        fc = front_centre_of(p.x, p.y, p.depth, p.facing)
        if p.type is UnitType.CAVALRY:
            return [Weapon("charge", fc, p.facing, self.R.CHARGE_MAX_TURN, p.allowance)]
        half = 180.0 if self.g.in_town(p) else self.R.FIELD_OF_FIRE
        return [Weapon("fire", fc, p.facing, half, self.R.SHOOTING_RANGE[p.type])]

    def sight_types(self) -> frozenset[TerrainType]:
        return frozenset(self.R.SIGHT_BLOCKING)

    def can_see(self, a: str, b: str) -> bool | None:
        pa, pb = self.g.pieces.get(a), self.g.pieces.get(b)
        if pa is None or pb is None:
            return None
        return self.g.can_see(pa, pb)

    def card(self, pid: str) -> Card:
        from desktop.rules.odds import _reroll_available, activation_chance
        from desktop.scenario.vocabulary import QUALITY_LABELS, UNIT_LABELS

        p = self.g.pieces[pid]
        if p.is_general:
            rows = [("Re-rolls left", str(self.R.GENERAL_REROLLS_PER_TURN - p.rerolls_used)),
                    ("Moved", "yes" if p.moved else "no")]
            if p.must_evade:
                rows.append(("Threatened", "must ride away"))
            return Card(p.name or p.id, f"General · {self.side_name(p.side)}", rows, self.may(pid))
        assert p.type is not None
        unit = self.g.scenario.unit(pid)
        rows = [("Quality", QUALITY_LABELS.get(unit.quality, unit.quality.value)),
                ("Hits", f"{p.hits} of {self.R.ELIMINATION_HITS}"),
                ("Status", p.status),
                ("This turn", ", ".join(w for w, f in (("moved", p.moved), ("shot", p.shot),
                                                       ("tested", p.tested)) if f) or "—")]
        if p.type in self.R.ARTILLERY:
            rows.append(("Deployed", "yes" if p.deployed else "no"))
        chances: list[tuple[str, Fraction]] = []
        if p.present:
            chances.append(("Activation", as_fraction(activation_chance(p.hits))))
            if _reroll_available(self.g, pid):
                chances.append(("With a general's re-roll",
                                as_fraction(activation_chance(p.hits, reroll=True))))
        kind = UNIT_LABELS.get(p.type, p.type.value)
        return Card(p.name or p.id, f"{kind} · {self.side_name(p.side)}",
                    rows, self.may(pid), chances)

    def strength(self) -> tuple[str, dict[str, float]]:
        out = {s: 0.0 for s in self.g.order}
        for u in self.g.units():
            out[u.side] += max(0, self.R.ELIMINATION_HITS - u.hits)
        return "hits still to take", out
