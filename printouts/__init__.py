"""Printouts for the table: roster sheets, officer wound cards, map, quick reference.

reportlab only (no Qt): the command line and the window both call `render`
or `write_pdf`.
"""

from printouts.document import (
    LONG_PRINT_PAGES,
    SHEETS,
    PrintCancelled,
    PrintError,
    PrintOptions,
    parse_sheets,
    render,
    render_counted,
    resolve,
    tile_pages,
    write_pdf,
)

__all__ = [
    "LONG_PRINT_PAGES",
    "SHEETS",
    "PrintCancelled",
    "PrintError",
    "PrintOptions",
    "parse_sheets",
    "render",
    "render_counted",
    "resolve",
    "tile_pages",
    "write_pdf",
]
