"""A seeded mutator for scenario and record files: the hostile copies the fuzz tests read.

Each case is made from one seed alone (``random.Random(seed)``), so a failure
is reproduced by its seed; every change is described in plain words so the
report says what was done to the file. Mutations work on the YAML text
(numbers, strings, bytes, lines, aliases, nesting) or on the parsed data,
re-dumped (any value, list or key anywhere in the tree).
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import yaml

#: Numbers a file may hold that code downstream may not expect.
HOSTILE_NUMBERS_TEXT = (
    "0", "-1", "1", "0.0", "-0.0", "1e30", "-1e30", "1.0e+30", ".nan", ".NaN", ".inf", "-.inf",
    "9" * 400, "9" * 4301, "-9223372036854775808", "18446744073709551617", "1.0e-320",
    "5e-324", "0.001", "1000000000", "0x7fffffff", "0o777", "1_000_000", "360", "-360", "720",
    "true", "null", "~", "'12'", "1e309",
)
HOSTILE_NUMBERS: tuple[Any, ...] = (
    0, -1, 1, 0.0, -0.0, 1e30, -1e30, math.nan, math.inf, -math.inf, 10**400 - 1,
    -(2**63), 2**64 + 1, 1e-320, 5e-324, 0.001, 1_000_000_000, 360, -360, 720, True, None, "12",
)
HOSTILE_STRINGS: tuple[str, ...] = (
    "", " ", "<font size=99>BIG</font>", '<img src="/etc/passwd">', "<b>bold</b> &amp; &lt;",
    "x" * 10_000, "W" * 81, "T" * 121, "a\x00b", "tab\there", "line\nbreak", "bell\x07",
    "\u202eRTL override", "שלום עולם", "مرحبا بالعالم", "🐎🎖️💥" * 20, "普鲁士近卫军",
    "e\u0301" * 500, "\u200b\u200d\ufeff", "%s%n{0}${HOME}", "'; DROP TABLE units; --",
    "../../etc/passwd", "null", "~", "hill", "a" * 80,
)

# libyaml when present: the mutator parses and dumps a whole file per data change.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

Mutator = Callable[[random.Random, str], tuple[str, str]]


@dataclass(frozen=True)
class Case:
    """One mutated file: the seed that made it, what it came from, what was done."""

    seed: int
    source: str
    steps: tuple[str, ...]
    data: bytes

    def describe(self) -> str:
        return f"seed {self.seed} from {self.source}: " + "; ".join(self.steps)


def _short(value: object, limit: int = 50) -> str:
    text = repr(value)
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} chars)"


# --- text mutations --------------------------------------------------------------

_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w.])")
_SCALAR_STRING = re.compile(r"^(\s*-?\s*[\w]+:[ ]+)([A-Za-z'\"][^\n]*)$", re.MULTILINE)


def _line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def number_swap(rng: random.Random, text: str) -> tuple[str, str]:
    spots = list(_NUMBER.finditer(text))
    if not spots:
        return text, "no number to replace"
    m = rng.choice(spots)
    new = rng.choice(HOSTILE_NUMBERS_TEXT)
    return (text[: m.start()] + new + text[m.end():],
            f"line {_line_of(text, m.start())}: number {m.group()} -> {_short(new)}")


def number_scale(rng: random.Random, text: str) -> tuple[str, str]:
    spots = list(_NUMBER.finditer(text))
    if not spots:
        return text, "no number to scale"
    factor = rng.choice((1000.0, 1e6, 1e-6, -1.0, 0.5, 3.0))
    chosen = rng.sample(spots, min(len(spots), rng.randint(1, 40)))
    out = text
    for m in sorted(chosen, key=lambda m: m.start(), reverse=True):
        value = float(m.group()) * factor
        out = out[: m.start()] + repr(value) + out[m.end():]
    return out, f"{len(chosen)} numbers multiplied by {factor:g}"


def number_nudge(rng: random.Random, text: str) -> tuple[str, str]:
    """A small, plausible change: most such files are still valid, and go on to be played."""
    spots = list(_NUMBER.finditer(text))
    if not spots:
        return text, "no number to change"
    m = rng.choice(spots)
    value = float(m.group())
    new = rng.choice((value * rng.uniform(0.3, 3), value + rng.uniform(-12, 12),
                      round(value * rng.uniform(0.5, 2)), -value))
    shown = f"{new:.6g}"
    return (text[: m.start()] + shown + text[m.end():],
            f"line {_line_of(text, m.start())}: number {m.group()} -> {shown}")


def string_swap(rng: random.Random, text: str) -> tuple[str, str]:
    spots = list(_SCALAR_STRING.finditer(text))
    if not spots:
        return text, "no string to replace"
    m = rng.choice(spots)
    new = rng.choice(HOSTILE_STRINGS)
    quoted = yaml.safe_dump(new, allow_unicode=rng.random() < 0.5, width=1 << 30)
    quoted = quoted.removesuffix("\n...\n").removesuffix("\n")
    return (text[: m.start(2)] + quoted + text[m.end(2):],
            f"line {_line_of(text, m.start())}: string -> {_short(new)}")


def byte_flip(rng: random.Random, text: str) -> tuple[str, str]:
    """Flip random bytes; the result may no longer be UTF-8 (kept as surrogate escapes)."""
    raw = bytearray(text.encode("utf-8", "surrogateescape"))
    if not raw:
        return text, "empty"
    spots = sorted(rng.sample(range(len(raw)), min(len(raw), rng.randint(1, 6))))
    for i in spots:
        raw[i] = rng.choice((raw[i] ^ (1 << rng.randrange(8)), 0, 0xFF, 0xC3, ord(":"),
                             ord("["), ord("&"), ord("*"), ord("\t"), ord("\r")))
    return raw.decode("utf-8", "surrogateescape"), f"bytes flipped at {spots}"


def truncate(rng: random.Random, text: str) -> tuple[str, str]:
    cut = rng.randrange(len(text)) if text else 0
    return text[:cut], f"cut at character {cut} (line {_line_of(text, cut)})"


def line_edit(rng: random.Random, text: str) -> tuple[str, str]:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    how = rng.choice(("drop", "duplicate", "indent", "dedent", "swap"))
    if how == "drop":
        del lines[i]
    elif how == "duplicate":
        lines.insert(i, lines[i])
    elif how == "indent":
        lines[i] = "  " + lines[i]
    elif how == "dedent":
        lines[i] = lines[i].lstrip()
    else:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines), f"line {i + 1}: {how}"


def _title_value(text: str, value: str, what: str) -> tuple[str, str]:
    m = re.search(r"^(title|ruleset|description):.*$", text, re.MULTILINE)
    if m is None:
        return f"bomb: {value}\n" + text, f"{what} added as a new key at line 1"
    return (text[: m.start()] + f"{m.group(1)}: {value}" + text[m.end():],
            f"line {_line_of(text, m.start())}: {m.group(1)} -> {what}")


def alias_bomb(rng: random.Random, text: str) -> tuple[str, str]:
    kind = rng.choice(("laughs", "cycle", "many"))
    if kind == "cycle":
        return _title_value(text, "&a [*a]", "an alias cycle")
    if kind == "many":
        return _title_value(text, "[&a 1, " + "*a, " * 5000 + "*a]", "5,000 aliases")
    levels, width = rng.randint(6, 10), 9
    parts = ["&a0 [" + ", ".join(["lol"] * width) + "]"]
    for k in range(1, levels):
        parts.append(f"&a{k} [" + ", ".join([f"*a{k - 1}"] * width) + "]")
    return _title_value(text, "[" + ", ".join(parts) + "]",
                        f"an alias bomb ({levels} levels of {width})")


def deep_nesting(rng: random.Random, text: str) -> tuple[str, str]:
    depth = rng.choice((50, 101, 1000, 20_000))
    flow = rng.random() < 0.5
    value = "[" * depth + "]" * depth if flow else "{a: " * depth + "1" + "}" * depth
    return _title_value(text, value, f"{depth} nested brackets")


def insert_junk(rng: random.Random, text: str) -> tuple[str, str]:
    junk = rng.choice(("\x00", "\ufeff", "\r", "\t", "\x1b[31m", "\u202e", "🐎", "\udcff",
                       "%YAML 1.1\n", "--- ", "!!python/object:os.system ", "? ", "|", ">"))
    i = rng.randrange(len(text) + 1)
    return text[:i] + junk + text[i:], f"line {_line_of(text, i)}: inserted {_short(junk)}"


TEXT_MUTATORS: tuple[Mutator, ...] = (
    number_nudge, number_nudge, number_nudge, number_swap, number_swap, number_swap,
    number_scale, string_swap, string_swap, byte_flip, truncate, line_edit, alias_bomb,
    deep_nesting, insert_junk,
)


# --- data mutations ---------------------------------------------------------------


def _nodes(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    out = [(path, data)]
    if isinstance(data, dict):
        for k, v in data.items():
            out.extend(_nodes(v, (*path, k)))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.extend(_nodes(v, (*path, i)))
    return out


def _where(path: tuple[Any, ...]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "(the whole file)"


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = data
    for p in path[:-1]:
        parent = parent[p]
    parent[path[-1]] = value
    return data


def _new_value(rng: random.Random, old: Any) -> tuple[Any, str]:
    if isinstance(old, bool) or old is None:
        new = rng.choice((*HOSTILE_NUMBERS, *HOSTILE_STRINGS[:6], [], {}))
        return new, _short(new)
    if isinstance(old, (int, float)):
        if rng.random() < 0.3:
            new = type(old)(old * rng.uniform(0.3, 3) + rng.uniform(-5, 5))
            return new, f"{old} -> {new:.6g}"
        if rng.random() < 0.2:
            factor = rng.choice((1000, 1e6, 1e-6, -1, 0.5))
            return old * factor, f"x {factor:g}"
        new = rng.choice(HOSTILE_NUMBERS)
        return new, _short(new)
    if isinstance(old, str):
        new = rng.choice((*HOSTILE_STRINGS, *HOSTILE_NUMBERS[:4]))
        return new, _short(new)
    if isinstance(old, list):
        how = rng.choice(("emptied", "doubled", "first only", "reversed", "one dropped",
                          "one repeated", "nested", "made a string"))
        if how == "emptied":
            return [], how
        if how == "doubled":
            return old + old, how
        if how == "first only":
            return old[:1], how
        if how == "reversed":
            return old[::-1], how
        if how == "one dropped" and old:
            i = rng.randrange(len(old))
            return old[:i] + old[i + 1:], f"item {i} dropped"
        if how == "one repeated" and old:
            i = rng.randrange(len(old))
            return old + [old[i]] * rng.choice((1, 3, 600)), f"item {i} repeated"
        if how == "nested":
            return [old], how
        return "list", how
    if isinstance(old, dict):
        how = rng.choice(("key dropped", "key dropped", "key renamed", "key added", "emptied",
                          "made a list"))
        keys = list(old)
        if how == "key dropped" and keys:
            k = rng.choice(keys)
            return {a: b for a, b in old.items() if a != k}, f"key '{k}' dropped"
        if how == "key renamed" and keys:
            k = rng.choice(keys)
            new_key = rng.choice((k + "s", k[:-1], k.upper(), "", "<b>", 12, "x" * 200))
            return ({(new_key if a == k else a): b for a, b in old.items()},
                    f"key '{k}' renamed {_short(new_key)}")
        if how == "key added":
            key = rng.choice(("extra", "id", "x", "type"))
            return {**old, key: rng.choice(HOSTILE_NUMBERS)}, f"key '{key}' added"
        if how == "emptied":
            return {}, how
        return list(old.values()), how
    return None, "None"


_COORDINATES = frozenset({"position", "centre", "polygon", "line", "origin", "zone", "area",
                          "points", "vertices", "at"})
_SIZES = frozenset({"radii", "size", "frontage", "depth", "width", "radius"})


def _edge_value(rng: random.Random, path: tuple[Any, ...], data: Any) -> tuple[Any, str]:
    """A value at (or just past) the edge of the agreed limits for the field at `path`.

    Values at the edge must be read and then work everywhere; values just past
    it must be refused. Random values rarely land on either.
    """
    table = data.get("table") if isinstance(data, dict) else None
    w = d = 72.0
    if isinstance(table, dict):
        tw, td = table.get("width"), table.get("depth")
        w = float(tw) if isinstance(tw, (int, float)) and math.isfinite(tw) else w
        d = float(td) if isinstance(td, (int, float)) and math.isfinite(td) else d
    keys = [p for p in path if isinstance(p, str)]
    last = keys[-1] if keys else ""
    if keys[:1] == ["table"] and last in ("width", "depth"):
        choices: tuple[float, ...] = (12, 480, 11.9, 480.5)
    elif last == "square":
        choices = (1, 0.99, max(w, d))
    elif last in _COORDINATES:
        along = w if isinstance(path[-1], int) and path[-1] == 0 else d
        choices = (-along, 2 * along, -along - 0.5, 2 * along + 0.5, 0)
    elif last in _SIZES:
        choices = (0.05, 0.049, max(w, d), max(w, d) + 1)
    elif last == "figures":
        choices = (1, 100, 101, 0)
    elif "turn" in last:
        choices = (1, 200, 201)
    else:
        choices = (0, -1, 1)
    new = rng.choice(choices)
    return new, f"edge value {new:g}"


def mutate_data(rng: random.Random, text: str) -> tuple[str, str]:
    """Change one value, list or mapping of the parsed file and dump it again."""
    data = yaml.load(text, Loader=_LOADER)
    nodes = _nodes(data)
    path, old = rng.choice(nodes)
    edge = isinstance(old, (int, float)) and not isinstance(old, bool) and rng.random() < 0.4
    new, how = _edge_value(rng, path, data) if edge else _new_value(rng, old)
    data = _replace(data, path, new)
    try:
        out = yaml.dump(data, Dumper=_DUMPER, sort_keys=False, allow_unicode=rng.random() < 0.5,
                             default_flow_style=rng.choice((False, None)), width=100)
    except (yaml.YAMLError, ValueError) as e:  # a value YAML cannot write: keep the old text
        return text, f"{_where(path)} could not be dumped ({e})"
    return out, f"{_where(path)}: {how}"


def table_edge(rng: random.Random, text: str) -> tuple[str, str]:
    """The table at the largest or smallest agreed size, perhaps with 1-inch squares."""
    data = yaml.load(text, Loader=_LOADER)
    table = data.get("table") if isinstance(data, dict) else None
    if not isinstance(table, dict):
        return text, "no table to resize"
    size = rng.choice((12, 480))
    table["width"] = table["depth"] = size
    table.pop("unit", None)
    how = f"table {size} x {size} inches"
    if rng.random() < 0.5:
        table["grid"] = {"square": rng.choice((1, 1.5, 6))}
        how += f", {table['grid']['square']}-inch squares"
    return yaml.dump(data, Dumper=_DUMPER, sort_keys=False, allow_unicode=True, width=100), how


# --- cases ------------------------------------------------------------------------


def mutate(text: str, seed: int, source: str = "<text>") -> Case:
    """The mutated copy of `text` for `seed`: one to three changes to data, then text.

    Data changes come first: they parse the file, and a text change (an alias
    bomb, 20,000 brackets) may leave something the mutator itself should not parse.
    """
    rng = random.Random(seed)
    count = rng.choice((1, 1, 1, 2, 3))
    data_steps = sum(rng.random() < 0.5 for _ in range(count))
    steps: list[str] = []
    if rng.random() < 0.08:
        text, step = table_edge(rng, text)
        steps.append("data " + step)
    for _ in range(data_steps):
        text, step = mutate_data(rng, text)
        steps.append("data " + step)
    for _ in range(count - data_steps):
        fn = rng.choice(TEXT_MUTATORS)
        text, step = fn(rng, text)
        steps.append(f"{fn.__name__} {step}")
    return Case(seed, source, tuple(steps), text.encode("utf-8", "surrogateescape"))
