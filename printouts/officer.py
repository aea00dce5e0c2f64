"""A mounted officer in a bicorne, drawn with vector paths.

The figure is designed in a 200 x 190 box (y up, the ground at y = 8) and
scaled to whatever the card allows.  Outlines are smooth closed curves
through a few key points (Catmull-Rom turned into Bezier segments); limbs are
centre lines with a width at each joint.  Fills are light so that a player
can mark wounds on the drawing in pencil or pen, and every part has an ink
outline so the figure reads in grey.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from reportlab.lib import colors

from printouts.style import INK, Canvas, Color, shade, tint

Pt = tuple[float, float]

DESIGN_W: Final = 200.0
DESIGN_H: Final = 190.0

HORSE: Final = colors.HexColor("#e9e2d3")  # a grey charger: light enough to write on
HORSE_FAR: Final = colors.HexColor("#cfc6b4")
LEATHER: Final = colors.HexColor("#6b4a2b")
BOOT: Final = colors.HexColor("#2b2926")
GOLD: Final = colors.HexColor("#d8b24a")
SKIN: Final = colors.HexColor("#f1d9c0")
BREECHES: Final = colors.HexColor("#f6f3ea")
STEEL: Final = colors.HexColor("#d9dde0")


def _catmull(pts: Sequence[Pt], closed: bool) -> list[tuple[Pt, Pt, Pt]]:
    """Bezier segments (c1, c2, end) through `pts`."""
    n = len(pts)
    segs: list[tuple[Pt, Pt, Pt]] = []
    last = n if closed else n - 1
    for i in range(last):
        p0 = pts[(i - 1) % n] if closed or i > 0 else pts[0]
        p1 = pts[i]
        p2 = pts[(i + 1) % n]
        p3 = pts[(i + 2) % n] if closed or i + 2 < n else pts[-1]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        segs.append((c1, c2, p2))
    return segs


def smooth_path(c: Canvas, pts: Sequence[Pt], closed: bool = True) -> object:
    p = c.beginPath()
    p.moveTo(*pts[0])
    for c1, c2, end in _catmull(pts, closed):
        p.curveTo(c1[0], c1[1], c2[0], c2[1], end[0], end[1])
    if closed:
        p.close()
    return p


def shape(c: Canvas, pts: Sequence[Pt], fill: Color | None, line: float = 1.2,
          closed: bool = True, ink: Color = INK) -> None:
    c.setStrokeColor(ink)
    c.setLineWidth(line)
    if fill is not None:
        c.setFillColor(fill)
    c.drawPath(smooth_path(c, pts, closed), stroke=1, fill=1 if fill is not None and closed else 0)


def shape_open(c: Canvas, pts: Sequence[Pt], fill: Color, line: float, hidden: int) -> None:
    """Fill a closed outline but ink only its first points: the last `hidden` segments
    are a seam tucked into a part drawn earlier."""
    c.setFillColor(fill)
    c.drawPath(smooth_path(c, pts, True), stroke=0, fill=1)
    segs = _catmull(pts, True)[: len(pts) - hidden]
    p = c.beginPath()
    p.moveTo(*pts[0])
    for c1, c2, end in segs:
        p.curveTo(c1[0], c1[1], c2[0], c2[1], end[0], end[1])
    c.setStrokeColor(INK)
    c.setLineWidth(line)
    c.drawPath(p, stroke=1, fill=0)


def limb_outline(centre: Sequence[Pt], widths: Sequence[float]) -> list[Pt]:
    """A closed outline around a centre line, `widths[i]` wide at `centre[i]`."""
    left: list[Pt] = []
    right: list[Pt] = []
    n = len(centre)
    for i, (x, y) in enumerate(centre):
        a = centre[max(0, i - 1)]
        b = centre[min(n - 1, i + 1)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        d = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / d, dx / d
        h = widths[i] / 2
        left.append((x + nx * h, y + ny * h))
        right.append((x - nx * h, y - ny * h))
    return left + right[::-1]


def limb(c: Canvas, centre: Sequence[Pt], widths: Sequence[float], fill: Color,
         line: float = 1.1) -> None:
    shape(c, limb_outline(centre, widths), fill, line)


def polygon(c: Canvas, pts: Sequence[Pt], fill: Color | None, line: float = 1.0) -> None:
    p = c.beginPath()
    p.moveTo(*pts[0])
    for q in pts[1:]:
        p.lineTo(*q)
    p.close()
    c.setLineWidth(line)
    c.setStrokeColor(INK)
    if fill is not None:
        c.setFillColor(fill)
    c.drawPath(p, stroke=1, fill=1 if fill is not None else 0)


def stroke(c: Canvas, pts: Sequence[Pt], line: float = 0.8, colour: Color = INK) -> None:
    c.setStrokeColor(colour)
    c.setLineWidth(line)
    c.drawPath(smooth_path(c, pts, closed=False), stroke=1, fill=0)


# --- the parts ------------------------------------------------------------------------


def _hoof(c: Canvas, x: float, y: float, w: float = 9.0, fill: Color = BOOT) -> None:
    polygon(c, [(x - w / 2, y), (x + w / 2 + 1.5, y), (x + w / 2, y + 6), (x - w / 2 + 0.5,
                                                                           y + 6)], fill, 0.9)


def _far_legs(c: Canvas) -> None:
    # far hind leg, stepping forward
    limb(c, [(84, 80), (88, 58), (84, 40), (88, 22), (90, 13)], [20, 13, 8, 7, 7], HORSE_FAR)
    _hoof(c, 91, 8, fill=shade(HORSE_FAR, 0.55))
    # far fore leg, planted
    limb(c, [(140, 84), (138, 60), (136, 42), (135, 22), (136, 13)], [18, 11, 9, 7, 7],
         HORSE_FAR)
    _hoof(c, 137, 8, fill=shade(HORSE_FAR, 0.55))


def _tail(c: Canvas) -> None:
    shape(c, [(56, 116), (46, 112), (36, 96), (30, 74), (26, 52), (36, 60), (40, 76),
              (46, 92), (54, 104)], HORSE_FAR, 1.0)
    for dx in (0.0, 4.0, 8.0):
        stroke(c, [(50 - dx * 0.3, 110), (42 - dx * 0.6, 94), (36 - dx * 0.2, 74),
                   (31 + dx * 0.4, 58)], 0.45)


def _near_legs(c: Canvas) -> None:
    # near hind leg: thigh, hock, cannon, planted
    limb(c, [(70, 88), (66, 62), (58, 44), (62, 26), (64, 13)], [30, 17, 10, 7.5, 7.5], HORSE)
    _hoof(c, 65, 8)
    # near fore leg: raised at the knee, prancing
    limb(c, [(146, 86), (154, 64), (165, 52), (160, 36), (156, 28)], [19, 12, 10, 7.5, 7.5],
         HORSE)
    polygon(c, [(151.5, 22.5), (158.5, 21.5), (161, 27.5), (154, 29.5)], BOOT, 0.9)


def _body(c: Canvas, coat: Color) -> None:
    # barrel, chest and quarters in one outline
    shape(c, [
        (58, 120), (80, 118), (102, 112), (126, 118), (142, 121),
        (156, 108), (157, 92), (148, 78), (128, 71), (104, 68), (84, 71),
        (66, 76), (54, 88), (50, 104),
    ], HORSE, 1.3)
    # muscle lines: shoulder, stifle, belly
    stroke(c, [(150, 110), (144, 96), (142, 82)], 0.55)
    stroke(c, [(74, 112), (64, 100), (66, 84)], 0.55)
    stroke(c, [(108, 72), (124, 74)], 0.45)
    # saddle cloth (shabraque) in the coat colour, with a gold lace border
    shape(c, [(84, 118), (120, 116), (124, 100), (120, 84), (92, 82), (82, 96)],
          tint(coat, 0.25), 1.0)
    shape(c, [(87, 115), (117, 113.5), (120.5, 100), (117.5, 87), (94, 85.5), (85.5, 96)],
          None, 0.9, ink=GOLD)
    # saddle
    shape(c, [(92, 120), (114, 118), (118, 112), (104, 109), (90, 112)], LEATHER, 0.9)
    # girth strap
    c.setFillColor(LEATHER)
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)
    p = c.beginPath()
    p.moveTo(112, 84)
    p.lineTo(117, 84)
    p.lineTo(118, 71)
    p.lineTo(113, 71)
    p.close()
    c.drawPath(p, stroke=1, fill=1)


def _neck_and_head(c: Canvas) -> None:
    shape_open(c, [
        (126, 121), (138, 132), (150, 146), (160, 158), (167, 161),
        (176, 154), (186, 138), (195, 124), (198, 116), (192, 110.5), (182, 113),
        (172, 121), (164, 123), (160, 112), (157, 100), (146, 106), (124, 116),
    ], HORSE, 1.3, 2)
    # ears
    polygon(c, [(159, 158), (160, 171), (166, 161)], HORSE, 1.0)
    polygon(c, [(164, 161), (168, 170), (169, 158)], HORSE_FAR, 0.9)
    # mane along the crest
    shape(c, [(127, 124), (138, 136), (149, 149), (159, 160), (156, 148), (145, 136),
              (133, 124)], HORSE_FAR, 0.8)
    for t in range(5):
        x0 = 133 + t * 5.6
        stroke(c, [(x0, 127 + t * 6.6), (x0 - 4.5, 123 + t * 6.6)], 0.5)
    # eye, nostril, mouth, the line of the cheek
    c.setFillColor(INK)
    c.ellipse(170, 145.5, 174.5, 148.5, stroke=0, fill=1)
    stroke(c, [(192, 120), (194.5, 117)], 0.9)
    stroke(c, [(188, 113.5), (195, 114)], 0.6)
    stroke(c, [(166, 136), (172, 128), (180, 122)], 0.5)
    # bridle: headstall, noseband, and the rein to the rider's hand
    stroke(c, [(163, 156), (168, 138), (176, 122)], 1.1, LEATHER)
    stroke(c, [(184, 132), (187, 125), (186, 117)], 1.1, LEATHER)
    stroke(c, [(166, 142), (186, 131)], 1.1, LEATHER)
    c.setStrokeColor(STEEL)
    c.setLineWidth(1.2)
    c.circle(183.5, 116.5, 2.2, stroke=1, fill=0)
    stroke(c, [(182, 117), (160, 126), (140, 133), (127, 137)], 0.9, LEATHER)


def _rider(c: Canvas, coat: Color, facing: Color) -> None:
    dark = shade(coat, 0.25)
    # far arm holding the reins
    limb(c, [(104, 148), (118, 140), (127, 137)], [9, 8, 7], dark, 1.0)
    c.setFillColor(BREECHES)
    c.setStrokeColor(INK)
    c.circle(128, 137, 3.2, stroke=1, fill=1)
    # coat tails flaring behind over the horse's back
    shape(c, [(96, 132), (86, 128), (72, 122), (70, 116), (84, 116), (96, 118)],
          coat, 1.0)
    shape(c, [(92, 128), (80, 123), (73, 118), (82, 118)], facing, 0.6)
    # thigh and boot (a riding boot to the knee, a spur at the heel)
    limb(c, [(98, 122), (110, 116), (120, 108)], [16, 14, 12], BREECHES, 1.1)
    limb(c, [(121, 110), (119, 96), (116, 82), (115, 77)], [13, 11, 10, 10], BOOT, 1.0)
    polygon(c, [(110, 80), (124, 80.5), (126, 75.5), (110, 75)], BOOT, 0.9)
    stroke(c, [(110, 78), (104, 77)], 1.2, GOLD)
    # stirrup leather and iron
    stroke(c, [(106, 115), (114, 80)], 0.9, LEATHER)
    c.setStrokeColor(STEEL)
    c.setLineWidth(1.4)
    c.line(112, 74.5, 123, 74.5)
    # torso: coat with lapels, leaning slightly forward
    shape(c, [(94, 124), (92, 140), (96, 156), (104, 163), (114, 161), (119, 150),
              (118, 136), (114, 124)], coat, 1.2)
    polygon(c, [(106, 161), (113, 159.5), (112, 140), (105, 138)], facing, 0.8)
    for k in range(4):
        c.setFillColor(GOLD)
        c.circle(111, 156 - k * 4.5, 0.95, stroke=0, fill=1)
    # sash at the waist, its tassels hanging
    polygon(c, [(93, 132), (117, 131), (118, 125.5), (94, 126)], GOLD, 0.8)
    stroke(c, [(97, 128), (92, 117)], 1.2, GOLD)
    # collar, epaulette
    polygon(c, [(101, 164), (114, 162), (113, 158), (102, 159.5)], facing, 0.8)
    shape(c, [(92, 158), (99, 162), (106, 159), (104, 153), (95, 153)], GOLD, 0.8)
    for k in range(4):
        stroke(c, [(94.5 + k * 2.8, 153.5), (94 + k * 2.9, 149)], 0.6, shade(GOLD, 0.35))
    # head: face, queue
    shape(c, [(104, 163), (103, 170), (106, 178), (113, 180), (118, 177.5), (119.5, 173),
              (122.5, 169.5), (119.5, 168), (119.5, 165.5), (115, 163), (110, 162)], SKIN, 1.0)
    c.setFillColor(INK)
    c.circle(115.5, 173, 0.8, stroke=0, fill=1)
    stroke(c, [(118.5, 168.5), (116, 167.5)], 0.5)
    polygon(c, [(103, 173), (100, 164), (102.5, 163.5), (105.5, 171)], BOOT, 0.6)
    # the bicorne, worn en bataille: a broad crescent with a cockade and a plume
    shape(c, [(90, 178), (96, 179), (104, 177.5), (112, 177), (121, 178.5), (128, 181),
              (123, 187), (114, 193), (105, 193), (96, 188)], BOOT, 1.0)
    stroke(c, [(92, 179.5), (110, 178.3), (126, 181.3)], 0.9, GOLD)
    c.setFillColor(facing)
    c.setStrokeColor(GOLD)
    c.setLineWidth(0.8)
    c.circle(118, 186, 3.2, stroke=1, fill=1)
    shape(c, [(117, 189), (113, 196), (111, 204), (116, 199), (120, 192)], facing, 0.7)
    # sword arm raised, the sword pointing ahead
    limb(c, [(102, 154), (114, 158), (124, 168), (130, 178)], [12, 10, 9, 8], coat, 1.1)
    polygon(c, [(126.5, 178), (133.5, 176), (134.5, 180), (127.5, 182)], facing, 0.7)
    c.setFillColor(BREECHES)
    c.setStrokeColor(INK)
    c.setLineWidth(0.9)
    c.circle(132.5, 182.5, 3.6, stroke=1, fill=1)
    # the sabre: grip, guard and a curved blade
    stroke(c, [(129, 184), (136, 181)], 2.0, GOLD)
    shape(c, [(134, 185), (152, 196), (170, 203), (186, 206), (172, 200), (154, 191),
              (135, 181)], STEEL, 0.8)


def draw_officer(c: Canvas, x: float, y: float, w: float, h: float, coat: Color,
                 facing: Color | None = None) -> None:
    """The mounted officer fitted into the box (x, y, w, h), ground line included."""
    scale = min(w / DESIGN_W, h / (DESIGN_H + 18))
    ox = x + (w - DESIGN_W * scale) / 2
    oy = y
    c.saveState()
    c.translate(ox, oy)
    c.scale(scale, scale)
    c.setLineJoin(1)
    c.setLineCap(1)
    facing = facing if facing is not None else colors.HexColor("#f4f1e8")
    # ground shadow
    c.setFillColor(colors.HexColor("#d9d3c4"))
    c.ellipse(36, 3, 178, 13, stroke=0, fill=1)
    stroke(c, [(14, 8), (60, 7.5), (120, 8.5), (186, 7.5)], 0.6)
    _far_legs(c)
    _tail(c)
    _near_legs(c)
    _body(c, coat)
    _neck_and_head(c)
    _rider(c, coat, facing)
    c.restoreState()
