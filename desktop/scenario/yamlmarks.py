"""Parse YAML safely while keeping the way back from any value to its line.

We build values straight from PyYAML's composed node tree (one pass, no
second constructor walk) and keep the tree, so a field path is turned into a
line and column only when a problem is actually reported.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import yaml

FieldPath = tuple[str | int, ...]

try:  # libyaml is much faster on large files; fall back when absent.
    _Base: type[yaml.SafeLoader] = yaml.CSafeLoader  # type: ignore[assignment,unused-ignore]
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Base = yaml.SafeLoader


class _Loader(_Base):  # type: ignore[valid-type,misc]
    """The safe loader with plain-scalar tag resolution memoised.

    Scenario files repeat the same words and numbers thousands of times, and
    resolving each one runs a regular expression in Python.
    """

    _resolved: ClassVar[dict[str, str]] = {}

    def resolve(self, kind: type[yaml.Node], value: Any, implicit: Any) -> Any:
        if kind is yaml.ScalarNode and implicit[0]:
            tag = self._resolved.get(value)
            if tag is None:
                tag = super().resolve(kind, value, implicit)
                if len(self._resolved) < 50_000:
                    self._resolved[value] = tag
            return tag
        return super().resolve(kind, value, implicit)

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


def _build(node: yaml.Node, loader: yaml.SafeLoader, dups: list[tuple[str, tuple[int, int]]]
           ) -> Any:
    if isinstance(node, yaml.ScalarNode):
        tag = node.tag
        if tag == _STR:
            return node.value
        # Plain decimal numbers are the bulk of a scenario; YAML 1.1's rarer
        # spellings (0x1F, 1_000, 1:30, .inf) go through PyYAML.
        if tag == _INT and node.value.lstrip("+-").isdigit() and not node.value.startswith("0"):
            return int(node.value)
        if tag == _FLOAT and "_" not in node.value and ":" not in node.value:
            try:
                return float(node.value)
            except ValueError:
                pass
        return loader.construct_object(node)
    if isinstance(node, yaml.SequenceNode):
        if node.tag != _SEQ:
            return loader.construct_object(node, deep=True)
        return [_build(n, loader, dups) for n in node.value]
    if isinstance(node, yaml.MappingNode):
        if node.tag != _MAP or any(k.tag == "tag:yaml.org,2002:merge" for k, _ in node.value):
            return loader.construct_object(node, deep=True)
        out: dict[Any, Any] = {}
        for k, v in node.value:
            key = _build(k, loader, dups)
            if isinstance(key, (list, dict)):
                raise yaml.constructor.ConstructorError(
                    None, None, "found a list or mapping used as a key", k.start_mark
                )
            if key in out:
                dups.append((str(key), _pos(k)))
            out[key] = _build(v, loader, dups)
        return out
    return loader.construct_object(node)  # pragma: no cover


def load_with_marks(text: str) -> tuple[Any, Marks]:
    """Safely load one YAML document; raises yaml.YAMLError on bad syntax."""
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, Marks()
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
