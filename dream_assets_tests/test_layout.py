"""The shape of the code (README, "Layout"): layers import downwards only, no import circle, no
module past 450 lines. Read from the source with ``ast``, so a lazy import inside a function
counts as much as one at the top."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "dream_assets"
MAX_LINES = 450

# What each layer may not import (DESIGN.md, "Layers"): core is the rules, checks re-verify from
# disk without the passes' bookkeeping, passes know no Dagster layer and no CLI.
FORBIDDEN = {
    "dream_assets.core": (
        "dream_assets.passes", "dream_assets.checks", "dream_assets.operations",
        "dream_assets.defs", "dream_assets.cli", "dream_assets.llm", "dream_assets.prompts",
        "dream_assets.embedders", "dream_assets.review_page", "dream_assets.demo",
        "dream_assets.definitions",
    ),
    "dream_assets.checks": ("dream_assets.passes", "dream_assets.defs", "dream_assets.cli"),
    "dream_assets.passes": ("dream_assets.defs", "dream_assets.cli", "dream_assets.definitions"),
    "dream_assets.operations": ("dream_assets.defs", "dream_assets.cli"),
}  # fmt: skip


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _resolve(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            if name.startswith("dream_assets."):
                target = _resolve(name)
                if target is not None:
                    found.add(target)
    return found


GRAPH = {name: _imports(path) - {name} for name, path in MODULES.items()}


def _cycles() -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in GRAPH:
        if root in index:
            continue
        work = [(root, iter(sorted(GRAPH[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in GRAPH:
                    continue
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(GRAPH[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_circle() -> None:
    assert _cycles() == []


def test_the_cycle_finder_sees_a_circle() -> None:
    GRAPH["dream_assets.core.clock"].add("dream_assets.core.options")
    GRAPH["dream_assets.core.options"].add("dream_assets.core.clock")
    try:
        assert ["dream_assets.core.clock", "dream_assets.core.options"] in _cycles()
    finally:
        GRAPH["dream_assets.core.clock"] = _imports(MODULES["dream_assets.core.clock"])
        GRAPH["dream_assets.core.options"] = _imports(MODULES["dream_assets.core.options"])


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_a_layer_imports_downwards_only(layer: str) -> None:
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        if module == layer or module.startswith(layer + ".")
        for target in targets
        if any(target == f or target.startswith(f + ".") for f in FORBIDDEN[layer])
    )
    assert wrong == []


def test_no_module_is_longer_than_450_lines() -> None:
    long = {
        name: n
        for name, path in MODULES.items()
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}
