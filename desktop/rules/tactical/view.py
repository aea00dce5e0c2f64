"""What the play window asks of a Tactical Dice game (seed 001): a square grid.

Every answer comes from the engine's public queries (``destinations``,
``move_to``, ``chances``, ``why_not_walk``, ...); the words a player reads come
from :mod:`~desktop.rules.tactical.words` and the scenario's names.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import ClassVar

import shapely
from shapely.geometry.base import BaseGeometry

from desktop.rules.action_odds import Odds, pct
from desktop.rules.engine import Action, Game
from desktop.rules.tactical import constants as C
from desktop.rules.tactical import dice as D
from desktop.rules.tactical import odds as O
from desktop.rules.tactical import pending as P
from desktop.rules.tactical import words as W
from desktop.rules.tactical.actions import (
    Charge,
    Choose,
    End,
    Fire,
    Limber,
    Move,
    OfficerMove,
    Rally,
)
from desktop.rules.tactical.game import ARTILLERY_PHASE, INITIATIVE, TacticalGame
from desktop.rules.tactical.grid import Square, king_distance, square_name
from desktop.rules.tactical.state import ACTIVE, ROUTED, SPENT, UNHARMED, TOfficer, TUnit
from desktop.rules.victory import VictoryState
from desktop.rules.view import PlayView
from desktop.rules.view_capabilities import GridView
from desktop.rules.view_values import (
    OFFICER_BASE,
    Allowance,
    Card,
    Losses,
    PieceInfo,
    Standing,
)
from desktop.scenario.vocabulary import ARTILLERY, QUALITY_LABELS, RANK_LABELS, UNIT_LABELS
from desktop.scenario.wording import its, side_does
from desktop.table.sight import Sight, SightLine

#: Roll purposes read as plain numbers (initiative, rallies, wounds, officer
#: casualties); every other d6 is a Tactical Die.  Matched case-blind, so the
#: engine's purposes and the log's words ("Initiative of Blue") both count.
#: A word of an engine's sentence that may be an id.
_WORD = re.compile(r"[\w\-]+")
PLAIN_ROLLS = re.compile(r"^(initiative|rally|wounded |officer casualty)", re.IGNORECASE)


#: What the Flags of a shot may make the target do (the rout is noted on its own).
FLAG_NOTE: dict[D.FlagEffect, str] = {
    D.FlagEffect.FEWER: "a die fewer", D.FlagEffect.HALT: "a halt",
    D.FlagEffect.RETIRE: "a halt and retreat",
}


class TacticalView(PlayView, GridView):
    """Moves by square: a drop picks the square under the centre; the bands are
    the squares the engine says the piece can reach."""

    #: RULINGS, Tactical Dice faces.
    FACES: ClassVar[dict[int, str]] = {d: W.FACE[f] for d, f in C.FACE_OF.items()}

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        if not isinstance(game, TacticalGame):
            raise TypeError("TacticalView shows a Tactical Dice game")
        self.tg: TacticalGame = game
        self.board = game.board

    # -- the pieces -------------------------------------------------------------------

    def _make_pieces(self) -> dict[str, PieceInfo]:
        """The pieces now, read from the engine's state rather than through
        ``units_json`` (the same values: the computer player asks for every
        position it looks at).  A piece that has not changed is the same object."""
        g, bd = self.tg, self.board
        memo = bd.memo
        bases: dict[str, tuple[float, float, str]] | None = memo.get("piece_bases")
        if bases is None:
            sc = g.scenario
            bases = {u.id: (u.base.frontage, u.base.depth, u.name) for _, u in sc.all_units()}
            for side in sc.sides:
                for off in side.officers:
                    bases.setdefault(off.id, (OFFICER_BASE, OFFICER_BASE, off.name))
            memo["piece_bases"] = bases
        made: dict[tuple[object, ...], PieceInfo] = memo.setdefault("piece_infos", {})
        # The same pictures by each piece's stamp (desktop.rules.tactical.state:
        # one number per state of a piece, shared with the copies of the game it
        # was made in): one look-up for a piece that has not changed since, and
        # the key of shown fields above only when it has.
        stamped: dict[int, PieceInfo] = memo.setdefault("piece_infos_by_stamp", {})
        if len(made) > 100_000 or len(stamped) > 200_000:
            made.clear()
            stamped.clear()
        out: dict[str, PieceInfo] = {}
        for u in g.st.units.values():
            got = stamped.get(u._stamp)
            if got is None:
                key: tuple[object, ...] = (u.id, u.side, u.sq, u.facing, u.status, u.formation)
                got = made.get(key)
                if got is None:
                    x, y = bd.centre(u.sq)
                    f, dp, name = bases.get(u.id, (OFFICER_BASE, OFFICER_BASE, u.id))
                    got = made[key] = PieceInfo(u.id, u.side, "unit", u.type.value, float(x),
                                                float(y), float(round(u.facing, 4) + 0.0), f,
                                                dp, u.status, name, u.formation or "")
                stamped[u._stamp] = got
            out[u.id] = got
        for o in g.st.officers.values():
            got = stamped.get(o._stamp)
            if got is None:
                status = ACTIVE if o.present else o.wound
                key = (o.id, o.side, o.sq, status)
                got = made.get(key)
                if got is None:
                    x, y = bd.centre(o.sq)
                    f, dp, name = bases.get(o.id, (OFFICER_BASE, OFFICER_BASE, o.id))
                    got = made[key] = PieceInfo(o.id, o.side, "officer", o.rank.value,
                                                float(x), float(y), 0.0, f, dp, status, name, "")
                stamped[o._stamp] = got
            out[o.id] = got
        return out

    # -- names ------------------------------------------------------------------------

    def _words(self, text: str) -> str:
        """An engine sentence with the ids in it written as names."""
        names = self._names()
        return _WORD.sub(lambda m: names.get(m.group(0), m.group(0)), text)

    def _square(self, x: float, y: float) -> Square:
        return self.board.square_of((x, y))

    def square_name(self, x: float, y: float) -> str:
        """The square holding (x, y), as the notation names it: "c4" (Grid)."""
        return square_name(self._square(x, y))

    def _where(self, sq: Square) -> str:
        return f"{square_name(sq)}, {W.area(self.board.area(sq))}"

    # -- the dice ---------------------------------------------------------------------

    def die_face(self, kind: str, value: int | str, purpose: str) -> str | None:
        if kind != "d6" or not isinstance(value, int) or PLAIN_ROLLS.match(purpose.strip()):
            return None
        return self.FACES.get(value)

    def losses(self) -> dict[str, Losses]:
        """Combat Value lost (one box per point), this turn's Flags, halts, retiring and
        routed units, and officers' wounds."""
        g = self.tg
        out = super().losses()
        for u in g.st.units.values():
            states = ("Flag",) * u.flags_turn + (("Halted",) if u.halted(g.turn) else ())
            if u.status == SPENT:
                states += ("Retiring",)
            elif u.status == ROUTED:
                states += ("Routed",)
            out[u.id] = Losses(u.start_cv - u.cv, states, out[u.id].note if u.id in out else "")
        for o in g.st.officers.values():
            if o.wound != UNHARMED:
                out[o.id] = Losses(note=o.wound.replace("_", " ").capitalize())
        return out

    def standing(self) -> Standing | None:
        return self.tg.judge.standing(self.tg.turn, self.tg.victory_pieces())

    def victory(self) -> VictoryState | None:
        return self.tg.judge.report(self.tg.turn, self.tg.victory_pieces(), outcome=self.tg.outcome)

    def strength(self) -> tuple[str, dict[str, float]]:
        """Combat Value left on the table: what wears down in this ruleset."""
        out = {s.id: 0.0 for s in self.tg.scenario.sides}
        for u in self.tg.st.units.values():
            if u.on_table:
                out[u.side] += float(u.cv)
        return "Combat Value on the table", out

    def pending_losses(self) -> dict[str, float]:
        """Combat Value each side is expected to lose in what the game settles on
        its own (:mod:`~desktop.rules.tactical.pending`): the artillery phase's
        shots, thrown but taking effect together when the phase ends (seed 001:
        "Artillery fire is deemed to be simultaneous"), and the next round of each
        close combat already locked (seed 001: "Close Combat continues next
        turn"), at exact odds, no dice drawn.  Empty when nothing waits."""
        return dict(P.pending(self.tg).losses)

    def pending_removals(self) -> dict[str, float]:
        """Each active unit's chance of ceasing to be active (spent, routed: lost
        for victory, RULINGS' SPENT_COUNTS_AS_LOST) in the same things as
        `pending_losses`."""
        return dict(P.pending(self.tg).removals)

    # -- moving -----------------------------------------------------------------------

    def move_action(self, pid: str, x: float, y: float, facing: float) -> Action | None:
        return self.tg.move_to(pid, self._square(x, y))

    def can_move(self, pid: str) -> bool:
        return bool(self.tg.destinations(pid))

    def move_length(self, pid: str, x: float, y: float, facing: float) -> float:
        p = self.pieces()[pid]
        a, b = self._square(*p.pos), self._square(x, y)
        return float(king_distance(a, b) * self.board.size)

    def allowance(self, pid: str) -> Allowance | None:
        squares = self.tg.destinations(pid)
        if not squares:
            return None
        here = self._square(*self.pieces()[pid].pos)
        far = max(king_distance(sq, here) for sq in squares)
        return Allowance(float(far * self.board.size), None, "reachable squares", "",
                         "squares")

    def reach_area(self, pid: str) -> BaseGeometry | None:
        squares = self.tg.destinations(pid)
        if not squares:
            return None
        return shapely.union_all([self.board.polygon(sq, 0.08) for sq in squares])

    # -- sight ------------------------------------------------------------------------

    def sight(self, a: str, b: str) -> Sight | None:
        """The engine's sight from `a`'s square to `b`'s (``TacticalGame.hidden_by``):
        one line between the square centres, stopped where it enters the square
        that hides `b`, and the reason in words ("hidden by a hill in g4")."""
        g = self.tg
        if not (g.is_unit(a) and g.is_unit(b)):
            return None
        u, t = g.unit(a), g.unit(b)
        if not (u.on_table and t.on_table):
            return None
        start, end = self.board.centre(u.sq), self.board.centre(t.sq)
        got = g.hidden_by(u, t)
        if got is None:
            return Sight(True, (SightLine(start, end, None, ()),),
                         "in sight (square centre to square centre)")
        why, sq = got
        at = self._entry(start, end, sq)
        here = square_name(sq) if sq is not None else ""
        if why == "wall":
            what, text = "a high wall", "hidden by a high wall across the line"
        elif why == "own_wood":
            what = "a wood"
            text = (f"{self.name_of(a)}, in the wood at {here}, sees only the squares next "
                    "to it, and no formed troops in another wood")
        elif why == "wood_target":
            what = "a wood"
            text = (f"{self.name_of(b)}, in the wood at {here}, is seen only by skirmishers "
                    "in the squares next to it")
        elif why == "unit":
            other = g.unit_at(sq) if sq is not None else None
            what = self.name_of(other.id) if other is not None else "a unit"
            text = f"hidden by {what} in {here}"
        else:
            what = W.AREA.get(why, why)
            text = f"hidden by {what} in {here}"
        return Sight(False, (SightLine(start, end, at, (what,)),), text)

    def _entry(self, start: tuple[float, float], end: tuple[float, float],
               sq: Square | None) -> tuple[float, float]:
        """Where the line from `start` to `end` first enters square `sq` (the
        middle of the line when no square is named)."""
        if sq is None:
            return ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        cut = shapely.LineString([start, end]).intersection(self.board.polygon(sq))
        pts = shapely.get_coordinates(cut)
        if len(pts) == 0:
            return self.board.centre(sq)
        best = min(pts, key=lambda q: (q[0] - start[0]) ** 2 + (q[1] - start[1]) ** 2)
        return (float(best[0]), float(best[1]))

    # -- odds -------------------------------------------------------------------------

    def odds(self, action: Action) -> Odds | None:
        """The engine's chart (``TacticalGame.odds``: its chances, exact), told
        with the dice's faces and what else the throw may do (the Flags, an
        officer at risk), from the same fractions (``TacticalGame.chances``)."""
        shown = super().odds(action)
        got = self.tg.chances(action)
        if shown is None:
            return None
        if isinstance(got, O.FireOdds) and isinstance(action, Fire):
            t = self.tg.unit(action.target)
            title = (f"{self.name_of(action.unit)} fires at {self.name_of(action.target)}: "
                     f"{W.counted(got.dice, 'die')}, hitting on {W.FACE[got.hit_face]}")
            before: list[str] = []
            if self.tg.phase == ARTILLERY_PHASE:
                got, t, before = self._after_shots(got, t)
            return shown.reworded(title, notes=before + self._fire_notes(got, t))
        if isinstance(got, O.ChargeOdds) and isinstance(action, Charge):
            t = self.tg.unit(action.target)
            who = f"the gunners of {self.name_of(t.id)}" if t.type in ARTILLERY \
                else self.name_of(t.id)
            title = (f"{self.name_of(action.unit)} charges {who}: "
                     f"{W.counted(got.dice, 'die')}, Sabres hit; how they answer")
            notes = [f"at least one Sabre {pct(1 - got.sabres[0])}"]
            if got.officer_risk:
                notes.append(f"an officer at risk {pct(got.officer_risk)}")
            return shown.reworded(title, notes=notes)
        return shown

    def _after_shots(self, got: O.FireOdds, t: TUnit) -> tuple[O.FireOdds, TUnit, list[str]]:
        """An artillery shot lands with the others of the phase, after those already
        thrown (``TacticalGame._resolve_artillery``): its odds of spending or
        routing the target are those of the target as they will leave it."""
        shots = [p for p in self.tg.st.pending if p.target == t.id]
        after = P.target_after_shots(self.tg, t.id)
        if not shots or after is None:
            return got, t, []
        g, u = after
        hits, flags = sum(p.hits for p in shots), sum(p.flags for p in shots)
        said = (f"{W.counted(hits, 'hit')} and {W.counted(flags, 'Flag')} already scored on "
                f"{self.name_of(t.id)} this phase")
        if not u.on_table:
            return (O.FireOdds(got.dice, got.hit_face, got.hits, got.flags, got.effects,
                               O.ZERO, O.ZERO, got.officer_risk), u,
                    [f"{said}: it routs before this shot lands"])
        if u.status == SPENT:
            said += ": it is spent before this shot lands"
        redone = O.fire_odds(got.dice, got.hit_face, u.q, u.cv, g._cancel_of(u),
                             u.status == SPENT)
        return redone, u, [said]

    def _fire_notes(self, got: O.FireOdds, t: TUnit) -> list[str]:
        """What the throw may do beyond its hits: the Flags by the table, the
        target spent or routed, an officer with it at risk."""
        flags = [f"{FLAG_NOTE[e]} {pct(p)}" for e, p in got.effects.items()
                 if p and e in FLAG_NOTE]
        notes = [f"Flags: {', '.join(flags)}"] if flags else []
        if got.spent:
            notes.append(f"{self.name_of(t.id)} spent {pct(got.spent)}")
        if got.rout:
            notes.append(f"{self.name_of(t.id)} routs {pct(got.rout)}")
        if got.officer_risk:
            notes.append(f"an officer at risk {pct(got.officer_risk)}")
        return notes

    def fight_of(self, pid: str) -> tuple[tuple[str, ...], tuple[str, ...], Odds] | None:
        """The close combat `pid` is locked in: the next round's exact odds."""
        if not self.tg.is_unit(pid):
            return None
        u = self.tg.unit(pid)
        if u.engaged is None or not u.on_table:
            return None
        a, d, by_a, by_d = self.tg.close_combat_chances(pid)
        mine, theirs = (by_a, by_d) if a.id == pid else (by_d, by_a)
        other = d if a.id == pid else a
        title = (f"{self.name_of(pid)} in close combat with {self.name_of(other.id)}: "
                 f"next round, {W.counted(mine.dice, 'die')} against "
                 f"{W.counted(theirs.dice, 'die')}")
        notes = [f"{self.name_of(other.id)} scores at least one Sabre "
                 f"{pct(1 - theirs.hits[0])}", *self._fire_notes(mine, other)]
        return (pid,), (other.id,), Odds(title, _bars(mine.hits, "Sabre"), notes)

    # -- the unit card ----------------------------------------------------------------

    def card(self, pid: str) -> Card:
        g = self.tg
        if g.is_officer(pid):
            return self._officer_card(g.officer(pid))
        u = g.unit(pid)
        kind = UNIT_LABELS[u.type]
        if g.is_skirmisher(u):
            kind += " (skirmishers)"
        rows = [("Type", kind),
                ("Troop quality", f"{QUALITY_LABELS[u.quality]}: "
                                  f"{W.counted(u.q, 'Tactical Die')}"),
                ("Combat Value", self._cv_words(u)),
                ("Formation", W.FORMATION.get(u.formation, u.formation).capitalize()),
                ("Status", W.STATUS.get(u.status, u.status).capitalize())]
        if u.on_table:
            rows.append(("Square", self._where(u.sq)))
            rows += self._unit_state_rows(u)
        return Card(self.name_of(pid), f"{kind} · {self.side_name(u.side)}", rows,
                    self.may(pid))

    def _cv_words(self, u: TUnit) -> str:
        out = f"{u.cv} of {u.start_cv}"
        if u.status == SPENT:
            return out + ": spent, it retires and routs at any further hit or Flag"
        if u.half_cv:
            return out + ": over half lost, one die fewer and it may only reply"
        return out

    def _unit_state_rows(self, u: TUnit) -> list[tuple[str, str]]:
        g, turn = self.tg, self.tg.turn
        rows: list[tuple[str, str]] = []
        done = []
        if u.moved:
            done.append(f"moved {W.counted(u.moved, 'square')}")
        if u.fired:
            done.append("fired")
        if u.charged:
            done.append("charged")
        if u.attacked:
            done.append("was attacked")
        rows.append(("This turn", ", ".join(done).capitalize() if done else "Not yet acted"))
        if u.flags_turn:
            rows.append(("Flags this turn", f"{u.flags_turn}: one die fewer this turn"))
        if u.halted(turn):
            rows.append(("Halted", f"until the end of turn {u.halted_until} unless rallied"))
        if u.engaged is not None:
            rows.append(("Close combat", f"locked with {self.name_of(u.engaged)} "
                                         f"(round {u.rounds} of {C.CLOSE_COMBAT_TURNS})"))
        if u.blown_until >= turn:
            rows.append(("Horses", f"blown until the end of turn {u.blown_until}"))
        if u.silenced_until >= turn:
            rows.append(("Guns", f"silent, gunners sheltering until the end of turn "
                                 f"{u.silenced_until}"))
        officers = g.officers_at(u.sq, u.side)
        if officers:
            rows.append(("With", ", ".join(self.name_of(o.id) for o in officers)))
        return rows

    def _officer_card(self, o: TOfficer) -> Card:
        rank = RANK_LABELS[o.rank]
        rows = [("Rank", rank), ("State", W.WOUND.get(o.wound, o.wound).capitalize())]
        chances: list[tuple[str, Fraction]] = []
        if o.present:
            rows.append(("Square", self._where(o.sq)))
            here = self.tg.unit_at(o.sq)
            if here is not None and here.side == o.side:
                rows.append(("With", self.name_of(here.id)))
            rows.append(("This turn", "Has ridden" if o.moved
                         else f"May ride up to {W.counted(C.OFFICER_MOVE, 'square')}"))
            if any(isinstance(a, Rally) and a.officer == o.id for a in self.tg.legal_actions()):
                chances.append((f"Rally (needs a {C.RALLY_ON})",
                                Fraction(7 - C.RALLY_ON, 6)))
        return Card(self.name_of(o.id), f"{rank} · {self.side_name(o.side)}", rows,
                    self.may(o.id), chances)

    def card_actions(self, pid: str) -> list[tuple[str, Action]]:
        """Buttons on `pid`'s card: limbering, and rallies (on the officer's card and
        on the unit's); moves are made by dragging, fire and charges on the target."""
        out: list[tuple[str, Action]] = []
        draggable = self.can_move(pid)
        for act in self.tg.legal_actions():
            if isinstance(act, (Fire, Charge, End, Choose)):
                continue
            if isinstance(act, (Move, OfficerMove)) and draggable:
                continue
            mine = act.officer == pid or act.unit == pid if isinstance(act, Rally) else (
                _subject(act) == pid)
            if not mine:
                continue
            label = self.action_label(act) or self.describe(act)
            if isinstance(act, Rally) and act.unit == pid:
                label = f"Rally with {self.name_of(act.officer)}"
            out.append((label, act))
        return out

    def may(self, pid: str) -> list[str]:
        """What `pid` may still do now, in a few words each."""
        out: list[str] = []
        if self.can_move(pid):
            out.append("move" if self.tg.is_unit(pid) else "ride")
        for act in self.tg.legal_actions():
            word = None
            if _subject(act) == pid:
                word = {Fire: "fire", Charge: "charge", Rally: "rally a unit"}.get(type(act))
                if isinstance(act, Limber):
                    word = "limber up" if act.limber else "unlimber"
            elif isinstance(act, Rally) and act.unit == pid:
                word = "be rallied"
            if word is not None and word not in out:
                out.append(word)
        return out

    # -- words --------------------------------------------------------------------------

    def action_label(self, action: Action) -> str | None:
        """Short words for a button: "Go first", "Limber up", "End your move ▶"."""
        n = self.name_of
        if isinstance(action, Choose):
            return "Go first" if action.first else "Go second"
        if isinstance(action, End):
            if self.tg.phase == ARTILLERY_PHASE:
                return "End artillery fire ▶"
            return "End your move ▶"
        if isinstance(action, Limber):
            return "Limber up" if action.limber else "Unlimber"
        if isinstance(action, Rally):
            return f"Rally {n(action.unit)}"
        if isinstance(action, Fire):
            return f"Fire at {n(action.target)}"
        if isinstance(action, Charge):
            return f"Charge {n(action.target)} from {square_name(action.via)}"
        if isinstance(action, Move):
            return f"Move to {square_name(action.to)}"
        if isinstance(action, OfficerMove):
            return f"Ride to {square_name(action.to)}"
        return None

    def describe(self, action: Action) -> str:
        """The log line, in names, with squares as the map names them."""
        n, g = self.name_of, self.tg
        # These two name the side, as the other rulesets' do: the summary of a
        # computer's turn and the log read them as sentences.
        side = self.side_name(g.side or "")
        if isinstance(action, Choose):
            num = self.side_plural(g.side or "")
            return (f"{side_does(side, 'chooses', num)} to go "
                    f"{'first' if action.first else 'second'}")
        if isinstance(action, End):
            what = "artillery fire" if g.phase == ARTILLERY_PHASE else "move"
            num = self.side_plural(g.side or "")
            return f"{side_does(side, 'ends', num)} {its(side, num)} {what}"
        if isinstance(action, Move):
            return f"{n(action.unit)} moves to {square_name(action.to)}"
        if isinstance(action, OfficerMove):
            return f"{n(action.officer)} rides to {square_name(action.to)}"
        if isinstance(action, Fire):
            return f"{n(action.unit)} fires at {n(action.target)}"
        if isinstance(action, Charge):
            return (f"{n(action.unit)} charges {n(action.target)} from "
                    f"{square_name(action.via)}")
        if isinstance(action, Limber):
            return f"{n(action.unit)} {'limbers up' if action.limber else 'unlimbers'}"
        if isinstance(action, Rally):
            return (f"{n(action.officer)} tries to rally {n(action.unit)} "
                    f"(needs a {C.RALLY_ON})")
        return self._words(action.text())

    def phase_hint(self) -> str:
        """The artillery phase is guns and targets only, never "drag" (issue 20)."""
        return self.prompt(None)

    def prompt(self, selected: str | None) -> str:
        """The phase bar's sentence: what the side to act can do now."""
        g = self.tg
        if g.outcome is not None or g.side is None:
            return ""
        if g.phase == INITIATIVE:
            return "You won the initiative: go first or second?"
        artillery = g.phase == ARTILLERY_PHASE
        if selected is None or selected not in self.pieces():
            if artillery:
                return ("Artillery fire: select one of your guns and click a target outlined "
                        "in red; the shots land together when both sides have fired.")
            return ("Select one of your units: drag it to a lit square to move it, or click "
                    "a target outlined in red to fire or charge.")
        name = self.name_of(selected)
        if g.is_officer(selected):
            o = g.officer(selected)
            if o.side != g.side:
                return f"{name} is the enemy's: select one of yours."
            if artillery:
                return f"{name} waits: officers ride in their side's move."
            if self.can_move(selected):
                return (f"Drag {name} up to {W.counted(C.OFFICER_MOVE, 'square')}; in the "
                        f"square of a halted unit he may try to rally it (needs a "
                        f"{C.RALLY_ON}).")
            return f"{name} has ridden this turn."
        u = g.unit(selected)
        if u.side != g.side:
            return f"{name} is the enemy's: select one of yours."
        targets = bool(self.attacks(selected))
        if artillery:
            if targets:
                return f"Click a target outlined in red to fire {name}."
            why = g.why_not_shooter(u)
            return self._cannot(name, "fire", why) if why else (
                self.why_no_target(selected) or f"{name} has no target in range and sight.")
        if self.can_move(selected):
            return (f"Drag {name} to a lit square, or click a target outlined in red."
                    if targets else f"Drag {name} to a lit square to move it.")
        if targets:
            return f"Click a target outlined in red: {name} may fire or charge."
        why = g.why_not_walk(u)
        return self._cannot(name, "move", why) if why else (
            f"{name} has nowhere to move and nothing to engage.")

    def _cannot(self, name: str, what: str, why: str) -> str:
        """The engine's reason why `name` may not `what`, as a sentence."""
        words = self._words(why)
        if words.startswith(name + " "):
            return f"{words}."
        return f"{name} cannot {what} now: {words}."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _bars(dist: tuple[Fraction, ...], word: str) -> list[tuple[str, Fraction]]:
    return [(W.counted(i, word), p) for i, p in enumerate(dist)]


def _subject(action: Action) -> str | None:
    """The piece an action is about."""
    if isinstance(action, (Fire, Charge, Limber, Move)):
        return action.unit
    if isinstance(action, (OfficerMove, Rally)):
        return action.officer
    return None


__all__ = ["TacticalView"]
