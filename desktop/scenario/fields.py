"""Read one value at a time from loaded YAML, with its limits, recording every problem.

The Reader knows the kinds of value a scenario holds (names, ids, sizes,
points, whole numbers, words) and the limits of each (desktop/scenario/
limits.py); desktop/scenario/reader.py knows which field is which.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from enum import StrEnum
from typing import Any, TypeVar

from desktop.scenario.errors import Problem
from desktop.scenario.limits import (
    MAX_INT_TEXT,
    MAX_NAME,
    MAX_PROBLEMS,
    MAX_TABLE,
    MAX_TEXT,
    MAX_VERTICES,
    MIN_SIZE,
    OFF_TABLE_MARGIN,
)
from desktop.scenario.model import Point
from desktop.scenario.wording import (
    NOT_IN_NAMES,
    NOT_IN_TEXT,
    char_name,
    describe,
    inches,
    number_text,
    shown,
    whole_text,
)
from desktop.scenario.yamlmarks import FieldPath, HugeNumber, Marks, format_path

E = TypeVar("E", bound=StrEnum)
T = TypeVar("T")

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]*")


def close_matches(word: str, options: list[str], n: int = 1) -> list[str]:
    """difflib's suggestions, imported only when a file has a mistake to explain."""
    import difflib

    return difflib.get_close_matches(word, options, n=n)


class Invalid(Exception):
    """Raised inside a field reader after a problem is recorded, to skip the field."""


class TooManyProblems(Exception):
    """Raised once MAX_PROBLEMS problems are recorded: reading stops there.

    A file of 20,000 unknown keys would otherwise take minutes to explain
    (each position is found by a walk of its mapping), and nobody reads past
    the first screenful of messages anyway.
    """


