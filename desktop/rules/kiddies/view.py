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
import time
import zlib
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from shapely.geometry import Point as SPoint
from shapely.geometry.base import BaseGeometry

from desktop.rules.action_odds import Odds, pct
from desktop.rules.engine import Action, Event, Game
from desktop.rules.kiddies.pieces import ACTIVE as ACTIVE_FIGURE
from desktop.rules.victory import VictoryState
from desktop.rules.view import PlayView, union_of
from desktop.rules.view_capabilities import FiguresView, FlicksView, GroupMovesView
from desktop.rules.view_values import (
    Aim,
    Allowance,
    Card,
    CardAction,
    Flight,
    Losses,
    PieceInfo,
    Standing,
    Weapon,
)
from desktop.scenario.vocabulary import TerrainType
from desktop.table.sight import Sight, SightLine, sight_reasons

KIND_LABELS = {"regular": "Regular infantry", "skirmisher": "Skirmisher",
               "cavalry": "Cavalry", "cannon": "Cannon"}
SHOT_KINDS = ("cannon", "volley", "skirmish")
SHOT_NAMES = {"cannon": "Cannon shot", "volley": "Volley", "skirmish": "Skirmisher shot"}
STATUS_WORDS = {"active": "on the table", "killed": "fallen", "destroyed": "destroyed",
                "exited": "left the table"}

#: Simulated flicks behind one estimate of a shot's odds (docs/kiddies-flick.md,
#: "Odds of a flick"): on Miller's Bridge all 40 take about 0.1 s of CPU, short
#: enough to answer while the player hovers over an aim; the 95% margin is then
#: at most about 15 percentage points.
ODDS_TRIES: Final = 40
#: On a big table fewer tries fit while a player hovers: the estimate stops after
#: this much CPU time, with at least MIN_TRIES (its margin says how sure it is).
ODDS_BUDGET_SECONDS: Final = 0.2
MIN_TRIES: Final = 12
#: z for a 95% margin.
Z95: Final = 1.96


def margin95(counts: Sequence[int], n: int) -> float:
    """The widest 95% margin (percentage points) of the estimated chances k/n.

    Agresti-Coull: two successes and two failures are added before the normal
    approximation, so a bar seen 0 or n times still gets an honest margin."""
    worst = 0.0
    for k in counts:
        p = (k + 2) / (n + 4)
        worst = max(worst, Z95 * math.sqrt(p * (1.0 - p) / (n + 4)) * 100.0)
    return worst


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


