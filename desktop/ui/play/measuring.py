"""The play window's measuring tools: the ruler and the line-of-sight tool.

A mixin of :class:`desktop.ui.play.window.PlayWindow` (it uses the window's
scene, adapter, cursor label and status line); the measuring itself is
Qt-free, in :mod:`desktop.play.measure`.
"""

from __future__ import annotations

from PySide6.QtGui import QColor

from desktop.play.measure import (
    available_units,
    edge_to_edge,
    fmt_distance,
    path_length,
    sight_report,
    snap,
)
from desktop.ui.play.items import ILLEGAL, SightItem


class MeasuringTools:
    """Ruler (R) and line of sight (L); S returns to select-and-move."""

    def set_tool(self, tool: str) -> None:
        self.tool = tool
        self.tool_actions[tool].setChecked(True)
        self.ruler_points = []
        self.ruler_item.set_points([])
        self.cursor_label.set_text([])
        self.sight_from = None
        if self.sight_item is not None:
            self.scene.removeItem(self.sight_item)
            self.sight_item = None
        hints = {"select": "", "ruler": "Ruler: click to start and to add waypoints; double- or "
                 "right-click to finish. Snaps to base corners and edges; from inside a base "
                 "it measures edge to edge.",
                 "sight": "Line of sight: click a unit, then point at another."}
        self.message(hints[tool])

    def cycle_units(self) -> None:
        sc = self.setup.scenario if self.setup else None
        if sc is None:
            return
        modes = available_units(sc.table)
        i = modes.index(self.units_mode) if self.units_mode in modes else 0
        self.units_mode = modes[(i + 1) % len(modes)]
        self.message(f"Measuring in {self.units_mode.value}")

    def _bases(self) -> list[tuple[str, object]]:
        a = self.play_view
        if a is None:
            return []
        return [(p.id, p.footprint()) for p in a.pieces().values()
                if p.present and not p.is_officer]

    def _snap(self, pt: tuple[float, float]) -> tuple[float, float]:
        return snap(pt, self._bases()).point  # type: ignore[arg-type]

    def ruler_click(self, pt: tuple[float, float]) -> None:
        if not self.ruler_points:
            self.ruler_start_piece = self.piece_at(pt)
        self.ruler_points.append(self._snap(pt))
        self.ruler_hover(pt)

    def ruler_hover(self, pt: tuple[float, float]) -> None:
        sc = self.setup.scenario if self.setup else None
        if not self.ruler_points or sc is None:
            return
        a = self.play_view
        other = self.piece_at(pt)
        pcs = a.pieces() if a else {}
        if (len(self.ruler_points) == 1 and self.ruler_start_piece and other
                and other != self.ruler_start_piece and a is not None):
            gap = edge_to_edge(pcs[self.ruler_start_piece].footprint(), pcs[other].footprint())
            pts = [gap.a, gap.b]
            lines = [f"{fmt_distance(gap.distance, sc.table, self.units_mode)} edge to edge",
                     f"{pcs[self.ruler_start_piece].name} → {pcs[other].name}"]
        else:
            s = snap(pt, self._bases())  # type: ignore[arg-type]
            pts = [*self.ruler_points, s.point]
            total = path_length(pts)
            lines = [fmt_distance(total, sc.table, self.units_mode)]
            if len(pts) > 2:
                lines.append(f"{len(pts) - 2} waypoint(s); last leg "
                             f"{fmt_distance(path_length(pts[-2:]), sc.table, self.units_mode)}")
            if s.kind != "free":
                what = pcs[s.piece].name if s.piece in pcs else s.piece
                lines.append(f"snapped to a {s.kind} of {what}")
        self.ruler_item.set_points(pts, QColor(255, 240, 120))
        self.cursor_label.set_text(lines, QColor(60, 60, 20))
        self.place_label(pt)
        self.ruler_reading = lines[0]

    def ruler_finish(self) -> None:
        if self.ruler_points:
            self.message(f"Ruler: {getattr(self, 'ruler_reading', '')}")
        self.ruler_points = []
        self.ruler_start_piece = None

    def sight_click(self, pt: tuple[float, float]) -> None:
        pid = self.piece_at(pt)
        if pid is None:
            return
        if self.sight_from is None or self.sight_from == pid:
            self.sight_from = pid
            a = self.play_view
            p = a.piece(pid) if a is not None else None
            self.message(f"Line of sight from {p.name if p else pid}: point at another unit.")
        else:
            self.sight_between(self.sight_from, pid)
            self.sight_from = None

    def sight_hover(self, pt: tuple[float, float]) -> None:
        if self.sight_from is None:
            return
        pid = self.piece_at(pt)
        if pid is not None and pid != self.sight_from:
            self.sight_between(self.sight_from, pid, pt)

    def sight_between(self, a_id: str, b_id: str, at: tuple[float, float] | None = None) -> str:
        a = self.play_view
        if a is None:
            return ""
        pcs = a.pieces()
        pa, pb = pcs[a_id], pcs[b_id]
        from desktop.table.shapes import front_centre_of

        origin = pa.pos if pa.is_officer else front_centre_of(pa.x, pa.y, pa.depth, pa.facing)
        rep = sight_report(origin, pb.footprint(), a.terrain(), a.sight_types(), self._bases(),
                           exclude=(a_id, b_id), exempt_in=(pa.footprint(), pb.footprint()),
                           engine_says=a.can_see(a_id, b_id),
                           names={p.id: p.name for p in pcs.values()})
        if self.sight_item is not None:
            self.scene.removeItem(self.sight_item)
        self.sight_item = SightItem(rep)
        self.scene.addItem(self.sight_item)
        text = f"{pa.name} → {pb.name}: {rep.verdict}"
        self.cursor_label.set_text([text], QColor(40, 140, 60) if rep.clear else ILLEGAL)
        self.place_label(at or pb.pos)
        self.message(text)
        return rep.verdict
