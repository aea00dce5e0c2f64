"""What the play window asks of a Kiddies game (seed 000).

Every figure is a piece.  Moves are single figures (``move``) or a selected
group together (``group``: a shift and a turn about the group's centre); the
bands are in spans.  Shots are aimed by a heading and a strength; the engine
simulates the flick and its events carry the sampled flight, which the
window animates (see :func:`flight_of`).  In tabletop mode the player records
which figures fell (``fell``).
"""

from __future__ import annotations

import math
from fractions import Fraction

from shapely.geometry import Point as SPoint
from shapely.geometry.base import BaseGeometry

from desktop.rules.engine import Action, Event, Game
from desktop.rules.view import PlayView, as_fraction, union_of
from desktop.rules.view_values import (
    Aim,
    Allowance,
    Capabilities,
    Card,
    Flight,
    Odds,
    PieceInfo,
    Weapon,
)
from desktop.scenario.vocabulary import TerrainType

KIND_LABELS = {"regular": "Regular infantry", "skirmisher": "Skirmisher",
               "cavalry": "Cavalry", "cannon": "Cannon"}
SHOT_KINDS = ("cannon", "volley", "skirmish")




def flight_of(events: list[Event] | tuple[Event, ...]) -> Flight | None:
    """The flight of the first simulated shot among `events`, if any."""
    from desktop.rules.kiddies.flick import PELLETS

    for e in events:
        if e.kind != "shot" or "flight" not in e.data:
            continue
        f = e.data["flight"]
        assert isinstance(f, dict)
        pellet = str(f["pellet"])
        return Flight(
            str(e.data["shooter"]), pellet, PELLETS[pellet].radius,
            [(float(t), float(x), float(y)) for t, x, y in f["path"]],
            [dict(i) for i in f["impacts"]],
            [str(x) for x in f["fell"]], [str(x) for x in f["off_table"]],
            {str(k): [(float(t), float(x), float(y)) for t, x, y in v]
             for k, v in f["moved_paths"].items()})
    return None