class Reader:
    """Reads a mapping tree field by field, recording problems with positions."""

    def __init__(self, file: str, marks: Marks) -> None:
        self.file = file
        self.marks = marks
        self.problems: list[Problem] = []
        #: The table's width and depth once read: points and sizes are bounded by it.
        self.table_size: tuple[float, float] = (MAX_TABLE, MAX_TABLE)
        #: Vertices read so far, terrain and deployment zones together.
        self.vertices = 0

    # -- reporting -----------------------------------------------------------

    def problem(self, path: FieldPath, message: str, *, key: bool = False) -> None:
        if len(self.problems) >= MAX_PROBLEMS:
            raise TooManyProblems()
        pos = self.marks.at(path, key=key)
        self.problems.append(
            Problem(
                self.file,
                message,
                path=format_path(path),
                line=pos[0] if pos else None,
                column=pos[1] if pos else None,
            )
        )

    def fail(self, path: FieldPath, message: str) -> Invalid:
        self.problem(path, message)
        return Invalid()

    # -- structure -----------------------------------------------------------

    def mapping(
        self,
        value: Any,
        path: FieldPath,
        required: tuple[str, ...],
        optional: tuple[str, ...] = (),
        what: str = "a mapping",
    ) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(path, f"expected {what}, found {describe(value)}")
        allowed = set(required) | set(optional)
        for k in value:
            if not isinstance(k, str):
                self.problem(path, f"keys must be text, found {describe(k)}")
            elif k not in allowed:
                hint = close_matches(k, sorted(allowed), n=1) if len(k) <= MAX_NAME else []
                extra = f" (did you mean '{hint[0]}'?)" if hint else ""
                expected = (
                    f"expected one of: {', '.join(sorted(allowed))}" if allowed
                    else "nothing may be given here"
                )
                self.problem(
                    (*path, k), f"unknown key '{shown(k)}'{extra}; {expected}", key=True
                )
        for k in required:
            if k not in value:
                self.problem(path, f"missing required key '{k}'")
        return value

    def field(
        self,
        m: dict[str, Any],
        path: FieldPath,
        key: str,
        read: Callable[[Any, FieldPath], T],
        default: T | None = None,
    ) -> T | None:
        """Read m[key] with `read`; None (after recording) on any problem.

        An optional key written with no value (`author:`) counts as absent.
        """
        if key not in m or (m[key] is None and default is not None):
            return default
        try:
            return read(m[key], (*path, key))
        except Invalid:
            return None

    def items(
        self, value: Any, path: FieldPath, read: Callable[[Any, FieldPath], T]
    ) -> list[T]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list, found {describe(value)}")
        out: list[T] = []
        for i, item in enumerate(value):
            try:
                out.append(read(item, (*path, i)))
            except Invalid:
                continue
        return out

    def many(
        self,
        m: dict[str, Any],
        path: FieldPath,
        key: str,
        read: Callable[[Any, FieldPath], T],
        most: tuple[int, str] | None = None,
    ) -> list[T] | None:
        """A list field whose items are read by `read`; empty when absent.

        `most` is (the longest the list may be, what its items are called): a
        longer list is refused before any item is read.
        """
        if key not in m:
            return []
        value = m[key]
        if most is not None and isinstance(value, list) and len(value) > most[0]:
            self.problem((*path, key), f"{len(value):,} {most[1]} is more than the "
                         f"{most[0]:,} a scenario may have")
            return None
        try:
            return self.items(value, (*path, key), read)
        except Invalid:
            return None

    # -- scalars -------------------------------------------------------------

    def text(self, value: Any, path: FieldPath) -> str:
        """Text; a number or a date YAML read as such is taken as it was written."""
        if isinstance(value, bool) or value is None or isinstance(value, (dict, list)):
            raise self.fail(path, f"expected text, found {describe(value)}")
        if isinstance(value, str):
            return value
        if isinstance(value, int) and abs(value) >= 10**MAX_INT_TEXT:
            raise self.fail(path, f"expected text, found {describe(value)}")
        return str(value)

    def name(self, value: Any, path: FieldPath, limit: int = MAX_NAME) -> str:
        """One line of text: at most `limit` characters, no control characters."""
        s = self.text(value, path)
        if len(s) > limit:
            raise self.fail(
                path, f"'{shown(s)}' has {len(s):,} characters; at most {limit} are allowed here"
            )
        bad = NOT_IN_NAMES.search(s)
        if bad:
            raise self.fail(path, f"'{shown(s)}' holds a control character "
                            f"({char_name(bad.group())}); names are one line of plain text")
        return s

    def prose(self, value: Any, path: FieldPath) -> str:
        """Text over several lines: at most MAX_TEXT characters."""
        s = self.text(value, path)
        if len(s) > MAX_TEXT:
            raise self.fail(path, f"the text has {len(s):,} characters; "
                            f"at most {MAX_TEXT:,} are allowed")
        bad = NOT_IN_TEXT.search(s)
        if bad:
            line = s.count("\n", 0, bad.start()) + 1
            raise self.fail(path, f"line {line} of the text holds a control character "
                            f"({char_name(bad.group())}); only tabs and line breaks are allowed")
        return s

    def ident(self, value: Any, path: FieldPath) -> str:
        s = self.text(value, path)
        if len(s) > MAX_NAME:
            raise self.fail(path, f"an id has at most {MAX_NAME} characters, "
                            f"found {len(s):,} ('{shown(s)}')")
        if not _ID.fullmatch(s):
            raise self.fail(
                path,
                f"'{shown(s)}' is not a valid id (use letters, digits, '-', '_' or '.',"
                " starting with a letter or digit)",
            )
        return s

    def finite(self, value: Any, path: FieldPath) -> float:
        """Any finite number, as a float."""
        if isinstance(value, HugeNumber):
            raise self.fail(path, f"{describe(value)} is far too large")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(path, f"expected a number, found {describe(value)}")
        try:
            v = float(value)
        except OverflowError:
            raise self.fail(path, f"{describe(value)} is far too large") from None
        if not math.isfinite(v):
            raise self.fail(path, f"expected a finite number, found {number_text(v)}")
        return v

    def number(
        self, value: Any, path: FieldPath, *, minimum: float | None = None,
        positive: bool = False, maximum: float | None = None,
    ) -> float:
        v = self.finite(value, path)
        if positive and v <= 0:
            raise self.fail(path, f"must be greater than 0, found {number_text(v)}")
        if minimum is not None and v < minimum:
            raise self.fail(path, f"must be at least {number_text(minimum)}, "
                            f"found {number_text(v)}")
        if maximum is not None and v > maximum:
            raise self.fail(path, f"must be at most {number_text(maximum)}, "
                            f"found {number_text(v)}")
        return v

    def largest(self) -> float:
        """The longest size anything may have: the table's longer side."""
        return max(self.table_size)

    def size(self, value: Any, path: FieldPath, smallest: float = MIN_SIZE,
             what: str = "size") -> float:
        """A length in inches, from `smallest` up to the table's longer side."""
        v = self.finite(value, path)
        if v < smallest:
            raise self.fail(path, f"{number_text(v)} is less than {inches(smallest)}, "
                            f"the smallest {what} Volley allows")
        if v > self.largest():
            raise self.fail(path, f"{number_text(v)} is more than {inches(self.largest())}, "
                            "the table's longer side")
        return v

    def integer(
        self, value: Any, path: FieldPath, *, minimum: int | None = None,
        maximum: int | None = None, most: str = "",
    ) -> int:
        """A whole number; `most` names what `maximum` counts ("figures a unit may have")."""
        if isinstance(value, HugeNumber):
            raise self.fail(path, f"{describe(value)} is far too large")
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(path, f"expected a whole number, found {describe(value)}")
        if minimum is not None and value < minimum:
            raise self.fail(path, f"must be at least {minimum}, found {whole_text(value)}")
        if maximum is not None and value > maximum:
            if most:
                raise self.fail(path, f"{whole_text(value)} is more than the {maximum:,} {most}")
            raise self.fail(path, f"must be at most {maximum:,}, found {whole_text(value)}")
        return value

    def boolean(self, value: Any, path: FieldPath) -> bool:
        if not isinstance(value, bool):
            raise self.fail(path, f"expected true or false, found {describe(value)}")
        return value

    def word(self, enum: type[E], value: Any, path: FieldPath) -> E:
        s = self.text(value, path)
        try:
            return enum(s)
        except ValueError:
            options = [e.value for e in enum]
            hint = close_matches(s, options, n=1) if len(s) <= MAX_NAME else []
            extra = f" (did you mean '{hint[0]}'?)" if hint else ""
            raise self.fail(
                path, f"'{shown(s)}' is not one of: {', '.join(options)}{extra}"
            ) from None

    def _two(self, value: Any, path: FieldPath, what: str) -> tuple[float, float]:
        if (
            not isinstance(value, list)
            or len(value) != 2
            or any(isinstance(v, bool) or not isinstance(v, (int, float, HugeNumber))
                   for v in value)
        ):
            raise self.fail(path, f"expected {what}, found {describe(value)}")
        return self.finite(value[0], path), self.finite(value[1], path)

    def point(self, value: Any, path: FieldPath) -> Point:
        """A point [x, y] on the table or within one table size of it."""
        x, y = self._two(value, path, "a point [x, y]")
        w, d = self.table_size
        for axis, v, side in (("x", x, w), ("y", y, d)):
            lo, hi = -OFF_TABLE_MARGIN * side, (1 + OFF_TABLE_MARGIN) * side
            if not lo <= v <= hi:
                raise self.fail(
                    path, f"{axis} {number_text(v)} is too far off the table: a point lies within "
                    f"one table size of it, {axis} from {number_text(lo)} to {number_text(hi)}"
                )
        return (x, y)

    def pair(self, value: Any, path: FieldPath) -> tuple[float, float]:
        """Two sizes [a, b], each at least MIN_SIZE and at most the table's longer side."""
        a, b = self._two(value, path, "two sizes [a, b]")
        return self.size(a, path), self.size(b, path)

    def points(self, value: Any, path: FieldPath, minimum: int) -> tuple[Point, ...]:
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list of points, found {describe(value)}")
        before = self.vertices
        self.vertices += len(value)
        if self.vertices > MAX_VERTICES:
            if before <= MAX_VERTICES:  # say it once, where the limit is passed
                raise self.fail(path, f"the terrain and deployment zones so far have "
                                f"{self.vertices:,} points; a scenario may have at most "
                                f"{MAX_VERTICES:,} in all")
            raise Invalid()
        pts = tuple(self.items(value, path, self.point))
        if len(pts) != len(value):
            raise Invalid()
        if len(pts) < minimum:
            raise self.fail(path, f"needs at least {minimum} points, found {len(pts)}")
        return pts

    def colour(self, value: Any, path: FieldPath) -> str:
        s = self.text(value, path)
        if not _COLOUR.fullmatch(s):
            raise self.fail(
                path, f"'{shown(s)}' is not a colour; write it as #rrggbb, e.g. '#1f4e9c'"
            )
        return s.lower()