class KiddiesView(PlayView, FiguresView, GroupMovesView, FlicksView):
    attack_kinds = frozenset()
    measure_in = "spans"

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        from desktop.rules.kiddies.game import KiddiesGame

        assert isinstance(game, KiddiesGame)
        self.g: KiddiesGame = game
        self._figs: dict[str, PieceInfo] | None = None
        self._stamp = (-1, -1)
        #: Odds already worked out, per (moment of the game, action): an aim hovered
        #: again is answered at once.
        self._odds: dict[tuple[tuple[int, int], str], Odds | None] = {}

    # -- pieces ----------------------------------------------------------------------

    def pieces(self) -> dict[str, PieceInfo]:
        if self._figs is not None and self._stamp == self._now():
            return self._figs
        out: dict[str, PieceInfo] = {}
        # one PieceInfo per figure and place, kept by the table (shared by every copy
        # of the game: the computer player scores many copies a decision)
        known = self.g.table.piece_infos
        for f in self.g.figures.values():
            key = (f.id, f.side, f.x, f.y, f.facing, f.status)
            info = known.get(key)
            if info is None:
                if len(known) > 50_000:
                    known.clear()
                n = f.id.rsplit(".", 1)[-1]
                label = "cannon" if f.kind == "cannon" else f"#{n}"
                names = self.g.table.unit_names
                info = known[key] = PieceInfo(f.id, f.side, "unit", f.kind, f.x, f.y, f.facing,
                                              f.frontage, f.depth, f.status,
                                              f"{names.get(f.unit, f.unit)} {label}")
            out[f.id] = info
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
        """The group `fid` is in as the table shows it, or, for the end of any other
        five that may fire now, that five."""
        f = self.g.figures.get(fid)
        if f is None:
            return None
        for grp in self.g.groups(f.side):
            if fid in grp:
                return grp
        if self.shot_kind() == "volley" and fid in self.shooters():
            return self.g.volley_group_of(f.side, fid)
        return None

    def flight(self, events: Sequence[Event]) -> Flight | None:
        """The flight of the first simulated flick among `events` (the window animates it)."""
        return flight_of(list(events))

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

    def sight(self, a: str, b: str) -> Sight | None:
        """Kiddies has no line of sight (seed 000): a flick may be aimed at any
        figure, and the pellet stops at whatever it meets.  The lines run from
        `a`'s centre to `b`; the figures they cross are named as what the
        pellet may hit first, never as a block."""
        ps = self.pieces()
        pa, pb = ps.get(a), ps.get(b)
        if pa is None or pb is None or not (pa.present and pb.present):
            return None
        bases = [(p.id, p.footprint()) for p in ps.values() if p.present]
        got = sight_reasons(pa.pos, pb.footprint(), self.terrain(), frozenset(), bases,
                            exclude=(a, b), names={p.id: self._name(p.id) for p in ps.values()},
                            corners=False)
        lines = tuple(SightLine(ln.start, ln.end, None, ()) for ln in got.lines)
        text = "no sight rule in Kiddies: a flick may be aimed at any figure"
        if got.blockers:
            text += "; in the way: " + ", ".join(got.blockers)
        return Sight(True, lines, text)

    # -- words ---------------------------------------------------------------------

    def _name(self, fid: str) -> str:
        p = self.pieces().get(fid)
        return p.name if p is not None and p.name else self.name_of(fid)

    def _who(self, ids: Sequence[str]) -> str:
        """Figures in words: 'Grenadiers #3', 'Grenadiers #1, #2 and #3', '5 of Grenadiers'."""
        by_unit: dict[str, list[str]] = {}
        for fid in ids:
            f = self.g.figures.get(fid)
            by_unit.setdefault(f.unit if f is not None else fid, []).append(fid)
        parts: list[str] = []
        for unit, members in by_unit.items():
            if len(members) == 1:
                parts.append(self._name(members[0]))
            elif len(members) <= 3:
                nums = [self._name(m).rsplit(" ", 1)[-1] for m in members]
                parts.append(f"{self.name_of(unit)} {_and(nums)}")
            else:
                parts.append(f"{len(members)} of {self.name_of(unit)}")
        return _and(parts)

    def describe(self, action: Action) -> str:
        """The log line for `action`, asked before it is applied: "Grenadiers #3 moves
        0.71 spans", "Hussars #1, #2 and #3 charge 2 spans, riding down Fusiliers #4"."""
        from desktop.rules.kiddies import actions as ka
        from desktop.table.shapes import angle_diff

        g = self.g
        if isinstance(action, ka.Choose):
            who = self.side_name(g.side) if g.side else "The initiative winner"
            return f"{who} will move {'first' if action.first else 'second'}"
        if isinstance(action, ka.End):
            return f"End of {g.phase_info().name.lower()}"
        if isinstance(action, ka.Move):
            f = g.figures.get(action.figure)
            if f is None:
                return f"{self._name(action.figure)} moves"
            dist = math.hypot(action.to[0] - f.x, action.to[1] - f.y) / g.span()
            turn = abs(angle_diff(action.facing, f.facing))
            return self._move_line(self._name(f.id), "moves", "turns", dist, turn)
        if isinstance(action, ka.GroupMove):
            figs = [g.figures[i] for i in action.figures if i in g.figures]
            dist = math.hypot(*action.by) / g.span()
            turn = abs(angle_diff(action.turn, 0.0))
            return self._move_line(self._who(action.figures), "move together",
                                   "wheel", dist, turn) if figs else "A group moves"
        if isinstance(action, ka.Charge):
            plan = g.charge_plan(g.side or "", action.figures, action.facing)
            text = f"{self._who(action.figures)} charge"
            if isinstance(plan, str):
                return text
            text += f" {_spans(plan.distance / g.span())}"
            if plan.victims:
                text += f", riding down {self._who(plan.victims)}"
            return text
        if isinstance(action, ka.Exit):
            return f"{self._name(action.figure)} leaves the table by the enemy's baseline"
        if isinstance(action, ka.Shoot):
            how = "a hard" if action.strength >= 0.7 else "a gentle" if action.strength < 0.35 \
                else "a middling"
            what = {"cannon": "fires", "volley": "fires a volley",
                    "skirmish": "takes the skirmisher shot"}[action.kind]
            return f"{self._name(action.shooter)} {what}, {how} flick"
        if isinstance(action, ka.Fell):
            fell = self._who(action.figures) if action.figures else "nobody"
            return f"{self._name(action.shooter)} shoots on the table: {fell} fell"
        return super().describe(action)

    def _move_line(self, who: str, moves: str, turns: str, spans: float, turn: float) -> str:
        if spans < 0.005:
            return f"{who} {turns} {turn:.0f}° on the spot" if turn >= 0.5 else \
                f"{who} stays where it is"
        text = f"{who} {moves} {_spans(spans)}"
        if turn >= 0.5:
            text += f" and {turns} {turn:.0f}°"
        return text

    def action_label(self, action: Action) -> str | None:
        """Words on a button or the phase bar (None only for the end of a phase,
        which the window words itself)."""
        from desktop.rules.kiddies import actions as ka

        if isinstance(action, ka.End):
            return None
        if isinstance(action, ka.Choose):
            return "Move first" if action.first else "Move second"
        if isinstance(action, ka.Charge):
            f = self.g.figures.get(action.figures[0])
            unit = self.name_of(f.unit) if f is not None else self._who(action.figures)
            return f"Charge: {unit} ({len(action.figures)} horse)"
        if isinstance(action, ka.Exit):
            return "Leave by the enemy's baseline"
        return self.describe(action)

    def phase_hint(self) -> str:
        """Choosing, moving and flicking say how; other phases are the base's."""
        g = self.g
        if g.outcome is None and g.side is not None and (
                g.phase in ("choose", "move") or self.shot_kind() is not None):
            return self.prompt(None)
        return super().phase_hint()

    def prompt(self, selected: str | None) -> str:
        """The phase bar's sentence for the side to act (the window adds its own
        while the player picks who fell on a real table)."""
        g = self.g
        if g.outcome is not None or g.side is None:
            return super().prompt(selected)
        if g.phase == "choose":
            return (f"{self.side_name(g.side)} won the initiative: move first or second?")
        kind = self.shot_kind()
        if kind is not None:
            if self.tabletop:
                return ("Flick on your table, then click the shooter (green) and the "
                        "figures that fell.")
            return ("Drag from a shooter (outlined green) to aim: the direction is the flick, "
                    "the length how far the pellet slides. Enter flicks.")
        if g.phase == "move":
            return ("Drag a figure to move it (spans). Ctrl-click or Shift-drag a box to "
                    "select a group, then drag one of them to move them together.")
        return super().prompt(selected)

    def fell_prompt(self, shooter: str) -> str:
        """The phase bar's sentence while the player clicks who fell after a real flick."""
        return (f"{self._name(shooter)} shot on the table: click each figure that fell "
                "(click again to take it back), then Confirm.")

    # -- the card ----------------------------------------------------------------------

    def card_buttons(self, pid: str) -> list[CardAction]:
        """The card's buttons with a line of help each (leaving the table, a charge)."""
        from desktop.rules.kiddies.actions import Exit

        out: list[CardAction] = []
        g = self.g
        f = g.figures.get(pid)
        if f is None or g.side != f.side or g.phase != "move":
            return out
        ex = Exit(pid)
        if g.check(ex) is None:
            out.append(CardAction(
                self.action_label(ex) or "", ex,
                f"{self._name(pid)} steps off the table by the enemy's baseline; in an "
                "attack and defence game a regular who does so can win it"))
        for a in g.legal_actions():
            if a.text().startswith("charge") and pid in a.text().split()[1].split(","):
                plan = g.charge_plan(f.side, a.text().split()[1].split(","),
                                     float(a.text().split()[2]))
                if isinstance(plan, str):
                    continue
                down = (f"riding down {self._who(plan.victims)}" if plan.victims
                        else "riding down nobody in the path")
                out.append(CardAction(
                    self.action_label(a) or "", a,
                    f"The three ride straight ahead {_spans(plan.distance / g.span())}, "
                    f"{down}, and stop facing the same way"))
        return out

    def card_actions(self, pid: str) -> list[tuple[str, Action]]:
        out: list[tuple[str, Action]] = []
        for b in self.card_buttons(pid):
            assert isinstance(b.action, Action)
            out.append((b.label, b.action))
        return out

    def badge(self, pid: str) -> tuple[str, bool] | None:
        return None

    def fight_of(self, pid: str) -> tuple[tuple[str, ...], tuple[str, ...], Odds] | None:
        for a, b, o in self.g.melee_odds():
            if pid in a or pid in b:
                mine, theirs = (a, b) if pid in a else (b, a)
                win, loss = (o.win, o.loss) if pid in a else (o.loss, o.win)
                return mine, theirs, self._fight_odds(mine, theirs, win, o.draw, loss,
                                                      "rolled when both sides have moved")
        return None

    def _fight_odds(self, mine: Sequence[str], theirs: Sequence[str], win: Fraction,
                    draw: Fraction, loss: Fraction, when: str) -> Odds:
        return Odds(f"Hand to hand: {self._who(mine)} against {self._who(theirs)}",
                    [("win", win), ("all fall", draw), ("lose", loss)],
                    [when, "exact odds"])

    def card(self, pid: str) -> Card:
        g = self.g
        f = g.figures[pid]
        p = self.pieces()[pid]
        rows: list[tuple[str, str]] = [("Figure", KIND_LABELS.get(f.kind, f.kind)),
                                       ("Status", STATUS_WORDS.get(f.status, f.status))]
        if f.active:
            spans = g.allowance(f) / g.span()
            rows.append(("Moves", f"{_spans(spans)} ({g.allowance(f):g}\"), "
                                  "one more wholly on a road"))
            rows.append(("This turn", ", ".join(w for w, on in (("moved", f.moved),
                                                                ("fired", f.fired)) if on)
                         or "—"))
        if f.kind == "cannon":
            rows.append(("Manned", "yes: it may fire" if g.manned(f) else
                         "no: two regulars must stand within 1\""))
        grp = self.volley_group(pid)
        if grp is not None:
            rows.append(("Volley group", f"{len(grp)} in line; fires from "
                                         f"{self._name(grp[0])} or {self._name(grp[-1])}"))
        chances: list[tuple[str, Fraction]] = []
        fight = self.fight_of(pid) if f.active else None
        if fight is not None:
            _mine, theirs, view = fight
            rows.append(("In contact with", self._who(theirs)))
            chances = [(f"Hand to hand: {label}", p_) for label, p_ in view.bars]
        return Card(p.name, f"{KIND_LABELS.get(f.kind, f.kind)} · "
                    f"{self.side_name(f.side)}", rows, self.may(pid), chances)

    def may(self, pid: str) -> list[str]:
        out: list[str] = []
        if self.can_move(pid):
            out.append("move")
        kind = self.shot_kind()
        if kind is not None and pid in self.shooters():
            out.append(SHOT_NAMES[kind].lower())
        return out

    # -- odds --------------------------------------------------------------------------

    def odds(self, action: Action) -> Odds | None:
        """What an attacking action may bring: a move into contact, the hand-to-hand
        fight it makes (exact); a charge, who it rides down (certain): the engine's
        chart (``KiddiesGame.odds``) with the figures named as a player counts
        them.  A simulated flick, for which the engine has no exact chances, an
        estimate from simulated tries on a copy of the game."""
        from desktop.rules.kiddies import actions as ka

        if not isinstance(action, ka.Move | ka.GroupMove | ka.Charge | ka.Shoot):
            return None
        key = (self._now(), action.text())
        if key in self._odds:
            return self._odds[key]
        if self.g.check(action) is not None:
            out: Odds | None = None
        elif isinstance(action, ka.Shoot):
            out = self._estimate(action)
        else:
            out = self._engine_odds(action)
        if len(self._odds) > 256:
            self._odds.clear()
        self._odds[key] = out
        return out

    def _engine_odds(self, action: Action) -> Odds | None:
        """The engine's chart of a move into contact or a charge, its figures named
        by `_who` ("Grenadiers #1, #2 and #3"), a charge's length added."""
        from desktop.rules.kiddies.actions import Charge, GroupMove, Move

        shown = super().odds(action)
        if shown is None:
            return None
        if isinstance(action, Charge):
            plan = self.g.charge_plan(self.g.side or "", action.figures, action.facing)
            if isinstance(plan, str):
                return shown
            who = self._who(plan.victims) if plan.victims else "nobody"
            return shown.reworded(f"Charge: {self._who(action.figures)} ride down {who}",
                                  notes=[*shown.notes, "the charge goes "
                                         f"{_spans(plan.distance / self.g.span())}"])
        assert isinstance(action, Move | GroupMove)
        fight = self.g.contact_fight(action)  # the fight the engine's chart is of
        if fight is None:
            return shown
        mine, theirs = fight[0], fight[1]
        return shown.reworded(f"Hand to hand: {self._who(mine)} against {self._who(theirs)}")

    def _estimate(self, action: Action) -> Odds | None:
        """Odds of a simulated flick, from ODDS_TRIES flights on a copy of the game
        whose chance is seeded from this moment and aim (the real game's next draws
        are untouched, and the same aim gives the same estimate)."""
        from desktop.rules.kiddies.actions import Shoot
        from desktop.rules.kiddies.constants import CANNON, PELLET_OF
        from desktop.rules.kiddies.flick import PELLETS, STRENGTH_SIGMA, slide_distance

        assert isinstance(action, Shoot)
        t0 = time.process_time()
        g = self.g
        side = g.side
        seed = zlib.crc32(f"{g.seed} {len(g.history)} {action.text()}".encode())
        copy = g.clone(seed)
        pellet = PELLETS[PELLET_OF[action.kind]]
        # a figure beyond the hardest flick's slide (and a shove's) cannot be reached
        within = slide_distance(pellet, min(1.0, action.strength * (1 + 4 * STRENGTH_SIGMA)))
        within += 4.0
        shooter = g.figures[action.shooter]
        reach = within + 4.0  # the start is beside the shooter
        bodies = [b for b in copy.bodies()
                  if math.hypot(b.x - shooter.x, b.y - shooter.y) <= reach + b.reach]
        theirs = [0, 0, 0]  # none, one, two or more of the enemy fall
        ours = 0
        n = 0
        while n < ODDS_TRIES and (n < MIN_TRIES
                                  or time.process_time() - t0 < ODDS_BUDGET_SECONDS):
            n += 1
            rng = copy.flick_rng("odds estimate")
            _start, fl = copy.fly(action, rng, within, bodies)
            down = set(fl.fell) | {b for b in fl.off_table if copy.figures[b].kind == CANNON}
            enemy = sum(1 for x in down if copy.figures[x].side != side)
            theirs[min(enemy, 2)] += 1
            ours += 1 if len(down) > enemy else 0
        margin = margin95([*theirs, ours], n)
        hit = n - theirs[0]
        notes = [f"about {pct(Fraction(hit, n))} to knock over at least one enemy, "
                 f"± {margin:.0f}",
                 f"an estimate from {n} simulated flicks: the real one wobbles its own way"]
        if ours:
            notes.append(f"one of ours falls in about {pct(Fraction(ours, n))} of them")
        return Odds(f"{SHOT_NAMES[action.kind]} from {self._name(action.shooter)}",
                    [("none of theirs falls", Fraction(theirs[0], n)),
                     ("one of theirs falls", Fraction(theirs[1], n)),
                     ("two or more of theirs fall", Fraction(theirs[2], n))],
                    notes, margin)

    def losses(self) -> dict[str, Losses]:
        """Figures fallen, by the unit they belong to (the roster lists units)."""
        fallen: dict[str, int] = {}
        standing: dict[str, int] = {}
        for f in self.g.figures.values():
            bucket = standing if f.status == ACTIVE_FIGURE else fallen
            bucket[f.unit] = bucket.get(f.unit, 0) + 1
        return {uid: Losses(n, (), "" if standing.get(uid) else "Every figure fallen")
                for uid, n in fallen.items()}

    def standing(self) -> Standing | None:
        return self.g.judge.standing(self.g.turn, self.g.victory_pieces(), limit=self.g.turn_limit)

    def victory(self) -> VictoryState | None:
        return self.g.judge.report(self.g.turn, self.g.victory_pieces(), limit=self.g.turn_limit,
                                   outcome=self.g.outcome, noun="figure")

    def pending_losses(self) -> dict[str, float]:
        """The hand-to-hand fights of the turn's end as the figures stand: the loser
        falls, on a tie both do (exact odds of the rolls)."""
        out: dict[str, float] = {}
        for a, b, o in self.g.melee_odds():
            sa, sb = self.g.figures[a[0]].side, self.g.figures[b[0]].side
            out[sa] = out.get(sa, 0.0) + len(a) * float(o.loss + o.draw)
            out[sb] = out.get(sb, 0.0) + len(b) * float(o.win + o.draw)
        return out

    def pending_removals(self) -> dict[str, float]:
        """Each figure in a hand-to-hand fight of the turn's end, by its chance of
        falling there: the loser's figures all fall, on a tie both sides' do
        (exact odds of the rolls, as `pending_losses`)."""
        out: dict[str, float] = {}
        for a, b, o in self.g.melee_odds():
            for fid in a:
                out[fid] = float(o.loss + o.draw)
            for fid in b:
                out[fid] = float(o.win + o.draw)
        return out

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


def _and(items: Sequence[str]) -> str:
    items = list(items)
    if not items:
        return ""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _spans(v: float) -> str:
    """A distance in spans as a player says it: '1 span', '0.71 spans', '2 spans'."""
    r = round(v, 2)
    return f"{r:g} span" + ("" if r == 1 else "s")


__all__ = ["ODDS_TRIES", "KiddiesView", "flight_of", "margin95"]
