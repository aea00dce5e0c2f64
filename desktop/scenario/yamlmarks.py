"""Parse YAML safely while keeping the way back from any value to its line.

We build values straight from PyYAML's composed node tree (one pass, no
second constructor walk) and keep the tree, so a field path is turned into a
line and column only when a problem is actually reported.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import yaml

from desktop.scenario.limits import (
    COUNT_VALUES_ABOVE,
    MAX_DEPTH,
    MAX_INT_TEXT,
    MAX_VALUES,
)
from desktop.scenario.textfile import position_of

FieldPath = tuple[str | int, ...]


@dataclass(frozen=True)
class HugeNumber:
    """A whole number too long to be worth reading, kept as its text.

    Python refuses to turn more than 4,300 digits into an int, and an int of
    more than 308 digits overflows a float; the reader names it instead.
    """

    text: str

    def __str__(self) -> str:
        return self.text


class UnreadableYaml(Exception):
    """The YAML is well formed but could not be read safely; line and column are 1-based."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


class _Memo:
    """Plain-scalar tag resolution memoised.

    Scenario files repeat the same words and numbers thousands of times, and
    resolving each one runs a regular expression in Python.
    """

    _resolved: ClassVar[dict[str, str]] = {}

    def resolve(self, kind: type[yaml.Node], value: Any, implicit: Any) -> Any:
        if kind is yaml.ScalarNode and implicit[0]:
            tag = self._resolved.get(value)
            if tag is None:
                tag = super().resolve(kind, value, implicit)  # type: ignore[misc]
                if len(self._resolved) < 50_000:
                    self._resolved[value] = tag
            return tag
        return super().resolve(kind, value, implicit)  # type: ignore[misc]


class _PureLoader(_Memo, yaml.SafeLoader):
    """PyYAML's own parser, for builds without libyaml.

    Its scanner slows with the square of the bracket depth (999 brackets take
    seconds) and it has no depth limit, so brackets are counted as they open.
    """

    def fetch_flow_collection_start(self, token_class: Any) -> None:
        if self.flow_level >= MAX_DEPTH:
            mark = self.get_mark()
            raise UnreadableYaml(
                f"lists and mappings are nested more than {MAX_DEPTH} levels deep here",
                mark.line + 1, mark.column + 1,
            )
        super().fetch_flow_collection_start(token_class)


_Loader: type[yaml.SafeLoader]
try:  # libyaml is much faster on large files; fall back when absent.

    class _CLoader(_Memo, yaml.CSafeLoader):  # type: ignore[misc,name-defined,unused-ignore]
        """libyaml's parser, which limits nesting to 1,000 levels itself."""

    _Loader = _CLoader  # type: ignore[assignment,unused-ignore]
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = _PureLoader

_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_MAP = "tag:yaml.org,2002:map"
_SEQ = "tag:yaml.org,2002:seq"


