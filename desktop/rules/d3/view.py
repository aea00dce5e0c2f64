"""What the play window asks of a D3 game (seed 002), answered by the engine.

The view holds no rule of its own: what blocks a move, where it may not end and
what costs a full move are the engine's `move_blocked`, `move_no_end` and
`move_costly`; weapons, odds and re-rolls come from the engine too.  What it adds
is words: the card, the buttons, the log line and the phase prompt, in names.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from shapely.geometry.base import BaseGeometry

from desktop.rules.action_odds import pct
from desktop.rules.d3 import rules as R
from desktop.rules.d3.actions import Accept, Charge, End, Move, Reroll, Shoot
from desktop.rules.d3.game import MOVEMENT, SHOOTING, D3Game
from desktop.rules.d3.odds import activation_chance, charge_result
from desktop.rules.d3.pieces import DISORDERED, ELIMINATED, EXITED, Piece
from desktop.rules.d3.words import degrees, inches, move_words
from desktop.rules.engine import Action, Game
from desktop.rules.victory import VictoryState
from desktop.rules.view import PlayView
from desktop.rules.view_values import Allowance, Card, Losses, PieceInfo, Standing, Weapon
from desktop.scenario.vocabulary import QUALITY_LABELS, UNIT_LABELS, TerrainType, UnitType
from desktop.scenario.wording import side_does
from desktop.table.shapes import Aspect, angle_diff, aspect, distance, front_centre_of
from desktop.table.sight import Sight

#: A unit's status in words, for the card.
STATUS_WORDS = {
    "active": "In good order",
    DISORDERED: "Disordered for the rest of the turn",
    ELIMINATED: "Eliminated",
    EXITED: "Has left the table",
}


class D3View(PlayView):
    """D3's answers, asked of its engine; its words, in names."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        assert isinstance(game, D3Game)
        self.g: D3Game = game

    def _make_pieces(self) -> dict[str, PieceInfo]:
        out: dict[str, PieceInfo] = {}
        for p in self.g.pieces.values():
            # kept with the piece's facts about where it stands (copies of the
            # game share them), for as long as its status is the same
            got = p._here.get("info")
            if got is None or got[0] != p.status:
                got = p._here["info"] = (p.status, PieceInfo(
                    p.id, p.side, "officer" if p.is_general else "unit",
                    p.rank if p.type is None else p.type.value, p.x, p.y, p.facing,
                    p.frontage, p.depth, p.status, p.name))
            out[p.id] = got[1]
        return out

    # -- moving -------------------------------------------------------------------------

    def move_action(self, pid: str, x: float, y: float, facing: float) -> Action | None:
        return Move(pid, round(x, 2), round(y, 2), round(facing, 1) % 360.0)

    def allowance(self, pid: str) -> Allowance | None:
        p = self.g.pieces.get(pid)
        if p is None:
            return None
        if self.g.pivots_only(p):
            return Allowance(0.0, None, "deployed: it may only pivot")
        return Allowance(p.allowance)

    def blocked(self, pid: str) -> BaseGeometry | None:
        return self.g.move_blocked(pid) if pid in self.g.pieces else None

    def no_end(self, pid: str) -> BaseGeometry | None:
        return self.g.move_no_end(pid) if pid in self.g.pieces else None

    def costly(self, pid: str) -> BaseGeometry | None:
        return self.g.move_costly(pid) if pid in self.g.pieces else None

    # -- fighting -------------------------------------------------------------------------

    def attacks(self, pid: str) -> list[Action]:
        out = super().attacks(pid)
        p = self.g.pieces.get(pid)
        if p is None or p.type is not UnitType.CAVALRY or self.g.phase != MOVEMENT:
            return out
        if self.g.pending is not None or self.g.side != p.side:
            return out
        for e in self.g.units(self.g.enemy_of(p.side)):
            ch = self.g.aimed_charge(p, e)
            if ch is not None:
                out.append(ch)
        return out

    def weapons(self, pid: str) -> list[Weapon]:
        p = self.g.pieces.get(pid)
        if p is None or not p.present:
            return []
        w = self.g.weapon_of(p)
        if w is None:
            return []
        name, half, reach = w
        return [Weapon(name, front_centre_of(p.x, p.y, p.depth, p.facing), p.facing, half,
                       reach)]

    def sight_types(self) -> frozenset[TerrainType]:
        return self.g.sight_blocking

    def sight(self, a: str, b: str) -> Sight | None:
        """The engine's sight from `a`'s front centre to `b`, with its reasons."""
        pa, pb = self.g.pieces.get(a), self.g.pieces.get(b)
        if pa is None or pb is None or pa.is_general or pb.is_general:
            return None
        return self.g.sight_of(pa, pb, self._names())

    # -- the card -------------------------------------------------------------------------

    def card(self, pid: str) -> Card:
        p = self.g.pieces[pid]
        side = self.side_name(p.side)
        if p.is_general:
            left = self.g.rerolls_left(p)
            rows = [("Re-rolls", f"{left} left this turn" if left else "used this turn"),
                    ("This turn", "has moved" if p.moved else "has not moved")]
            if p.must_evade:
                rows.append(("Threatened", "must ride away from the enemy"))
            return Card(p.name or p.id, f"General · {side}", rows, self.may(pid))
        assert p.type is not None
        unit = self.g.scenario.unit(pid)
        status = STATUS_WORDS.get(p.status, p.status)
        pend = self.g.pending
        if pend is not None and pend.unit == pid:
            status = "Failed its activation test: a general may re-roll it"
        rows = [("Status", status),
                ("Hits", f"{p.hits}, eliminated at {p.hits + self.g.hits_left(p)}"),
                ("This turn", self._this_turn(p)),
                ("Moves", self._moves(p)),
                self._weapon_row(p),
                ("Quality", QUALITY_LABELS.get(unit.quality, unit.quality.value))]
        chances: list[tuple[str, Fraction]] = []
        if p.present:
            chances.append(("Passes its activation test", activation_chance(p.hits)))
            if self.g.generals_able_to_reroll(p):
                chances.append(("With a general's re-roll",
                                activation_chance(p.hits, reroll=True)))
        kind = UNIT_LABELS.get(p.type, p.type.value)
        return Card(p.name or p.id, f"{kind} · {side}", rows, self.may(pid), chances)

    def _this_turn(self, p: Piece) -> str:
        done = [w for w, f in (("moved", p.moved and p.charging is None), ("shot", p.shot),
                               ("took its activation test", p.tested and not p.moved
                                and not p.shot)) if f]
        if p.charging is not None:
            done.insert(0, f"charging {self.name_of(p.charging)}")
        return ", ".join(done).capitalize() if done else "Nothing yet"

    def _moves(self, p: Piece) -> str:
        if self.g.pivots_only(p):
            return "deployed: it may only pivot where it stands"
        return f"up to {inches(p.allowance)}"

    def _weapon_row(self, p: Piece) -> tuple[str, str]:
        w = self.g.weapon_of(p)
        assert w is not None
        name, half, reach = w
        if name == "charge":
            return ("Charges", f"up to {inches(reach)}, after turning at most {degrees(half)}")
        arc = "all round" if half >= 180.0 else f"{degrees(half)} either side of its front"
        return ("Shoots", f"up to {inches(reach)}, {arc}")

    def may(self, pid: str) -> list[str]:
        """What `pid` may still do now, in words."""
        g, p = self.g, self.g.pieces.get(pid)
        if p is None or g.outcome is not None:
            return []
        pend = g.pending
        if pend is not None:
            if pid in pend.generals:
                return [f"re-roll the failed activation of {self.name_of(pend.unit)}"]
            if pid == pend.unit:
                return ["wait for a general's re-roll, or accept the failure"]
            return []
        out: list[str] = []
        if self.can_move(pid):
            out.append("pivot where it stands" if g.pivots_only(p) else "move")
        if self.attacks(pid):
            out.append("charge" if g.phase == MOVEMENT else "shoot")
        return out

    def card_actions(self, pid: str) -> list[tuple[str, Action]]:
        """A failed activation's choices: re-roll on the general's card, and both
        the re-rolls and accepting the failure on the unit's own card."""
        pend = self.g.pending
        if pend is None:
            return []
        acts: list[Action] = []
        if pid in pend.generals:
            acts.append(Reroll(pid))
        elif pid == pend.unit:
            acts.extend([*(Reroll(x) for x in pend.generals), Accept()])
        return [(self.action_label(a) or self.describe(a), a) for a in acts]

    # -- words ------------------------------------------------------------------------------

    def action_label(self, action: Action) -> str | None:
        if isinstance(action, Reroll):
            return f"Re-roll with {self.name_of(action.general)}"
        if isinstance(action, Accept):
            return "Accept the failure"
        if isinstance(action, End) and self.g.outcome is None:
            return f"End {self.g.phase_info().name.lower()} ▶"
        return None

    def describe(self, action: Action) -> str:
        """The log line, asked before the action is applied."""
        g = self.g
        if isinstance(action, Move) and action.unit in g.pieces:
            p = g.pieces[action.unit]
            d = distance(p.pos, (action.x, action.y))
            turn = angle_diff(action.facing, p.facing)
            words = move_words(d, turn, p.is_general)
            return f"{self.name_of(p.id)} {words}"
        if isinstance(action, Charge):
            first = (f" after turning {degrees(action.turn)}" if abs(action.turn) >= 0.5
                     else "")
            return f"{self.name_of(action.unit)} charges {self.name_of(action.target)}{first}"
        if isinstance(action, Shoot):
            return f"{self.name_of(action.unit)} fires at {self.name_of(action.target)}"
        pend = g.pending
        if isinstance(action, Reroll):
            what = (f" the failed activation of {self.name_of(pend.unit)}"
                    if pend is not None else " a failed activation")
            return f"{self.name_of(action.general)} re-rolls{what}"
        if isinstance(action, Accept):
            if pend is not None:
                return (f"{self.name_of(pend.unit)} accepts the failure: disordered "
                        "for the rest of the turn")
            return "The failure is accepted"
        if isinstance(action, End):
            side = self.name_of(g.side) if g.side else "The game"
            num = self.side_plural(g.side) if g.side else None
            return f"{side_does(side, 'ends', num)} the {g.phase_info().name.lower()} phase"
        return super().describe(action)

    def phase_hint(self) -> str:
        """Movement and shooting say what a unit needs (the activation test, fresh
        shooters); the other phases are the base's."""
        g = self.g
        if g.outcome is None and (g.pending is not None or g.phase in (MOVEMENT, SHOOTING)):
            return self.prompt(None)
        return super().phase_hint()

    def prompt(self, selected: str | None) -> str:
        g = self.g
        if g.outcome is not None:
            return ""
        if g.pending is not None:
            return "An activation failed: a general may re-roll it, or accept the failure."
        p = g.pieces.get(selected) if selected is not None else None
        mine = p is not None and p.side == g.side and p.present
        if g.phase == MOVEMENT:
            if mine and p is not None and self.can_move(p.id):
                if p.is_general:
                    return f"Drag {p.name} to ride up to {inches(p.allowance)}; generals " \
                           "need no activation test."
                chance = pct(activation_chance(p.hits))
                return (f"Drag {p.name} to move it ({self._moves(p)}); it must pass "
                        f"an activation test first ({chance}).")
            return ("Drag a unit of yours to move it: it must pass an activation test "
                    "first. Cavalry charge an enemy outlined in red. Then end the movement.")
        if g.phase == SHOOTING:
            if mine and p is not None and self.attacks(p.id):
                return f"Click an enemy outlined in red to shoot at it with {p.name}."
            return ("Select a unit of yours that has not moved, then click an enemy outlined "
                    "in red to shoot at it. Then end the shooting.")
        return super().prompt(selected)

    def losses(self) -> dict[str, Losses]:
        """Hits carried (the roster ticks one box per hit), disorder and deployed guns."""
        out = super().losses()
        for p in self.g.pieces.values():
            if p.is_general:
                continue
            states = (("Disordered",) if p.status == DISORDERED else ()) + (
                ("Deployed",) if self.g.pivots_only(p) else ())
            out[p.id] = Losses(p.hits, states, out[p.id].note if p.id in out else "")
        return out

    def standing(self) -> Standing | None:
        return self.g.judge.standing(self.g.turn, self.g.victory_pieces())

    def victory(self) -> VictoryState | None:
        return self.g.judge.report(self.g.turn, self.g.victory_pieces(), outcome=self.g.outcome)

    def strength(self) -> tuple[str, dict[str, float]]:
        out = {s: 0.0 for s in self.g.order}
        full = R.ELIMINATION_HITS
        for u in self.g.units():
            # D3Game.hits_left, written out: the computer's score asks at every copy
            hits = full - u.hits
            out[u.side] += hits if hits > 0 else 0
        return "hits still to take", out

    def pending_losses(self) -> dict[str, float]:
        """The charges made this player turn, still to be rolled in its
        hand-to-hand phase (seed 002 "Charging": "Combat is resolved during the
        Hand-to-Hand combat phase"; RULINGS.md D3: D3+1 hits, -1 on a hill, -1
        against cavalry, doubled on the flank or rear), as
        `D3Game._hand_to_hand` rolls them: each defender's side expects to
        lose the mean of its hits, capped at the hits it has left (`strength`
        counts no more).  Nothing else waits: shots mark their hits at once,
        and removal at 9 hits ("Elimination") takes away a unit `strength`
        already counts as nothing.  A charge waiting on a general's re-roll is
        a player's choice, not counted.  Only the defenders' sides appear
        (charges are one-sided), and none when no charge waits."""
        g = self.g
        if not g.charges or g.outcome is not None:
            return {}
        out: dict[str, float] = {}
        full = R.ELIMINATION_HITS
        for a_id, d_id in g.charges:
            a, d = g.pieces[a_id], g.pieces[d_id]
            if not a.present or not d.present:
                continue  # as the engine skips it
            left = full - d.hits
            loss = 0.0 if left <= 0 else _charge_loss(
                g.on_hill(d), d.type is UnitType.CAVALRY, aspect(d.pos, d.facing, a.pos),
                left)
            out[d.side] = out.get(d.side, 0.0) + loss
        return out

    def pending_removals(self) -> dict[str, float]:
        """Units already at the limit of hits, removed in the elimination phase
        (seed 002 "Elimination"; certain), and the defenders of charges still to
        be rolled, by their chance of reaching it (exact odds, as
        `pending_losses`)."""
        g = self.g
        if g.outcome is not None:
            return {}
        full = R.ELIMINATION_HITS
        out = {p.id: 1.0 for p in g.pieces.values() if p.present and p.hits >= full}
        for a_id, d_id in g.charges:
            a, d = g.pieces[a_id], g.pieces[d_id]
            if not a.present or not d.present or d.id in out:
                continue
            out[d.id] = _charge_kill(g.on_hill(d), d.type is UnitType.CAVALRY,
                                     aspect(d.pos, d.facing, a.pos), full - d.hits)
        return out


@cache
def _charge_kill(on_hill: bool, cavalry: bool, side_on: Aspect, left: int) -> float:
    """The chance a charge's hits reach the `left` the defender has still to take."""
    dist = charge_result(on_hill, cavalry, side_on)
    return float(sum((p for h, p in dist.items() if h >= left), Fraction(0)))


@cache
def _charge_loss(on_hill: bool, cavalry: bool, side_on: Aspect, left: int) -> float:
    """The mean of a charge's hits (exact odds, odds.charge_result), each count
    capped at the `left` hits the defender still has to take."""
    dist = charge_result(on_hill, cavalry, side_on)
    return float(sum((min(h, left) * p for h, p in dist.items()), Fraction(0)))
