"""Hand to hand in Kiddies (RULINGS, "Kiddies"): which enemy figures in
contact fight each other, the exact odds of each fight, and the fights
rolled."""

from __future__ import annotations

from desktop.rules.engine import Event
from desktop.rules.kiddies.base import KiddiesBase
from desktop.rules.kiddies.constants import CANNON, CAVALRY, MAX_DOUBLE_UP, MAX_INFANTRY_ON_HORSE
from desktop.rules.kiddies.odds import FightOdds, Roll, fight_odds, rolls_for
from desktop.rules.kiddies.table import touching
from desktop.rules.kiddies.words import _and, _count


class KiddiesMelee(KiddiesBase):
    """The fights, their odds and the hand-to-hand phase."""

    def fights(self) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
        """The fights of the hand-to-hand phase: (one side's figures, the other's).

        Rulings (docs/rulings.md, "Kiddies"): horse against foot is paired first,
        each horseman (in id order) taking up to three of the infantry touching it;
        then each remaining figure, those with most enemies in contact first, fights
        one enemy of its arm, or two if it touches two and is not in a volley group
        whose other members are not all attacked.  Cannons do not fight.
        """
        figs = [f for f in self.active() if f.kind != CANNON]
        contacts: dict[str, list[str]] = {f.id: [] for f in figs}
        # enemy pairs within 4" across and down, by a sweep along x, then taken in
        # the order of `figs` as they always were
        xs = sorted(range(len(figs)), key=lambda i: figs[i].x)
        pairs: list[tuple[int, int]] = []
        for k, i in enumerate(xs):
            a = figs[i]
            for j in xs[k + 1:]:
                b = figs[j]
                if b.x - a.x > 4:
                    break
                if a.side == b.side or abs(a.y - b.y) > 4:
                    continue
                if touching(a, b):
                    pairs.append((i, j) if i < j else (j, i))
        for i, j in sorted(pairs):
            contacts[figs[i].id].append(figs[j].id)
            contacts[figs[j].id].append(figs[i].id)
        taken: set[str] = set()
        out: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
        for f in sorted(figs, key=lambda f: f.id):
            if f.kind != CAVALRY or f.id in taken:
                continue
            foot = [i for i in contacts[f.id] if i not in taken and self.figures[i].infantry]
            if foot:
                foot = sorted(foot, key=lambda i: (self.figures[i].footprint().distance(
                    f.footprint()), i))[:MAX_INFANTRY_ON_HORSE]
                taken.add(f.id)
                taken.update(foot)
                out.append(((f.id,), tuple(foot)))
        in_group: dict[str, tuple[str, ...]] = {}
        for s in self.sides:
            for grp in self.groups(s):
                for member in grp:
                    in_group[member] = grp
        attacked = {i for i, c in contacts.items() if c}

        def free(fid: str) -> list[str]:
            me = self.figures[fid]
            return [i for i in contacts[fid]
                    if i not in taken
                    and (self.figures[i].kind == CAVALRY) == (me.kind == CAVALRY)]

        # (a figure with no enemy in contact has no foe to take: left out of the order)
        order = sorted((f for f in figs if f.id not in taken and contacts[f.id]),
                       key=lambda f: (-len(free(f.id)), f.id))
        for f in order:
            if f.id in taken:
                continue
            foes = free(f.id)
            if not foes:
                continue
            mine = in_group.get(f.id)
            may_double = mine is None or all(i in attacked for i in mine if i != f.id)
            n = MAX_DOUBLE_UP if may_double and len(foes) >= 2 else 1
            chosen = tuple(sorted(foes)[:n])
            taken.add(f.id)
            taken.update(chosen)
            out.append(((f.id,), chosen))
        return out

    def melee_odds(self) -> list[tuple[tuple[str, ...], tuple[str, ...], FightOdds]]:
        """Every fight hand to hand would bring now, with the exact odds of its first side.
        Kept per placing of the figures (the fights read where they stand and who
        is in the fight, nothing of this turn's moves or shots): the computer's
        score asks it twice for every candidate, and it was a quarter of a Kiddies
        decision."""
        return list(self._placed(("melee odds",), self._melee_odds))

    def _melee_odds(self) -> list[tuple[tuple[str, ...], tuple[str, ...], FightOdds]]:
        out = []
        for a, b in self.fights():
            fa, fb = self.figures[a[0]], self.figures[b[0]]
            ra, rb = rolls_for(fa.kind == CAVALRY, len(a), fb.kind == CAVALRY, len(b))
            out.append((a, b, fight_odds(ra, rb)))
        return out

    def _melee(self, ev: list[Event]) -> None:
        self._phase = "melee"
        fights = self.fights()
        ev.append(Event("phase", "Hand to hand: " + (_count(len(fights), "fight") if fights
                                                     else "no fights"),
                        {"phase": "melee", "fights": len(fights)}))
        for a, b in fights:
            fa, fb = self.figures[a[0]], self.figures[b[0]]
            ra, rb = rolls_for(fa.kind == CAVALRY, len(a), fb.kind == CAVALRY, len(b))
            ta = self._roll(ra, f"hand to hand: {_and(a)}")
            tb = self._roll(rb, f"hand to hand: {_and(b)}")
            dead = list(b) if ta > tb else list(a) if tb > ta else [*a, *b]
            ev.append(Event("melee", f"{_and(a)} {ta} against {_and(b)} {tb}: "
                            + ("a tie, all fall" if ta == tb else
                               f"{_and(dead)} {'falls' if len(dead) == 1 else 'fall'}"),
                            {"a": list(a), "b": list(b), "a_total": ta, "b_total": tb,
                             "killed": dead}))
            for fid in dead:
                self._kill(self.figures[fid], "hand to hand", ev)
        self._update_cannons()

    def _roll(self, roll: Roll, purpose: str) -> int:
        return sum(self.chance.roll(roll.dice, purpose)) + roll.bonus