def _pos(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


@dataclass
class Marks:
    """Positions (1-based line, column) of values and keys, found by field path."""

    root: yaml.Node | None = None
    duplicate_keys: list[tuple[str, tuple[int, int]]] = field(default_factory=list)

    def _find(self, path: FieldPath) -> tuple[list[yaml.Node], yaml.Node | None]:
        """The value nodes along `path` as far as it goes, and the last key node."""
        trail: list[yaml.Node] = []
        node = self.root
        key_node: yaml.Node | None = None
        for part in path:
            if node is None:
                break
            trail.append(node)
            nxt: yaml.Node | None = None
            if isinstance(node, yaml.MappingNode):
                for k, v in node.value:
                    if k.value == part:
                        key_node, nxt = k, v
            elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
                key_node = None
                nxt = node.value[part] if 0 <= part < len(node.value) else None
            node = nxt
        complete = node is not None and len(trail) == len(path)
        if complete and node is not None:
            trail.append(node)
        return trail, key_node if complete else None

    def at(self, path: FieldPath, *, key: bool = False) -> tuple[int, int] | None:
        """The closest known position for `path` (its key's, if `key`)."""
        if self.root is None:
            return None
        trail, key_node = self._find(path)
        if key and key_node is not None:
            return _pos(key_node)
        return _pos(trail[-1]) if trail else None


def _guard(root: yaml.Node, depth: int = 1) -> None:
    """Refuse alias cycles, alias bombs and deep nesting before anything is built.

    Aliases make the node tree a graph: `&a [*a]` contains itself, and nine
    levels of nine aliases stand for 387 million values in a few lines. Sizes
    are counted once per node, so this costs one visit of each node however
    large the aliases would make the data.
    """
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()

    def walk(node: yaml.Node, level: int) -> int:
        if isinstance(node, yaml.ScalarNode):
            return 1
        key = id(node)
        known = sizes.get(key)
        if known is not None:
            return known
        if key in open_nodes:
            kind = "list" if isinstance(node, yaml.SequenceNode) else "mapping"
            raise UnreadableYaml(
                f"this {kind} contains itself through an alias (*name), so it never ends",
                *_pos(node),
            )
        if level > MAX_DEPTH:
            raise _too_deep(node)
        open_nodes.add(key)
        total = 1
        if isinstance(node, yaml.SequenceNode):
            for child in node.value:
                total += walk(child, level + 1)
        else:
            for k, v in node.value:
                total += walk(k, level + 1) + walk(v, level + 1)
        open_nodes.discard(key)
        if total > MAX_VALUES:
            raise UnreadableYaml(
                f"with its aliases (*name) written out in full this part of the file holds "
                f"more than {MAX_VALUES:,} values; a scenario needs far fewer", *_pos(node),
            )
        sizes[key] = total
        return total

    walk(root, depth)


def _count_values(text: str) -> None:
    """Refuse a long text holding more than MAX_VALUES values, before building any.

    Building a node costs about 3 microseconds and 300 bytes, so 16 MB of
    `1,1,1,...` would take a minute and gigabytes; counting parser events
    stops at the limit having built nothing.
    """
    loader = _Loader(text)
    count = 0
    try:
        while loader.check_event():
            event = loader.get_event()  # type: ignore[no-untyped-call]
            count += 1
            if count > MAX_VALUES:
                mark = event.start_mark
                raise UnreadableYaml(
                    f"the file holds more than {MAX_VALUES:,} values; a scenario needs far "
                    "fewer", mark.line + 1, mark.column + 1,
                )
    finally:
        loader.dispose()


def _too_deep(node: yaml.Node) -> UnreadableYaml:
    return UnreadableYaml(
        f"lists and mappings are nested more than {MAX_DEPTH} levels deep here", *_pos(node)
    )


def _construct(node: yaml.Node, loader: yaml.SafeLoader, depth: int) -> Any:
    """PyYAML's own constructor, for tags and merge keys; never a traceback."""
    if not isinstance(node, yaml.ScalarNode):
        _guard(node, depth)
    try:
        return loader.construct_object(node, deep=True)
    except yaml.YAMLError:
        raise
    except Exception as e:  # PyYAML's constructors raise what they meet (AttributeError too)
        tag = node.tag.rsplit(":", 1)[-1]
        raise UnreadableYaml(f"this value cannot be read as a {tag} ({e})", *_pos(node)) from None


def _build(node: yaml.Node, loader: yaml.SafeLoader, dups: list[tuple[str, tuple[int, int]]],
           depth: int = 1) -> Any:
    if isinstance(node, yaml.ScalarNode):
        tag = node.tag
        if tag == _STR:
            return node.value
        if tag == _INT and len(node.value) > MAX_INT_TEXT:
            return HugeNumber(node.value)
        # Plain decimal numbers are the bulk of a scenario; YAML 1.1's rarer
        # spellings (0x1F, 1_000, 1:30, .inf) go through PyYAML.
        if tag == _INT and node.value.lstrip("+-").isdigit() and not node.value.startswith("0"):
            return int(node.value)
        if tag == _FLOAT and "_" not in node.value and ":" not in node.value:
            try:
                return float(node.value)
            except ValueError:
                pass
        return _construct(node, loader, depth)
    if depth > MAX_DEPTH:
        raise _too_deep(node)
    if isinstance(node, yaml.SequenceNode):
        if node.tag != _SEQ:
            return _construct(node, loader, depth)
        return [_build(n, loader, dups, depth + 1) for n in node.value]
    if isinstance(node, yaml.MappingNode):
        if node.tag != _MAP or any(k.tag == "tag:yaml.org,2002:merge" for k, _ in node.value):
            return _construct(node, loader, depth)
        out: dict[Any, Any] = {}
        for k, v in node.value:
            key = _build(k, loader, dups, depth + 1)
            if isinstance(key, (list, dict)):
                raise yaml.constructor.ConstructorError(
                    None, None, "found a list or mapping used as a key", k.start_mark
                )
            if key in out:
                dups.append((str(key), _pos(k)))
            out[key] = _build(v, loader, dups, depth + 1)
        return out
    return _construct(node, loader, depth)  # pragma: no cover


def load_with_marks(text: str) -> tuple[Any, Marks]:
    """Safely load one YAML document.

    Raises yaml.YAMLError on bad syntax and UnreadableYaml on what would break
    the program instead: forbidden characters, alias cycles and bombs, deep
    nesting, values PyYAML cannot convert.
    """
    bad = yaml.reader.Reader.NON_PRINTABLE.search(text)
    if bad is not None:
        char = ord(bad.group())
        raise UnreadableYaml(
            f"the file holds the control character U+{char:04X}, which YAML does not allow"
            " (is it really a scenario file?)", *position_of(text, bad.start()),
        )
    if len(text) > COUNT_VALUES_ABOVE:
        _count_values(text)
    loader = _Loader(text)
    try:
        try:
            node = loader.get_single_node()
        except yaml.MarkedYAMLError as e:  # libyaml stops at 1,000 levels: say it our way
            if "nesting depth" not in (e.problem or "") or e.problem_mark is None:
                raise
            raise UnreadableYaml(
                f"lists and mappings are nested more than {MAX_DEPTH} levels deep",
                e.problem_mark.line + 1, e.problem_mark.column + 1,
            ) from None
        except RecursionError:  # PyYAML's own composer, when libyaml is absent
            mark = loader.get_mark() if hasattr(loader, "get_mark") else None
            raise UnreadableYaml(
                f"lists and mappings are nested more than {MAX_DEPTH} levels deep",
                mark.line + 1 if mark else None, mark.column + 1 if mark else None,
            ) from None
        if node is None:
            return None, Marks()
        if "&" in text:  # only anchors make aliases, so only they can loop or explode
            _guard(node)
        marks = Marks(root=node)
        data = _build(node, loader, marks.duplicate_keys)
    finally:
        loader.dispose()
    return data, marks


def format_path(path: FieldPath) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out
