"""How the reader quotes a value in a message: short, one line, as the file wrote it.

A hostile file can hold a 4,000-digit number, a name of a million characters
or an escape sequence that would clear the terminal; a message quotes none of
them whole.
"""

from __future__ import annotations

import math
import re
from typing import Any

from desktop.scenario.yamlmarks import HugeNumber

#: Characters no name may hold: C0 and C1 controls (tab, newline, NUL, escape),
#: line and paragraph separators, direction overrides and isolates (one would
#: reverse the rest of a label on screen), and lone surrogates (which cannot be saved).
NOT_IN_NAMES = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
#: The same for longer text, which may have tabs and line breaks.
NOT_IN_TEXT = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


def shown(s: str, limit: int = 40) -> str:
    """`s` fit to quote in a one-line message: control characters escaped, long text cut."""
    cut = s[:limit]
    out = NOT_IN_NAMES.sub(lambda m: char_name(m.group(), short=True), cut)
    return out + (f"… ({len(s):,} characters)" if len(s) > limit else "")


def char_name(c: str, *, short: bool = False) -> str:
    names = {"\t": "tab", "\n": "line break", "\r": "carriage return", "\x00": "NUL"}
    if "\u202a" <= c <= "\u202e" or "\u2066" <= c <= "\u2069":
        names[c] = f"U+{ord(c):04X}, a direction override that would reverse the text after it"
    if short:
        return "\\t" if c == "\t" else "\\n" if c == "\n" else f"\\u{ord(c):04x}"
    return names.get(c, f"U+{ord(c):04X}")


def describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{str(value).lower()} (true/false)"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, HugeNumber):
        digits = sum(c.isdigit() for c in value.text)
        return f"a {digits:,}-digit number" if digits else f"the number {shown(value.text)}"
    if isinstance(value, int):
        said = whole_text(value)
        return said if said.startswith("a ") else f"the number {said}"
    if isinstance(value, float):
        return f"the number {number_text(value)}"
    return f"'{shown(str(value))}'"


def number_text(v: float) -> str:
    """A number as a person would write it (.nan and .inf as YAML spells them)."""
    if isinstance(v, int):  # a whole number passes as a float; int.is_integer is 3.12+
        return whole_text(v)
    if math.isnan(v):
        return ".nan"
    if math.isinf(v):
        return ".inf" if v > 0 else "-.inf"
    if v.is_integer() and abs(v) < 1e15:
        return str(int(v))
    return f"{v:.6g}" if abs(v) >= 1e15 else str(v)  # str: the shortest exact form


def whole_text(v: int) -> str:
    """A whole number, or "a 400-digit number" when it is too long to read."""
    if abs(v) < 10**30:
        return str(v)
    try:
        return f"a {len(str(abs(v))):,}-digit number"
    except ValueError:  # more digits than Python will write out
        return f"a number of about {int(v.bit_length() * math.log10(2)) + 1:,} digits"


def inches(v: float) -> str:
    return f"{number_text(v)} inch" if v <= 1 else f"{number_text(v)} inches"


def possessive(name: str) -> str:
    """`name` owning something: "Ashcombe's Division's", but "Army of the States'"
    (a name ending in s takes the apostrophe alone)."""
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"
