"""Put the chosen sheets into one PDF."""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from reportlab.pdfgen.canvas import Canvas as _Canvas

from desktop.scenario.atomic import atomic_write_bytes
from desktop.scenario.model import Scenario
from printouts.context import Context
from printouts.fonts import fonts
from printouts.game_marks import GameMarks
from printouts.ruleset_sheets import officer_rules, profile, quick_reference, ruleset_of
from printouts.style import PAPERS

#: The sheets in the order they are printed.
SHEETS: Final = ("scenario", "roster", "cards", "map", "reference")

Progress = Callable[[int, int, str], None]


class PrintError(ValueError):
    """Options that cannot be printed (unknown side, ruleset, sheet or paper)."""


class PrintCancelled(Exception):
    """Raised by a progress callback to stop printing: nothing is written."""


#: More pages than this are long work (the tiles of a 480" x 480" table make
#: 3,155 pages and take minutes): the command line asks for --yes and the
#: print dialog for a confirmation first (issue 37).
LONG_PRINT_PAGES: Final = 1_000


def tile_pages(scenario: Scenario, paper: str) -> int:
    """The pages the full-size tiles take: their index and a page a tile."""
    from printouts.map_tiles import tiles_for

    return 1 + len(tiles_for(scenario, paper.lower())[0])


@dataclass(frozen=True)
class PrintOptions:
    sheets: tuple[str, ...] = SHEETS
    #: Only this side's roster and cards; None prints every side.
    side: str | None = None
    #: None: the scenario's default ruleset.
    ruleset: str | None = None
    paper: str = "a4"
    #: Add the map at full size, tiled across pages.
    tiles: bool = False
    #: Print the unit bases and officers on those tiles too; by default they are a
    #: bare mat for real figures (the overview map always shows the units).
    tile_units: bool = False
    #: A game in progress, whose losses the rosters show marked (the play window's Print).
    game: GameMarks | None = None


def parse_sheets(text: str) -> tuple[str, ...]:
    """'roster,map' -> ('roster', 'map'); 'all' -> every sheet; order as printed."""
    wanted = {w.strip().lower() for w in text.split(",") if w.strip()}
    if not wanted or "all" in wanted:
        return SHEETS
    aliases = {"briefing": "scenario", "rosters": "roster", "card": "cards",
               "wounds": "cards", "maps": "map", "ref": "reference", "qrs": "reference",
               "tiles": "map"}
    wanted = {aliases.get(w, w) for w in wanted}
    unknown = sorted(wanted - set(SHEETS))
    if unknown:
        raise PrintError(
            f"unknown sheet {', '.join(repr(u) for u in unknown)}; "
            f"choose from {', '.join(SHEETS)} or all"
        )
    return tuple(s for s in SHEETS if s in wanted)


@dataclass(frozen=True)
class Resolved:
    ruleset: str | None
    notes: tuple[str, ...]


def resolve(scenario: Scenario, options: PrintOptions) -> Resolved:
    """Check the options against the scenario; raises PrintError with the reason."""
    notes: list[str] = []
    if options.paper.lower() not in PAPERS:
        raise PrintError(f"unknown paper '{options.paper}'; choose a4 or letter")
    if options.side is not None and options.side not in {s.id for s in scenario.sides}:
        ids = ", ".join(f"{s.id} ({s.name})" for s in scenario.sides)
        raise PrintError(f"no side '{options.side}' in this scenario; its sides are: {ids}")
    ruleset = options.ruleset if options.ruleset is not None else scenario.ruleset
    if ruleset is not None and ruleset_of(ruleset) is None:
        from desktop.rules import registry

        raise PrintError(f"unknown ruleset '{ruleset}'; choose from {', '.join(registry.ids())}")
    bad = sorted(set(options.sheets) - set(SHEETS))
    if bad:
        raise PrintError(f"unknown sheet '{bad[0]}'; choose from {', '.join(SHEETS)}")
    if "reference" in options.sheets:
        if ruleset is None:
            notes.append("no ruleset chosen, so there is no quick reference "
                         "(pass --ruleset to add one)")
        elif quick_reference(ruleset) is None:
            notes.append(f"there is no quick reference for '{ruleset}' yet")
    return Resolved(ruleset, tuple(notes))


