"""The Takenoko AI as it shipped before issue 31 (tests/support/strategies/previous/): the
bench's ``PREVIOUS``, so the new AI is measured against the old, at each level."""

from __future__ import annotations

from tests.support.strategies.previous.takenoko_ai import choose, choose_easy, choose_strong

__all__ = ["choose", "choose_easy", "choose_strong"]
