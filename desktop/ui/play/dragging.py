"""Dragging a piece in the play window: the ghost, its bands and trail, the
proposal that Enter commits, pivoting, group moves, and placing units during
deployment.  The engine judges every move; the window only shows it."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QPointF
from shapely.geometry import Point as SPoint

from desktop.play.allowance import Probe, clamp_to_reach, compute_bands, probe
from desktop.play.measure import fmt_distance, square_centre
from desktop.play.session import deploy, deploy_problem
from desktop.rules.view_capabilities import FacingBandsView, GroupMovesView
from desktop.rules.view_values import PieceInfo
from desktop.table.shapes import bearing
from desktop.ui.play.drags import Drag
from desktop.ui.play.host import PlayHost
from desktop.ui.play.items import ILLEGAL, LEGAL, BandsItem, GhostItem, TrailItem


class Dragging:
    """The drag and the proposal of the play window (their state is the window's
    ``drag``, ``proposal``, ``ghost``, ``trail`` and ``bands_item``)."""

    def __init__(self, window: PlayHost) -> None:
        self.w = window

    def can_drag(self, pid: str) -> bool:
        w = self.w
        if w.deploying:
            return True
        if w.proposal is not None and w.proposal.pid == pid:
            return True
        a = w.play_view
        return w.interactive() and a is not None and a.can_move(pid)

    def in_ghost(self, pt: tuple[float, float]) -> bool:
        w = self.w
        if w.ghost is None or w.proposal is None:
            return False
        p = w.proposal.piece
        return p.footprint(w.ghost.cx, w.ghost.cy, w.ghost.facing).buffer(0.1).contains(
            SPoint(pt))

    def near_handle(self, pt: tuple[float, float]) -> bool:
        w = self.w
        if w.ghost is None:
            return False
        h = w.ghost.handle_point()
        return ((h.x() - pt[0]) ** 2 + (h.y() - pt[1]) ** 2) ** 0.5 <= 0.6

    def _deploy_piece(self, pid: str) -> PieceInfo:
        w = self.w
        assert w.setup is not None
        sc = w.setup.scenario
        u = sc.unit(pid)
        return PieceInfo(u.id, sc.side_of(pid).id, "unit", u.type.value, u.position[0],
                         u.position[1], u.facing, u.base.frontage, u.base.depth, "active",
                         u.name)

    def begin(self, pid: str, at: tuple[float, float] | None = None) -> bool:
        """Start dragging `pid` (its own centre if `at` is None): bands appear."""
        w = self.w
        if w.proposal is not None and w.proposal.pid == pid:
            d = w.proposal
            start = (d.x, d.y)
            w.proposal = None
        else:
            self.clear()
            if w.deploying:
                piece = self._deploy_piece(pid)
                bands = None
            else:
                a = w.play_view
                if a is None or not self.can_drag(pid):
                    return False
                piece = a.pieces()[pid]
                bands = compute_bands(a, pid)
            d = Drag(pid, piece, (0.0, 0.0), bands, piece.x, piece.y, piece.facing)
            start = piece.pos
            if bands is not None:
                w.bands_item = BandsItem(bands)
                w.scene.addItem(w.bands_item)
            w.ghost = GhostItem(piece)
            w.trail = TrailItem()
            w.scene.addItem(w.trail)
            w.scene.addItem(w.ghost)
            if not w.deploying and w.play_view is not None:
                d.members = w.figures.group_members(pid)
                pcs = w.play_view.pieces()
                for m in d.members:
                    if m != pid:
                        gh = GhostItem(pcs[m])
                        gh.handle = False
                        w.scene.addItem(gh)
                        d.ghosts.append(gh)
        if at is not None:
            d.offset = (at[0] - start[0], at[1] - start[1])
        w.drag = d
        w.selected = pid
        w.selection.show()
        return True

    def to(self, at: tuple[float, float]) -> Probe | None:
        """Move the ghost so the cursor keeps its grip; update label and colour."""
        w = self.w
        d = w.drag
        if d is None:
            return None
        x, y = at[0] - d.offset[0], at[1] - d.offset[1]
        sc = w.setup.scenario if w.setup else None
        if sc is not None and sc.table.grid is not None:
            x, y = square_centre((x, y), sc.table)
        d.clamped = False
        d.snapped = ""
        full = d.bands.allowance.full if d.bands is not None and not w.deploying else None
        if full is not None and not d.members and w.play_view is not None and (
                sc is None or sc.table.grid is None):
            edge = clamp_to_reach(w.play_view, d.pid, x, y, d.facing, full)
            if edge is not None:
                x, y = edge
                d.clamped = True
        if not w.deploying and not d.members and w.play_view is not None:
            got = w.play_view.snap_move(d.pid, x, y, d.facing)
            if got is not None:  # on the rules' limit, not refused past it
                x, y, d.snapped = got
        d.x, d.y = x, y
        return self.update_ghost(d, at)

    def update_ghost(self, d: Drag, at: tuple[float, float] | None = None) -> Probe | None:
        w = self.w
        assert w.ghost is not None and w.trail is not None
        w.ghost.place(d.x, d.y, d.facing)
        sc = w.setup.scenario if w.setup else None
        if w.deploying:
            assert sc is not None
            reason = deploy_problem(sc, d.pid, (d.x, d.y), d.facing)
            w.ghost.set_legal(reason is None)
            colour = LEGAL if reason is None else ILLEGAL
            lines = ["in the zone" if reason is None else reason]
            d.probe = Probe(0.0, reason, "free", "")
        else:
            a = w.play_view
            assert a is not None
            pr = probe(a, d.pid, d.x, d.y, d.facing, d.bands.allowance if d.bands else None)
            if d.members:
                pr = self._group_probe(d, pr)
            if pr.reason is not None:
                pr = replace(pr, reason=w.refusal(pr.reason))
            d.probe = pr
            w.ghost.set_legal(pr.reason is None)
            colour = LEGAL if pr.reason is None else ILLEGAL
            full = d.bands.allowance.full if d.bands else None
            dist = fmt_distance(pr.length, sc.table, w.units_mode) if sc else f"{pr.length:.1f}"
            head = f"{dist}" + (f" of {fmt_distance(full, sc.table, w.units_mode)}"
                                if full is not None and sc else "")
            lines = [head + (f" · {pr.cost}" if pr.cost else "")]
            if abs(d.facing - d.piece.facing) > 1e-6:
                lines.append(f"facing {d.facing:.0f}°")
            over = w.piece_at(at) if at is not None and w.target_marks else None
            act = w.target_action(over) if over is not None else None
            if act is not None and over is not None:
                lines = [f"{a.describe(act)}?", "release, then click it to commit"]
                colour = LEGAL
            elif pr.reason:
                lines.append(pr.reason)
            elif d.snapped:
                lines.append(d.snapped)
            elif d.clamped and full is not None and sc is not None:
                lines.append("moved to the edge of its reach: "
                             + fmt_distance(full, sc.table, w.units_mode))
            elif w.drag is None:
                lines.append("proposed: Enter to commit, Esc to undo")
            else:
                lines.append("legal: release to propose")
        w.trail.set_line(QPointF(*d.piece.pos), QPointF(d.x, d.y), colour)
        w.cursor_label.set_text(lines, colour)
        self.place_label(at or (d.x, d.y))
        return d.probe

    def _group_probe(self, d: Drag, single: Probe) -> Probe:
        """A group drag: every member moves by the same shift and the group turns
        about its centre; the engine judges the whole group move."""
        w = self.w
        a = w.play_view
        assert isinstance(a, GroupMovesView) and w.ghost is not None
        dx, dy = d.x - d.piece.x, d.y - d.piece.y
        turn = (d.facing - d.piece.facing) % 360.0
        ends = a.group_ends(list(d.members), dx, dy, turn)
        if d.pid in ends:
            x, y, f = ends[d.pid]
            w.ghost.place(x, y, f)
        others = [m for m in d.members if m != d.pid]
        for m, gh in zip(others, d.ghosts, strict=True):
            if m in ends:
                gx, gy, gf = ends[m]
                gh.place(gx, gy, gf)
        act = a.group_action(list(d.members), dx, dy, turn)
        reason = a.game.check(act) if act is not None else "these pieces cannot move together"
        for gh in d.ghosts:
            gh.set_legal(reason is None)
        return Probe(single.length, reason, single.band,
                     f"{len(d.members)} figures together")

    def place_label(self, at: tuple[float, float]) -> None:
        """The cursor note beside `at`, turned towards the room left in the view."""
        w = self.w
        port = w.view.viewport()
        pt = w.view.mapFromScene(QPointF(*at))
        w.cursor_label.place(QPointF(*at), port.width() - pt.x(), port.height() - pt.y(),
                             pt.x(), pt.y())

    def refresh_probe(self) -> None:
        w = self.w
        d = w.proposal or w.drag
        if d is not None:
            self.update_ghost(d)
            if w.proposal is not None and w.session is not None and w.game is not None:
                w.phasing.show()

    def end(self, at: tuple[float, float] | None = None) -> bool:
        """Release: in play the move becomes a proposal; in deployment it is placed."""
        w = self.w
        d = w.drag
        if d is None:
            return False
        if at is not None:
            self.to(at)
        w.drag = None
        if w.deploying:
            reason = d.probe.reason if d.probe else None
            if reason is None and w.setup is not None:
                w.deploy_history.append(w.setup.scenario)
                w.setup = replace(w.setup, scenario=deploy(
                    w.setup.scenario, d.pid, (round(d.x, 2), round(d.y, 2)), d.facing))
            else:
                w.message(f"Cannot place there: {reason}", error=True)
            self.clear()
            w.refresh()
            return reason is None
        over = w.piece_at(at) if at is not None and w.target_marks else None
        act = w.target_action(over) if over is not None else None
        a = w.play_view
        if act is not None and over is not None and a is not None and at is not None:
            # Dropped on an enemy it may attack: no move; show the attack's odds.
            self.clear()
            w.select(d.pid)
            w.hover(at)
            w.message(f"{a.describe(act)}? Click it to commit (the odds are on the right).")
            return False
        w.proposal = d
        ok = d.probe is not None and d.probe.reason is None
        if ok:
            edge = (f"Stopped on the rules' limit ({d.snapped}). " if d.snapped else
                    "Moved to the edge of its reach. " if d.clamped else "")
            w.message(edge + "Move proposed: Enter (or double-click) to commit, Esc to undo; "
                      "[ and ] pivot, or drag the white handle.")
        else:
            reason = d.probe.reason if d.probe else "?"
            w.message(f"Not allowed: {reason}", error=True)
        if w.game is not None and a is not None:
            w.phasing.show()
        w.undo_action.setEnabled(True)
        return ok

    def propose(self, pid: str, x: float, y: float,
                facing: float | None = None) -> Probe | None:
        """Drag `pid` to (x, y) and release it there (what a mouse drag does)."""
        w = self.w
        if not self.begin(pid):
            return None
        if facing is not None and w.drag is not None:
            w.drag.facing = facing % 360.0
        self.to((x, y))
        self.end()
        return w.proposal.probe if w.proposal else None

    def pivot(self, degrees: float) -> bool:
        w = self.w
        d = w.proposal or w.drag
        if d is None:
            return False
        d.facing = (d.facing + degrees) % 360.0
        self._rebands(d)
        self.update_ghost(d)
        if w.proposal is not None:
            self.refresh_probe()
        return True

    def _rebands(self, d: Drag) -> None:
        """The reach of a ruleset whose moves depend on the new facing (the view
        is a FacingBandsView), asked again after the ghost pivots."""
        w = self.w
        a = w.play_view
        if not isinstance(a, FacingBandsView) or w.deploying or d.members:
            return
        a.end_facing(d.pid, d.facing)
        d.bands = compute_bands(a, d.pid)
        if w.bands_item is not None and w.bands_item.scene() is w.scene:
            w.scene.removeItem(w.bands_item)
        w.bands_item = None
        if d.bands is not None:
            w.bands_item = BandsItem(d.bands)
            w.scene.addItem(w.bands_item)

    def pivot_towards(self, pt: tuple[float, float]) -> None:
        w = self.w
        d = w.proposal or w.drag
        if d is None:
            return
        b = bearing((d.x, d.y), pt)
        facing = round(b / 5.0) * 5.0 % 360.0
        if facing != d.facing:
            d.facing = facing
            self._rebands(d)
        self.update_ghost(d, pt)

    def commit(self) -> bool:
        w = self.w
        d = w.proposal
        a = w.play_view
        if d is None or a is None:
            return False
        if d.members and isinstance(a, GroupMovesView):
            act = a.group_action(list(d.members), d.x - d.piece.x, d.y - d.piece.y,
                                 (d.facing - d.piece.facing) % 360.0)
        else:
            act = a.move_action(d.pid, d.x, d.y, d.facing)
        if act is None:
            return False
        reason = a.game.check(act)
        if reason is not None:
            w.message(f"Not allowed: {w.refusal(reason)}", error=True)
            return False
        return w.do(act)

    def cancel(self) -> None:
        w = self.w
        self.clear()
        w.message("Move cancelled.")
        if w.game is not None and w.play_view is not None and w.session is not None:
            w.phasing.show()
        elif w.deploying:
            w.refresh()

    def clear(self) -> None:
        w = self.w
        for dd in (w.drag, w.proposal):
            for gh in dd.ghosts if dd is not None else []:
                if gh.scene() is w.scene:
                    w.scene.removeItem(gh)
        for it in (w.ghost, w.trail, w.bands_item):
            if it is not None and it.scene() is w.scene:
                w.scene.removeItem(it)
        w.ghost = w.trail = w.bands_item = None
        w.drag = w.proposal = None
        w.cursor_label.set_text([])
