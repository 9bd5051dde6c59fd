"""Dependencies point one way (DESIGN.md, "Layout"): rules/ is pure, db/ knows no Discord."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "rules": {"discord", "aiosqlite", "asyncio", "time", "datetime", "sqlite3", "bot", "db", "cogs"},
    "db": {"discord", "bot", "cogs", "rules"},
    "bot": {"discord", "cogs"},  # bot/client.py is the one composition point allowed to know Discord
    "cogs": {"db", "aiosqlite", "sqlite3", "asyncpg"},  # cogs reach the database only through the service
}
ALLOWED = {"bot/client.py", "bot/__main__.py"}
RANDOM_FUNCTIONS = {"random", "randint", "choice", "choices", "shuffle", "sample", "randrange", "uniform", "seed"}


def modules(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


@pytest.mark.parametrize("folder", sorted(FORBIDDEN))
def test_layers_import_only_downwards(folder: str) -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported(path) & FORBIDDEN[folder])
        for path in modules(folder)
        if str(path.relative_to(ROOT)) not in ALLOWED and imported(path) & FORBIDDEN[folder]
    }
    assert offenders == {}


def test_rules_never_call_the_module_level_random_functions() -> None:
    """Randomness comes in as an argument (rng_for); random.shuffle(...) and friends are banned."""
    offenders = []
    for path in modules("rules"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "random"
                and node.func.attr in RANDOM_FUNCTIONS
            ):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


def test_the_boundary_check_sees_a_violation(tmp_path: Path) -> None:
    """The walker itself works: a forbidden import is found."""
    bad = tmp_path / "bad.py"
    bad.write_text("import discord\nfrom asyncio import sleep\nimport rules.engine\n")
    assert imported(bad) == {"discord", "asyncio", "rules"}


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    """Each module of ``package`` under ``root`` and the modules of it that it imports: absolute
    and relative imports alike, counting those made only for type checking (``from pkg import
    module`` and ``from . import module`` name the module itself)."""
    files = {
        ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__"): path
        for path in (root / package).rglob("*.py")
    }
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        # A relative import counts from the module's package (a package's __init__ is its own).
        package_of = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package_of.split(".")
                    base = base[: len(base) - (node.level - 1)]
                    source = ".".join([*base, node.module] if node.module else base)
                else:
                    source = node.module or ""
                submodules = {f"{source}.{alias.name}" for alias in node.names} & files.keys()
                found |= submodules or ({source} & files.keys())
            elif isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names} & files.keys()
        graph[name] = found - {name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each module that lies on one (depth-first search, three colours)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1 on the current path, 2 finished

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                found.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return found


@pytest.mark.parametrize("package", ["rules", "db", "bot", "cogs"])
def test_no_import_cycle(package: str) -> None:
    """Modules import one way (DESIGN.md), also inside a package and for type hints only: a game's
    steps never import the flow that calls them (they annotate the working copy's fields class),
    and the Discord components never import the hub that calls them."""
    assert cycles(import_graph(ROOT, package)) == []


def test_the_cycle_check_sees_a_type_only_cycle(tmp_path: Path) -> None:
    """The cycle finder itself works, also on an import made only under TYPE_CHECKING."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "a.py").write_text("from pkg import b\n")
    (tmp_path / "pkg" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import thing\n"
    )
    assert cycles(import_graph(tmp_path, "pkg")) == [["pkg.a", "pkg.b", "pkg.a"]]


def test_the_cycle_check_sees_a_relative_cycle(tmp_path: Path) -> None:
    """Relative imports count too: ``from . import x`` and ``from .x import y``, in a package's
    ``__init__`` and in a nested package (``from ..``)."""
    (tmp_path / "pkg" / "game").mkdir(parents=True)
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "util.py").write_text("from .game import work\n")
    (tmp_path / "pkg" / "game" / "__init__.py").write_text("from . import work\n")
    (tmp_path / "pkg" / "game" / "work.py").write_text("from .steps import run\n")
    (tmp_path / "pkg" / "game" / "steps.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..util import helper\n"
    )
    graph = import_graph(tmp_path, "pkg")
    assert graph["pkg.game"] == {"pkg.game.work"}
    assert graph["pkg.game.steps"] == {"pkg.util"}
    assert cycles(graph) == [["pkg.game.work", "pkg.game.steps", "pkg.util", "pkg.game.work"]]
