"""How the reader quotes a value in a message: short, one line, as the file wrote it.

A hostile file can hold a 4,000-digit number, a name of a million characters
or an escape sequence that would clear the terminal; a message quotes none of
them whole.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, Protocol

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


# --- a verb after a side's name ---------------------------------------------
#
# A side's name is a player's words: "Royal Army", "Army of the States",
# "Azurians", "Division Lemoine".  A sentence that puts a verb after it agrees
# with the name's head noun: "Royal Army wins", "Azurians win".

#: Names of peoples that are plural without an -s ("the French win").
_PLURAL_PEOPLES = frozenset({
    "british", "cornish", "danish", "dutch", "english", "flemish", "french", "irish",
    "polish", "scottish", "spanish", "swedish", "swiss", "turkish", "welsh",
})
#: Plural nouns that do not end in -s.
_PLURAL_WORDS = frozenset({"men", "people", "folk", "gentry", "police", "cattle"})
#: Singular nouns that end in -s.
_SINGULAR_S = frozenset({"corps", "news", "series", "species", "mess"})
#: Words for one body of men that may come first, before a commander's name
#: ("Division Lemoine", "Corps Davout", "Column Ney"): the head is this word.
_BODIES = frozenset({
    "army", "band", "battalion", "brigade", "column", "command", "company", "corps",
    "crown", "detachment", "division", "empire", "force", "garrison", "group",
    "host", "kingdom", "legion", "regiment", "republic", "squadron", "wing",
})
#: Verbs a sentence puts after a side's name that do not follow the -s rule.
_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}


def _head_noun(name: str) -> str:
    """The word a side's name stands on: "Army" in "Army of the States",
    "rearguard" in "Austrian rearguard", "Division" in "Division Lemoine",
    "Highlanders" in "Duke of Atholl's Highlanders"."""
    words = re.sub(r"\(.*?\)", " ", name).split()
    if words and words[0].lower() == "the":
        words = words[1:]
    if not words:
        return ""
    lower = [w.lower() for w in words]
    if any(w.endswith(("'s", "’s", "s'")) for w in lower[:-1]):
        return words[-1]  # "Duke of Atholl's Highlanders": the owner's name comes first
    for joiner in ("of", "from", "under", "at", "in", "and"):
        if joiner in lower[1:]:
            words = words[:lower.index(joiner, 1)]
            lower = lower[:len(words)]
            break
    if len(words) > 1 and lower[0] in _BODIES and words[-1][:1].isupper():
        return words[0]
    return words[-1]


def plural_name(name: str, plural: bool | None = None) -> bool:
    """Does the side's `name` take a plural verb ("Azurians", "Reds", "the French")?

    `plural` is what the scenario says of the side (its `plural` field), which
    has the last word; None: guessed from the name's head noun."""
    if plural is not None:
        return plural
    head = _head_noun(name).lower().strip(".,;:!?'’")
    if head in _PLURAL_PEOPLES or head in _PLURAL_WORDS or head.endswith("ese"):
        return True
    if head in _SINGULAR_S or head.endswith(("ss", "us", "is", "'s", "’s")):
        return False
    return head.endswith("s") and len(head) > 1


def verb_for(name: str, verb: str, plural: bool | None = None) -> str:
    """`verb`, given as after one thing ("wins", "has", "occupies"), as it
    agrees with the side's `name`: "wins" for "Royal Army", "win" for "Azurians"
    (`plural`: as the scenario says, see plural_name)."""
    if not plural_name(name, plural):
        return verb
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


def side_does(name: str, verb: str, plural: bool | None = None) -> str:
    """The side's `name` and `verb` agreeing: "Royal Army wins", "Azurians win"."""
    return f"{name} {verb_for(name, verb, plural)}"


def its(name: str, plural: bool | None = None) -> str:
    """The pronoun that owns for the side's `name`: "its" or "their"."""
    return "their" if plural_name(name, plural) else "its"


class NamedSide(Protocol):
    """A side as the wording needs it (desktop.scenario.model.Side is one)."""

    @property
    def name(self) -> str: ...

    @property
    def plural(self) -> bool | None: ...


def declared(sides: Iterable[NamedSide]) -> dict[str, bool]:
    """The sides whose scenario says their number, by name (for agree_in)."""
    return {s.name: s.plural for s in sides if s.plural is not None}


def number_of(sides: Iterable[NamedSide], name: str) -> bool | None:
    """What the scenario says of the number of the side called `name` (None: nothing)."""
    return next((s.plural for s in sides if s.name == name), None)


#: Verbs an engine's text puts after a side (as after one thing), which
#: `agree_in` makes agree with a plural side's name.
SIDE_VERBS = frozenset({
    "acts", "breaks", "chooses", "draws", "ends", "fires", "gets", "goes", "has", "holds",
    "is", "keeps", "loses", "moves", "needs", "occupies", "passes", "plays", "reaches",
    "rolls", "scores", "takes", "turns", "wants", "was", "wins", "withdraws",
})


def agree_in(text: str, names: Iterable[str],
             numbers: Mapping[str, bool] | None = None) -> str:
    """`text` with each verb in SIDE_VERBS that follows one of the side `names`
    agreeing with it ("Azurians occupies Kiddle mill" reads "Azurians occupy
    Kiddle mill"), and an "its" right after the verb as "their".  `numbers`:
    the sides whose scenario says their number, by name (see `declared`)."""
    said = tuple(sorted((numbers or {}).items()))
    pattern = _agreeing(tuple(names), said) if text else None
    if pattern is None:
        return text
    plural = dict(said)
    return pattern.sub(
        lambda m: f"{m.group(1)} {verb_for(m.group(1), m.group(2), plural.get(m.group(1)))}"
        + (" their" if m.group(3) else ""), text)


@lru_cache(maxsize=64)
def _agreeing(names: tuple[str, ...],
              said: tuple[tuple[str, bool], ...] = ()) -> re.Pattern[str] | None:
    """The pattern `agree_in` looks for, made once for a scenario's sides."""
    numbers = dict(said)
    plural = sorted((n for n in names if n and plural_name(n, numbers.get(n))),
                    key=len, reverse=True)
    if not plural:
        return None
    return re.compile(
        r"(?<![\w'’])(" + "|".join(map(re.escape, plural)) + r") ("
        + "|".join(sorted(SIDE_VERBS)) + r")\b( its\b)?")
