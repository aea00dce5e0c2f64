"""`volley print`: roster sheets, officer cards, map and reference as PDF (headless)."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

from desktop.scenario import Scenario, ScenarioError, load
from desktop.scenario.filenames import derived_path

EPILOG = """\
sheets:
  scenario   the scenario card: title, briefing, how to win, turn limit, a thumbnail of
             the table and each side's order of battle, on one page
  roster     a roster per side: quality, tick-box tracks, state boxes, officers, totals
  cards      an officer card for every commander, general and ADC (4 a page): what he
             does under the ruleset, and his wounds where the ruleset has them
  map        the table to scale on one page (add --tiles for full size on many pages;
             the tiles are a bare mat for figures unless --tile-units)
  reference  the quick reference for the ruleset (all five rulesets)

examples:
  volley print battle.yaml                          everything, to battle.pdf
  volley print battle.yaml --what roster,cards --side red --paper letter
  volley print battle.yaml --what map --tiles --out table.pdf
  volley print battle.yaml --what map --tiles --tile-units   bases on the tiles too

The tiles of a large table run to thousands of pages and minutes of work: above
1,000 pages volley print says how many and makes them only with --yes; while it
works it reports its progress on stderr, and Ctrl+C stops it, writing nothing.
"""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "print",
        help="print the scenario card, roster sheets, officer cards, the map and a quick "
             "reference to PDF",
        description="Make a PDF of what a tabletop game needs. No window is opened.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", type=Path, metavar="FILE", help="scenario file (.yaml)")
    p.add_argument("--what", default="all", metavar="SHEETS",
                   help="comma-separated: scenario,roster,cards,map,reference or all "
                        "(default: all)")
    p.add_argument("--side", metavar="ID", help="only this side's roster and cards")
    p.add_argument("--ruleset", metavar="ID", type=_ruleset_id,
                   help="ruleset for the rosters and reference (default: the scenario's); "
                   "one of the ids `volley rulesets` lists")
    p.add_argument("--paper", default="a4", type=str.lower, choices=("a4", "letter"),
                   help="paper size (default: a4)")
    p.add_argument("--tiles", action="store_true",
                   help="add the map at full size, tiled across pages with overlap marks")
    p.add_argument("--tile-units", action="store_true",
                   help="print the unit bases and officers on the full-size tiles too "
                   "(implies --tiles; by default tiles show the terrain only)")
    p.add_argument("--yes", "-y", action="store_true",
                   help="make the tiles even when they take more than 1,000 pages")
    p.add_argument("--out", "-o", type=Path, metavar="OUT.pdf",
                   help="output file (default: FILE with .pdf)")
    p.add_argument("-q", "--quiet", action="store_true", help="print only problems")
    p.set_defaults(handler=print_command)


def _tiles_report(quiet: bool) -> Callable[[int, int, str], None] | None:
    """Progress of the tiles on stderr: a line every tenth (a counter kept on one
    line on a terminal), none when quiet."""
    if quiet:
        return None
    tty = sys.stderr.isatty()
    said = [-1]

    def report(done: int, total: int, label: str) -> None:
        if not label.startswith("full-size tiles") or total <= 0:
            return
        tenth = done * 10 // total
        if tty:
            print(f"\rvolley print: tile {done + 1:,} of {total:,}", end="", file=sys.stderr)
            if done + 1 == total:
                print(file=sys.stderr)
        elif tenth != said[0]:
            said[0] = tenth
            print(f"volley print: tile {done + 1:,} of {total:,}", file=sys.stderr)

    return report


def _no_ruleset(scenario: Scenario) -> str:
    """What `volley validate` says of a scenario with no ruleset, and what printing
    does about it (issue 37: the same words from every command)."""
    from desktop.rules.checks import choose_ruleset

    return (f"{choose_ruleset(scenario)}. Printed for no ruleset in particular: blank "
            "tracks, and no quick reference")


def _ruleset_id(text: str) -> str:
    """An installed ruleset's id (asked only when --ruleset is given)."""
    from desktop.scenario import rulesets

    if not rulesets.is_known(text):
        raise argparse.ArgumentTypeError(
            f"unknown ruleset '{text}' (choose from {', '.join(rulesets.known_ids())})")
    return text


def print_command(args: argparse.Namespace) -> int:
    from printouts import (
        LONG_PRINT_PAGES,
        PrintError,
        PrintOptions,
        parse_sheets,
        resolve,
        tile_pages,
        write_pdf,
    )

    try:
        sheets = parse_sheets(args.what)
    except PrintError as e:
        print(f"volley print: {e}", file=sys.stderr)
        return 2
    tiles = args.tiles or args.tile_units
    if tiles and "map" not in sheets:
        sheets = (*sheets, "map")
    try:
        scenario = load(args.file)
    except ScenarioError as e:
        for problem in e.problems:
            print(problem, file=sys.stderr)
        return 1
    options = PrintOptions(sheets=sheets, side=args.side, ruleset=args.ruleset,
                           paper=args.paper, tiles=tiles, tile_units=args.tile_units)
    try:
        resolved = resolve(scenario, options)
    except PrintError as e:
        print(f"volley print: {args.file}: {e}", file=sys.stderr)
        return 2
    if resolved.ruleset is None:
        print(f"volley print: note: {args.file}: {_no_ruleset(scenario)}", file=sys.stderr)
    for note in resolved.notes:
        if resolved.ruleset is None and note.startswith("no ruleset chosen"):
            continue  # said in full above
        print(f"volley print: note: {note}", file=sys.stderr)
    out: Path = args.out if args.out is not None else derived_path(args.file, ".pdf")
    if out.resolve() == args.file.resolve():
        print(f"volley print: refusing to overwrite the scenario {args.file}", file=sys.stderr)
        return 2
    if not out.parent.exists() and str(out.parent):
        print(f"volley print: the folder {out.parent} does not exist", file=sys.stderr)
        return 2
    progress = None
    if tiles:
        many = tile_pages(scenario, args.paper)
        t = scenario.table
        if many > LONG_PRINT_PAGES and not args.yes:
            print(f"volley print: the full-size tiles of this {t.width:g} x {t.depth:g} in "
                  f"table take {many:,} pages and several minutes to make; add --yes to "
                  f"make them anyway, or leave out --tiles for the map on one page",
                  file=sys.stderr)
            return 2
        if many > LONG_PRINT_PAGES // 10:
            progress = _tiles_report(args.quiet)
            if not args.quiet:
                print(f"volley print: making {many:,} pages of tiles (Ctrl+C stops, "
                      "writing nothing)", file=sys.stderr)
    start = time.perf_counter()
    try:
        pages = write_pdf(scenario, out, options, progress)
    except KeyboardInterrupt:
        print("\nvolley print: stopped; nothing was written", file=sys.stderr)
        return 130
    except OSError as e:
        print(f"volley print: cannot write {out}: {e.strerror or e}", file=sys.stderr)
        return 1
    if not args.quiet:
        took = time.perf_counter() - start
        size = out.stat().st_size
        print(f"{out}: {', '.join(sheets)} ({pages} page{'s' if pages != 1 else ''}, "
              f"{size / 1024:.0f} KB, {took:.2f} s)")
    return 0
