"""No import circles in desktop or printouts (docs/architecture.md, "The import contracts").

Every import counts, as a reader of the code meets it: at the top, inside a
function, or under ``if TYPE_CHECKING``.  The play window's parts see the
window through desktop.ui.play.host, and the windows reach each other through
desktop.ui.doors, so neither needs an import that runs back.
"""

from __future__ import annotations

import ast
from pathlib import Path

import desktop
import printouts

ROOTS = (Path(desktop.__file__).parent, Path(printouts.__file__).parent)


def module_names(roots: tuple[Path, ...]) -> dict[str, Path]:
    """Dotted name -> file for every module under `roots` (packages by their __init__)."""
    found: dict[str, Path] = {}
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            parts = path.relative_to(root.parent).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules of `modules` that `name` imports anywhere in its text."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            # `from pkg import mod` imports the module pkg.mod; `from mod import x`, mod
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base
                       for a in node.names]
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected sets of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, rest = work[-1]
            step = next(rest, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                ring = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    ring.append(top)
                    if top == node:
                        break
                if len(ring) > 1:
                    found.append(sorted(ring))
    return found


def import_graph(roots: tuple[Path, ...]) -> dict[str, set[str]]:
    modules = module_names(roots)
    return {name: imported(name, path, modules) for name, path in modules.items()}


def test_no_module_of_desktop_or_printouts_is_in_an_import_circle() -> None:
    graph = import_graph(ROOTS)
    assert len(graph) > 100  # the whole tree was read
    assert "desktop.ui.play.host" in graph["desktop.ui.play.acting"]
    found = circles(graph)
    assert found == [], "import circles:\n" + "\n".join(
        f"{len(c)} modules: " + ", ".join(c) for c in found)


def test_a_circle_through_a_type_checking_or_function_import_is_found(tmp_path: Path) -> None:
    """The check sees the imports that made the play window's circle: a part
    importing the window under TYPE_CHECKING, a launcher importing it in a function."""
    pkg = tmp_path / "shell"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "window.py").write_text("from shell.part import Part\n", encoding="utf-8")
    (pkg / "part.py").write_text("from typing import TYPE_CHECKING\n"
                                 "if TYPE_CHECKING:\n    from shell.window import Window\n",
                                 encoding="utf-8")
    (pkg / "launch.py").write_text("def go():\n    from .window import Window\n", encoding="utf-8")
    (pkg / "menu.py").write_text("from shell import launch\n", encoding="utf-8")
    (pkg / "other.py").write_text("import shell.menu\n", encoding="utf-8")
    graph = import_graph((pkg,))
    assert graph["shell.launch"] == {"shell.window"}
    assert graph["shell.menu"] == {"shell.launch"}
    assert circles(graph) == [["shell.part", "shell.window"]]
    (pkg / "window.py").write_text("from shell.part import Part\nimport shell.other\n",
                                   encoding="utf-8")
    (pkg / "launch.py").write_text("def go():\n    from . import window\n", encoding="utf-8")
    assert circles(import_graph((pkg,))) == [
        ["shell.launch", "shell.menu", "shell.other", "shell.part", "shell.window"]]
