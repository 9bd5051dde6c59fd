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
