"""The play view: what the window and the computer players ask of a ruleset.

Each ruleset implements :class:`PlayView` in its own package, next to its
engine (``desktop/rules/<id>/view.py``), and names it as ``Ruleset.view_class``;
:func:`view_of` makes the view for a game.  The window and the computer
players speak to a ruleset only through this protocol and the engine's
public API: pieces, movement (allowance, what blocks, what costs, the
reachable area), the action for a proposed move or attack, odds, sight, the
unit card and its buttons, the phase prompt, an action's label, strength and
die faces; what a ruleset offers beyond that (figures, group moves, flicks,
facing bands, a grid) is a protocol of :mod:`desktop.rules.view_capabilities`.

The base class works for any ruleset from the public engine API alone; a
ruleset's own view adds what its game knows beyond it.  A view answers by
asking its engine, never by writing a rule a second time.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any, ClassVar

import shapely
from shapely.geometry.base import BaseGeometry

from desktop.rules.action_odds import Odds
from desktop.rules.engine import Action, Game, NotationError
from desktop.rules.position_cache import PositionCache
from desktop.rules.victory import VictoryState
from desktop.rules.view_values import (
    GONE_WORDS,
    OFFICER_BASE,
    Allowance,
    Card,
    Losses,
    PieceInfo,
    Standing,
    Weapon,
)
from desktop.scenario.model import Scenario
from desktop.scenario.vocabulary import TerrainType
from desktop.scenario.wording import agree_in, declared, possessive
from desktop.table.sight import Sight
from desktop.table.terrain import TerrainIndex

Point = tuple[float, float]

#: Terrain that blocks sight when a ruleset says nothing (the common ground).
DEFAULT_SIGHT = frozenset({TerrainType.WOOD, TerrainType.TOWN, TerrainType.BUILDING})
#: Terrain nobody walks into when a ruleset says nothing.
DEFAULT_IMPASSABLE = frozenset({TerrainType.LAKE, TerrainType.RIVER})

#: How an action of each kind reads in the log, on a button and in a tooltip
#: when a ruleset's view says nothing of its own: ``{a}`` is the piece (or
#: pieces) it is about, ``{b}`` the other piece it names, ``{rest}`` its other
#: words, ``{phase}`` the phase's name.  A view overrides :meth:`PlayView.describe`
#: or :meth:`PlayView.action_label`, or extends its own ``kind_words``.  A kind
#: not listed reads as its word and the names it gives ("Reroll: General Vial").
KIND_WORDS: dict[str, str] = {
    "end": "End of the {phase}",
    "move": "{a} moves",
    "officer": "{a} moves",
    "shoot": "{a} shoots at {b}",
    "fire": "{a} fires at {b}",
    "charge": "{a} charges {b}",
    "combat": "{a} fights {b}",
    "form": "{a} forms {rest}",
    "rally": "{a} rallies",
    "hold": "{a} holds",
    "attach": "{a} joins {b}",
    "limber": "{a} limbers",
    "unlimber": "{a} unlimbers",
    "first": "Go first",
    "second": "Go second",
}


class Namer:
    """Writes the names players gave things where an engine's text has ids.

    Engines speak in ids (``fra_huss shoots aus_ir4``) so that their text is
    exact; a player reads ``7e Hussards shoots IR 4 Hoch- und Deutschmeister``.
    Figure ids (``unit.3``, individual figures) read as the unit's name and number.
    A verb after a side agrees with its name ("Azurians win"; see `agree_in`).
    """

    def __init__(self, scenario: Scenario) -> None:
        names: dict[str, str] = {}
        self._sides = [side.name or side.id for side in scenario.sides]
        self._numbers = declared(scenario.sides)  # the sides whose scenario says their number
        for side in scenario.sides:
            names[side.id] = side.name or side.id
            for u in side.units:
                names[u.id] = u.name or u.id
            for o in side.officers:
                names[o.id] = o.name or o.id
        for f in scenario.terrain:
            if f.name:
                names[f.id] = f.name
        for ob in scenario.game.objectives:
            names[ob.id] = ob.name or ob.id
        self.names = names
        # An engine writing a name it was given ("Prince's Foot Guards's engagement
        # is over") gets the possessive of a name ending in s right here too.
        ending_in_s = sorted({n for n in names.values() if n.endswith(("s", "S"))},
                             key=len, reverse=True)
        self._s_owner = re.compile(
            r"(?<![\w'’])(" + "|".join(map(re.escape, ending_in_s)) + r")'s(?!\w)"
        ) if ending_in_s else None
        ids = sorted(names, key=len, reverse=True)
        id_part = (r"(?P<id>" + "|".join(map(re.escape, ids)) + r")(?P<part>\.(?:\d+|gun))?"
                   r"(?![\w\-])(?P<owner>'s(?!\w))?")
        self._ids = re.compile(id_part) if ids else None
        # A name that holds an id as a word ("Kiddle mill" holds the feature id
        # "mill") is read whole where an engine wrote it and left as it is, not
        # named again ("Kiddle Kiddle mill"): naming named text changes nothing.
        holding = sorted({n for n in names.values() if n not in names and re.search(
            r"(?<![\w.\-])" + id_part, n)}, key=len, reverse=True) if ids else []
        kept = "|".join(map(re.escape, holding)) or "(?!)"  # (?!): none to keep
        self._pattern = re.compile(r"(?<![\w.\-])(?:(?P<kept>" + kept + r")(?!\w)|" + id_part
                                   + ")") if ids else None

    def _one(self, m: re.Match[str]) -> str:
        if m.group("kept"):
            return m.group(0)
        name = self.names[m.group("id")]
        part = m.group("part")
        if part:
            # a crew's gun: "Royal Artillery gun", but "Azurian Field Gun" as it is
            gun = name if name.lower().endswith("gun") else f"{name} gun"
            name = gun if part == ".gun" else f"{name} #{part[1:]}"
        # "st_guns's gunners" reads "Royal Guns' gunners" (a name ending in s)
        return possessive(name) if m.group("owner") else name

    def __call__(self, text: str) -> str:
        named = self._pattern.sub(self._one, text) if self._pattern else text
        if self._s_owner is not None:
            named = self._s_owner.sub(r"\1'", named)
        return agree_in(named, self._sides, self._numbers)

    def known(self, word: str) -> bool:
        """Is `word` one id (or one figure of a unit) this namer names?"""
        return self._ids is not None and self._ids.fullmatch(word) is not None


def purpose_words(purpose: str, name: Any = None) -> str:
    """What a draw was for, in names: "activation: aus_ir4" -> "Activation of IR 49"."""
    why = name(purpose) if name is not None else purpose
    head, sep, tail = why.partition(": ")
    if sep and " " not in head.strip():
        why = f"{head} of {tail}"
    return why[:1].upper() + why[1:]


def roll_words(kind: str, value: int | str, purpose: str, scripted: bool = False,
               name: Any = None) -> str:
    """A logged draw as a sentence: "Activation of IR 49: rolled 4"."""
    why = purpose_words(purpose, name) or "A roll"
    how = " (from the scripted dice)" if scripted else ""
    if kind == "card":
        return f"{why}: turned {card_face(str(value))}{how}"
    if kind == "flick":
        return f"{why}: the flick was simulated"
    if kind == "coin":
        return f"{why}: the coin came down {value}{how}"
    die = " on a d3" if kind == "d3" else ""
    return f"{why}: rolled {value}{die}{how}"


SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_face(card: str) -> str:
    """A playing card's face for captions: 'QD' as 'Q♦', '10H' as '10♥'."""
    return card[:-1] + SUITS.get(card[-1:], card[-1:]) if card else card


