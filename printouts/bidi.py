"""Right-to-left names in display order, Arabic letters joined, for one printed line.

reportlab draws characters left to right in the order given, so a Hebrew or
Arabic name came out backwards and Arabic letters unjoined.  reportlab can
reorder with `rlbidi` and shape with `uharfbuzz`, but neither is pure Python
(rlbidi is not even on PyPI), so Volley does the part a one-line name needs
itself: the Unicode bidirectional algorithm (UAX #9) without explicit
embeddings, for a single line, and Arabic joining by the presentation forms
every Arabic font carries.  Text with no right-to-left letter is returned
unchanged, and quickly.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Final

#: Any character that may make a line right-to-left (Hebrew, Arabic, Syriac,
#: Thaana, NKo, Samaritan, Mandaic, their presentation forms, old RTL scripts).
_RTL_CHAR: Final = re.compile(
    "[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\U00010800-\U00010fff\U0001e800-\U0001efff]")

_MIRROR: Final = dict(zip("()[]{}<>«»‹›", ")(][}{><»«›‹", strict=True))

_STRONG_R: Final = frozenset({"R", "AL"})
_NEUTRAL: Final = frozenset({"B", "S", "WS", "ON", "BN", "ES", "ET", "CS"})


def has_rtl(text: str) -> bool:
    return _RTL_CHAR.search(text) is not None


def visual(text: str) -> str:
    """`text` (one line, logical order) in the order to draw it left to right."""
    if not has_rtl(text):
        return text
    return _reorder(shape_arabic(text))


def base_level(types: list[str]) -> int:
    """Rules P2/P3: the first strong letter decides the line's direction."""
    for t in types:
        if t == "L":
            return 0
        if t in _STRONG_R:
            return 1
    return 0


def _types(text: str) -> list[str]:
    return [unicodedata.bidirectional(ch) or "L" for ch in text]


def _resolve_weak(types: list[str], base: int) -> list[str]:
    """Rules W1-W7, simplified for one line with no embeddings."""
    sos = "R" if base else "L"
    out = list(types)
    prev = sos
    for i, t in enumerate(out):  # W1: a mark takes the type of what it sits on
        if t == "NSM":
            out[i] = prev
        prev = out[i]
    strong = sos
    for i, t in enumerate(out):  # W2, W3: numbers after Arabic letters are Arabic numbers
        if t in ("L", "R", "AL"):
            strong = t
        if t == "EN" and strong == "AL":
            out[i] = "AN"
        if t == "AL":
            out[i] = "R"
    for i in range(1, len(out) - 1):  # W4: 1,000 and 1.5 stay one number
        a, b = out[i - 1], out[i + 1]
        if (out[i] == "ES" and a == b == "EN") or (
                out[i] == "CS" and a == b and a in ("EN", "AN")):
            out[i] = a
    for i, t in enumerate(out):  # W5: currency and percent signs join their number
        if t == "ET":
            j = i
            while j < len(out) and out[j] == "ET":
                j += 1
            if (i > 0 and out[i - 1] == "EN") or (j < len(out) and out[j] == "EN"):
                for k in range(i, j):
                    out[k] = "EN"
    strong = sos
    for i, t in enumerate(out):  # W6, W7
        if t in ("ES", "ET", "CS"):
            out[i] = "ON"
        elif t in ("L", "R"):
            strong = t
        elif t == "EN" and strong == "L":
            out[i] = "L"
    return out


def _levels(text: str) -> list[int]:
    types = _types(text)
    base = base_level(types)
    weak = _resolve_weak(types, base)
    edge = "R" if base else "L"
    strong_of = {"L": "L", "R": "R", "EN": "R", "AN": "R"}
    resolved = list(weak)
    i = 0
    while i < len(resolved):  # N1, N2: neutrals between like letters take their side
        if resolved[i] not in _NEUTRAL:
            i += 1
            continue
        j = i
        while j < len(resolved) and resolved[j] in _NEUTRAL:
            j += 1
        before = strong_of.get(resolved[i - 1], edge) if i > 0 else edge
        after = strong_of.get(resolved[j], edge) if j < len(resolved) else edge
        side = before if before == after else edge
        for k in range(i, j):
            resolved[k] = side
        i = j
    levels = []
    for t in resolved:  # I1, I2
        if base == 0:
            levels.append(1 if t == "R" else 2 if t in ("AN", "EN") else 0)
        else:
            levels.append(2 if t in ("L", "EN", "AN") else 1)
    end = len(text)  # L1: trailing spaces sit at the line's own level
    while end > 0 and types[end - 1] in ("WS", "S", "B", "BN"):
        end -= 1
        levels[end] = base
    return levels


