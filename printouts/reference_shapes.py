"""The shapes a quick reference is written in: sections of bullets, terms and tables.

Apart from the sheets' data so that the officers' rules (printouts.officer_rules)
can build their section without importing the sheets that import them.
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
    ruleset: str
    title: str
    strapline: str
    sections: tuple[Section, ...]
