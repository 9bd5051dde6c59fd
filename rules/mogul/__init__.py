"""Mogul (Michael Schacht, 2002): trade shares, bid with hidden chips, survive the Crash."""

from .rules import MogulRules

RULES = MogulRules()
"""The Mogul rules object the registry uses."""

__all__ = ["RULES", "MogulRules"]