def render(
    scenario: Scenario,
    options: PrintOptions = PrintOptions(),
    progress: Progress | None = None,
) -> bytes:
    """The PDF for `options`, as bytes."""
    return render_counted(scenario, options, progress)[0]


def render_counted(
    scenario: Scenario,
    options: PrintOptions = PrintOptions(),
    progress: Progress | None = None,
) -> tuple[bytes, int]:
    """The PDF for `options` and its number of pages."""
    from printouts import cards, mapsheet, reference, roster, scenario_card

    res = resolve(scenario, options)
    buf = io.BytesIO()
    fs = fonts()
    canvas = _Canvas(buf, pageCompression=1, initialFontName=fs.regular, initialFontSize=9)
    canvas.setTitle(f"{_meta(scenario.title)}: Volley printouts")
    canvas.setAuthor(_meta(scenario.author) or "Volley")
    canvas.setCreator("Volley")
    canvas.setSubject(", ".join(options.sheets))
    sides = tuple(s for s in scenario.sides if options.side in (None, s.id))
    ctx = Context(canvas, fs, scenario, options.paper.lower(), res.ruleset,
                  profile(res.ruleset), sides, options.tiles, options.tile_units,
                  game=options.game)
    steps: list[tuple[str, Callable[[Context], None]]] = []
    if "scenario" in options.sheets:
        steps.append(("scenario card", scenario_card.draw))
    if "roster" in options.sheets:
        steps.append(("roster sheets", roster.draw))
    if "cards" in options.sheets:
        steps.append((officer_rules(res.ruleset).card_name, cards.draw))
    if "map" in options.sheets:
        steps.append(("map", mapsheet.draw))
    if "reference" in options.sheets and quick_reference(res.ruleset) is not None:
        steps.append(("quick reference", reference.draw))
    for i, (label, step) in enumerate(steps):
        if progress is not None:
            progress(i, len(steps), label)
            if label == "map" and options.tiles:
                def tick(k: int, n: int, report: Progress = progress) -> None:
                    report(k, n, f"full-size tiles ({k:,} of {n:,})")

                ctx.tick = tick
        step(ctx)
    if ctx.pages == 0:
        _nothing_page(ctx)
    if progress is not None:
        progress(len(steps), len(steps), "done")
    canvas.save()
    return buf.getvalue(), ctx.pages


def _meta(text: str) -> str:
    """Text for the PDF's properties: short (the reader allows 120 letters; this is
    for any caller) and encodable (a lone surrogate would stop the save)."""
    return text[:200].encode("utf-8", "replace").decode("utf-8")


def _nothing_page(ctx: Context) -> None:
    from printouts.style import INK_SOFT, paper_size

    w, h = paper_size(ctx.paper)
    ctx.new_page((w, h))
    ctx.canvas.setFillColor(INK_SOFT)
    ctx.canvas.setFont(ctx.fonts.italic, 11)
    ctx.canvas.drawCentredString(w / 2, h / 2, "Nothing to print for the sheets chosen.")


def write_pdf(
    scenario: Scenario,
    path: str | os.PathLike[str],
    options: PrintOptions = PrintOptions(),
    progress: Progress | None = None,
) -> int:
    """Write the PDF whole or not at all (desktop.scenario.atomic); returns the page count.

    `progress` is told each sheet and each full-size tile; raising PrintCancelled
    from it stops the work and writes nothing."""
    data, pages = render_counted(scenario, options, progress)
    atomic_write_bytes(path, data)  # through symlinks, keeping mode and hard links
    return pages
