"""The scripted Top Race players the AI is measured against (tests/support/strategies/toprace.py)
and the AI itself read only their own seat's view, play whole games, and the blunder counts count."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.engine import AI_LEVELS, playout, rng_for
from rules.toprace import GAME
from rules.toprace.scoring import places
from rules.toprace.state import TopRaceState
from tests.support.strategies import toprace as strategies
from tests.support.strength import Match, Strategy, ai_at, blind, play_match

MIXED = list(strategies.STRATEGIES.values())


def mid_game_states(players: int, seed: int, every: int = 5) -> list[tuple[TopRaceState, int]]:
    """(state, seat to act) along a game of the scripted players, every few plies: auction, race,
    TIP rounds (secret bets in progress), and a Grand Prix's later races."""
    state = GAME.start(players, {"races": "3" if players == 3 else "1"}, seed)
    seats = [MIXED[(seed + s) % len(MIXED)] for s in range(players)]

    def choose(current: Any, to_act: frozenset[int], ply: int) -> tuple[int, Any]:
        seat = min(to_act)
        return seat, seats[seat](current, seat, rng_for(seed, ply))

    found = []
    for ply in playout(GAME, state, seed, choose):
        if ply.number % every == 0 or ply.before.ask == "bet":
            found.extend((ply.before, seat) for seat in GAME.to_act(ply.before))
    return found


STATES = [found for players in (3, 4, 6) for found in mid_game_states(players, players)]


@pytest.mark.parametrize("name", sorted(strategies.STRATEGIES))
def test_each_strategy_reads_only_its_own_view(name: str) -> None:
    """strength.blind: a strategy plays the same whatever the other seats privately hold."""
    strategy = strategies.STRATEGIES[name]
    asks = set()
    for state, seat in STATES:
        assert blind(GAME, strategy, state, seat, state.players), (name, state.ask, seat)
        asks.add(state.ask)
    assert {"bid", "play", "bet", "end"} <= asks


@pytest.mark.parametrize("level", AI_LEVELS)
def test_the_ai_reads_only_its_own_view(level: str) -> None:
    """strength.blind with the AI as the strategy, at every level: it never reads another seat's
    hand or bets (its look-ahead plays on a determinized copy)."""
    for state, seat in STATES[::2] if level == "strong" else STATES:
        assert blind(GAME, ai_at(GAME, level), state, seat, state.players), (level, state.ask, seat)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_each_strategy_plays_whole_games(players: int) -> None:
    """Every strategy, alone at a table or mixed with the others, plays a game to its end."""
    for name, strategy in strategies.STRATEGIES.items():
        match = play_match(GAME, players, f"{name}{players}", [strategy] * players)
        assert GAME.outcome(match.state) is not None and sum(match.wins) == pytest.approx(1)
    mixed: list[Strategy] = [MIXED[s % len(MIXED)] for s in range(players)]
    match = play_match(GAME, players, players, mixed, {"races": "3"})
    assert len(match.state.results) == 3


def test_blunders_count_what_happened() -> None:
    """The blunder counts replay the match: purchases and overpayments agree with the results,
    a breakdown of the seat's own front car is seen, and so are raises in lockstep."""
    duels = 0
    for seed in range(12):
        match = play_match(GAME, 3, seed, [strategies.STRATEGIES["blocker"]] * 3, keep_log=True)
        for seat in range(3):
            counts = strategies.blunders(match, seat)
            bought = [
                (p.price, r.prizes[p.car])
                for r in match.state.results
                for p in r.purchases
                if p.seat == seat and p.how == "auction"
            ]
            assert counts["purchases"] == len(bought)
            assert counts["overpaid"] == sum(price > prize for price, prize in bought)
            duels += counts["min_raise_duel"]
    assert duels > 0
    # Seat 0 plays every breakdown it is offered: each one on its own front car is counted.
    seen = 0
    for seed in range(8):
        match = forced_own_panne(seed)
        own = sum(
            1
            for state, seat, action in match.steps()
            if seat == 0 and action.kind == "panne" and state.owner[strategies.front_car(state)] == 0
        )
        assert strategies.blunders(match, 0)["panne_own_leader"] == own
        seen += own
    assert seen >= 1


def forced_own_panne(seed: int) -> Match:
    """A 2-player match where seat 0 always plays breakdown, on whichever car is in front."""
    base = strategies.STRATEGIES["racer"]

    def reckless(state: TopRaceState, seat: int, rng: random.Random) -> Any:
        legal = list(GAME.legal_actions(state, seat))
        panne = [a for a in legal if a.kind == "panne"]
        return panne[0] if panne else base(state, seat, rng)

    return play_match(GAME, 2, seed, [reckless, base], keep_log=True)


def test_a_kept_log_replays_the_match() -> None:
    """match.steps(): each action played in the state kept before it leads to the next one kept,
    and the last to the match's end."""
    match = play_match(GAME, 4, 17, MIXED, keep_log=True)
    steps = match.steps()
    assert len(steps) == len(match.log) > 0
    after = [s for s, _, _ in steps[1:]] + [match.state]
    for ply, ((state, seat, action), then) in enumerate(zip(steps, after, strict=True), start=1):
        assert GAME.apply(state, seat, action, rng_for(17, ply))[0] == then


def test_blunders_count_bets_on_the_back_marker() -> None:
    """TR-TIP-3: a bet on the car last in TR-END-3's order at that moment is counted, out of the
    seat's bets; one on the leader is not."""

    def bettor(on: int) -> Strategy:
        base = strategies.STRATEGIES["racer"]

        def play(state: TopRaceState, seat: int, rng: random.Random) -> Any:
            if state.ask == "bet":
                car = places(state)[on]
                return next(a for a in GAME.legal_actions(state, seat) if a.n == car)
            return base(state, seat, rng)

        return play

    match = play_match(GAME, 3, 4, [bettor(-1), bettor(0), bettor(0)], keep_log=True)
    last, first = strategies.blunders(match, 0), strategies.blunders(match, 1)
    assert last["bets"] == first["bets"] == 3
    assert (last["back_marker_bet"], first["back_marker_bet"]) == (3, 0)
