"""The selected piece in the play window: its mark, its card and the buttons on
it, its targets (outlined, with the odds on hover), its ranges and arcs, the
badges on every piece, and which piece lies under the cursor."""

from __future__ import annotations

from PySide6.QtGui import QColor
from shapely.geometry import Point as SPoint

from desktop.rules.engine import Action
from desktop.rules.view import target_of
from desktop.rules.view_capabilities import FiguresView
from desktop.table.tags import overlap
from desktop.ui.plaintext import esc, literal
from desktop.ui.play.host import PlayHost
from desktop.ui.play.items import TARGET, BadgeItem, MarkItem, arc_items
from desktop.ui.table.marker_items import tell_names
from desktop.ui.table.tag_layout import layout_tags


class Selection:
    """Shows the selection (its state is the window's ``selected``, ``marks``,
    ``target_marks``, ``arc_items`` and ``badges``)."""

    def __init__(self, window: PlayHost) -> None:
        self.w = window

    def select(self, pid: str | None) -> None:
        self.w.selected = pid
        self.show()

    def clear_marks(self) -> None:
        w = self.w
        for m in w.marks:
            w.scene.removeItem(m)
        for m in w.target_marks.values():
            w.scene.removeItem(m)
        for it in w.arc_items:
            w.scene.removeItem(it)
        w.marks, w.target_marks, w.arc_items = [], {}, []

    def show(self) -> None:
        w = self.w
        self.clear_marks()
        a, g = w.play_view, w.game
        if w.deploying or a is None or g is None:
            return
        pid = w.selected
        w.odds.show_odds(None)
        if pid is None or pid not in a.pieces():
            # what the phase allows, while it is the person's to act (not the computer's)
            w.card.show_card(None, hint=a.phase_hint() if w.interactive() else "")
            if w.session:
                w.phasing.show()
            return
        p = a.pieces()[pid]
        colour = w.side_colour(p.side, ink=True)
        m = MarkItem(p, QColor(255, 215, 0), 3.0)
        w.scene.addItem(m)
        w.marks.append(m)
        actions: list[tuple[str, object, str, str]] = []
        if w.interactive():
            for label, act in a.card_actions(pid):
                actions.append((act.text(), lambda _=False, x=act: w.do(x), label,
                                a.describe(act)))
            for act in a.attacks(pid):
                tid = target_of(act)
                if tid is None:
                    continue
                tp = a.pieces().get(tid)
                if tp is None:
                    continue
                mk = MarkItem(tp, TARGET, 3.0, dashed=True, grow=0.25)
                mk.setToolTip(literal(a.describe(act)))
                w.scene.addItem(mk)
                w.target_marks[tid] = mk
                mk.action = act  # type: ignore[attr-defined]
        w.card.show_card(a.card(pid), colour, actions)  # type: ignore[arg-type]
        if w.target_marks:
            n = len(w.target_marks)
            w.odds.title.setText(f"<i>{n} target{'s' if n > 1 else ''} outlined in red: "
                                 "hover one for the exact odds, click it to commit.</i>")
        elif w.interactive() and p.side == g.side and not isinstance(a, FiguresView):
            why = a.why_no_target(pid) or f"{p.name} has no target it may engage now."
            w.odds.title.setText(f"<i>{esc(why)}</i>")
        fight = a.fight_of(pid) if p.present else None
        if fight is not None:  # a hand to hand it is in, rolled later
            w.odds.show_odds(fight[2], colour)
        if w.show_arcs and w.drag is None and w.proposal is None:
            from desktop.scenario.geometry import table_polygon

            table = table_polygon(g.scenario.table)
            ws = a.weapons(pid)
            for it in arc_items([(wp.name, wp.area().intersection(table)) for wp in ws]):
                w.scene.addItem(it)
                w.arc_items.append(it)

    def target_action(self, pid: str) -> Action | None:
        m = self.w.target_marks.get(pid)
        return getattr(m, "action", None) if m is not None else None

    def hover(self, pt: tuple[float, float]) -> None:
        w = self.w
        pid = self.piece_at(pt)
        for tid, m in w.target_marks.items():
            m.set_hot(tid == pid)
        act = self.target_action(pid) if pid else None
        a = w.play_view
        if act is not None and a is not None:
            attacker = a.pieces().get(w.selected or "")
            colour = w.side_colour(attacker.side if attacker else None, ink=True)
            w.odds.show_odds(a.odds(act), colour)
            w.status.setText(f"Click to commit: {a.describe(act)}; the odds are on the right")

    def hover_target(self, tid: str) -> None:
        """Show the odds of attacking `tid` with the selected unit (as hovering does)."""
        a = self.w.play_view
        p = a.pieces()[tid] if a else None
        if p is not None:
            self.hover(p.pos)

    def attack(self, tid: str) -> None:
        act = self.target_action(tid)
        if act is not None:
            self.w.do(act)

    def piece_at(self, pt: tuple[float, float]) -> str | None:
        w = self.w
        a = w.play_view
        if w.deploying and w.setup is not None:
            from desktop.scenario.geometry import footprint

            for s in w.setup.scenario.sides:
                for u in s.units:
                    if footprint(u).buffer(0.05).contains(SPoint(pt)):
                        return u.id
            return None
        if a is None:
            return None
        pcs = [p for p in a.pieces().values() if p.present]
        # An officer standing on a unit's centre is attached to it: the unit is picked.
        centres = {p.pos for p in pcs if not p.is_officer}
        pcs = [p for p in pcs if not (p.is_officer and p.pos in centres)]
        sp = SPoint(pt)
        for p in sorted(pcs, key=lambda q: not q.is_officer):
            if p.is_officer:
                if sp.distance(SPoint(p.pos)) <= max(p.frontage, 1.2) / 2 + 0.1:
                    return p.id
            elif p.footprint().buffer(0.05).contains(sp):
                return p.id
        return None

    def badges(self) -> None:
        """The small tag on each piece: the view's own, or the generic counters."""
        w = self.w
        g, a = w.game, w.play_view
        gone = [r for b in w.badges for r in b.label_keep_clear()]
        for b in w.badges:
            w.scene.removeItem(b)
        w.badges = []
        if g is None or a is None:
            tell_names(w.scene, gone)
            return
        pcs = a.pieces()
        for d in g.units_json():
            p = pcs.get(str(d["id"]))
            if p is None or not p.present or p.is_officer or isinstance(a, FiguresView):
                continue
            own = a.badge(p.id)
            if own is not None:
                b = BadgeItem(p, own[0], own[1])
                w.scene.addItem(b)
                w.badges.append(b)
                continue
            parts: list[str] = []
            warn = False
            if d.get("hits"):
                parts.append(f"{d['hits']} hit{'' if int(d['hits']) == 1 else 's'}")
                warn = int(d["hits"]) >= 6
            if "figures" in d and d.get("casualties"):
                parts.append(f"{d['figures']} fig")
            morale = d.get("morale")
            if morale and morale != "normal":
                parts.append(str(morale)[:5])
                warn = warn or morale == "shaken"
            if p.status == "disordered":
                parts.append("disordered")
                warn = True
            if not parts:
                continue
            b = BadgeItem(p, " · ".join(parts), warn)
            w.scene.addItem(b)
            w.badges.append(b)
        self.clear_names_of_badges()
        # the terrain names step off the counters where they can ("Galgenberg"
        # lay under the battery's "2 hits")
        ppi = w.view.ppi()
        for b in w.badges:
            b.clear_ppi = ppi
        tell_names(w.scene, [*gone, *(r for b in w.badges for r in b.label_keep_clear())])

    def clear_names_of_badges(self) -> None:
        """Name tags step aside from the counters (issue 34: "13/13" covered names):
        the counters are obstacles to every layout of the tags, and the tags
        they touch look again for a clear spot now."""
        w = self.w
        scene = w.scene
        scene.extra_clear = lambda: [*(b.tag_rect(w.view.ppi()) for b in w.badges),
                                     *w.places.plates(w.view.ppi())]
        rects = scene.extra_clear()
        if not rects:
            return
        ppi = w.view.ppi()

        def covers(b: BadgeItem) -> float:
            """What the counter covers: names, other counters, other bases."""
            r = b.tag_rect(ppi)
            box = (r.left(), r.top(), r.right(), r.bottom())
            tags = [u.tag_rect() for u in (*scene.units.values(), *scene.officers.values())]
            bases = [u.body_rect() for k, u in scene.units.items() if k != b.piece.id]
            others = [o.tag_rect(ppi) for o in w.badges if o is not b]
            return (sum(overlap(box, t) for t in (*tags, *bases))
                    + sum(overlap(box, (o.left(), o.top(), o.right(), o.bottom()))
                          for o in others))

        for _ in range(3):
            layout_tags(scene, rects)  # type: ignore[arg-type]  # a TagScene
            # a counter still on a name (a crowded corner) tries its other corners
            moved = False
            for b in w.badges:
                if covers(b) <= 0.01:
                    continue
                was = b.spot
                costs = []
                for k in range(BadgeItem.SPOTS):
                    b.set_spot(k)
                    costs.append(covers(b))
                best = min(range(BadgeItem.SPOTS), key=lambda k: (costs[k], k))
                b.set_spot(best)
                moved = moved or best != was
            if not moved:
                return
            rects = scene.extra_clear()