def subject(action: Action) -> str | None:
    """The piece an action is about (its second word), if it names one."""
    words = action.text().split()
    return words[1] if len(words) > 1 else None


def target_of(action: Action) -> str | None:
    words = action.text().split()
    return words[2] if len(words) > 2 and "," not in words[2] else None


class PlayView:
    """The core of what every ruleset's play view answers, worked out from the
    engine's public API alone (any ruleset).  A view that offers more (figures,
    group moves, flicks, facing bands, a grid) also implements the matching
    protocol of :mod:`desktop.rules.view_capabilities`."""

    #: Action kinds that engage an enemy piece (highlighted as targets).
    attack_kinds: frozenset[str] = frozenset({"shoot", "fire", "charge", "combat"})
    #: How each kind of action reads (see :data:`KIND_WORDS`); a view may extend it.
    kind_words: ClassVar[dict[str, str]] = KIND_WORDS
    #: What the ruler and the move label read in by default ("table" or "spans").
    measure_in: ClassVar[str] = "table"
    #: Statuses of a piece still on the table that can neither take nor hold
    #: ground (Blown Away's mob: only men in ranks occupy a farm); the computer's
    #: score does not send such a piece to the objectives.
    no_ground: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, game: Game) -> None:
        self.game = game
        self._terrain: TerrainIndex | None = None
        #: Answers about the position as it stands (the pieces).
        self._at_position = PositionCache()
        self._namer: Namer | None = None

    # -- the pieces ---------------------------------------------------------------

    def terrain(self) -> TerrainIndex:
        if self._terrain is None:
            got = self.game.terrain_index()
            self._terrain = got if got is not None else TerrainIndex(self.game.scenario)
        return self._terrain

    def pieces(self) -> dict[str, PieceInfo]:
        """Every piece as the game stands, worked out once per position."""
        got: dict[str, PieceInfo] = self._at_position.get(
            self.game.position_stamp(), "pieces", self._make_pieces)
        return got

    def _make_pieces(self) -> dict[str, PieceInfo]:
        """The pieces now (the base reads the engine's ``units_json``)."""
        sc = self.game.scenario
        bases = {u.id: (u.base.frontage, u.base.depth, u.name) for _, u in sc.all_units()}
        names = {o.id: o.name for s in sc.sides for o in s.officers}
        out: dict[str, PieceInfo] = {}
        for d in self.game.units_json():
            pid = str(d["id"])
            f, dp, name = bases.get(pid, (OFFICER_BASE, OFFICER_BASE, names.get(pid, pid)))
            out[pid] = PieceInfo(
                pid, str(d["side"]), str(d.get("kind", "unit")), str(d.get("type", "")),
                float(d["x"]), float(d["y"]), float(d.get("facing", 0.0)), f, dp,
                str(d.get("status", "active")), name, str(d.get("formation", "") or ""))
        return out

    def piece(self, pid: str) -> PieceInfo | None:
        return self.pieces().get(pid)

    # -- moving -------------------------------------------------------------------

    def move_action(self, pid: str, x: float, y: float, facing: float) -> Action | None:
        """The action that moves `pid` to (x, y) facing `facing`, or None."""
        text = f"move {pid} {_num(x)},{_num(y)} {_num(facing % 360.0)}"
        try:
            return self.game.parse_action(text)
        except NotationError:
            return None

    def can_move(self, pid: str) -> bool:
        """Could `pid` make some move now (a pivot where it stands is tried)?"""
        p = self.piece(pid)
        if p is None or not p.present or p.side != self.game.side:
            return False
        a = self.move_action(pid, p.x, p.y, p.facing)
        return a is not None and self.game.check(a) is None

    def move_length(self, pid: str, x: float, y: float, facing: float) -> float:
        p = self.pieces()[pid]
        return math.hypot(x - p.x, y - p.y)

    def allowance(self, pid: str) -> Allowance | None:
        return None

    def blocked(self, pid: str) -> BaseGeometry | None:
        """Ground the piece's path may not cross (terrain and bases)."""
        t = self.terrain()
        parts = [t.union(DEFAULT_IMPASSABLE)]
        return union_of(parts)

    def no_end(self, pid: str) -> BaseGeometry | None:
        """Ground the piece may cross but not stop on."""
        return None

    def costly(self, pid: str) -> BaseGeometry | None:
        """Ground that makes the move cost more or end it (entering it takes a full move)."""
        return None

    def snap_move(self, pid: str, x: float, y: float,
                  facing: float) -> tuple[float, float, str] | None:
        """Where a drag of `pid` to (x, y), ending facing `facing`, stops at a limit
        of the rules it would go past (Blown Away's stop short of the enemy),
        and that limit in words; None when the move passes no such limit.  The
        window moves the ghost there instead of refusing the move."""
        return None

    def snap_facing(self, pid: str, facing: float) -> float:
        return facing % 360.0

    # -- fighting -----------------------------------------------------------------

    def attacks(self, pid: str) -> list[Action]:
        """Legal actions of `pid` against an enemy piece, one per target."""
        out: list[Action] = []
        for a in self.game.legal_actions():
            if a.text().split()[0] in self.attack_kinds and subject(a) == pid:
                out.append(a)
        return out

    #: The attack kinds asked, in this order, why a piece may not engage an enemy.
    attack_order: ClassVar[tuple[str, ...]] = ("fire", "shoot", "combat", "charge")

    def attack_kinds_of(self, pid: str) -> tuple[str, ...]:
        """The attack kinds `pid` may ever make, in :attr:`attack_order` (all of
        the ruleset's by default; a view leaves out what a piece never does, so
        that "no target" does not give a gunner's reason to a foot regiment)."""
        return tuple(k for k in self.attack_order if k in self.attack_kinds)

    def target_problem(self, pid: str, tid: str) -> str | None:
        """Why `pid` may not engage `tid` now, in the engine's words with names
        (``Game.check`` of each attack kind of :attr:`attack_order` whose
        notation takes the two pieces; a reason about this target is preferred
        to one about the phase); None when it may, or when no kind takes them."""
        said: list[str] = []
        for kind in self.attack_kinds_of(pid):
            try:
                act = self.game.parse_action(f"{kind} {pid} {tid}")
            except NotationError:
                continue
            got = self.game.check(act)
            if got is None:
                return None
            said.append(got)
        if not said:
            return None
        own = [w for w in said if "phase" not in w]
        return self.names_in(own[0] if own else "; ".join(dict.fromkeys(said)))

    def why_no_target(self, pid: str, most: int = 3) -> str:
        """Why `pid` has no target it may engage now, in a sentence: the reason
        shared by every enemy (already fired, no firing in this phase), or the
        `most` nearest enemies' own (out of range, no sight, with what hides
        them).  Empty when the engine gives no reason."""
        ps = self.pieces()
        p = ps.get(pid)
        if p is None:
            return ""
        name = p.name or self.name_of(pid)
        enemies = sorted((q for q in ps.values()
                          if q.present and not q.is_officer and q.side != p.side),
                         key=lambda q: math.hypot(q.x - p.x, q.y - p.y))[:max(most, 8)]
        said: list[tuple[str, list[str]]] = []
        for q in enemies:
            why = self.target_problem(pid, q.id)
            if why is None:
                continue
            tname = q.name or self.name_of(q.id)
            clauses = why.split("; ")
            if ("see" in why or "sight" in why) and (got := self.sight(pid, q.id)) \
                    and not got.clear:
                clauses[-1] += f" ({got.verdict})"
            said.append((tname, clauses))
        if not said:
            return ""
        # clauses every enemy shares (the unit's own state, its range) are said once
        common = [c for c in said[0][1] if all(c in cs for _, cs in said[1:])] \
            if len(said) > 1 else []
        if common and all(set(cs) <= set(common) for _, cs in said):
            return f"{name} may engage no one now: " + "; ".join(
                _drop_subject(c, name) for c in common) + "."
        parts = ["; ".join(_drop_subject(c, name) for c in cs if c not in common)
                 for _, cs in said[:most]]
        more = len(said) - most
        end = f"; and {more} more" if more > 0 else ""
        tail = "".join(f" {_capital(c)}." for c in common)
        return f"{name} has no target it may engage now: {'; '.join(parts)}{end}.{tail}"

    def odds(self, action: Action) -> Odds | None:
        """The engine's odds of `action` (``Game.odds``), with names in place of
        ids; a ruleset's view overrides it to say more."""
        got = self.game.odds(action)
        return None if got is None else got.worded(self.names_in)

    def reach_area(self, pid: str) -> BaseGeometry | None:
        """Exactly where the piece's centre may end this move, when the ruleset can
        enumerate it (grid rulesets); None to let the bands be worked out from
        the allowance and what blocks."""
        return None

    def weapons(self, pid: str) -> list[Weapon]:
        return []

    def sight_types(self) -> frozenset[TerrainType]:
        return DEFAULT_SIGHT

    def sight(self, a: str, b: str) -> Sight | None:
        """The ruleset's own verdict on sight from `a` to `b` and its reason: the
        lines its engine traces (what blocks each, by name) and, where the lines
        do not say it, the engine's words (`Sight.reason`).  The sight tool shows
        this, so it never disagrees with the referee.  None: the ruleset has no
        verdict of its own (the tool then traces plain geometry)."""
        return None

    def can_see(self, a: str, b: str) -> bool | None:
        """The ruleset's verdict on sight from `a` to `b` (None: it has none)."""
        got = self.sight(a, b)
        return None if got is None else got.clear

    # -- pictures -----------------------------------------------------------------

    def die_face(self, kind: str, value: int | str, purpose: str) -> str | None:
        """What a die shows when it is not a number (Tactical Dice symbols), or None.
        A playing card shows its face ('Q♦')."""
        if kind == "card":
            return card_face(str(value))
        return None

    def side_name(self, side: str) -> str:
        """A side's name as the scenario gives it (cards show names, not ids)."""
        return next((s.name for s in self.game.scenario.sides if s.id == side), side)

    def side_plural(self, side: str) -> bool | None:
        """Whether the scenario says the side's name takes a plural verb (None: it does
        not say; the wording guesses from the name)."""
        return next((s.plural for s in self.game.scenario.sides if s.id == side), None)

    def card(self, pid: str) -> Card:
        p = self.pieces()[pid]
        d = next(u for u in self.game.units_json() if u["id"] == pid)
        rows = [(k.replace("_", " ").capitalize(), self.names_in(str(v))) for k, v in d.items()
                if k not in ("id", "side", "kind", "x", "y", "facing", "col", "row")
                and v is not None and v is not False and v != 0 and v != []]
        return Card(p.name or pid, f"{label_of(p.type)} · {self.side_name(p.side)}", rows,
                    self.may(pid))

    def card_actions(self, pid: str) -> list[tuple[str, Action]]:
        """Buttons on `pid`'s card: (label, action).  By default its legal actions
        that are neither moves (made by dragging) nor attacks (made on the target)."""
        out: list[tuple[str, Action]] = []
        draggable = self.can_move(pid)
        for act in self.game.legal_actions():
            kind = act.text().split()[0]
            if subject(act) != pid or kind in self.attack_kinds:
                continue
            if draggable and kind in ("move", "officer"):
                continue
            out.append((self.label(act), act))
        return out

    def action_label(self, action: Action) -> str | None:
        """A phase-bar label for an action not about one piece (None: the default)."""
        return None

    def label(self, action: Action) -> str:
        """The words on a button for `action`: the view's own :meth:`action_label`,
        else the words of its kind ("End movement ▶" for the end of a phase)."""
        own = self.action_label(action)
        if own is not None:
            return own
        if action.text().split()[0] == "end":
            return f"End {self.game.phase_info().name.lower()} ▶"
        return self.words(action)

    # -- words ----------------------------------------------------------------------
    # Everything a person reads comes from here in names, never ids or notation.

    def name_of(self, ident: str) -> str:
        """The name a player gave a unit, officer, side, feature or objective (the id
        itself only when the scenario gives no name)."""
        names = self._names()
        return names.get(ident, ident)

    def namer(self) -> Namer:
        """Puts names in place of ids in an engine's text (events, roll purposes)."""
        if self._namer is None:
            self._namer = Namer(self.game.scenario)
        return self._namer

    def names_in(self, text: str) -> str:
        """`text` with every id the scenario names written as its name."""
        return self.namer()(text)

    def roll(self, kind: str, value: int | str, purpose: str, scripted: bool = False) -> str:
        """A logged draw as a log line: "Activation of IR 49: rolled 4"."""
        return roll_words(kind, value, purpose, scripted, self.namer())

    def words(self, action: Action) -> str:
        """`action` in words from its kind (:attr:`kind_words`) and the names of the
        pieces it names; a move says how far it goes and how much it wheels."""
        words = action.text().split()
        kind, rest = words[0], words[1:]
        namer = self.namer()
        pieces: list[list[str]] = []
        point: tuple[float, float] | None = None
        numbers: list[float] = []
        other: list[str] = []
        for w in rest:
            parts = w.split(",")
            if all(namer.known(x) for x in parts):
                pieces.append(parts)
            elif len(parts) == 2 and all(_is_num(x) for x in parts):
                point = (float(parts[0]), float(parts[1]))
            elif _is_num(w):
                numbers.append(float(w))
            else:
                other.append(w.replace("_", " "))

        def named(ids: list[str]) -> str:
            if len(ids) > 2:
                return f"{len(ids)} figures of {_common(namer, ids)}"
            return " and ".join(namer(i) for i in ids)

        a = named(pieces[0]) if pieces else ""
        b = named(pieces[1]) if len(pieces) > 1 else ""
        template = self.kind_words.get(kind)
        if template is None:
            head = kind.replace("_", " ").capitalize()
            names = ", ".join([*(named(p) for p in pieces), *other])
            return f"{head}: {names}" if names else head
        text = template.format(a=a, b=b, rest=" ".join(other),
                               phase=self.game.phase_info().name.lower()).strip()
        if kind in ("move", "officer") and pieces and point is not None:
            text += self._move_words(pieces[0][0], point, numbers)
        elif kind in ("move", "officer") and other:
            text += " to " + " ".join(other)
        return text[:1].upper() + text[1:]

    def _move_words(self, pid: str, point: tuple[float, float], numbers: list[float]) -> str:
        p = self.piece(pid)
        if p is None:
            return ""
        facing = numbers[0] if numbers else p.facing
        try:
            dist = self.move_length(pid, point[0], point[1], facing)
        except (KeyError, ValueError):
            dist = math.hypot(point[0] - p.x, point[1] - p.y)
        turn = abs((facing - p.facing + 180.0) % 360.0 - 180.0)
        out = f" {dist:.1f}″" if dist >= 0.05 else " on the spot"
        if turn >= 0.5:
            out += f" and wheels {turn:.0f}°"
        return out

    def _names(self) -> dict[str, str]:
        """Every named thing's name by id: the Namer's table, built once."""
        return self.namer().names

    def describe(self, action: Action) -> str:
        """The log line for `action`, asked before it is applied, as a wargamer
        writes it ("7e Hussards move 4.2″ and wheel 23°"); never notation."""
        return self.words(action)

    def prompt(self, selected: str | None) -> str:
        """What the side to act can do now, in a sentence for the phase bar.

        The base asks the engine: a question waiting for an answer (no end of
        the phase on offer) lists its answers; otherwise the general hint."""
        legal = self.game.legal_actions() if self.game.outcome is None else []
        if legal and not any(a.text() == "end" for a in legal):
            labels = list(dict.fromkeys(self.label(a) for a in legal[:4]))
            more = " …" if len(legal) > 4 else ""
            return f"{self.game.phase_info().name}: choose {' or '.join(labels)}{more}."
        if selected is None:
            return self.phase_hint()
        return ""

    def phase_hint(self) -> str:
        """What the side to act can do in this phase, in one sentence (the phase bar
        with nothing selected, and the empty unit card).

        The base asks the engine: whether any piece of the side may move (a drag)
        and whether any may attack (a click on a target); a ruleset whose phases
        say more overrides it.  Never "drag one of yours" in a phase with no moves."""
        g = self.game
        if g.outcome is not None or g.side is None:
            return ""
        legal = g.legal_actions()
        if legal and not any(a.text() == "end" for a in legal):
            return f"{g.phase_info().name}: answer the question on the phase bar."
        mine = [p.id for p in self.pieces().values() if p.side == g.side and p.present]
        moves = any(self.can_move(pid) for pid in mine)
        attacks = any(a.text().split()[0] in self.attack_kinds for a in legal)
        if moves and attacks:
            what = ("drag one of yours to move it, or select one and click a target "
                    "outlined in red")
        elif moves:
            what = "drag one of yours to move it"
        elif attacks:
            what = "select one of yours, then click its target outlined in red"
        else:
            what = "nothing to do but end the phase"
        return f"{g.phase_info().name}: {what}."

    def badge(self, pid: str) -> tuple[str, bool] | None:
        """The small tag on a piece: (text, warn); None for the generic counters."""
        return None

    def may(self, pid: str) -> list[str]:
        """What `pid` may still do now, in a few words each."""
        kinds: list[str] = []
        if self.can_move(pid):
            kinds.append("move")
        for a in [*self.game.legal_actions(), *self.attacks(pid)]:
            if subject(a) == pid:
                k = a.text().split()[0]
                if k not in kinds:
                    kinds.append(k)
        return kinds

    def strength(self) -> tuple[str, dict[str, float]]:
        """A label and each side's strength now (units still on the table by default)."""
        out = {s.id: 0.0 for s in self.game.scenario.sides}
        for p in self.pieces().values():
            if p.present and not p.is_officer:
                out[p.side] = out.get(p.side, 0.0) + 1.0
        return "units on the table", out

    def losses(self) -> dict[str, Losses]:
        """What each unit and officer has lost so far, by its scenario id, so sheets
        printed in mid-game start marked.  By default only who has left the fight;
        a ruleset's view adds its hits, casualties and states."""
        return {p.id: Losses(note=GONE_WORDS.get(p.status, p.status.replace("_", " ")
                                                 .capitalize()))
                for p in self.pieces().values() if not p.present}

    def unit_of(self, pid: str) -> str:
        """The scenario unit a piece belongs to (a figure of a unit, where a ruleset
        moves figures; by default each piece is its unit)."""
        return pid

    def standing(self) -> Standing | None:
        """What the end of the game would say if the pieces stood as they do: the
        side the victory conditions would name (None: a draw), the full turns
        still to play before that verdict, and whether the ground is judged at
        every turn's end.  None when the game has no turn limit, and by default.
        A computer player reads it to see the end coming."""
        return None

    def victory(self) -> VictoryState | None:
        """Each side's victory conditions in words with their live state (who holds
        each objective, what each side still needs, the turns left, what would
        decide the game if it ended now), from the referee's own judge
        (:meth:`desktop.rules.victory.VictoryJudge.report`).  None by default."""
        return None

    def pending_losses(self) -> dict[str, float]:
        """What each side is expected to lose, in the measure of `strength`, in
        fights already on the table that the game rolls later on its own (hand to
        hand at a turn's end, where no player acts to bring it on); exact odds, no
        dice drawn.  Empty by default: the fights a ruleset rolls when a player
        asks for them show in the positions after that action."""
        return {}

    def pending_removals(self) -> dict[str, float]:
        """Each piece's chance of leaving the table through what the game settles
        later on its own (the same fights as `pending_losses`, or a unit already
        past its limit waiting for the phase that removes it); exact odds, no
        dice drawn.  A computer player reads it to count the pieces a losing
        condition counts before they are taken off.  Empty by default."""
        return {}

    def supplies(self) -> dict[str, float]:
        """What each side has left to spend that a ruleset rations (cannonballs),
        in the measure of `strength`: what it may still buy.  A computer player
        reads it so as not to spend three balls where one does the same.  Empty
        where nothing is rationed (the default)."""
        return {}

    def units_left(self) -> dict[str, int]:
        out = {s.id: 0 for s in self.game.scenario.sides}
        for p in self.pieces().values():
            if p.present and not p.is_officer:
                out[p.side] += 1
        return out

    def fight_of(self, pid: str) -> tuple[tuple[str, ...], tuple[str, ...], Odds] | None:
        """The hand to hand fight `pid` is in (its side, the other, the odds), if any."""
        return None


