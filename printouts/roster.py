"""Roster sheets: one or more landscape pages per side.

Layout first, drawing second: every row is measured (names wrap, then shrink;
tracks wrap onto more lines), the rows are split into pages with the header
and column headings repeated, and only then is anything drawn, so a page
footer can say "page 2 of 3".
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Final

from desktop.rules.roster_profile import Track, UnitSheet
from desktop.scenario.model import Officer, Side, Unit
from desktop.scenario.vocabulary import RANK_LABELS, UNIT_LABELS, Rank
from printouts.context import Context
from printouts.game_marks import ticks_for
from printouts.ruleset_sheets import officer_rules
from printouts.style import (
    ACCENT,
    INK,
    INK_SOFT,
    PAPER_TINT,
    RULE,
    WHITE,
    Canvas,
    draw_block,
    draw_fitted,
    fit_block,
    footer,
    hex_colour,
    paper_size,
    star,
    text_on,
    tick_box,
    tint,
    width,
    width_upto,
)
from printouts.symbols import draw_symbol
from printouts.texts import header_line

MARGIN: Final = 28.0
BOX: Final = 10.0  # a tick box
GAP: Final = 1.8  # between boxes
GROUP_GAP: Final = 3.0  # extra space after every fifth box
MARK_SPACE: Final = 7.0  # above a track line, for the ½ / M marks
UNDER_SPACE: Final = 6.5  # below a track line, for D3's activation numbers
PAD: Final = 4.0  # top and bottom padding inside a row
MIN_ROW: Final = 24.0
HEADER_H: Final = 52.0
COLHEAD_H: Final = 15.0
FOOTER_H: Final = 22.0


@dataclass(frozen=True)
class Columns:
    x: dict[str, float]
    w: dict[str, float]


COLUMN_ORDER: Final = ("no", "icon", "name", "type", "quality", "start", "track", "states",
                       "notes")
COLUMN_TITLES: Final = {
    "no": "#", "icon": "", "name": "Unit", "type": "Type", "quality": "Quality: what it means",
    "start": "Start", "track": "", "states": "", "notes": "Notes",
}


def columns(total: float, states: bool) -> Columns:
    fixed = {"no": 16.0, "icon": 26.0, "name": 132.0, "type": 58.0, "quality": 118.0,
             "start": 40.0, "states": 96.0 if states else 0.0, "notes": 104.0}
    fixed["track"] = total - sum(fixed.values())
    x: dict[str, float] = {}
    pos = 0.0
    for key in COLUMN_ORDER:
        x[key] = pos
        pos += fixed[key]
    return Columns(x, fixed)


# --- tracks -----------------------------------------------------------------------------


def per_line(avail: float) -> int:
    """How many boxes fit a line, counting the extra gap after each five."""
    n = 0
    used = 0.0
    while True:
        step = BOX + (GAP if n % 5 != 4 else GAP + GROUP_GAP)
        if used + BOX > avail:
            return max(1, n)
        used += step
        n += 1


def track_lines(track: Track, avail: float) -> list[range]:
    """Split the boxes into balanced lines, breaking after a group of five if possible."""
    n = track.boxes
    if n <= 0:
        return []
    cap = per_line(avail)
    if n <= cap:
        return [range(1, n + 1)]
    nlines = math.ceil(n / cap)
    size = math.ceil(n / nlines)
    if size % 5 and size < cap:
        size = min(cap, size + (5 - size % 5))
    return [range(a, min(n, a + size - 1) + 1) for a in range(1, n + 1, size)]


def draw_mark(c: Canvas, x: float, y: float, size: float, mark: str) -> None:
    """A box the unit starts the battle with marked: crossed (a loss, as
    cross_box) or with one stroke (a Blown Away man running)."""
    if mark != "/":
        cross_box(c, x, y, size)
        return
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.1)
    c.line(x + 1.2, y + 1.2, x + size - 1.2, y + size - 1.2)


def started(ruleset_id: str | None, u: Unit, sheet: UnitSheet) -> UnitSheet:
    """`sheet` with the marks of how `u` starts under the sheet's ruleset (hits
    already crossed off, Shaken ticked).  A state the ruleset refuses marks
    nothing here: ``volley validate`` and the editor name it."""
    if ruleset_id is None:
        return sheet
    from desktop.rules import RulesError, registry
    from desktop.rules.start import sheet_marks

    try:
        ruleset = registry.get(ruleset_id)
        marks = sheet_marks(ruleset.start_fields, ruleset.start_state(u))
    except RulesError:
        return sheet
    if not marks.words:
        return sheet
    boxes = min(marks.boxes, sheet.track.boxes)
    return replace(sheet, track=replace(sheet.track, marked=boxes, mark=marks.mark),
                   ticked=marks.states & set(sheet.states), worn=marks.words)


def track_height(track: Track, avail: float) -> float:
    lines = len(track_lines(track, avail))
    line_h = MARK_SPACE + BOX + (UNDER_SPACE if track.under else 1.5)
    return lines * line_h


def cross_box(c: Canvas, x: float, y: float, size: float) -> None:
    """A box crossed through in the accent ink: lost before the sheet was printed."""
    c.setStrokeColor(ACCENT)
    c.setLineWidth(1.1)
    c.line(x + 1.2, y + 1.2, x + size - 1.2, y + size - 1.2)
    c.line(x + 1.2, y + size - 1.2, x + size - 1.2, y + 1.2)


def draw_track(c: Canvas, ctx: Context, x: float, top: float, track: Track, avail: float,
               colour: object, lost: int = 0, struck: int = 0) -> None:
    """The boxes: the first `lost` crossed, the next `struck` with one stroke (men
    running, in mid-game), then those the unit started with marked."""
    f = ctx.fonts
    line_h = MARK_SPACE + BOX + (UNDER_SPACE if track.under else 1.5)
    y_top = top
    for line in track_lines(track, avail):
        bx = x
        by = y_top - MARK_SPACE - BOX
        for i, k in enumerate(line):
            heavy = k in track.heavy
            fill = tint(ACCENT, 0.82) if heavy else (WHITE if k > track.shaded else RULE)
            tick_box(c, bx, by, BOX, fill=fill, heavy=heavy)
            if k <= lost:
                cross_box(c, bx, by, BOX)
            elif k <= lost + struck:
                draw_mark(c, bx, by, BOX, "/")
            elif k <= track.marked:
                draw_mark(c, bx, by, BOX, track.mark)
            if k in track.marks:
                c.setFillColor(ACCENT if heavy else INK)
                c.setFont(f.bold, 6.2)
                c.drawCentredString(bx + BOX / 2, by + BOX + 1.6, track.marks[k])
            if k in track.under:
                c.setFillColor(INK_SOFT)
                c.setFont(f.regular, 5.4)
                c.drawCentredString(bx + BOX / 2, by - 5.6, track.under[k])
            bx += BOX + (GAP + GROUP_GAP if (k % 5 == 0 and i != len(line) - 1) else GAP)
        y_top -= line_h
    del colour


# --- state boxes ---------------------------------------------------------------------------


def _state_groups(states: tuple[str, ...]) -> list[tuple[str, int]]:
    groups: list[tuple[str, int]] = []
    for s in states:
        if groups and groups[-1][0] == s:
            groups[-1] = (s, groups[-1][1] + 1)
        else:
            groups.append((s, 1))
    return groups


STATE_BOX: Final = 7.5
STATE_SIZE: Final = 6.3
STATE_LINE: Final = 11.0


def layout_states(
    ctx: Context, states: tuple[str, ...], avail: float
) -> list[list[tuple[str, int]]]:
    lines: list[list[tuple[str, int]]] = [[]]
    used = 0.0
    for label, n in _state_groups(states):
        w = n * (STATE_BOX + 1.5) + 2 + width(label, ctx.fonts.regular, STATE_SIZE) + 6
        if lines[-1] and used + w > avail:
            lines.append([])
            used = 0.0
        lines[-1].append((label, n))
        used += w
    return lines if lines[0] else []


def draw_states(c: Canvas, ctx: Context, x: float, top: float, states: tuple[str, ...],
                avail: float, ticked: tuple[str, ...] = ()) -> None:
    y = top - STATE_BOX - 1
    for line in layout_states(ctx, states, avail):
        bx = x
        for label, n in line:
            done = ticks_for(label, ticked)
            for k in range(n):
                if label == "Ball":
                    c.setStrokeColor(INK)
                    c.setLineWidth(0.7)
                    c.setFillColor(WHITE)
                    c.circle(bx + STATE_BOX / 2, y + STATE_BOX / 2, STATE_BOX / 2, stroke=1, fill=1)
                else:
                    tick_box(c, bx, y, STATE_BOX)
                if k < done:
                    cross_box(c, bx, y, STATE_BOX)
                bx += STATE_BOX + 1.5
            c.setFillColor(INK)
            c.setFont(ctx.fonts.regular, STATE_SIZE)
            c.drawString(bx + 1, y + 1.3, "balls" if label == "Ball" else label)
            bx += 2 + width(label, ctx.fonts.regular, STATE_SIZE) + 6
        y -= STATE_LINE


# --- rows -------------------------------------------------------------------------------


@dataclass
class Row:
    height: float
    draw: Callable[[float], None]  # draw with the row's top at y
    kind: str = "unit"


def unit_row(ctx: Context, cols: Columns, x0: float, index: int, side: Side, u: Unit,
             sheet: UnitSheet) -> Row:
    f = ctx.fonts
    name = fit_block(u.name, f.bold, 8.6, cols.w["name"] - 6, 3, 6.2)
    worn = fit_block(f"Starts: {sheet.worn}", f.regular, 6.6, cols.w["name"] - 6, 2, 5.6) \
        if sheet.worn else None
    name_h = name.height + (worn.height + 2 if worn is not None else 0)
    qual = fit_block(sheet.meaning, f.regular, 7.0, cols.w["quality"] - 6, 3, 5.8)
    typ = fit_block(UNIT_LABELS[u.type], f.regular, 7.0, cols.w["type"] - 5, 2, 5.8)
    track_w = cols.w["track"] - 8
    th = track_height(sheet.track, track_w)
    st_lines = len(layout_states(ctx, sheet.states, cols.w["states"] - 6))
    h = max(
        MIN_ROW,
        name_h + PAD * 2 + 2,
        qual.height + 8.5 + PAD * 2,
        typ.height + PAD * 2,
        th + PAD * 2 - 2,
        st_lines * STATE_LINE + PAD * 2,
    )
    colour = hex_colour(side.colour)
    marks = ctx.game.of(u.id) if ctx.game is not None else None

    def draw(top: float) -> None:
        c = ctx.canvas
        w = sum(cols.w.values())
        if index % 2 == 1:
            c.setFillColor(PAPER_TINT)
            c.rect(x0, top - h, w, h, stroke=0, fill=1)
        c.setStrokeColor(RULE)
        c.setLineWidth(0.4)
        c.line(x0, top - h, x0 + w, top - h)
        # number and icon
        c.setFillColor(INK_SOFT)
        c.setFont(f.regular, 7)
        c.drawRightString(x0 + cols.x["icon"] - 3, top - PAD - 7, str(index + 1))
        iw, ih = 19.0, 12.5
        draw_symbol(c, u.type, x0 + cols.x["icon"] + 3, top - PAD - ih - 1, iw, ih,
                    fill=tint(colour, 0.72), line=0.9)
        draw_block(c, x0 + cols.x["name"] + 3, top - PAD, name)
        if worn is not None:
            draw_block(c, x0 + cols.x["name"] + 3, top - PAD - name.height - 2, worn, ACCENT)
        c.setFillColor(INK_SOFT)
        draw_block(c, x0 + cols.x["type"] + 2, top - PAD, typ, INK_SOFT)
        c.setFillColor(INK)
        c.setFont(f.bold, 7.2)
        c.drawString(x0 + cols.x["quality"] + 3, top - PAD - 7, sheet.quality)
        draw_block(c, x0 + cols.x["quality"] + 3, top - PAD - 9, qual, INK_SOFT)
        c.setFillColor(INK)
        draw_fitted(c, x0 + cols.x["start"] + cols.w["start"] / 2, top - PAD - 8, sheet.start,
                    f.bold, 8.5, cols.w["start"] - 4, 5.5, align="centre")
        draw_track(c, ctx, x0 + cols.x["track"] + 4, top - PAD + 2, sheet.track, track_w,
                   colour, marks.lost if marks else 0, marks.struck if marks else 0)
        if cols.w["states"]:
            draw_states(c, ctx, x0 + cols.x["states"] + 3, top - PAD, sheet.states,
                        cols.w["states"] - 6,
                        marks.states if marks else tuple(sorted(sheet.ticked)))
        if marks is not None and marks.note:
            c.setFillColor(ACCENT)
            draw_fitted(c, x0 + cols.x["notes"] + 4, top - PAD - 7, marks.note, f.italic, 7.4,
                        cols.w["notes"] - 8, 5.5)
        # writing lines in the notes column
        c.setStrokeColor(tint(RULE, 0.4))
        c.setLineWidth(0.3)
        nx = x0 + cols.x["notes"] + 4
        ly = top - 12
        while ly > top - h + 3:
            c.line(nx, ly, x0 + w - 3, ly)
            ly -= 10

    return Row(h, draw)


def officer_rows(ctx: Context, side: Side, x0: float, total_w: float) -> list[Row]:
    f = ctx.fonts
    rules = officer_rules(ctx.ruleset)
    rows: list[Row] = []
    units = {u.id: u.name for u in side.units}

    def heading(top: float) -> None:
        c = ctx.canvas
        c.setFillColor(INK)
        c.setFont(f.bold, 9.5)
        c.drawString(x0, top - 13, "Officers")
        if rules.summary:
            draw_fitted(c, x0 + 60, top - 13, rules.summary, f.italic, 7.2,
                        total_w - 60, 5.5)
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.line(x0, top - 17, x0 + total_w, top - 17)

    rows.append(Row(22.0, heading, "officer-heading"))
    order = {Rank.COMMANDER: 0, Rank.GENERAL: 1, Rank.ADC: 2}
    for i, o in enumerate(sorted(side.officers, key=lambda o: order[o.rank])):
        rows.append(_officer_row(ctx, side, o, i, x0, total_w, units))
    if not side.officers:
        def none(top: float) -> None:
            ctx.canvas.setFillColor(INK_SOFT)
            ctx.canvas.setFont(f.italic, 7.5)
            ctx.canvas.drawString(x0 + 4, top - 10, "No officers in this scenario.")
        rows.append(Row(14.0, none, "officer"))
    return rows


def _officer_row(ctx: Context, side: Side, o: Officer, i: int, x0: float, total_w: float,
                 units: dict[str, str]) -> Row:
    f = ctx.fonts
    name = fit_block(o.name, f.bold, 8.6, 200, 2, 6.2)
    h = max(20.0, name.height + 8)
    colour = hex_colour(side.colour)

    def draw(top: float) -> None:
        c = ctx.canvas
        if i % 2 == 1:
            c.setFillColor(PAPER_TINT)
            c.rect(x0, top - h, total_w, h, stroke=0, fill=1)
        c.setFillColor(tint(colour, 0.45))
        c.setStrokeColor(INK)
        c.setLineWidth(0.5)
        star(c, x0 + 14, top - h / 2, 6.5 if o.rank is Rank.COMMANDER else 5.2)
        draw_block(c, x0 + 30, top - 4, name)
        c.setFillColor(INK_SOFT)
        c.setFont(f.regular, 7.2)
        c.drawString(x0 + 238, top - 11, RANK_LABELS[o.rank])
        if o.attached_to:
            draw_fitted(c, x0 + 330, top - 11, "with " + units.get(o.attached_to, o.attached_to),
                        f.italic, 7.2, 150, 5.5)
        bx = x0 + total_w - 300
        marks = ctx.game.of(o.id) if ctx.game is not None else None
        said = marks.note if marks is not None else ""
        for label in officer_rules(ctx.ruleset).roster_boxes:
            tick_box(c, bx, top - 13, 8)
            if said and ticks_for(label, (said,)):
                cross_box(c, bx, top - 13, 8)
                said = ""  # the box says it
            c.setFillColor(INK)
            c.setFont(f.regular, 7)
            c.drawString(bx + 11, top - 11.5, label)
            bx += 20 + width(label, f.regular, 7)
        c.setStrokeColor(tint(RULE, 0.4))
        c.setLineWidth(0.3)
        c.line(bx + 6, top - 13, x0 + total_w - 3, top - 13)
        if said:
            c.setFillColor(ACCENT)
            draw_fitted(c, bx + 8, top - 11.5, said, f.italic, 7.2, x0 + total_w - bx - 12, 5.5)
        c.setStrokeColor(RULE)
        c.line(x0, top - h, x0 + total_w, top - h)

    return Row(h, draw, "officer")


def totals_row(ctx: Context, side: Side, sheets: list[UnitSheet], x0: float,
               total_w: float) -> Row:
    f = ctx.fonts
    counts = Counter(u.type for u in side.units)
    kinds = ", ".join(f"{n} {UNIT_LABELS[t].lower()}" for t, n in counts.items())
    total = sum(s.start_value for s in sheets)
    figures = sum(u.figures for u in side.units)
    parts = [f"{len(side.units)} units" + (f" ({kinds})" if kinds else "")]
    label = ctx.profile.total_label
    if label in ("figures", "men"):
        parts.append(f"{total} {label}")
    elif label == "CV":
        parts.append(f"total CV {total}")
        parts.append(f"{figures} figures")
    else:
        parts.append(f"{figures} figures")
    parts.append(f"{len(side.officers)} officer{'s' if len(side.officers) != 1 else ''}")
    text = "Totals: " + "  ·  ".join(parts)
    block = fit_block(text, f.bold, 8.2, total_w - 8, 2, 6.5)
    key_blocks = [fit_block("• " + k, f.regular, 7.0, total_w - 8, 3, 6.0)
                  for k in ctx.profile.key]
    h = block.height + 10 + sum(b.height + 2 for b in key_blocks) + 4

    def draw(top: float) -> None:
        c = ctx.canvas
        c.setStrokeColor(INK)
        c.setLineWidth(0.8)
        c.line(x0, top - 2, x0 + total_w, top - 2)
        draw_block(c, x0 + 4, top - 5, block)
        y = top - 8 - block.height
        for b in key_blocks:
            draw_block(c, x0 + 4, y, b, INK_SOFT)
            y -= b.height + 2

    return Row(h, draw, "totals")


# --- page furniture ---------------------------------------------------------------------


def draw_header(ctx: Context, side: Side, page_w: float, page_h: float) -> None:
    c = ctx.canvas
    f = ctx.fonts
    s = ctx.scenario
    colour = hex_colour(side.colour)
    top = page_h - MARGIN
    band_h = 24.0
    c.setFillColor(colour)
    c.rect(MARGIN, top - band_h, page_w - 2 * MARGIN, band_h, stroke=0, fill=1)
    ink = text_on(colour)
    c.setFillColor(ink)
    right = f"ROSTER  ·  {side.name}"
    rsize = 11.0
    most = (page_w - 2 * MARGIN) * 0.42
    rw = min(width_upto(right, f.bold, rsize, most), most)
    draw_fitted(c, page_w - MARGIN - 8, top - 16.5, right, f.bold, rsize, rw, 6, align="right")
    draw_fitted(c, MARGIN + 8, top - 17, s.title, f.serif_bold, 14,
                page_w - 2 * MARGIN - rw - 30, 7)
    line = header_line(s, ctx.ruleset)
    block = fit_block(line, f.regular, 8.2, page_w - 2 * MARGIN, 1, 6.0)
    if block.cut:  # still too long at the smallest size: two lines
        block = fit_block(line, f.regular, 6.5, page_w - 2 * MARGIN, 2, 5.5)
    draw_block(c, MARGIN, top - band_h - 4, block)
    if ctx.game is not None:  # a game in progress: say so, and where it stands
        c.setFillColor(ACCENT)
        draw_fitted(c, MARGIN, top - band_h - 6 - block.height - 7, ctx.game.heading,
                    f.bold, 7.6, page_w - 2 * MARGIN, 5.5)


def draw_column_heads(ctx: Context, cols: Columns, x0: float, top: float) -> None:
    c = ctx.canvas
    f = ctx.fonts
    w = sum(cols.w.values())
    c.setFillColor(tint(INK, 0.1))
    c.rect(x0, top - COLHEAD_H, w, COLHEAD_H, stroke=0, fill=1)
    c.setFillColor(WHITE)
    titles = dict(COLUMN_TITLES)
    titles["start"] = ctx.profile.start_heading
    titles["track"] = ctx.profile.track_heading
    titles["states"] = ctx.profile.states_heading
    for key in COLUMN_ORDER:
        if not cols.w[key] or not titles[key]:
            continue
        draw_fitted(c, x0 + cols.x[key] + 3, top - 10.5, titles[key], f.bold, 7.2,
                    cols.w[key] - 5, 5.0)


def draw_side(ctx: Context, side: Side) -> None:
    """All roster pages for one side."""
    page_w, page_h = paper_size(ctx.paper, landscape_=True)
    total_w = page_w - 2 * MARGIN
    # a game in progress is marked from the game (which began from the start)
    start_of = ctx.ruleset if ctx.game is None else None
    sheets = [started(start_of, u, ctx.profile.unit(u)) for u in side.units]
    has_states = any(s.states for s in sheets)
    cols = columns(total_w, has_states)
    x0 = MARGIN
    rows: list[Row] = [unit_row(ctx, cols, x0, i, side, u, sh)
                       for i, (u, sh) in enumerate(zip(side.units, sheets, strict=True))]
    if not side.units:
        def empty(top: float) -> None:
            ctx.canvas.setFillColor(INK_SOFT)
            ctx.canvas.setFont(ctx.fonts.italic, 8)
            ctx.canvas.drawString(x0 + 4, top - 14, "This side has no units.")
        rows.append(Row(22.0, empty, "unit"))
    tail = [Row(8.0, lambda top: None, "gap"), *officer_rows(ctx, side, x0, total_w),
            totals_row(ctx, side, sheets, x0, total_w)]

    body_top = page_h - MARGIN - HEADER_H - (10.0 if ctx.game is not None else 0.0)
    body_bottom = MARGIN + FOOTER_H
    pages: list[list[Row]] = [[]]
    room = body_top - COLHEAD_H - body_bottom
    for r in rows:
        if pages[-1] and r.height > room:
            pages.append([])
            room = body_top - COLHEAD_H - body_bottom
        pages[-1].append(r)
        room -= r.height
    # keep the officers and totals together on a fresh page if they fit one
    tail_h = sum(r.height for r in tail)
    if tail_h > room and tail_h <= body_top - body_bottom:
        pages.append([])
        room = body_top - body_bottom
    for r in tail:
        need = r.height + (30.0 if r.kind == "officer-heading" else 0.0)
        if need > room:
            pages.append([])
            room = body_top - body_bottom
        pages[-1].append(r)
        room -= r.height

    n = len(pages)
    for p, page_rows in enumerate(pages, start=1):
        ctx.new_page((page_w, page_h))
        draw_header(ctx, side, page_w, page_h)
        y = body_top
        if any(r.kind == "unit" for r in page_rows):
            draw_column_heads(ctx, cols, x0, y)
            y -= COLHEAD_H
        for r in page_rows:
            r.draw(y)
            y -= r.height
        footer(ctx.canvas, ctx.fonts, page_w, MARGIN,
               f"Volley  ·  {ctx.scenario.title}  ·  roster, {side.name}",
               f"page {p} of {n}")
    _ = INK


def draw(ctx: Context) -> None:
    for side in ctx.sides:
        draw_side(ctx, side)
