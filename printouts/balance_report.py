"""The balance report as a PDF: is this scenario fair, and why not?

`write_balance_report(report, path, scenario)` draws a desktop.play.balance
Report on A4 (or Letter) portrait pages: a title block, the verdict, each
side's wins with 95% intervals, how the games ended, how long they lasted,
who held each objective turn by turn, every unit's losses (the ones that never
moved or fought picked out), the turn-limit sweep and a match's per-level wins
when the batch had them.

Layout first, drawing second (as the roster sheets do): every section is cut
into blocks of known height, the blocks are packed into pages (a heading stays
with what follows it; a table's column heads are repeated on the next page),
and only then is anything drawn, so every footer can say "page 2 of 3".
Side colours and names come from the scenario when it is given; the report's
own names otherwise.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas as _Canvas

from desktop.play.balance.report import Report, SweepRow, UnitRecord
from desktop.play.levels import LEVELS, Level
from desktop.scenario.atomic import atomic_write_bytes
from desktop.scenario.model import Scenario
from printouts.balance_charts import (
    NOBODY,
    Bar,
    Segment,
    histogram,
    holding,
    legend,
    pct,
    share_bars,
    stacked_rows,
)
from printouts.fonts import FontSet, fonts
from printouts.style import (
    HEADER_FILL,
    INK,
    INK_SOFT,
    PAPER_TINT,
    RULE,
    WHITE,
    Canvas,
    Color,
    draw_block,
    draw_fitted,
    draw_text,
    fit_block,
    footer,
    hex_colour,
    paper_size,
    text_on,
    tint,
)

MARGIN: Final = 36.0
#: Space between sections.
GAP: Final = 16.0
#: Colours for sides the scenario does not give (no scenario passed).
FALLBACK: Final = ("#2f5d8a", "#b22222", "#3d7a3a", "#7a4a9a", "#a0681e", "#46707a")
#: Unit table: a share at or above this is picked out; "in every game" more strongly.
NOTABLE: Final = 0.5
HIGHLIGHT: Final = colors.HexColor("#f6d6a8")
EVERY_GAME: Final = colors.HexColor("#8c1c13")

Draw = Callable[[Canvas, float], None]


@dataclass(frozen=True)
class Block:
    """A piece of the report that is never split across pages."""

    height: float
    draw: Draw
    #: Never leave this block last on a page (a heading).
    keep_with_next: bool = False
    #: Drawn first on a page when this block is carried over to it (column heads).
    repeat: Block | None = None


@dataclass(frozen=True)
class Look:
    """What every section draws with."""

    fonts: FontSet
    width: float
    colours: dict[str, Color]
    names: dict[str, str]


def side_colours(report: Report, scenario: Scenario | None) -> dict[str, Color]:
    """Side id -> colour: the scenario's, else a fixed palette in the report's order."""
    given = {s.id: s.colour for s in scenario.sides} if scenario is not None else {}
    out: dict[str, Color] = {}
    for i, side in enumerate(report.sides):
        out[side.side] = hex_colour(given.get(side.side, FALLBACK[i % len(FALLBACK)]))
    return out


def side_names(report: Report, scenario: Scenario | None) -> dict[str, str]:
    names = {s.side: s.name for s in report.sides}
    if scenario is not None:
        names.update({s.id: s.name for s in scenario.sides})
    return names


def level_name(word: str) -> str:
    try:
        return LEVELS[Level(word)].name
    except ValueError:
        return word.capitalize()


def players_text(levels: Sequence[str]) -> str:
    """Who played, in words: one level plays both sides; two swap sides every game."""
    if not levels:
        return "computer against computer"
    if len(levels) == 1:
        return f"{level_name(levels[0])} plays both sides"
    return (f"{level_name(levels[0])} against {level_name(levels[1])}, "
            "swapping sides every game")


def facts_line(report: Report) -> str:
    inp = report.inputs
    games = (f"{report.played} games" if report.complete
             else f"stopped after {report.played} of {inp.games} games")
    st = report.settle
    if st is not None and report.complete:
        games = (f"{report.played} games, the most asked for, not settled"
                 if st.reason == "maximum" else
                 f"settled after {report.played} games (at most {inp.games}, precision "
                 f"{100 * st.precision:g} points)")
    parts = [inp.ruleset_name, players_text(inp.levels), games, f"seed {inp.seed}"]
    if inp.turn_limit is not None:
        parts.append(f"turn limit {inp.turn_limit}")
    return "  ·  ".join(parts)


# --- sections ----------------------------------------------------------------------------


def heading(look: Look, text: str, note: str = "") -> Block:
    def draw(c: Canvas, top: float) -> None:
        f = look.fonts
        c.setFillColor(INK)
        draw_fitted(c, MARGIN, top - 12, text, f.serif_bold, 12.5, look.width * 0.6, 8)
        if note:
            c.setFillColor(INK_SOFT)
            draw_fitted(c, MARGIN + look.width, top - 11.5, note, f.italic, 7.5,
                        look.width * 0.4 - 10, 5.5, align="right")
        c.setStrokeColor(RULE)
        c.setLineWidth(0.6)
        c.line(MARGIN, top - 16, MARGIN + look.width, top - 16)

    return Block(22.0, draw, keep_with_next=True)


def title_block(look: Look, report: Report, title: str) -> Block:
    f = look.fonts
    facts = fit_block(facts_line(report), f.regular, 8.5, look.width, 2, 6.5)
    band = 30.0
    height = band + 6 + facts.height + 4

    def draw(c: Canvas, top: float) -> None:
        c.setFillColor(HEADER_FILL)
        c.rect(MARGIN, top - band, look.width, band, stroke=0, fill=1)
        c.setFillColor(WHITE)
        right = "BALANCE REPORT"
        draw_text(c, MARGIN + look.width - 10, top - 19, right, f.bold, 10, "right")
        draw_fitted(c, MARGIN + 10, top - 20.5, title, f.serif_bold, 16, look.width - 150, 8)
        draw_block(c, MARGIN, top - band - 4, facts, INK_SOFT)

    return Block(height, draw)


def verdict_block(look: Look, report: Report) -> Block:
    f = look.fonts
    text = report.verdict or "No games were played, so there is nothing to judge."
    inner = look.width - 28
    block = fit_block(text, f.regular, 11, inner, 8, 8)
    note = ""
    if not report.complete:
        note = (f"Only {report.played} of {report.inputs.games} games were played: "
                "the batch was stopped early, so the intervals are wider.")
    elif report.settle is not None:
        note = ("The batch stopped when the verdict was settled. The score share (a draw "
                "counting half) has an always-valid 95% interval, honest however often it "
                "was looked at; the intervals below are the usual Wilson ones for this "
                "many games.")
    note_block = fit_block(note, f.italic, 8, inner, 2, 6.5) if note else None
    height = block.height + 20 + (note_block.height + 4 if note_block else 0)

    def draw(c: Canvas, top: float) -> None:
        c.setFillColor(PAPER_TINT)
        c.rect(MARGIN, top - height, look.width, height, stroke=0, fill=1)
        c.setFillColor(HEADER_FILL)
        c.rect(MARGIN, top - height, 4, height, stroke=0, fill=1)
        draw_block(c, MARGIN + 16, top - 9, block, INK)
        if note_block is not None:
            draw_block(c, MARGIN + 16, top - 13 - block.height, note_block, INK_SOFT)

    return Block(height, draw)


def wins_section(look: Look, report: Report) -> list[Block]:
    bars = [Bar(look.names.get(s.side, s.name), s.wins.share, s.wins.low, s.wins.high,
                look.colours[s.side], f"{s.wins.count} of {s.wins.games}")
            for s in report.sides]
    d = report.draws
    bars.append(Bar("Draws", d.share, d.low, d.high, NOBODY, f"{d.count} of {d.games}"))
    even = 1 / len(report.sides) if report.sides else None
    med = (f"median length {report.median_turns:g} turns"
           if report.median_turns is not None else "")
    note = "  ·  ".join(x for x in (f"{pct(report.decisive.share)} of games decisive", med) if x)

    def draw(c: Canvas, top: float) -> None:
        share_bars(c, look.fonts, MARGIN, top, look.width, bars, even=even)
        c.setFillColor(INK_SOFT)
        draw_text(c, MARGIN, top - h - 8, "Bars: share of games won. Black whiskers: the "
                  "95% interval (where the true share lies, given this many games). "
                  "Dashed: an even share.", look.fonts.italic, 7)

    h = share_bars(None, look.fonts, MARGIN, 0, look.width, bars)
    return [heading(look, "Who wins", note), Block(h + 12, draw)]


def endings_section(look: Look, report: Report) -> list[Block]:
    if not report.endings:
        return []
    rows: list[tuple[str, str, list[Segment]]] = []
    for e in report.endings:
        segs = [Segment(e.wins.get(s.side, 0), look.colours[s.side], str(e.wins.get(s.side, 0)))
                for s in report.sides]
        drawn = e.games - sum(e.wins.values())
        segs.append(Segment(drawn, NOBODY, str(drawn)))
        rows.append((e.name, e.example, segs))
    items = [(look.names.get(s.side, s.name) + " won", look.colours[s.side]) for s in report.sides]
    items.append(("drawn", NOBODY))
    scale = max(report.played, 1)

    def draw(c: Canvas, top: float) -> None:
        stacked_rows(c, look.fonts, MARGIN, top, look.width, rows, scale)
        legend(c, look.fonts, MARGIN + 170, top - h - 9, items)

    h = stacked_rows(None, look.fonts, MARGIN, 0, look.width, rows, scale)
    return [heading(look, "How the games ended"), Block(h + 14, draw)]


def lengths_section(look: Look, report: Report) -> list[Block]:
    counts = [(b.turns, b.games) for b in report.lengths]
    if not counts:
        return []

    def draw(c: Canvas, top: float) -> None:
        histogram(c, look.fonts, MARGIN, top, look.width, counts, HEADER_FILL,
                  report.median_turns, report.inputs.turn_limit)

    h = histogram(None, look.fonts, MARGIN, 0, look.width, counts, HEADER_FILL, None, None)
    return [heading(look, "How long the games lasted"), Block(h, draw)]


def objectives_section(look: Look, report: Report) -> list[Block]:
    if not report.objectives:
        return []
    per_row = 2 if look.width > 300 else 1
    gap = 18.0
    cell = (look.width - gap * (per_row - 1)) / per_row
    order = [s.side for s in report.sides]
    blocks: list[Block] = []
    items = [(f"held by {look.names.get(s, s)}", look.colours[s]) for s in order]
    items.append(("empty or contested", tint(NOBODY, 0.55)))

    def legend_draw(c: Canvas, top: float) -> None:
        legend(c, look.fonts, MARGIN, top - 9, items)

    blocks.append(heading(look, "Who held the objectives",
                          "share of the games still going at the end of each turn"))
    blocks.append(Block(16, legend_draw, keep_with_next=True))
    objs = list(report.objectives)
    for start in range(0, len(objs), per_row):
        row = objs[start:start + per_row]
        series = [(o.name, [(t.turn, [(t.held.get(s, 0.0), look.colours[s]) for s in order])
                            for t in o.turns]) for o in row]
        h = holding(None, look.fonts, 0, 0, cell, "", [])

        def draw(c: Canvas, top: float, series: list[tuple[str, list[
                tuple[int, list[tuple[float, Color]]]]]] = series) -> None:
            for i, (name, turns) in enumerate(series):
                holding(c, look.fonts, MARGIN + i * (cell + gap), top, cell, name, turns)

        blocks.append(Block(h + 8, draw))
    return blocks


UNIT_COLUMNS: Final = (("Unit", 0.32), ("Side", 0.18), ("Losses", 0.11), ("Off table", 0.11),
                       ("Never moved", 0.14), ("Never fought", 0.14))
ROW_H: Final = 14.0


def _unit_heads(look: Look) -> Block:
    def draw(c: Canvas, top: float) -> None:
        f = look.fonts
        c.setFillColor(HEADER_FILL)
        c.rect(MARGIN, top - ROW_H, look.width, ROW_H, stroke=0, fill=1)
        c.setFillColor(WHITE)
        x = MARGIN
        for i, (name, share) in enumerate(UNIT_COLUMNS):
            w = look.width * share
            if i < 2:
                draw_text(c, x + 5, top - 10, name, f.bold, 8)
            else:
                draw_text(c, x + w - 6, top - 10, name, f.bold, 8, "right")
            x += w

    return Block(ROW_H, draw)


def _unit_row(look: Look, u: UnitRecord, i: int) -> Block:
    def draw(c: Canvas, top: float) -> None:
        f = look.fonts
        if i % 2:
            c.setFillColor(tint(PAPER_TINT, 0.3))
            c.rect(MARGIN, top - ROW_H, look.width, ROW_H, stroke=0, fill=1)
        widths = [look.width * share for _, share in UNIT_COLUMNS]
        x = MARGIN
        colour = look.colours.get(u.side, NOBODY)
        c.setFillColor(colour)
        c.rect(x + 4, top - ROW_H + 4, 6, 6, stroke=0, fill=1)
        c.setFillColor(INK)
        draw_fitted(c, x + 14, top - 10, u.name, f.regular, 8, widths[0] - 18, 5.5)
        x += widths[0]
        c.setFillColor(INK_SOFT)
        draw_fitted(c, x + 5, top - 10, look.names.get(u.side, u.side), f.regular, 8,
                    widths[1] - 10, 5.5)
        x += widths[1]
        c.setFillColor(INK)
        draw_text(c, x + widths[2] - 6, top - 10, f"{u.worn:.1f}", f.regular, 8, "right")
        x += widths[2]
        for value, notable, w in ((u.lost, False, widths[3]), (u.never_moved, True, widths[4]),
                                  (u.never_fought, True, widths[5])):
            if notable and value >= 1.0:
                c.setFillColor(EVERY_GAME)
                c.rect(x + 1, top - ROW_H + 1, w - 2, ROW_H - 2, stroke=0, fill=1)
                c.setFillColor(text_on(EVERY_GAME))
                draw_text(c, x + w - 6, top - 10, "every game", f.bold, 7.5, "right")
            else:
                if notable and value >= NOTABLE:
                    c.setFillColor(HIGHLIGHT)
                    c.rect(x + 1, top - ROW_H + 1, w - 2, ROW_H - 2, stroke=0, fill=1)
                c.setFillColor(INK)
                draw_text(c, x + w - 6, top - 10, pct(value), f.regular, 8, "right")
            x += w
        c.setStrokeColor(RULE)
        c.setLineWidth(0.25)
        c.line(MARGIN, top - ROW_H, MARGIN + look.width, top - ROW_H)

    return Block(ROW_H, draw)


def units_section(look: Look, report: Report) -> list[Block]:
    if not report.units:
        return []
    unused = sum(1 for u in report.units if u.never_fought >= 1.0)
    note = (f"{unused} unit{'s' if unused != 1 else ''} never fought in any game"
            if unused else "every unit fought in some game")
    heads = _unit_heads(look)
    f = look.fonts
    key = fit_block("Losses: boxes crossed off the unit's roster track by the end of a game, "
                    "on average. Off table: share of games it ended eliminated, routed or "
                    "broken. Never moved, never fought: share of games. Pale: half the "
                    "games or more; dark: every game, a unit the scenario does not use.",
                    f.italic, 7, look.width, 3, 6)

    def key_draw(c: Canvas, top: float) -> None:
        draw_block(c, MARGIN, top, key, INK_SOFT)

    blocks = [heading(look, "The units", note), Block(key.height + 5, key_draw,
                                                       keep_with_next=True)]
    blocks.append(Block(heads.height, heads.draw, keep_with_next=True))
    for i, u in enumerate(report.units):
        row = _unit_row(look, u, i)
        blocks.append(Block(row.height, row.draw, repeat=heads))
    return blocks


def sweep_section(look: Look, report: Report) -> list[Block]:
    if not report.sweep:
        return []
    order = [s.side for s in report.sides]
    cols = ["Turn limit", *[look.names.get(s, s) for s in order], "Draws", "Median length"]
    n = len(cols)
    first = look.width * 0.28
    rest = (look.width - first) / (n - 1)
    f = look.fonts

    def heads(c: Canvas, top: float) -> None:
        c.setFillColor(HEADER_FILL)
        c.rect(MARGIN, top - ROW_H - 2, look.width, ROW_H + 2, stroke=0, fill=1)
        c.setFillColor(WHITE)
        draw_text(c, MARGIN + 5, top - 11, cols[0], f.bold, 8)
        for i, name in enumerate(cols[1:]):
            x = MARGIN + first + (i + 1) * rest - 6
            draw_fitted(c, x, top - 11, name, f.bold, 8, rest - 10, 5.5, align="right")

    head_block = Block(ROW_H + 2, heads)
    blocks = [heading(look, "What if the turn limit changed",
                      "the same batch replayed at each limit"),
              Block(head_block.height, heads, keep_with_next=True)]
    for row in report.sweep:
        blocks.append(Block(ROW_H + 2, _sweep_row(look, row, order, first, rest),
                            repeat=head_block))
    return blocks


def _sweep_row(look: Look, row: SweepRow, order: Sequence[str], first: float,
               rest: float) -> Draw:
    f = look.fonts
    by_side = {s.side: s for s in row.sides}

    def draw(c: Canvas, top: float) -> None:
        if row.current:
            c.setFillColor(PAPER_TINT)
            c.rect(MARGIN, top - ROW_H - 2, look.width, ROW_H + 2, stroke=0, fill=1)
        label = f"{row.turn_limit} turns" + ("  (the scenario's)" if row.current else "")
        c.setFillColor(INK)
        draw_text(c, MARGIN + 5, top - 11, label, f.bold if row.current else f.regular, 8.5)
        cells: list[tuple[str, float | None, Color | None]] = []
        for s in order:
            r = by_side.get(s)
            cells.append((pct(r.wins.share), r.wins.share, look.colours[s]) if r is not None
                         else ("-", None, None))
        cells.append((pct(row.draws.share), None, None))
        cells.append((f"{row.median_turns:g} turns" if row.median_turns is not None
                      else "-", None, None))
        for i, (text, share, colour) in enumerate(cells):
            x = MARGIN + first + (i + 1) * rest - 6
            if share is not None and colour is not None:
                left = x - rest + 12  # a small bar from the cell's left, the figure after it
                c.setFillColor(tint(colour, 0.35))
                c.rect(left, top - ROW_H + 2, (rest - 52) * share, ROW_H - 5, stroke=0, fill=1)
            c.setFillColor(INK)
            draw_text(c, x, top - 11, text, f.regular, 8.5, "right")
        c.setStrokeColor(RULE)
        c.setLineWidth(0.25)
        c.line(MARGIN, top - ROW_H - 2, MARGIN + look.width, top - ROW_H - 2)

    return draw


def levels_section(look: Look, report: Report) -> list[Block]:
    if not report.levels:
        return []
    palette = [HEADER_FILL, colors.HexColor("#a0681e"), colors.HexColor("#46707a")]
    bars = [Bar(lv.name, lv.wins.share, lv.wins.low, lv.wins.high, palette[i % len(palette)],
                f"{lv.wins.count} of {lv.wins.games}") for i, lv in enumerate(report.levels)]
    h = share_bars(None, look.fonts, MARGIN, 0, look.width, bars)

    def draw(c: Canvas, top: float) -> None:
        share_bars(c, look.fonts, MARGIN, top, look.width, bars,
                   even=1 / len(bars) if bars else None)

    return [heading(look, "The computer players compared",
                    "each level's wins, whichever side it had"), Block(h + 4, draw)]


# --- pages -------------------------------------------------------------------------------


def paginate(blocks: Sequence[Block], avail: float) -> list[list[Block]]:
    """Pack blocks into pages of `avail` height (see Block for the rules)."""
    pages: list[list[Block]] = [[]]
    used = 0.0
    i = 0
    while i < len(blocks):
        # a run of keep-with-next blocks moves with the block after it
        j = i
        while j < len(blocks) - 1 and blocks[j].keep_with_next:
            j += 1
        run = list(blocks[i:j + 1])
        need = sum(b.height for b in run) + (GAP if used and run[0].keep_with_next else 0)
        if used and used + need > avail:
            pages.append([])
            used = 0.0
            carried = run[0].repeat
            if carried is not None:
                pages[-1].append(carried)
                used += carried.height
        if used and run[0].keep_with_next:
            pages[-1].append(Block(GAP, lambda c, top: None))
            used += GAP
        pages[-1].extend(run)
        used += sum(b.height for b in run)
        i = j + 1
    return pages


def render_balance_report(report: Report, scenario: Scenario | None = None,
                          paper: str = "a4") -> tuple[bytes, int]:
    """The PDF as bytes and its number of pages."""
    f = fonts()
    page_w, page_h = paper_size(paper)
    look = Look(f, page_w - 2 * MARGIN, side_colours(report, scenario),
                side_names(report, scenario))
    title = scenario.title if scenario is not None else report.inputs.title
    blocks: list[Block] = [title_block(look, report, title), verdict_block(look, report)]
    for section in (wins_section, levels_section, endings_section, lengths_section,
                    objectives_section, sweep_section, units_section):
        blocks.extend(section(look, report))
    pages = paginate(blocks, page_h - 2 * MARGIN - 14)
    buf = io.BytesIO()
    c = _Canvas(buf, pagesize=(page_w, page_h), pageCompression=1,
                initialFontName=f.regular, initialFontSize=9)
    c.setTitle(f"{title[:200]}: Volley balance report")
    c.setCreator("Volley")
    c.setSubject("balance report")
    for n, page in enumerate(pages, 1):
        top = page_h - MARGIN
        for block in page:
            block.draw(c, top)
            top -= block.height
        footer(c, f, page_w, MARGIN, f"Volley  ·  {title}  ·  balance report",
               f"page {n} of {len(pages)}")
        c.showPage()
    c.save()
    return buf.getvalue(), len(pages)


def write_balance_report(report: Report, path: str | os.PathLike[str],
                         scenario: Scenario | None = None, paper: str = "a4") -> int:
    """Write the PDF whole or not at all; returns its number of pages."""
    data, pages = render_balance_report(report, scenario, paper)
    atomic_write_bytes(path, data)
    return pages