# --- helpers -----------------------------------------------------------------------------


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _drop_subject(why: str, name: str) -> str:
    """An engine's reason without the piece it is about at its head: "Rudd's
    battery cannot see X" -> "it cannot see X" (the sentence names it already)."""
    if why.startswith(name + "'s "):
        return "its " + why[len(name) + 3:]
    if why.startswith(name + " "):
        return "it " + why[len(name) + 1:]
    return why


def _is_num(w: str) -> bool:
    try:
        float(w)
    except ValueError:
        return False
    return True


def _common(namer: Namer, ids: list[str]) -> str:
    """The unit a list of figure ids share ('ca_foot.1,ca_foot.2' -> its name)."""
    units = {i.split(".", 1)[0] for i in ids}
    if len(units) == 1:
        return namer(next(iter(units)))
    return ", ".join(namer(u) for u in sorted(units))


def pass_chance(need: int) -> Fraction:
    """Chance a d6 scores `need` or more (a natural 1 always fails)."""
    return Fraction(max(0, min(5, 7 - max(need, 2))), 6)


def union_of(parts: list[BaseGeometry]) -> BaseGeometry | None:
    parts = [p for p in parts if p is not None and not p.is_empty]
    if not parts:
        return None
    return shapely.union_all(parts)


def _num(v: float) -> str:
    from desktop.rules.notation import fmt_num

    return fmt_num(round(v, 2))


def label_of(t: str) -> str:
    return t.replace("_", " ")


def view_of(game: Game) -> PlayView:
    """The play view of `game`'s ruleset (the generic one if it names none)."""
    make = type(game.ruleset).view_class
    view = make(game) if make is not None else PlayView(game)
    if not isinstance(view, PlayView):
        raise TypeError(f"{type(game.ruleset).__name__}.view_class does not make a PlayView")
    return view
