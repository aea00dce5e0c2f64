"""Parse a record's YAML with bounds, so a hostile file is refused, not obeyed.

``yaml.safe_load`` runs no code, but it will still recurse through 20,000
nested brackets, follow an alias that contains itself, expand nine levels of
nine aliases into hundreds of millions of values, and hand a 5,000-digit
number to ``int``. Records are read from anywhere (mail, downloads), so the
text is first scanned token by token -- a loop, not a recursion -- and only
then built, through the scenario reader's own loader so that field problems
keep their line and column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml

from desktop.scenario.yamlmarks import Marks, UnreadableYaml, load_with_marks

#: Deepest nesting of lists and mappings a record may have. A record is three
#: levels deep and an inline scenario about six; 100 is the team-wide bound.
MAX_DEPTH = 100

#: Most values a record may hold once its aliases are expanded. Volley never
#: writes aliases; a hand-made file may, but not to build a bomb.
MAX_EXPANDED = 1_000_000

#: Longest number, in characters. A seed has at most 20 digits.
MAX_NUMBER_CHARS = 100

_NUMBERISH = re.compile(r"[-+]?\.?[0-9][0-9a-fA-FxXoObB_:.eE+-]*")

try:  # the C scanner is much faster; fall back when PyYAML was built without it
    _Loader: type[yaml.SafeLoader] = yaml.CSafeLoader  # type: ignore[assignment,unused-ignore]
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = yaml.SafeLoader

_OPEN = (yaml.BlockMappingStartToken, yaml.BlockSequenceStartToken,
         yaml.FlowMappingStartToken, yaml.FlowSequenceStartToken)
_CLOSE = (yaml.BlockEndToken, yaml.FlowMappingEndToken, yaml.FlowSequenceEndToken)


@dataclass
class YamlRefusal(Exception):
    """Why the text was not parsed; `line`/`column` are 1-based where known."""

    message: str
    line: int | None = None
    column: int | None = None

    def __str__(self) -> str:
        return self.message


def _refuse(message: str, mark: Any) -> YamlRefusal:
    if mark is None:
        return YamlRefusal(message)
    return YamlRefusal(message, mark.line + 1, mark.column + 1)


def _scan(text: str) -> bool:
    """Refuse deep nesting and giant numbers; say whether any anchor (&name) is used."""
    depth = 0
    anchors = False
    for token in yaml.scan(text, Loader=_Loader):
        if isinstance(token, _OPEN):
            depth += 1
            if depth > MAX_DEPTH:
                raise _refuse(f"lists and mappings are nested more than {MAX_DEPTH} deep",
                              token.start_mark)
        elif isinstance(token, _CLOSE):
            depth -= 1
        elif isinstance(token, yaml.AnchorToken):
            anchors = True
        elif (isinstance(token, yaml.ScalarToken) and token.plain
              and len(token.value) > MAX_NUMBER_CHARS and _NUMBERISH.fullmatch(token.value)):
            raise _refuse(f"a number {len(token.value):,} characters long; no number in a "
                          f"record needs more than {MAX_NUMBER_CHARS}", token.start_mark)
    return anchors


def _check_aliases(text: str) -> None:
    """Refuse an alias inside what it names, and aliases that expand too far.

    Sizes are counted once per node (memoised), so a bomb is measured in
    microseconds rather than expanded; anchors precede their aliases, so a
    named node is finished before any alias to it is reached.
    """
    root = yaml.compose(text, Loader=_Loader)
    if root is None:
        return
    sizes: dict[int, tuple[int, int]] = {}
    open_nodes: set[int] = set()

    def measure(node: yaml.Node) -> tuple[int, int]:
        key = id(node)
        known = sizes.get(key)
        if known is not None:
            return known
        if key in open_nodes:
            raise _refuse("a YAML alias (*name) stands inside the very list or mapping it "
                          "names, which would never end", node.start_mark)
        if isinstance(node, yaml.ScalarNode):
            return 1, 1
        open_nodes.add(key)
        children: list[yaml.Node] = []
        if isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        elif isinstance(node, yaml.MappingNode):
            children = [n for pair in node.value for n in pair]
        count, depth = 1, 0
        for child in children:
            c, d = measure(child)
            count += c
            depth = max(depth, d)
        open_nodes.discard(key)
        depth += 1
        if count > MAX_EXPANDED:
            raise _refuse(f"YAML aliases (*name) here expand to more than {MAX_EXPANDED:,} "
                          "values", node.start_mark)
        if depth > MAX_DEPTH:
            raise _refuse(f"YAML aliases (*name) here nest lists and mappings more than "
                          f"{MAX_DEPTH} deep", node.start_mark)
        sizes[key] = (count, depth)
        return count, depth

    measure(root)


def parse(text: str) -> tuple[Any, Marks]:
    """The record's data and where each value stands; YamlRefusal says why not."""
    try:
        if _scan(text):
            _check_aliases(text)
        return load_with_marks(text)
    except YamlRefusal:
        raise
    except UnreadableYaml as e:  # the shared loader's own bounds
        raise YamlRefusal(e.message, e.line, e.column) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        what = (e.problem or e.context or "").strip()
        raise _refuse(f"not valid YAML: {what}" if what else "not valid YAML", mark) from None
    except yaml.YAMLError as e:
        raise YamlRefusal(f"not valid YAML: {e}") from None
    except (ValueError, OverflowError, RecursionError, MemoryError) as e:
        # the scenario loader may refuse bombs its own way; say so plainly all the same
        raise YamlRefusal(f"not valid YAML: {e}") from None


def node_at(marks: Marks, key: str) -> yaml.Node | None:
    """The value node of a top-level `key` (for an inline scenario's own marks)."""
    root = marks.root
    if not isinstance(root, yaml.MappingNode):
        return None
    found: yaml.Node | None = None
    for k, v in root.value:
        if isinstance(k, yaml.ScalarNode) and k.value == key:
            found = v
    return found
