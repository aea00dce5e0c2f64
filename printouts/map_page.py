"""What the map's pages share: the margins, the header (title, ruleset, game) and how
the table's size is written.
"""

from __future__ import annotations

from typing import Final

from desktop.scenario.describe import game_text
from desktop.scenario.model import Scenario
from desktop.scenario.vocabulary import CM_PER_INCH, LengthUnit
from printouts.context import Context
from printouts.ruleset_sheets import ruleset_name
from printouts.style import INK, INK_SOFT, draw_block, draw_fitted, fit_block
from printouts.texts import victory_line

MARGIN: Final = 28.0


HEADER_H: Final = 44.0


def _header(ctx: Context, page_w: float, page_h: float, subtitle: str) -> None:
    c = ctx.canvas
    f = ctx.fonts
    top = page_h - MARGIN
    c.setFillColor(INK)
    draw_fitted(c, MARGIN, top - 15, ctx.scenario.title, f.serif_bold, 15,
                page_w - 2 * MARGIN - 150, 8)
    c.setFont(f.bold, 10)
    c.drawRightString(page_w - MARGIN, top - 14, "MAP")
    line = f"{subtitle}  ·  {ruleset_name(ctx.ruleset)}  ·  {game_text(ctx.scenario)}  ·  " \
        f"{victory_line(ctx.scenario)}"
    block = fit_block(line, f.regular, 7.8, page_w - 2 * MARGIN, 1, 6.0)
    if block.cut:
        block = fit_block(line, f.regular, 6.5, page_w - 2 * MARGIN, 2, 5.5)
    draw_block(c, MARGIN, top - 21, block, INK_SOFT)


def _table_size_text(s: Scenario) -> str:
    t = s.table
    if t.unit is LengthUnit.CM:
        return f"Table {t.width * CM_PER_INCH:.0f} × {t.depth * CM_PER_INCH:.0f} cm"
    return f'Table {t.width:g}" × {t.depth:g}" ({t.width / 12:g} × {t.depth / 12:g} ft)'
