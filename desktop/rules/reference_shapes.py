"""The shapes a quick reference is written in: sections of bullets, terms and tables.

A ruleset gives its quick reference as ``Ruleset.reference`` in these shapes
(its own words, never the seed's); the printed sheet (printouts.reference)
and the window's Help ▸ Quick reference (printouts.reference_html) lay out
whatever sections it gives, titled with the ruleset's name, and end with the
officers' section made from its officer card (desktop.rules.officer_card).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RefTable:
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    #: Relative column widths; equal when empty.
    widths: tuple[float, ...] = ()


#: A bullet of plain text, a (bold term, text) pair, or a small table.
Item = str | tuple[str, str] | RefTable


@dataclass(frozen=True)
class Section:
    title: str
    items: tuple[Item, ...]


@dataclass(frozen=True)
class Reference:
    #: One line under the title: the ruleset's character in a sentence.
    strapline: str
    sections: tuple[Section, ...]
