"""Parse YAML safely while remembering where every value came from.

PyYAML's composed node tree carries start marks; we walk it beside the
constructed data so that any field path can be traced back to a line and
column for error messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

FieldPath = tuple[str | int, ...]

try:  # libyaml is much faster on large files; fall back when absent.
    _Loader: type[yaml.SafeLoader] = yaml.CSafeLoader  # type: ignore[assignment,unused-ignore]
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = yaml.SafeLoader


@dataclass
class Marks:
    """Line/column (1-based) of each value and each mapping key, by path."""

    values: dict[FieldPath, tuple[int, int]] = field(default_factory=dict)
    keys: dict[FieldPath, tuple[int, int]] = field(default_factory=dict)
    duplicate_keys: list[tuple[FieldPath, tuple[int, int]]] = field(default_factory=list)

    def at(self, path: FieldPath, *, key: bool = False) -> tuple[int, int] | None:
        """The closest known position for `path`, walking up to its parents."""
        table = self.keys if key else self.values
        p = path
        while True:
            if p in table:
                return table[p]
            if key and p in self.values:
                return self.values[p]
            if not p:
                return None
            p = p[:-1]
            table = self.values


def _pos(node: yaml.Node) -> tuple[int, int]:
    return node.start_mark.line + 1, node.start_mark.column + 1


def _walk(node: yaml.Node, path: FieldPath, marks: Marks) -> None:
    marks.values[path] = _pos(node)
    if isinstance(node, yaml.MappingNode):
        seen: set[object] = set()
        for key_node, value_node in node.value:
            key: Any = key_node.value
            child = (*path, str(key))
            if key in seen:
                marks.duplicate_keys.append((child, _pos(key_node)))
            seen.add(key)
            marks.keys[child] = _pos(key_node)
            _walk(value_node, child, marks)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, (*path, i), marks)


def load_with_marks(text: str) -> tuple[Any, Marks]:
    """Safely load one YAML document; raises yaml.YAMLError on bad syntax."""
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, Marks()
        data = loader.construct_document(node)
    finally:
        loader.dispose()
    marks = Marks()
    _walk(node, (), marks)
    return data, marks


def format_path(path: FieldPath) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out
