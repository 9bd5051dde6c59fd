"""The Top Race AI as it shipped before issue 31 (tests/support/strategies/previous/): the
bench's ``PREVIOUS``, so the new AI is measured against the old, at each level."""

from __future__ import annotations

from tests.support.strategies.previous.toprace_ai import ai_action, easy_action
from tests.support.strategies.previous.toprace_search import strong_action

__all__ = ["ai_action", "easy_action", "strong_action"]
