"""What the play window asks of a Muskets & Mayhem game (seed 004)."""

from __future__ import annotations

import math
from fractions import Fraction

from shapely.geometry.base import BaseGeometry

from desktop.rules.engine import Action, Game
from desktop.rules.victory import VictoryState
from desktop.rules.view import PlayView, label_of, pass_chance, union_of
from desktop.rules.view_values import (
    OFFICER_BASE,
    Allowance,
    Card,
    Losses,
    PieceInfo,
    Standing,
    Weapon,
)
from desktop.scenario.vocabulary import Formation, TerrainType
from desktop.scenario.wording import its, side_does
from desktop.table.sight import Sight

#: A unit's status as the card shows it.
STATUS_WORDS: dict[str, str] = {"active": "In the field", "routed": "Routed",
                                "eliminated": "Wiped out", "removed": "Removed (lost a melee)"}


#: The card button for each formation change.
FORM_BUTTONS: dict[Formation, str] = {
    Formation.LINE: "Form line", Formation.COLUMN: "Form attack column",
    Formation.SQUARE: "Form square", Formation.SKIRMISH: "Form skirmish order",
    Formation.LIMBERED: "Limber up", Formation.UNLIMBERED: "Unlimber",
}


class MayhemView(PlayView):
    """Muskets & Mayhem's answers: fire allowance, weapons, odds and checks."""

    attack_kinds = frozenset({"fire", "charge"})

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        from desktop.rules.mayhem.game import MayhemGame

        assert isinstance(game, MayhemGame)
        self.g: MayhemGame = game

    def _make_pieces(self) -> dict[str, PieceInfo]:
        """Each piece's PieceInfo, made once per place and state of that piece
        (the game keeps them, and its clones share them: the steady player
        asks for every piece of every copy it weighs)."""
        g = self.g
        st = g.state
        made = g.piece_infos
        if not made or len(made) > 20000:
            made.clear()
            made["units"] = {u.id: u.name for _, u in g.scenario.all_units()}
            made["officers"] = {o.id: o.name for s in g.scenario.sides for o in s.officers}
        names, onames = made["units"], made["officers"]
        out: dict[str, PieceInfo] = {}
        for u in st.units.values():
            key = (u.id, u.position, u.facing, u.formation, u.status)
            info = made.get(key)
            if info is None:
                f, d = u.size
                info = made[key] = PieceInfo(
                    u.id, u.side, "unit", u.type.value, u.position[0], u.position[1],
                    u.facing, f, d, u.status, names.get(u.id, u.id), u.formation.value)
            out[u.id] = info
        for c in st.commanders.values():
            okey = (c.id, c.position)
            info = made.get(okey)
            if info is None:
                info = made[okey] = PieceInfo(
                    c.id, c.side, "officer", c.rank.value, c.position[0], c.position[1], 0.0,
                    OFFICER_BASE, OFFICER_BASE, "active", onames.get(c.id, c.id))
            out[c.id] = info
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
        """The engine's own path rule (MayhemGame.move_barriers)."""
        u = self.g.state.units.get(pid)
        return None if u is None else union_of(self.g.move_barriers(u)[0])

    def no_end(self, pid: str) -> BaseGeometry | None:
        """The engine's own end-of-move rule (MayhemGame.move_barriers)."""
        u = self.g.state.units.get(pid)
        return None if u is None else union_of(self.g.move_barriers(u)[1])

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
        from desktop.rules.mayhem.game import FORMATION_NAMES
        from desktop.scenario.vocabulary import QUALITY_LABELS, RANK_LABELS, UNIT_LABELS

        st = self.g.state
        if pid in st.commanders:
            c = st.commanders[pid]
            rows = [("Rank", RANK_LABELS.get(c.rank, label_of(c.rank.value))),
                    ("With", self.name_of(c.attached) if c.attached else "—"),
                    ("Acted", "yes" if c.done else "no")]
            return Card(self.name_of(pid), f"Commander · {self.side_name(c.side)}", rows,
                        self.may(pid))
        u = st.units[pid]
        rows = [("Quality", QUALITY_LABELS.get(u.quality, label_of(u.quality.value))),
                ("Figures", f"{u.figures} of {u.start_figures}"),
                ("Morale", u.morale.value.capitalize()),
                ("Formation", FORMATION_NAMES[u.formation].capitalize()),
                ("Status", STATUS_WORDS.get(u.status, label_of(u.status)))]
        cmd = self.g.commander_of(u)
        if cmd is not None:
            rows.append(("Commander", self.name_of(cmd.id)))
        if u.engaged:
            rows.append(("In melee with", self.name_of(u.engaged)))
        if u.moved is not None:
            rows.append(("Moved", f"{u.moved:.1f}″"))
        if u.pending:
            rows.append(("Casualties pending", str(u.pending)))
        chances: list[tuple[str, Fraction]] = []
        if u.active:
            need = combat.check_number(u.quality, self.g.in_defences(u))
            chances.append((f"Morale check ({need}+)", pass_chance(need)))
            save = combat.save_number(u.quality, self.g.in_defences(u))
            chances.append((f"Save ({save}+)", pass_chance(save)))
        return Card(self.name_of(pid), f"{UNIT_LABELS.get(u.type, label_of(u.type.value))} · "
                    f"{self.side_name(u.side)}", rows, self.may(pid), chances)

    def may(self, pid: str) -> list[str]:
        """What `pid` may still do now, in words (never an action's keyword)."""
        words = {"move": "move", "officer": "ride", "form": "change formation",
                 "charge": "charge", "fire": "fire", "hold": "hold", "attach": "join a unit",
                 "melee": "fight a melee"}
        return [words.get(k, label_of(k)) for k in super().may(pid)]

    # -- words ------------------------------------------------------------------------

    def action_label(self, action: Action) -> str | None:
        from desktop.rules.mayhem.actions import Attach, Choose, Form, Hold, Melee
        from desktop.rules.mayhem.game import FIRE_PHASES

        if isinstance(action, Hold):
            if action.piece in self.g.state.commanders:
                return "Stay"
            return "Hold fire" if self.g.state.phase in FIRE_PHASES else "Hold"
        if isinstance(action, Form):
            return FORM_BUTTONS[action.formation]
        if isinstance(action, Attach):
            return f"Join {self.name_of(action.unit)}"
        if isinstance(action, Choose):
            return "Go first" if action.first else "Go second"
        if isinstance(action, Melee):
            a, b = self.g.melee_pair(action.unit)
            return f"Fight the melee of {self.name_of(a)} and {self.name_of(b)}"
        return None

    def describe(self, action: Action) -> str:
        """The log line, in names, asked before the action is applied."""
        from desktop.rules.mayhem.actions import (
            Attach,
            Charge,
            Choose,
            End,
            Fire,
            Form,
            Hold,
            Melee,
            Move,
            OfficerMove,
        )
        from desktop.rules.mayhem.game import FIRE_PHASES, formation_words

        st = self.g.state
        n = self.name_of
        side = self.side_name(st.side) if st.side else ""
        num = self.side_plural(st.side) if st.side else None
        if isinstance(action, Choose):
            return f"{side_does(side, 'goes', num)} {'first' if action.first else 'second'}"
        if isinstance(action, End):
            return (f"{side_does(side, 'ends', num)} {its(side, num)} part of the "
                    f"{self.g.phase_info().name.lower()} phase")
        if isinstance(action, Move):
            u = st.units[action.unit]
            d = self.move_length(action.unit, action.to[0], action.to[1], action.facing)
            turn = abs((action.facing - u.facing + 180.0) % 360.0 - 180.0)
            wheel = f" and wheels {turn:.0f}°" if turn >= 0.5 else ""
            if d < 0.05:
                return f"{n(u.id)} wheels {turn:.0f}° where it stands" if wheel else \
                    f"{n(u.id)} stays where it is"
            return f"{n(u.id)} moves {d:.1f}″{wheel}"
        if isinstance(action, OfficerMove):
            c = st.commanders[action.officer]
            d = math.dist(c.position, action.to)
            left = f", leaving {n(c.attached)}" if c.attached else ""
            return f"{n(c.id)} rides {d:.1f}″{left}"
        if isinstance(action, Attach):
            return f"{n(action.officer)} joins {n(action.unit)}"
        if isinstance(action, Form):
            return f"{n(action.unit)} {formation_words(action.formation)}"
        if isinstance(action, Hold):
            if action.piece in st.commanders:
                return f"{n(action.piece)} stays where he is this turn"
            if st.phase in FIRE_PHASES:
                return f"{n(action.piece)} holds its fire this phase"
            return f"{n(action.piece)} holds its ground: it does not move this turn"
        if isinstance(action, Charge):
            return f"{n(action.unit)} charges {n(action.target)}"
        if isinstance(action, Fire):
            if self.g.check(action) is None:
                dice, need, _, _ = self.g.fire_numbers(action.unit, action.target)
                return (f"{n(action.unit)} fires at {n(action.target)}: "
                        f"{dice} dice hitting on {need}+")
            return f"{n(action.unit)} fires at {n(action.target)}"
        if isinstance(action, Melee):
            if self.g.check(action) is None:
                a, b = self.g.melee_pair(action.unit)
                return f"The melee of {n(a)} and {n(b)} is fought"
            return f"The melee of {n(action.unit)} is fought"
        return super().describe(action)

    def phase_hint(self) -> str:
        """Movement, the fire phases and melee say what the side may do; the rest
        are the base's."""
        from desktop.rules.mayhem.actions import Melee
        from desktop.rules.mayhem.game import FIRE_PHASES, MELEE, MOVEMENT

        g = self.g
        if g.outcome is not None:
            return ""
        legal = g.legal_actions()
        if (g.state.phase in (MOVEMENT, MELEE, *FIRE_PHASES)
                or (legal and all(isinstance(a, Melee) for a in legal))):
            return self.prompt(None)
        return super().phase_hint()

    def prompt(self, selected: str | None) -> str:
        """The phase bar's sentence: what the side to act may do now."""
        from desktop.rules.mayhem.actions import Choose, Melee
        from desktop.rules.mayhem.game import FIRE_PHASES, INITIATIVE, MELEE, MOVEMENT

        g = self.g
        if g.outcome is not None:
            return ""
        st = g.state
        side = self.side_name(st.side) if st.side else ""
        legal = g.legal_actions()
        if legal and all(isinstance(a, Melee) for a in legal):
            return "Choose which melee to fight next."
        if st.phase == INITIATIVE and any(isinstance(a, Choose) for a in legal):
            return f"{side} won the initiative: choose to go first or second."
        if st.phase == MOVEMENT:
            if selected is not None and selected in st.units and self.attacks(selected):
                return (f"Drag {self.name_of(selected)} to move it, or click an enemy "
                        "outlined in red to charge.")
            return (f"{side} to move one unit or commander: drag it, or hold it with "
                    "its card. Moves alternate.")
        if st.phase in FIRE_PHASES:
            phase = g.phase_info().name.lower()
            return (f"{phase.capitalize()}: {side} select a unit and click a target "
                    "outlined in red to fire, or hold fire.")
        if st.phase == MELEE:
            return "Melees are fought in turn."
        return super().prompt(selected)

    def losses(self) -> dict[str, Losses]:
        """Casualties (one box per figure lost) and the morale state reached."""
        out = super().losses()
        for u in self.g.state.units.values():
            morale = str(u.morale)
            states = () if morale == "normal" else (morale.capitalize(),)
            out[u.id] = Losses(u.casualties, states, out[u.id].note if u.id in out else "")
        return out

    def standing(self) -> Standing | None:
        return self.g.judge.standing(self.g.turn, self.g.victory_pieces())

    def victory(self) -> VictoryState | None:
        return self.g.judge.report(self.g.turn, self.g.victory_pieces(), outcome=self.g.outcome)

    def pending_losses(self) -> dict[str, float]:
        """Figures each side is expected to lose to what the game resolves on
        its own: fire casualties taken off at the phase's end, the morale
        checks they and earlier fire owe, and the melees of units in contact
        (seed 004, "Sequence"); exact odds, no dice drawn
        (desktop.rules.mayhem.pending says what counts and why)."""
        from desktop.rules.mayhem.pending import pending_losses

        return pending_losses(self.g)

    def pending_removals(self) -> dict[str, float]:
        """Units the fire already on them will wipe out or rout at the phase's
        end, by exact odds (desktop.rules.mayhem.pending)."""
        from desktop.rules.mayhem.pending import pending_removals

        return pending_removals(self.g)

    def strength(self) -> tuple[str, dict[str, float]]:
        out = {s: 0.0 for s in self.g.state.sides}
        for u in self.g.active_units():
            out[u.side] += u.figures
        return "figures in the field", out
