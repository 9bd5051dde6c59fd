"""Dependencies point one way (docs/design.md, "The layers"): rules/ is pure, db/ knows no Discord."""

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


def import_graph(root: Path, *packages: str) -> dict[str, set[str]]:
    """Each module of ``packages`` under ``root`` and the modules of them that it imports: absolute
    and relative imports alike, counting those made only for type checking (``from pkg import
    module`` and ``from . import module`` name the module itself), across packages.

    Importing ``a.b.c`` from outside package ``a.b`` first runs ``a/__init__`` and ``a/b/__init__``,
    so the importer depends on those too (a package's own modules are imported by its ``__init__``
    or after it: they do not depend on it)."""
    files = {
        ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__"): path
        for package in packages
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
        for target in list(found):
            parts = target.split(".")
            for depth in range(1, len(parts)):
                ancestor = ".".join(parts[:depth])
                if ancestor in files and not (name == ancestor or name.startswith(ancestor + ".")):
                    found.add(ancestor)
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


def test_no_import_cycle() -> None:
    """Modules import one way, also inside a package, across packages, through a package's
    ``__init__`` and for type hints only: a game's steps never import the flow that calls them
    (they annotate the working copy's fields class), and the Discord components never import the
    hub that calls them."""
    assert cycles(import_graph(ROOT, "rules", "db", "bot", "cogs")) == []


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
    assert graph["pkg.util"] == {"pkg.game", "pkg.game.work"}  # importing pkg.game.work runs pkg.game first
    assert cycles(graph) == [
        ["pkg.game", "pkg.game.work", "pkg.game.steps", "pkg.util", "pkg.game"],
        ["pkg.game.work", "pkg.game.steps", "pkg.util", "pkg.game.work"],
    ]


def test_the_cycle_check_sees_a_cycle_across_packages_and_through_an_init(tmp_path: Path) -> None:
    """Two packages whose modules import each other, and a package whose ``__init__`` imports a
    module that, from outside, imports something of the package again: both are cycles."""
    for package in ("app", "lib", "lib/sub"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "app" / "a.py").write_text("from lib import b\n")
    (tmp_path / "lib" / "b.py").write_text("import app.a\n")
    assert cycles(import_graph(tmp_path, "app", "lib")) == [["app.a", "lib.b", "app.a"]]

    (tmp_path / "lib" / "b.py").write_text("")
    (tmp_path / "lib" / "sub" / "__init__.py").write_text("from app import a\n")
    (tmp_path / "lib" / "sub" / "c.py").write_text("x = 1\n")
    (tmp_path / "app" / "a.py").write_text("from lib.sub.c import x\n")  # runs lib/sub/__init__ first
    assert cycles(import_graph(tmp_path, "app", "lib")) == [["app.a", "lib.sub", "app.a"]]
