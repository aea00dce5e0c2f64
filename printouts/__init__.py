"""Printouts for the table: roster sheets, officer wound cards, map, quick reference.

reportlab only (no Qt): the command line and the window both call `render`
or `write_pdf`.
"""

from printouts.document import (
    SHEETS,
    PrintError,
    PrintOptions,
    parse_sheets,
    render,
    render_counted,
    resolve,
    write_pdf,
)

__all__ = [
    "SHEETS",
    "PrintError",
    "PrintOptions",
    "parse_sheets",
    "render",
    "render_counted",
    "resolve",
    "write_pdf",
]
