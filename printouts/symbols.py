"""NATO-style unit symbols drawn as vector paths.

The frame is the friendly-unit rectangle; inside it: infantry a saltire,
light infantry the same in a dashed (open-order) frame, cavalry one diagonal,
artillery a solid ball, horse artillery the ball and the diagonal.  They read
at a centimetre and survive a grey printer because they are all line work.
"""

from __future__ import annotations

from desktop.scenario.vocabulary import UnitType
from printouts.style import INK, WHITE, Canvas, Color


def draw_symbol(
    c: Canvas,
    utype: UnitType,
    x: float,
    y: float,
    w: float,
    h: float,
    fill: Color = WHITE,
    ink: Color = INK,
    line: float | None = None,
) -> None:
    """The symbol in the box (x, y, w, h), y up (reportlab convention)."""
    lw = line if line is not None else max(0.5, min(w, h) / 12.0)
    c.saveState()
    c.setLineWidth(lw)
    c.setStrokeColor(ink)
    c.setFillColor(fill)
    c.setLineJoin(0)
    if utype is UnitType.LIGHT_INFANTRY:
        c.rect(x, y, w, h, stroke=0, fill=1)
        c.setDash(max(1.0, w / 7.0), max(0.8, w / 12.0))
        c.rect(x, y, w, h, stroke=1, fill=0)
        c.setDash()
    else:
        c.rect(x, y, w, h, stroke=1, fill=1)
    c.setLineCap(1)
    if utype in (UnitType.LINE_INFANTRY, UnitType.LIGHT_INFANTRY):
        c.line(x, y, x + w, y + h)
        c.line(x, y + h, x + w, y)
    if utype in (UnitType.CAVALRY, UnitType.HORSE_ARTILLERY):
        c.line(x, y, x + w, y + h)
    if utype in (UnitType.FOOT_ARTILLERY, UnitType.HORSE_ARTILLERY):
        c.setFillColor(ink)
        c.circle(x + w / 2, y + h / 2, min(w, h) * 0.22, stroke=0, fill=1)
    c.restoreState()
