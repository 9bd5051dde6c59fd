"""Top Race (Wolfgang Kramer): auction six cars, race them with shared movement cards, bet on the winner."""

from rules.toprace.rules import TopRaceRules

RULES = TopRaceRules()
"""The Top Race rules object registered under the name 'toprace'."""

__all__ = ["RULES", "TopRaceRules"]
