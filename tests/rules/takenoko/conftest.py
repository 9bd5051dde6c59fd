"""Fixtures of the Takenoko rule tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules.takenoko import ai
from rules.takenoko.rollout import Lookahead


@pytest.fixture
def quick_lookahead(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The strong AI's look ahead with fewer worlds and plans: the same path (worlds dealt,
    plans played on to the end), at a fraction of the cost, for tests that play whole games with a
    strong seat and are about something else (the look ahead has its own tests,
    test_takenoko_rollout.py)."""
    monkeypatch.setattr(ai, "LOOKAHEAD", Lookahead(worlds=3, plans=2))
    yield
