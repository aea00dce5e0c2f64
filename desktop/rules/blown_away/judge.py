"""Objectives and victory in Blown Away: who holds each objective (RULINGS:
occupied by one side's men in ranks alone, or last occupied or passed
through), and the victory judge's verdicts, at once and at a turn's end."""

from __future__ import annotations

from desktop.rules.blown_away.base import BlownAwayBase, _boxes_meet
from desktop.rules.blown_away.movement import _Path
from desktop.rules.blown_away.state import _MISSING
from desktop.rules.engine import Event, Outcome
from desktop.rules.piece_view import PieceView
from desktop.table.terrain import TerrainIndex


class BlownAwayJudge(BlownAwayBase):
    """Objectives held, the judge's verdicts and the game's end."""

    def _update_objectives(self, ev: list[Event], passed: tuple[str, _Path] | None
                           ) -> None:
        """RULINGS: a side holds an objective that its men in ranks alone occupy, or
        that they were the last to occupy or pass through."""
        st = self.state
        # nothing to do when no piece has changed since the last look and no
        # move has passed (the holders it left are the holders still)
        seen = (st.edits.n, tuple(st.objectives.values()))
        if passed is None and self._objectives_seen == seen:
            return
        occupying: dict[str, set[str]] = {oid: set() for oid in self.objective_areas}
        for p in self.formed():
            key = ("objectives", p.stamp)
            on = self._memo_get(key)
            if on is _MISSING:
                fp = p.fp()
                on = tuple(oid for oid, area in self.objective_areas.items()
                           if area.intersects(fp))
                self._memo_put(key, on)
            for oid in on:  # type: ignore[attr-defined]
                occupying[oid].add(p.side)
        for oid, area in self.objective_areas.items():
            there = occupying[oid]
            new = st.objectives[oid]
            if len(there) == 1:
                new = next(iter(there))
            elif not there and passed is not None and passed[0] and \
                    _boxes_meet(passed[1].box, self.objective_boxes[oid]) and \
                    passed[1].geom().intersects(area):
                new = passed[0]
            if new != st.objectives[oid]:
                st.objectives[oid] = new
                name = next(o.name for o in self.scenario.game.objectives if o.id == oid)
                ev.append(Event("objective", f"{self._name(new or '')} takes {name or oid}",
                                {"objective": oid, "side": new}))
        self._objectives_seen = (seen[0], tuple(st.objectives.values()))

    def terrain_index(self) -> TerrainIndex:
        return self.terrain

    def victory_pieces(self) -> list[PieceView]:
        return [PieceView(p.id, p.side, p.type, not p.eliminated, p.men.left, p.pos, p.fp())
                for p in self.state.pieces.values()]

    def _finish(self, outcome: Outcome, ev: list[Event]) -> None:
        self.state.outcome = outcome
        ev.append(Event("outcome", outcome.reason,
                        {"winner": outcome.winner, "reason": outcome.reason}))

    def _judge_now(self, ev: list[Event]) -> bool:
        st = self.state
        winners = []
        for s in st.sides:
            n = sum(1 for v in st.objectives.values() if v == s)
            if self.objective_ids and n >= self.objectives_to_win:
                winners.append((s, n))
        if len(winners) == 1:
            s, n = winners[0]
            self._finish(Outcome(s, f"{self._name(s)} holds {n} of "
                                    f"{len(self.objective_ids)} objectives"), ev)
            return True
        # The judge's immediate verdict here (last man standing, army break,
        # regulars lost, units off the table: the ground is judged above) reads
        # of each unit only whether it is present (no Blown Away unit leaves
        # by an edge), so it is kept by who is present.
        present = tuple([not p.eliminated for p in st.pieces.values()])
        last = self._immediate
        if last is not None and last[0] == present:
            out: object = last[1]
        else:
            key = ("immediate", present)
            out = self._memo_get(key)
            if out is _MISSING:
                out = self.judge.immediate(self.victory_pieces())
                self._memo_put(key, out)
            self._immediate = (present, out)
        if isinstance(out, Outcome):
            self._finish(out, ev)
            return True
        return False

    def _judge_end_of_turn(self, ev: list[Event]) -> bool:
        out = self.judge.end_of_turn(self.state.turn, self.victory_pieces())
        if out is not None:
            self._finish(out, ev)
            return True
        return False
