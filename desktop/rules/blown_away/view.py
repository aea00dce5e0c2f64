"""What the play window asks of a Blown Away game (seed 003).

Moves use the ruleset's own notation: the unit pivots on its centre man to the
new facing, then moves straight or obliquely (up to 45 degrees) to the centre
given; the engine's reason is shown when the 4" stop rule or anything else
refuses a move.  The bands are the wedge the unit can reach at its present
facing, cut where the stop rule would halt it.  A combat's odds are the
engine's exact enumeration over the cards left in both decks.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely
from shapely.geometry import Point as SPoint
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from desktop.rules.action_odds import Odds, pct
from desktop.rules.engine import Action, Game
from desktop.rules.victory import VictoryState
from desktop.rules.view import PlayView, union_of
from desktop.rules.view_capabilities import FacingBandsView
from desktop.rules.view_values import (
    OFFICER_BASE,
    Allowance,
    Card,
    Losses,
    Markup,
    PieceInfo,
    Standing,
    Weapon,
)
from desktop.scenario.model import HoldObjectives
from desktop.scenario.vocabulary import TerrainType
from desktop.scenario.wording import possessive, side_does
from desktop.table.sight import Sight

if TYPE_CHECKING:
    from desktop.rules.blown_away.game import Piece

#: An objective stays held once taken (seed 003: "were the last to occupy"), in
#: the victory panel's words for the hold condition.
KEPT_WORDS = "once taken, each stays held until the enemy takes it"

#: Rays cast across the 90-degree wedge a formed unit may move into.
WEDGE_RAYS = 31

#: Where a gun's target stands, in words (BlownAwayGame.cover).
COVER_WORDS = {"open": "in the open (or soft cover)", "wall": "behind a wall",
               "works": "behind a redoubt or in a trench"}
#: What a unit may still do, in words (the kinds of its actions).
MAY_WORDS = {"move": "move", "form": "change formation", "rally": "rally",
             "rejoin": "walk back to the cannon", "fire": "fire", "combat": "fight"}

#: Colours of the men on the card: in ranks, running, killed (on the field), dead.
RANKS_INK, RUNNING_INK, KILLED_INK, DEAD_INK = "#2b4d2b", "#d08a00", "#b22222", "#999999"
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_face(card: str) -> str:
    """'QD' -> 'Q♦', '10H' -> '10♥'."""
    return card[:-1] + SUITS.get(card[-1:], card[-1:])


def _short(name: str) -> str:
    """'Regiment Balfour' -> 'Balfour': a name short enough for a bar's label."""
    words = [w for w in name.replace("'", "").split() if w[:1].isupper()]
    return (words[-1] if words else name)[:14]


def men_html(ranks: int, running: int, killed: int, dead: int) -> Markup:
    """The men of a unit as little figures: in ranks, running, killed, dead."""
    def run(n: int, glyph: str, ink: str) -> str:
        return f"<span style='color:{ink}'>{glyph * n}</span>" if n else ""
    men = (run(ranks, "●", RANKS_INK) + run(running, "◐", RUNNING_INK)
           + run(killed, "✕", KILLED_INK) + run(dead, "✝", DEAD_INK))
    legend = ("<br><span style='font-size:8pt;color:#666'>● in ranks · ◐ running · "
              "✕ killed here · ✝ in the tray</span>")
    return Markup(f"<span style='font-size:13pt'>{men}</span>{legend}")


#: PieceInfo by (placement stamp, status): a stamp names one placement of one
#: piece, so an entry never goes stale.
_INFOS: dict[tuple[int, str], PieceInfo] = {}
_INFOS_SIZE = 50_000