def _reorder(text: str) -> str:
    """Rule L2 on clusters (a letter and its marks move together), mirroring at odd levels."""
    levels = _levels(text)
    clusters: list[tuple[str, int]] = []
    for ch, level in zip(text, levels, strict=True):
        if clusters and unicodedata.combining(ch):
            head, lv = clusters[-1]
            clusters[-1] = (head + ch, lv)
        else:
            clusters.append((_MIRROR.get(ch, ch) if level % 2 else ch, level))
    top = max(lv for _, lv in clusters)
    lowest_odd = min((lv for _, lv in clusters if lv % 2), default=top + 1)
    for level in range(top, lowest_odd - 1, -1):
        i = 0
        while i < len(clusters):
            if clusters[i][1] < level:
                i += 1
                continue
            j = i
            while j < len(clusters) and clusters[j][1] >= level:
                j += 1
            clusters[i:j] = clusters[i:j][::-1]
            i = j
    return "".join(c for c, _ in clusters)


# --- Arabic joining -------------------------------------------------------------------

_LAM: Final = "\u0644"
_LAM_ALEF: Final = {"\u0627": "", "\u0622": " WITH MADDA ABOVE",
                    "\u0623": " WITH HAMZA ABOVE", "\u0625": " WITH HAMZA BELOW"}


@lru_cache(maxsize=512)
def _forms(ch: str) -> dict[str, str]:
    """The presentation forms of an Arabic letter: 'isolated', 'final', 'initial', 'medial'."""
    name = unicodedata.name(ch, "")
    if not name.startswith("ARABIC LETTER") and ch != "\u0640":
        return {}
    found = {}
    for form in ("isolated", "final", "initial", "medial"):
        try:
            found[form] = unicodedata.lookup(f"{name} {form.upper()} FORM")
        except KeyError:
            continue
    if ch == "\u0640":  # the tatweel joins on both sides and has no forms of its own
        found = dict.fromkeys(("isolated", "final", "initial", "medial"), ch)
    return found


def _joins_left(ch: str) -> bool:
    """Whether the letter can join the one after it (a dual-joining letter)."""
    return "initial" in _forms(ch)


def _joins_right(ch: str) -> bool:
    return "final" in _forms(ch)


def shape_arabic(text: str) -> str:
    """Arabic letters replaced by their joined forms (logical order kept)."""
    if not any("\u0600" <= ch <= "\u06ff" for ch in text):
        return text
    letters = [i for i, ch in enumerate(text) if not unicodedata.combining(ch)]
    out = list(text)
    skip: set[int] = set()
    for n, i in enumerate(letters):
        if i in skip:
            continue
        ch = text[i]
        forms = _forms(ch)
        if not forms:
            continue
        prev = text[letters[n - 1]] if n > 0 else ""
        nxt_i = letters[n + 1] if n + 1 < len(letters) else None
        nxt = text[nxt_i] if nxt_i is not None else ""
        joined_before = bool(prev) and _joins_left(prev) and letters[n - 1] not in skip
        if ch == _LAM and nxt in _LAM_ALEF and nxt_i is not None:
            lig = f"ARABIC LIGATURE LAM WITH ALEF{_LAM_ALEF[nxt]}"
            try:
                where = "FINAL" if joined_before else "ISOLATED"
                out[i] = unicodedata.lookup(f"{lig} {where} FORM")
                out[nxt_i] = ""
                skip.add(nxt_i)
                continue
            except KeyError:
                pass
        joins_after = bool(nxt) and _joins_left(ch) and _joins_right(nxt)
        if joined_before and joins_after:
            form = "medial"
        elif joined_before:
            form = "final"
        elif joins_after:
            form = "initial"
        else:
            form = "isolated"
        out[i] = forms.get(form) or forms.get("isolated", ch)
    return "".join(out)
