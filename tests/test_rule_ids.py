"""Every rule ID of a registered game's spec is named by a test, in its name or docstring
(docs/design.md, "How it is tested"), so a reader can go from a rule to its tests.

The specs live in ``docs/rules/<game>.md``, copies of the team's ``shared/rules`` kept in the
repository so that this check runs from a clean clone too.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
SPECS = ROOT / "docs" / "rules"
SHARED = ROOT.parent / "shared" / "rules"


def rule_ids(game: str) -> list[str]:
    """The rule IDs a game's spec defines (with the prefix the game declares), in order of first
    appearance."""
    prefix = GAMES[game].rule_prefix
    assert re.fullmatch("[A-Z]{2,4}", prefix), f"{game} declares no rule-ID prefix"
    text = (SPECS / f"{game}.md").read_text(encoding="utf-8")
    return list(dict.fromkeys(re.findall(rf"\b{prefix}-[A-Z]+-[0-9]+\b", text)))


def source_of_tests() -> str:
    """Every test module's source, where rule IDs are named."""
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests").rglob("*.py")))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_id_is_named_by_a_test(game: str) -> None:
    ids = rule_ids(game)
    assert ids, f"docs/rules/{game}.md defines no rule ID"
    text = source_of_tests()
    missing = [
        rule
        for rule in ids
        if not re.search(rf"({re.escape(rule)}|{rule.lower().replace('-', '_')})([^0-9]|$)", text, re.IGNORECASE)
    ]
    assert missing == []


def test_the_specs_in_the_repository_are_the_teams() -> None:
    """Where the team's shared folder sits beside the checkout, the copies must equal it."""
    if not SHARED.is_dir():
        return  # a clean clone (CI) has only the copies
    for spec in sorted(SHARED.glob("*.md")):
        assert (SPECS / spec.name).read_text(encoding="utf-8") == spec.read_text(encoding="utf-8"), spec.name