class BlownAwayView(PlayView, FacingBandsView):
    attack_kinds = frozenset({"fire", "combat"})
    #: A mob (no men in ranks: status "disordered") occupies no farm (seed 003).
    no_ground = frozenset({"disordered"})
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        #: The facing the window's ghost ends with, per piece (FacingBands): the
        #: bands are asked for again when it pivots.
        self.band_facing: dict[str, float] = {}
        from desktop.rules.blown_away import constants as C
        from desktop.rules.blown_away.game import BlownAwayGame

        assert isinstance(game, BlownAwayGame)
        self.g: BlownAwayGame = game
        self.C = C
        self._pattern: re.Pattern[str] | None = None

    # -- pieces ----------------------------------------------------------------------

    def pieces(self) -> dict[str, PieceInfo]:
        st = self.g.state
        out: dict[str, PieceInfo] = {}
        for p in st.pieces.values():
            # one PieceInfo per placement and status (the steady player asks for
            # every piece of every look-ahead: issue 18)
            key = (p.stamp, p.status)
            info = _INFOS.get(key)
            if info is None:
                if len(_INFOS) >= _INFOS_SIZE:
                    _INFOS.clear()
                w, d = p.size()
                info = _INFOS[key] = PieceInfo(p.id, p.side, "unit", p.type.value, p.pos[0],
                                               p.pos[1], p.facing, w, d, p.status,
                                               p.name or p.id, p.formation.value)
            out[p.id] = info
        for c in st.commanders.values():
            out[c.id] = PieceInfo(c.id, c.side, "officer", "commander", c.pos[0], c.pos[1],
                                  c.facing, OFFICER_BASE, OFFICER_BASE, "active", c.name or c.id)
        return out

    # -- moving ----------------------------------------------------------------------

    def move_action(self, pid: str, x: float, y: float, facing: float) -> Action | None:
        from desktop.rules.blown_away.actions import Move
        from desktop.rules.notation import canonical_facing

        st = self.g.state
        to = (round(x, 2) + 0.0, round(y, 2) + 0.0)
        if pid in st.commanders:
            return Move(pid, to, st.commanders[pid].facing)
        return Move(pid, to, canonical_facing(round(facing, 1)))

    def can_move(self, pid: str) -> bool:
        """The engine's own answer (issue 16: the view does not know the phases)."""
        return self.g.why_not_move(pid) is None

    def move_length(self, pid: str, x: float, y: float, facing: float) -> float:
        st = self.g.state
        if pid in st.commanders:
            return math.dist(st.commanders[pid].pos, (x, y))
        p = st.pieces[pid]
        start = p.pos if p.mob else self.g.pivot_point(p, facing)
        return math.dist(start, (x, y))

    def allowance(self, pid: str) -> Allowance | None:
        p = self.g.state.pieces.get(pid)
        if p is None:
            return None  # the commander rides any distance
        full = self.g.allowance(p)
        if p.mob:
            return Allowance(full, None, "a mob runs anywhere", "", "centre to centre")
        if full == 0:
            return Allowance(0.0, None, "artillery before 1750: turn only")
        return Allowance(full, None, "straight or oblique up to 45°", "",
                         "from the centre man, after the pivot")

    def blocked(self, pid: str) -> BaseGeometry | None:
        st = self.g.state
        if pid in st.commanders:
            return None
        p = st.pieces[pid]
        t = self.terrain()
        parts: list[BaseGeometry] = [t.union(self.C.IMPASSABLE)]
        water = t.union(self.C.CROSSING_ONLY)
        if not water.is_empty:
            parts.append(water.difference(t.union({TerrainType.BRIDGE, TerrainType.FORD})))
        for q in self.g.units(st.enemy(p.side)):
            if p.mob:
                parts.append(q.fp().buffer(self.C.MOB_CLEARANCE))
            elif not q.mob:
                parts.append(q.fp())
        return union_of(parts)

    def no_end(self, pid: str) -> BaseGeometry | None:
        st = self.g.state
        if pid in st.commanders:
            return None
        p = st.pieces[pid]
        parts = [self.terrain().union(self.C.NO_END)]
        parts.extend(q.fp() for q in self.g.units(p.side) if q.id != pid)
        return union_of(parts)

    def end_facing(self, pid: str, facing: float) -> None:
        """A move's reach turns with the facing it ends with (FacingBands)."""
        self.band_facing = {pid: facing}

    def reach_area(self, pid: str) -> BaseGeometry | None:
        """The wedge a formed unit can reach at its facing (cut by the stop rule and
        what blocks), or the disc a mob can run to."""
        from desktop.table.reach import reach_polygon

        st = self.g.state
        p = st.pieces.get(pid)
        if p is None:
            return None
        full = self.g.allowance(p)
        if full <= 0:
            return None
        blocked = self.blocked(pid)
        w, d = p.size()
        grown = None
        if blocked is not None:
            near = blocked.intersection(SPoint(p.pos).buffer(full + max(w, d) + 1.0, 16))
            if not near.is_empty:
                grown = near.buffer(min(w, d) / 2.0 * 0.95, 8)
                if grown.contains(SPoint(p.pos)):
                    grown = grown.difference(SPoint(p.pos).buffer(min(w, d) + 0.05, 16))
        if p.mob:
            return reach_polygon(p.pos, full, grown)
        facing = self.band_facing.get(pid, p.facing)
        start = self.g.pivot_point(p, facing)
        star = reach_polygon(start, full, grown)
        half = self.C.OBLIQUE_LIMIT
        pts: list[tuple[float, float]] = [start]
        for b in np.linspace(facing - half, facing + half, WEDGE_RAYS):
            a = math.radians(float(b))
            far = (start[0] + math.sin(a) * full, start[1] - math.cos(a) * full)
            stop = self.g.stop_length(p, start, facing, far)
            r = full if stop is None else min(full, stop)
            pts.append((start[0] + math.sin(a) * r, start[1] - math.cos(a) * r))
        wedge = Polygon(pts)
        if not wedge.is_valid:
            wedge = shapely.make_valid(wedge)
        return wedge.intersection(star).union(SPoint(start).buffer(0.15))

    def attack_kinds_of(self, pid: str) -> tuple[str, ...]:
        """Only guns fire (long-range artillery); every unit may fight."""
        p = self.g.state.pieces.get(pid)
        if p is not None and not p.is_artillery:
            return ("combat",)
        return super().attack_kinds_of(pid)

    def snap_move(self, pid: str, x: float, y: float,
                  facing: float) -> tuple[float, float, str] | None:
        """A formed unit dragged past the stop rule stops where the rule stops it
        (``BlownAwayGame.stop_length``, on the line from its pivoted centre)."""
        g = self.g
        p = g.state.pieces.get(pid)
        if p is None or p.eliminated:
            return None
        if p.mob:
            return self._snap_mob(p, x, y, facing)
        start = g.pivot_point(p, facing)
        length = math.dist(start, (x, y))
        if length < 1e-9:
            return None
        stop = g.stop_length(p, start, facing, (x, y))
        if stop is None or length <= stop + 1e-6:
            return None
        ux, uy = (x - start[0]) / length, (y - start[1]) / length
        words = (f"stops here: any further and it is less than {self.C.STOP_DISTANCE:g}″ "
                 "from an enemy it faces or that faces it")
        # a hair short, so that the position written to 0.01″ is not past the stop
        for back in (0.006, 0.012, 0.03):
            r = max(0.0, stop - back)
            to = (start[0] + ux * r, start[1] + uy * r)
            act = self.move_action(pid, to[0], to[1], facing)
            if act is not None and "must stop" not in (g.check(act) or ""):
                return (to[0], to[1], words)
        return (start[0] + ux * max(0.0, stop - 0.03), start[1] + uy * max(0.0, stop - 0.03),
                words)

    def _snap_mob(self, p: Piece, x: float, y: float,
                  facing: float) -> tuple[float, float, str] | None:
        """A mob dragged past its clearance of the enemy stops on the last point
        (every quarter inch from where it stands) whose path keeps the clearance
        (``BlownAwayGame.mob_stop_length``), as a formed unit stops short."""
        g = self.g
        length = math.dist(p.pos, (x, y))
        stop = g.mob_stop_length(p, (x, y), facing)
        if stop is None or stop <= 0.0 or length <= stop + 1e-6:
            return None
        ux, uy = (x - p.pos[0]) / length, (y - p.pos[1]) / length
        words = (f"stops here: any further and it runs within {self.C.MOB_CLEARANCE:g}″ "
                 "of the enemy")
        # a hair short, so that the position written to 0.01″ keeps the clearance
        for back in (0.0, 0.006, 0.012, 0.03):
            r = max(0.0, stop - back)
            to = (p.pos[0] + ux * r, p.pos[1] + uy * r)
            act = self.move_action(p.id, to[0], to[1], facing)
            if act is not None and "may not pass closer" not in (g.check(act) or ""):
                return (to[0], to[1], words)
        return None

    # -- fighting --------------------------------------------------------------------

    def odds(self, action: Action) -> Odds | None:
        """The engine's chart (``BlownAwayGame.odds``: who wins a combat, exact over
        the cards left in both decks; a long-range shot kills one man for certain,
        seed 003), told with the sides' short names and what else the engine
        knows of it: the men who run, the cards left, the bonuses, a shot's cost."""
        from desktop.rules.blown_away.actions import Combat, Fire

        shown = super().odds(action)
        if shown is None:
            return None
        if isinstance(action, Combat):
            o = self.g.combat_odds(action.unit, action.target)
            u, t = self.name_of(action.unit), self.name_of(action.target)
            mean_t = sum((k * v for k, v in o.target_runs.items()), Fraction(0))
            mean_u = sum((k * v for k, v in o.unit_runs.items()), Fraction(0))
            notes = [f"{t} loses a man: {pct(o.target_loses_a_man)} "
                     f"({float(mean_t):.1f} men run on average)",
                     f"{u} loses a man: {pct(o.unit_loses_a_man)} "
                     f"({float(mean_u):.1f} men run on average)",
                     "exact, from the cards left in the decks: " + ", ".join(
                         f"{self.side_name(s)} {len(self.g.chance.pile(s))}"
                         for s in self.g.state.sides)]
            bu = self.g.card_bonus(self.g.piece(action.unit), self.g.piece(action.target), False)
            bt = self.g.card_bonus(self.g.piece(action.target), self.g.piece(action.unit), True)
            for who, b in ((u, bu), (t, bt)):
                if b:
                    notes.append(f"{who} adds {b} to its card (behind a wall or in works)")
            return shown.reworded(labels=[f"{_short(u)} wins", "a tie", f"{_short(t)} wins"],
                                  notes=notes)
        if isinstance(action, Fire):
            gun, tgt = self.g.piece(action.gun), self.g.piece(action.target)
            cost = self.g.shot_cost(gun, tgt)
            cover = self.g.cover(tgt, SPoint(gun.front_centre()))
            left = self.g.shots_per_turn(gun) - gun.shots
            notes = [f"costs {cost} cannonball{'s' if cost > 1 else ''} "
                     f"({gun.markers} left)", f"the target is {COVER_WORDS.get(cover, cover)}"]
            if gun.guns > 1:
                notes.append(f"{left} of its {gun.guns} guns still to fire this turn")
            return shown.reworded(notes=notes)
        return shown

    def weapons(self, pid: str) -> list[Weapon]:
        p = self.g.state.pieces.get(pid)
        if p is None or p.eliminated or p.ranks == 0:
            return []
        fc = p.front_centre()
        out = [Weapon("combat (4\")", fc, p.facing, 45.0, self.C.COMBAT_DISTANCE)]
        if p.is_artillery and p.at_gun:
            out.insert(0, Weapon("cannon 4\"–36\"", fc, p.facing, self.C.BORE_HALF_ANGLE,
                                 self.C.ARTILLERY_MAX_RANGE))
        return out

    def sight_types(self) -> frozenset[TerrainType]:
        return frozenset(self.C.BLOCKS_SIGHT)

    def sight(self, a: str, b: str) -> Sight | None:
        """The engine's sight from `a`'s front centre to `b`, with its reasons."""
        st = self.g.state
        pa, pb = st.pieces.get(a), st.pieces.get(b)
        if pa is None or pb is None or pa.eliminated or pb.eliminated:
            return None
        return self.g.sight_of(pa, pb, self._names())

    # -- pictures --------------------------------------------------------------------

    def card_actions(self, pid: str) -> list[tuple[str, Action]]:
        """The card's buttons, labelled in words (their tooltips are `describe`)."""
        from desktop.rules.blown_away.actions import Combat, Fire, Form, Move
        from desktop.rules.notation import canonical_facing
        from desktop.scenario.vocabulary import Formation

        out: list[tuple[str, Action]] = []
        st = self.g.state
        for _, act in super().card_actions(pid):
            out.append((self.action_label(act) or self.describe(act), act))
        for act in self.attacks(pid):  # also on the table: click the outlined target
            if isinstance(act, (Fire, Combat)):
                verb = "Fire at" if isinstance(act, Fire) else "Fight"
                out.append((f"{verb} {self.name_of(act.target)}", act))
        p = st.pieces.get(pid)
        if p is None or p.eliminated or p.side != st.side:
            return out
        tries: list[tuple[str, Action]] = []
        for f in self.C.FORMATIONS[p.type] if self.can_move(pid) else ():
            if f is not p.formation:
                tries.append((f"Form {f.value}", Form(pid, f, p.facing)))
        if self.can_move(pid) and (p.formation is not Formation.UNLIMBERED or p.is_artillery):
            tries.append(("About face", Form(pid, p.formation,
                                             canonical_facing(p.facing + 180.0))))
            tries.append(("Turn left", Form(pid, p.formation, canonical_facing(p.facing - 90.0))))
            tries.append(("Turn right", Form(pid, p.formation,
                                             canonical_facing(p.facing + 90.0))))
        out.extend((label, a) for label, a in tries if self.g.check(a) is None)
        # the commander rides to the unit (rallying a mob needs him within 1")
        for c in st.commanders.values():
            if self.g.why_not_move(c.id) is not None:
                continue
            d = p.size()[1] / 2 + 0.5
            rear = canonical_facing(p.facing + 180.0)
            a = math.radians(rear)
            t = self.g.scenario.table
            to = (round(min(max(p.pos[0] + math.sin(a) * d, 0.0), t.width), 2) + 0.0,
                  round(min(max(p.pos[1] - math.cos(a) * d, 0.0), t.depth), 2) + 0.0)
            act = Move(c.id, to, c.facing)
            if self.g.check(act) is None:
                out.append((f"{c.name or c.id} rides here", act))
        return out

    def badge(self, pid: str) -> tuple[str, bool] | None:
        p = self.g.state.pieces.get(pid)
        if p is None:
            return None
        m = p.men
        parts = [f"{m.ranks}/{m.men}"]
        if m.running:
            parts.append(f"{m.running} run")
        if m.killed:
            parts.append(f"{m.killed} ✕")
        if p.is_artillery:
            parts.append(f"{p.markers} ball{'s' if p.markers != 1 else ''}")
        if self.g.is_engaged(pid):
            parts.append("engaged")
        return " · ".join(parts), bool(m.running) or p.mob

    def card(self, pid: str) -> Card:
        from desktop.scenario.vocabulary import UNIT_LABELS

        st = self.g.state
        if pid in st.commanders:
            c = st.commanders[pid]
            crow = [("Rides", "any distance, once a turn"),
                    ("Moved", "yes" if st.commander_moved and c.side == st.side else "no")]
            return Card(c.name or c.id, f"Commander · {self.side_name(c.side)}", crow,
                        self.may(pid))
        p = st.pieces[pid]
        m = p.men
        rows: list[tuple[str, str]] = [
            ("Men", men_html(m.ranks, m.running, m.killed, m.dead)),
            ("In ranks", f"{m.ranks} of {m.men}"
             + (f" (with {', '.join(r.value for r in m.command)})" if m.command else "")),
            ("Running", f"{m.running}" + (f" (with {', '.join(r.value for r in m.running_command)})"
                                          if m.running_command else "")),
            ("Killed", f"{m.killed} on the field, {m.dead} in the tray"),
            ("Formation", p.formation.value if p.formed else "a mob (no men in ranks)"),
        ]
        if p.is_artillery:
            full = self.C.CANNONBALLS * max(p.guns, 1)
            balls = (f"<span style='color:#222'>{'⬤' * p.markers}</span>"
                     f"<span style='color:#ccc'>{'⬤' * (full - p.markers)}</span>")
            rows.append(("Cannonballs", Markup(f"{balls} {p.markers} of {full}")))
            if p.guns > 1:
                rows.append(("Guns", f"{p.guns}, each fires once a turn"
                             + (f" ({p.shots} fired this turn)" if p.shots else "")))
            rows.append(("Gunners", "at the cannon" if p.at_gun else "away from the cannon"))
        eng = self.g.engaged_with(pid)
        if eng:
            rows.append(("Engaged with", ", ".join(st.pieces[e].name or e for e in eng)))
        if p.traits:
            rows.append(("Traits", ", ".join(sorted(t.value.replace("_", " ")
                                                    for t in p.traits))))
        if p.fought:
            rows.append(("This turn", "fought"))
        why = self.g.why_cannot_move(p) if p.side == st.side else None
        if why and not p.eliminated:
            rows.append(("Cannot move", self.named(why)))
        rows.append(("Allowance", f"{self.g.allowance(p):g}\""))
        return Card(p.name or p.id, f"{UNIT_LABELS.get(p.type, p.type.value)} · "
                    f"{self.side_name(p.side)}", rows, self.may(pid))

    def may(self, pid: str) -> list[str]:
        """What `pid` may still do, in words ("move", "rally", "fight")."""
        out = super().may(pid)
        st = self.g.state
        if pid in st.pieces and self.can_move(pid):
            out = [k for k in out if k != "form"] + ["form"]
        return [MAY_WORDS.get(k, k) for k in out]

    # -- words -----------------------------------------------------------------------

    def named(self, text: str) -> str:
        """An engine's reason with every unit, commander and side id written as its name."""
        names = self._ids()
        if not names:
            return text
        return self._id_pattern().sub(lambda m: names[m.group(0)], text)

    def _ids(self) -> dict[str, str]:
        st = self.g.state
        out = {s: self.side_name(s) for s in st.sides}
        out.update({p.id: p.name or p.id for p in st.pieces.values()})
        out.update({c.id: c.name or c.id for c in st.commanders.values()})
        return {k: v for k, v in out.items() if k != v}

    def _id_pattern(self) -> re.Pattern[str]:
        if self._pattern is None:
            ids = sorted(self._ids(), key=len, reverse=True)
            self._pattern = re.compile(
                r"(?<!\w)(" + "|".join(re.escape(i) for i in ids) + r")(?!\w)")
        return self._pattern

    def describe(self, action: Action) -> str:
        """The log line, asked before the action is applied: names and words, never
        notation ("Regiment Balfour turns 30° to the right and moves 4.2″")."""
        from desktop.rules.blown_away.actions import (
            Combat,
            End,
            Fire,
            Form,
            Move,
            Rally,
            Rejoin,
        )
        from desktop.rules.blown_away.men import rally_count

        g, st = self.g, self.g.state
        if isinstance(action, End):
            who, num = self.side_name(st.side), self.side_plural(st.side)
            return f"{side_does(who, 'ends', num)} the {self._phase_words()}"
        if isinstance(action, Move):
            if action.piece in st.commanders or action.piece in st.pieces:
                return g.move_words(action)
        elif isinstance(action, Form) and action.unit in st.pieces:
            return g.form_words(action)
        elif isinstance(action, Rally) and action.unit in st.pieces:
            p = st.pieces[action.unit]
            n = rally_count(p.men)
            return f"{self.name_of(p.id)} rallies {n} running {'man' if n == 1 else 'men'}"
        elif isinstance(action, Rejoin) and action.unit in st.pieces:
            return f"{possessive(self.name_of(action.unit))} gunners walk back to their cannon"
        elif isinstance(action, Fire) and {action.gun, action.target} <= st.pieces.keys():
            cost = g.shot_cost(g.piece(action.gun), g.piece(action.target))
            return (f"{self.name_of(action.gun)} fires at {self.name_of(action.target)} "
                    f"({cost} cannonball{'s' if cost > 1 else ''})")
        elif isinstance(action, Combat):
            return f"{self.name_of(action.unit)} fights {self.name_of(action.target)}"
        return self.named(action.text())

    def action_label(self, action: Action) -> str | None:
        """Short labels for buttons: the end of a phase, a rally, the gunners' walk."""
        from desktop.rules.blown_away.actions import End, Rally, Rejoin

        if isinstance(action, End):
            return {"orders": "End the orders", "artillery": "End the artillery fire",
                    "combat": "End the turn"}.get(self.g.state.phase, "End")
        if isinstance(action, Rally):
            return "Rally (one thing this turn)"
        if isinstance(action, Rejoin):
            return "Gunners walk back to the cannon"
        return None

    def _phase_words(self) -> str:
        return {"orders": "orders", "artillery": "long-range artillery fire",
                "combat": "combats and the turn"}.get(self.g.state.phase, "phase")

    def phase_hint(self) -> str:
        """Orders, long-range artillery and combat each say what the side may do."""
        return "" if self.g.outcome is not None else self.prompt(None)

    def prompt(self, selected: str | None) -> str:
        """What the side to act may do now, and what the selected piece may do."""
        g, st = self.g, self.g.state
        if g.outcome is not None:
            return "The game is over."
        side = self.side_name(st.side)
        p = st.pieces.get(selected or "")
        c = st.commanders.get(selected or "")
        if st.phase == "orders":
            if c is not None and c.side == st.side:
                why = g.why_not_move(c.id)
                return (f"Drag {self.name_of(c.id)} anywhere: he rides any distance."
                        if why is None else f"{self.name_of(c.id)}: {self.named(why)}.")
            if p is not None and p.side == st.side:
                why = g.why_not_move(p.id)
                if why is not None:
                    return f"{self.name_of(p.id)} cannot move: {self.named(why)}."
                if p.mob:
                    return (f"Drag {self.name_of(p.id)}: a mob runs up to "
                            f"{self.C.MOB_MOVE:g}″ any way, never within "
                            f"{self.C.MOB_CLEARANCE:g}″ of the enemy.")
                return (f"Drag {self.name_of(p.id)}: it pivots on its centre man, then moves "
                        f"up to {g.allowance(p):g}″ straight or up to "
                        f"{self.C.OBLIQUE_LIMIT:g}° oblique; or use its card.")
            things = ("" if st.acted else "move, rally or re-form one unit")
            rider = "" if st.commander_moved else "move the commander"
            what = " and ".join(w for w in (things, rider) if w)
            return f"{side} may {what}. End the orders when done."
        if st.phase == "artillery":
            if p is not None and p.side == st.side and p.is_artillery:
                n = len(self.attacks(p.id))
                return (f"Click an outlined enemy for {self.name_of(p.id)} to fire at."
                        if n else self.why_no_target(p.id)
                        or f"{self.name_of(p.id)} has no target it may fire at.")
            return (f"{possessive(side)} guns may fire: select a gun, then click an "
                    "outlined enemy. End the artillery fire when done.")
        if p is not None and p.side == st.side:
            n = len(self.attacks(p.id))
            return (f"Click an outlined enemy for {self.name_of(p.id)} to fight: "
                    "each side turns a card." if n else
                    f"{self.name_of(p.id)} has no one to fight now.")
        return (f"{possessive(side)} engaged units (and those less than 4″ from a facing "
                "enemy) may fight: select one, then click an outlined enemy. End the turn "
                "when done.")

    def losses(self) -> dict[str, Losses]:
        """Men killed (one box crossed each), men running (one box struck each,
        after the crossed ones), and cannonballs used."""
        out = super().losses()
        for p in self.g.state.pieces.values():
            killed = p.men.killed + p.men.dead
            states: tuple[str, ...] = ()
            if p.is_artillery:
                full = self.C.CANNONBALLS * max(self.g.scenario.unit(p.id).guns, 1)
                states = ("Ball",) * max(full - p.markers, 0)
            if self.g.engaged_with(p.id):
                states += ("Engaged",)
            note = out[p.id].note if p.id in out else ""
            out[p.id] = Losses(killed, states, note, p.men.running)
        return out

    def standing(self) -> Standing | None:
        return self.g.judge.standing(self.g.turn, self.g.victory_pieces())

    def victory(self) -> VictoryState | None:
        """The judge's conditions, and the objectives as this ruleset holds them: a
        side holds a farm its men in ranks alone occupy, or were the last to occupy
        or pass through, and wins at once with enough of them (RULINGS)."""
        g = self.g
        hold = HoldObjectives(g.objectives_to_win, g.objective_ids) if g.objective_ids else None
        state = g.judge.report(g.turn, g.victory_pieces(), holders=g.state.objectives,
                               hold_at_once=hold, outcome=g.outcome)
        # the holding is this ruleset's: say so where the condition is read (issue 34)
        goals = tuple(replace(x, text=f"{x.text} ({KEPT_WORDS})") if x.kind == "hold" else x
                      for x in state.goals)
        return replace(state, goals=goals)

    def strength(self) -> tuple[str, dict[str, float]]:
        out = {s: 0.0 for s in self.g.state.sides}
        for p in self.g.units():
            out[p.side] += p.men.ranks
        return "men in ranks", out

    def supplies(self) -> dict[str, float]:
        """Cannonballs left (seed 003: four a gun; a shot costs one to three by
        the target's cover and kills one man): a ball is worth at most a man."""
        out = {s: 0.0 for s in self.g.state.sides}
        for p in self.g.units():
            out[p.side] += p.markers
        return out

    def units_left(self) -> dict[str, int]:
        out = {s: 0 for s in self.g.state.sides}
        for p in self.g.units():
            out[p.side] += 1
        return out

    def last_cards(self) -> dict[str, Any]:
        return dict(self.g.state.last_cards)
