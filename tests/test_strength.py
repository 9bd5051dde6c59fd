"""The strength measure's interval (tests/support/strength.py), which the bench judges goals by."""

from __future__ import annotations

from tests.support.strength import wilson


def test_a_few_games_all_lost_do_not_prove_a_zero_ratio() -> None:
    """Four games lost: the interval still reaches a fair share of one in two (a normal
    approximation would give [0, 0])."""
    low, high = wilson(0.0, 4)
    assert low == 0.0 and high > 0.45
    low, high = wilson(1.0, 4)
    assert high == 1.0 and low < 0.55


def test_the_interval_holds_the_share_and_narrows_with_games() -> None:
    """The interval contains the measured share and is narrower over more games."""
    few = wilson(0.25, 24)
    many = wilson(0.25, 240)
    for low, high in (few, many):
        assert low < 0.25 < high
    assert many[1] - many[0] < few[1] - few[0]
    assert wilson(0.5, 0) == (0.0, 1.0)
