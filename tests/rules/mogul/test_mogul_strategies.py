"""The scripted Mogul players the AI is measured against (tests/support/strategies/mogul.py):
each decides from its own seat's view only, plays legal moves through whole games, and the
blunder count reads a game's log right."""

from __future__ import annotations

import random

import pytest

from rules.engine import rng_for
from rules.mogul import GAME
from rules.mogul.actions import DROP, LOAN, PAY, TAKE
from rules.mogul.state import MogulState
from tests.support.strategies import mogul as strategies
from tests.support.strength import Match, Strategy, ai_at, blind, play_match

PLAYERS = (3, 4, 5, 6)
EVERY = {**strategies.STRATEGIES, "previous": strategies.PREVIOUS}


def mid_game_states(players: int, seed: int, every: int = 3) -> list[MogulState]:
    """States of a game played by the strategies in turn (one of every ``every`` decisions)."""
    names = list(strategies.STRATEGIES.values())
    seats = [names[seat % len(names)] for seat in range(players)]
    found: list[MogulState] = []
    state = GAME.start(players, {"quick_start": "pick"} if players < 6 else {}, seed)
    ply = 0
    while GAME.to_act(state):
        (seat,) = GAME.to_act(state)
        if ply % every == 0:
            found.append(state)
        ply += 1
        action = seats[seat](state, seat, rng_for(seed, -ply))
        state, _ = GAME.apply(state, seat, action, rng_for(seed, ply))
    return found


@pytest.mark.parametrize("name", sorted(EVERY))
def test_each_strategy_reads_only_its_own_seats_view(name: str) -> None:
    """§6: every scripted player plays the same whatever the other seats privately hold
    (``strength.blind`` swaps their chips), on many states of every phase."""
    strategy = EVERY[name]
    checked = 0
    for players in (4, 5):
        for state in mid_game_states(players, players):
            (seat,) = GAME.to_act(state)
            assert blind(GAME, strategy, state, seat, players), (name, state)
            checked += 1
    assert checked > 100


def legal_only(strategy: Strategy) -> Strategy:
    """``strategy``, checked to choose a legal move every time."""

    def checked(state: MogulState, seat: int, rng: random.Random) -> object:
        action = strategy(state, seat, rng)
        assert action in GAME.legal_actions(state, seat)
        return action

    return checked


@pytest.mark.parametrize("name", sorted(EVERY))
def test_each_strategy_plays_whole_games_at_every_player_count(name: str) -> None:
    """Every scripted player plays legal moves to the end of a game, at every player count."""
    strategy = EVERY[name]

    for players in PLAYERS:
        match = play_match(GAME, players, players, [legal_only(strategy)] * players)
        assert GAME.outcome(match.state) is not None and sum(match.wins) == pytest.approx(1.0)


def test_blunders_count_a_loan_followed_by_a_forced_drop() -> None:
    """MG-LOAN-1 / MG-AUC-3: the blunder count sees a loan, then being forced out with no chip in
    the same auction (the forced DROP is not in the log: the seat never dropped out itself and
    someone else won), and does not count an auction the seat left by its own DROP or won."""
    log = [
        (0, PAY), (1, PAY), (2, PAY), (0, LOAN), (0, PAY), (1, PAY), (2, DROP), (0, PAY), (1, PAY),
        (1, TAKE),  # seat 0 was forced out: seat 1 won
        (0, LOAN), (0, PAY), (1, PAY), (2, DROP), (0, DROP),
        (1, TAKE),  # seat 0 borrowed but dropped out itself
        (0, LOAN), (0, PAY), (1, DROP), (2, DROP),
        (0, TAKE),  # seat 0 borrowed and won
        (0, PAY), (1, PAY), (2, DROP),
        (1, TAKE),  # seat 0 forced out without a loan
    ]  # fmt: skip
    match = Match(state=None, wins=(1.0, 0.0, 0.0), log=log)
    assert strategies.blunders(match, 0) == {"loans": 3, "loan_then_forced_out": 1, "forced_out": 2, "declined": 0}
    assert strategies.blunders(match, 2)["forced_out"] == 0


def test_blunders_read_a_real_game() -> None:
    """The count runs on a real game's log: the loans it finds are the loans the state records."""
    match = play_match(GAME, 4, 3, [strategies.value] * 4, keep_log=True)
    for seat in range(4):
        found = strategies.blunders(match, seat)
        assert found["loans"] == match.state.loans[seat]
        assert 0 <= found["loan_then_forced_out"] <= found["forced_out"]


def test_blunders_count_a_loan_followed_by_a_drop_with_chips_in_hand() -> None:
    """MG-LOAN-1: a loan, then a DROP by choice with chips still in hand, in the same auction, is
    counted, with the chips it brought against dropping out at the loan (the pot then) —
    each one read from the states kept: chips and pot before the DROP, less before the LOAN."""
    match = play_match(GAME, 3, 0, [ai_at(GAME)] * 3, keep_log=True)
    seat = max(range(3), key=lambda s: match.state.loans[s])
    found = strategies.blunders(match, seat)
    expected = gained = 0
    at_loan: int | None = None
    for state, who, action in match.steps():
        if who != seat or action.kind not in ("loan", "drop", "pay"):
            if action.kind in ("take", "sell", "decline"):
                at_loan = None
            continue
        if action.kind == "loan":
            at_loan = state.chips[seat] + state.pot
        elif action.kind == "drop" and at_loan is not None and state.chips[seat]:
            expected += 1
            gained += state.chips[seat] + state.pot - at_loan
    assert found["loan_then_drop"] == expected > 0
    assert found["loan_chips_gained"] == gained


def test_the_planned_player_follows_the_plan_and_is_seldom_asked() -> None:
    """MG-ORD: ``Planned`` (bench/tempo.py's player who follows the AI's plan by standing order)
    plays legal moves through whole games at every player count, every seat alike; its orders
    answer several times as many decisions as it is asked; one instance starts each game afresh
    (a new game's first auction turn is a look, not an old order's move)."""
    player = strategies.Planned()

    for players in PLAYERS:
        match = play_match(GAME, players, players, [legal_only(player)] * players)
        assert GAME.outcome(match.state) is not None
    assert player.answered > 3 * player.looks
    state = GAME.start(4, {}, 1)
    (seat,) = GAME.to_act(state)
    looks = player.looks
    player(state, seat, random.Random(0))
    assert player.looks == looks + 1