class KiddiesView(PlayView):
    attack_kinds = frozenset()
    capabilities = Capabilities(individual=True, group_moves=True, flicks=True, measure_in="spans")

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        from desktop.rules.kiddies.game import KiddiesGame

        assert isinstance(game, KiddiesGame)
        self.g: KiddiesGame = game
        self._figs: dict[str, PieceInfo] | None = None
        self._stamp = (-1, -1)

    # -- pieces ----------------------------------------------------------------------

    def pieces(self) -> dict[str, PieceInfo]:
        if self._figs is not None and self._stamp == self._now():
            return self._figs
        names = {u.id: u.name for _, u in self.g.scenario.all_units()}
        out: dict[str, PieceInfo] = {}
        for f in self.g.figures.values():
            n = f.id.rsplit(".", 1)[-1]
            label = "cannon" if f.kind == "cannon" else f"#{n}"
            out[f.id] = PieceInfo(f.id, f.side, "unit", f.kind, f.x, f.y, f.facing,
                                  f.frontage, f.depth, f.status,
                                  f"{names.get(f.unit, f.unit)} {label}")
        self._figs, self._stamp = out, self._now()
        return out

    def _now(self) -> tuple[int, int]:
        return (len(self.g.history), self.g.turn)

    def unit_of(self, fid: str) -> str:
        return self.g.figures[fid].unit

    # -- moving ----------------------------------------------------------------------

    def move_action(self, pid: str, x: float, y: float, facing: float) -> Action | None:
        from desktop.rules.kiddies.actions import Move
        from desktop.rules.notation import canonical_facing

        return Move(pid, (round(x, 2) + 0.0, round(y, 2) + 0.0),
                    canonical_facing(round(facing, 1)))

    def group_action(self, ids: list[str], dx: float, dy: float, turn: float) -> Action:
        from desktop.rules.kiddies.actions import GroupMove
        from desktop.rules.notation import canonical_facing

        return GroupMove(tuple(ids), (round(dx, 2) + 0.0, round(dy, 2) + 0.0),
                         canonical_facing(round(turn, 1)))

    def group_ends(self, ids: list[str], dx: float, dy: float,
                   turn: float) -> dict[str, tuple[float, float, float]]:
        figs = [self.g.figures[i] for i in ids]
        return self.g.move_ends(figs, (dx, dy), turn)

    def can_move(self, pid: str) -> bool:
        g = self.g
        f = g.figures.get(pid)
        if f is None or not f.active or g.outcome is not None or g.phase != "move":
            return False
        if f.side != g.side or f.moved:
            return False
        return not (f.kind == "cannon" and g.manned_at_start.get(f.id) != f.side)

    def _on_road(self, pid: str) -> bool:
        f = self.g.figures[pid]
        road = self.g.table.road
        return not road.is_empty and bool(road.covers(SPoint(f.pos)))

    def allowance(self, pid: str) -> Allowance | None:
        f = self.g.figures.get(pid)
        if f is None:
            return None
        full = self.g.allowance(f)
        spans = full / self.g.span()
        label = f"{spans:g} span{'s' if spans != 1 else ''}"
        if self._on_road(pid):  # the amber band: the extra span, only along the road
            return Allowance(self.g.allowance(f, True), full, label,
                             "only if the whole move stays on the road", "centre to centre")
        return Allowance(full, None, label + " (+1 wholly on a road)", "", "centre to centre")

    def reach_area(self, pid: str) -> BaseGeometry | None:
        """On a road: the ordinary reach, and beyond it the part of the road the
        figure can follow in a straight line (the road bonus)."""
        from desktop.table.reach import reach_polygon

        f = self.g.figures.get(pid)
        if f is None or not self._on_road(pid):
            return None
        normal = self.g.allowance(f)
        far = self.g.allowance(f, True)
        blocked = self.g.table.blocked
        half = min(f.frontage, f.depth) / 2.0 * 0.95
        grown = None if blocked.is_empty else blocked.buffer(half, 8)
        if grown is not None and grown.contains(SPoint(f.pos)):
            grown = None
        near = reach_polygon(f.pos, normal, grown)
        off_road = SPoint(f.pos).buffer(far + 1.0, 32).difference(self.g.table.road)
        along = reach_polygon(f.pos, far, union_of([off_road, grown] if grown is not None
                                                 else [off_road]))
        return near.union(along)

    def blocked(self, pid: str) -> BaseGeometry | None:
        return union_of([self.g.table.blocked])

    def no_end(self, pid: str) -> BaseGeometry | None:
        f = self.g.figures[pid]
        return union_of([o.footprint() for o in self.g.active() if o.id != pid
                       and abs(o.x - f.x) < 20 and abs(o.y - f.y) < 20])

    # -- shooting --------------------------------------------------------------------

    def shot_kind(self) -> str | None:
        """The shooting category now being fired, if the game is in one."""
        return self.g.phase if self.g.phase in SHOT_KINDS else None

    @property
    def tabletop(self) -> bool:
        return bool(self.g.tabletop)

    def shooters(self) -> list[str]:
        kind, side = self.shot_kind(), self.g.side
        if kind is None or side is None:
            return []
        return self.g.shooters(side, kind)

    def aim(self, shooter: str, heading: float, strength: float) -> Aim:
        from desktop.rules.kiddies.actions import Shoot
        from desktop.rules.kiddies.constants import FRONT_ARC, MIN_STRENGTH, PELLET_OF
        from desktop.rules.kiddies.flick import PELLETS, slide_distance
        from desktop.rules.notation import canonical_facing
        from desktop.table.shapes import angle_diff

        kind = self.shot_kind() or "skirmish"
        f = self.g.figures[shooter]
        heading = canonical_facing(heading)
        if kind != "skirmish":
            d = angle_diff(heading, f.facing)
            heading = canonical_facing(f.facing + max(-FRONT_ARC, min(FRONT_ARC, d)))
        heading = round(heading, 1) % 360.0
        strength = round(min(1.0, max(MIN_STRENGTH, strength)), 2)
        act = Shoot(kind, shooter, heading, strength)
        return Aim(kind, shooter, heading, strength, self.g.check(act),
                   slide_distance(PELLETS[PELLET_OF[kind]], strength))

    def shot_action(self, aim: Aim) -> Action:
        from desktop.rules.kiddies.actions import Shoot

        return Shoot(aim.kind, aim.shooter, aim.heading, aim.strength)

    def strength_for(self, shooter: str, distance: float) -> float:
        """The strength whose flick slides `distance` on open table."""
        from desktop.rules.kiddies.constants import PELLET_OF
        from desktop.rules.kiddies.flick import PELLET_FRICTION, PELLETS

        kind = self.shot_kind() or "skirmish"
        pellet = PELLETS[PELLET_OF[kind]]
        return min(1.0, math.sqrt(2.0 * PELLET_FRICTION * max(distance, 0.0)) / pellet.top_speed)

    def fell_action(self, shooter: str, ids: list[str]) -> Action:
        from desktop.rules.kiddies.actions import Fell

        return Fell(shooter, tuple(ids))

    def volley_group(self, fid: str) -> tuple[str, ...] | None:
        f = self.g.figures.get(fid)
        if f is None:
            return None
        for grp in self.g.groups(f.side):
            if fid in grp:
                return grp
        return None

    def volley_groups(self) -> list[tuple[str, ...]]:
        return [grp for s in self.g.sides for grp in self.g.groups(s)]

    def cannons(self) -> list[tuple[str, bool]]:
        return [(f.id, self.g.manned(f)) for f in self.g.active() if f.kind == "cannon"]

    def weapons(self, pid: str) -> list[Weapon]:
        from desktop.rules.kiddies.constants import FRONT_ARC, PELLET_OF
        from desktop.rules.kiddies.flick import PELLETS, slide_distance

        f = self.g.figures.get(pid)
        if f is None or not f.active:
            return []
        if f.kind == "cannon":
            kind = "cannon"
        elif f.kind == "skirmisher":
            kind = "skirmish"
        elif self.volley_group(pid) is not None:
            kind = "volley"
        else:
            return []
        if kind == "skirmish":
            return []  # a skirmisher flicks any way it likes
        # the front arc it must flick into, drawn to the slide of a middling flick
        reach = slide_distance(PELLETS[PELLET_OF[kind]], 0.5)
        return [Weapon(f"{kind}: front arc", f.pos, f.facing, FRONT_ARC, min(reach, 14.0))]

    def sight_types(self) -> frozenset[TerrainType]:
        return frozenset()

    # -- pictures --------------------------------------------------------------------

    def action_label(self, action: Action) -> str | None:
        words = action.text().split()
        if words[0] == "charge":
            names = self.pieces()
            ids = words[1].split(",")
            unit = names[ids[0]].name.rsplit(" ", 1)[0] if ids[0] in names else ids[0]
            return f"Charge: {unit} ({len(ids)} horse)"
        return None

    def card_actions(self, pid: str) -> list[tuple[str, Action]]:
        from desktop.rules.kiddies.actions import Exit

        out: list[tuple[str, Action]] = []
        g = self.g
        f = g.figures.get(pid)
        if f is None or g.side != f.side or g.phase != "move":
            return out
        ex = Exit(pid)
        if g.check(ex) is None:
            out.append(("Leave by the enemy's baseline", ex))
        for a in g.legal_actions():
            if a.text().startswith("charge") and pid in a.text().split()[1].split(","):
                out.append((self.action_label(a) or a.text(), a))
        return out

    def badge(self, pid: str) -> tuple[str, bool] | None:
        return None

    def fight_of(self, pid: str) -> tuple[tuple[str, ...], tuple[str, ...], Odds] | None:
        for a, b, o in self.g.melee_odds():
            if pid in a or pid in b:
                mine, theirs = (a, b) if pid in a else (b, a)
                win, loss = (o.win, o.loss) if pid in a else (o.loss, o.win)
                view = Odds(f"Hand to hand: {'+'.join(mine)} against {'+'.join(theirs)}",
                                [("win", as_fraction(win)), ("all fall", as_fraction(o.draw)),
                             ("lose", as_fraction(loss))],
                                ["rolled when both sides have moved", "exact odds"])
                return mine, theirs, view
        return None

    def card(self, pid: str) -> Card:
        g = self.g
        f = g.figures[pid]
        p = self.pieces()[pid]
        rows: list[tuple[str, str]] = [("Figure", KIND_LABELS.get(f.kind, f.kind)),
                                       ("Status", f.status)]
        if f.active:
            spans = g.allowance(f) / g.span()
            rows.append(("Moves", f"{spans:g} span{'s' if spans != 1 else ''} "
                                  f"({g.allowance(f):g}\"), +1 wholly on a road"))
            rows.append(("This turn", ", ".join(w for w, on in (("moved", f.moved),
                                                                ("fired", f.fired)) if on)
                         or "—"))
        if f.kind == "cannon":
            rows.append(("Manned", "yes: it may fire" if g.manned(f) else
                         "no: two regulars must stand within 1\""))
        grp = self.volley_group(pid)
        if grp is not None:
            rows.append(("Volley group", f"{len(grp)} in line; ends {grp[0]} and {grp[-1]}"))
        chances: list[tuple[str, Fraction]] = []
        fight = self.fight_of(pid) if f.active else None
        if fight is not None:
            _mine, theirs, view = fight
            rows.append(("In contact with", ", ".join(theirs)))
            chances = [(f"Hand to hand: {label}", p_) for label, p_ in view.bars]
        return Card(p.name, f"{KIND_LABELS.get(f.kind, f.kind)} · "
                    f"{g.scenario.side(f.side).name or f.side}", rows, self.may(pid), chances)

    def may(self, pid: str) -> list[str]:
        out: list[str] = []
        if self.can_move(pid):
            out.append("move")
        if pid in self.shooters():
            out.append(f"{self.shot_kind()} shot")
        return out

    def odds(self, action: Action) -> Odds | None:
        return None

    def strength(self) -> tuple[str, dict[str, float]]:
        out = {s: 0.0 for s in self.g.sides}
        for f in self.g.active():
            if f.kind != "cannon":
                out[f.side] += 1.0
        return "figures on the table", out

    def units_left(self) -> dict[str, int]:
        out = {s: 0 for s in self.g.sides}
        for f in self.g.active():
            if f.kind != "cannon":
                out[f.side] += 1
        return out


__all__ = ["KiddiesView", "flight_of"]
