"""The quick reference as HTML, for the window's Help ▸ Quick reference.

Made from the same data the printed sheet draws (the ruleset's ``reference``,
with the officers' section from its ``officer_rules``: printouts.ruleset_sheets),
so what the window shows and what the printer prints cannot drift apart.  Qt-free and
reportlab-free: a QTextBrowser shows the result.
"""

from __future__ import annotations

from html import escape

from desktop.rules.reference_shapes import Item, RefTable
from printouts.ruleset_sheets import quick_reference, ruleset_name, sections


def _table(t: RefTable) -> str:
    head = "".join(f"<th align='left'>{escape(h)}</th>" for h in t.headers)
    rows = "".join("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in row) + "</tr>"
                   for row in t.rows)
    return (f"<table border='1' cellspacing='0' cellpadding='3' "
            f"style='border-collapse:collapse; margin:4px 0;'>"
            f"<tr style='background:#e8e4da'>{head}</tr>{rows}</table>")


def _item(item: Item) -> str:
    if isinstance(item, RefTable):
        return _table(item)
    if isinstance(item, tuple):
        term, text = item
        return f"<p><b>{escape(term)}</b> {escape(text)}</p>"
    return f"<p>{escape(item)}</p>"


def ruleset_reference_html(ruleset: str) -> str | None:
    """The quick reference of `ruleset` (an id): title, strapline, then every
    section in order; None when it has none."""
    ref = quick_reference(ruleset)
    if ref is None:
        return None
    parts = [f"<h1>{escape(ruleset_name(ruleset))}</h1>",
             f"<p><i>{escape(ref.strapline)}</i></p>"]
    for s in sections(ruleset):
        parts.append(f"<h2>{escape(s.title)}</h2>")
        parts.extend(_item(i) for i in s.items)
    parts.append("<p><small>Summarised in Volley's own words; the same text as the "
                 "printed quick reference (File ▸ Print…).</small></p>")
    return "\n".join(parts)
