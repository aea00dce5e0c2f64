"""The play window's measuring tools: the ruler and the line-of-sight tool.

A part the play window owns (``window.measuring``; it uses the window's
scene, play view, cursor label and status line); the measuring itself is
Qt-free, in :mod:`desktop.play.measure`.
"""

from __future__ import annotations

from PySide6.QtGui import QColor

from desktop.play.measure import (
    SightReport,
    available_units,
    edge_to_edge,
    fmt_distance,
    path_length,
    sight_report,
    snap,
)
from desktop.ui.play.host import PlayHost
from desktop.ui.play.items import ILLEGAL, SightItem


class Measuring:
    """Ruler (R) and line of sight (L); S returns to select-and-move."""

    def __init__(self, window: PlayHost) -> None:
        self.w = window

    def set_tool(self, tool: str) -> None:
        self.w.tool = tool
        self.w.tool_actions[tool].setChecked(True)
        self.w.ruler_points = []
        self.w.ruler_item.set_points([])
        self.w.cursor_label.set_text([])
        self.w.sight_from = None
        if self.w.sight_item is not None:
            self.w.scene.removeItem(self.w.sight_item)
            self.w.sight_item = None
        hints = {"select": "", "ruler": "Ruler: click to start and to add waypoints; double- or "
                 "right-click to finish. Snaps to base corners and edges; from inside a base "
                 "it measures edge to edge.",
                 "sight": "Line of sight: click a unit, then point at another."}
        self.w.message(hints[tool])

    def cycle_units(self) -> None:
        sc = self.w.setup.scenario if self.w.setup else None
        if sc is None:
            return
        modes = available_units(sc.table)
        i = modes.index(self.w.units_mode) if self.w.units_mode in modes else 0
        self.w.units_mode = modes[(i + 1) % len(modes)]
        self.w.message(f"Measuring in {self.w.units_mode.value}")

    def _bases(self) -> list[tuple[str, object]]:
        a = self.w.play_view
        if a is None:
            return []
        return [(p.id, p.footprint()) for p in a.pieces().values()
                if p.present and not p.is_officer]

    def _snap(self, pt: tuple[float, float]) -> tuple[float, float]:
        return snap(pt, self._bases()).point

    def ruler_click(self, pt: tuple[float, float]) -> None:
        if not self.w.ruler_points:
            self.w.ruler_start_piece = self.w.piece_at(pt)
        self.w.ruler_points.append(self._snap(pt))
        self.ruler_hover(pt)

    def ruler_hover(self, pt: tuple[float, float]) -> None:
        sc = self.w.setup.scenario if self.w.setup else None
        if not self.w.ruler_points or sc is None:
            return
        a = self.w.play_view
        other = self.w.piece_at(pt)
        pcs = a.pieces() if a else {}
        if (len(self.w.ruler_points) == 1 and self.w.ruler_start_piece and other
                and other != self.w.ruler_start_piece and a is not None):
            gap = edge_to_edge(pcs[self.w.ruler_start_piece].footprint(), pcs[other].footprint())
            pts = [gap.a, gap.b]
            lines = [f"{fmt_distance(gap.distance, sc.table, self.w.units_mode)} edge to edge",
                     f"{pcs[self.w.ruler_start_piece].name} → {pcs[other].name}"]
        else:
            s = snap(pt, self._bases())
            pts = [*self.w.ruler_points, s.point]
            total = path_length(pts)
            lines = [fmt_distance(total, sc.table, self.w.units_mode)]
            if len(pts) > 2:
                n = len(pts) - 2
                lines.append(f"{n} waypoint{'' if n == 1 else 's'}; last leg "
                             f"{fmt_distance(path_length(pts[-2:]), sc.table, self.w.units_mode)}")
            if s.kind != "free":
                what = pcs[s.piece].name if s.piece in pcs else s.piece
                lines.append(f"snapped to a {s.kind} of {what}")
        self.w.ruler_item.set_points(pts, QColor(255, 240, 120))
        self.w.cursor_label.set_text(lines, QColor(60, 60, 20))
        self.w.place_label(pt)
        self.w.ruler_reading = lines[0]

    def ruler_finish(self) -> None:
        if self.w.ruler_points:
            self.w.message(f"Ruler: {self.w.ruler_reading}")
        self.w.ruler_points = []
        self.w.ruler_start_piece = None

    def sight_click(self, pt: tuple[float, float]) -> None:
        pid = self.w.piece_at(pt)
        if pid is None:
            return
        if self.w.sight_from is None or self.w.sight_from == pid:
            self.w.sight_from = pid
            a = self.w.play_view
            p = a.piece(pid) if a is not None else None
            self.w.message(f"Line of sight from {p.name if p else pid}: point at another unit.")
        else:
            self.sight_between(self.w.sight_from, pid)
            self.w.sight_from = None

    def sight_hover(self, pt: tuple[float, float]) -> None:
        if self.w.sight_from is None:
            return
        pid = self.w.piece_at(pt)
        if pid is not None and pid != self.w.sight_from:
            self.sight_between(self.w.sight_from, pid, pt)

    def sight_between(self, a_id: str, b_id: str, at: tuple[float, float] | None = None) -> str:
        a = self.w.play_view
        if a is None:
            return ""
        pcs = a.pieces()
        pa, pb = pcs[a_id], pcs[b_id]
        from desktop.table.shapes import front_centre_of

        origin = pa.pos if pa.is_officer else front_centre_of(pa.x, pa.y, pa.depth, pa.facing)
        ruled = a.sight(a_id, b_id)
        if ruled is not None:  # the referee's own verdict and reason
            rep = SightReport(ruled.clear, ruled.lines, ruled.verdict)
        else:
            rep = sight_report(origin, pb.footprint(), a.terrain(), a.sight_types(),
                               self._bases(), exclude=(a_id, b_id),
                               exempt_in=(pa.footprint(), pb.footprint()),
                               names={p.id: p.name for p in pcs.values()})
        if self.w.sight_item is not None:
            self.w.scene.removeItem(self.w.sight_item)
        self.w.sight_item = SightItem(rep)
        self.w.scene.addItem(self.w.sight_item)
        text = f"{pa.name} → {pb.name}: {rep.verdict}"
        self.w.cursor_label.set_text([text], QColor(40, 140, 60) if rep.clear else ILLEGAL)
        self.w.place_label(at or pb.pos)
        self.w.message(text)
        return rep.verdict
