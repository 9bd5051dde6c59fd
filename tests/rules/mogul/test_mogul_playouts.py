"""Mogul random playouts: invariants (MG-END-4), the contract's properties, secrets and the AI."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from mogul_helpers import check_invariants as check_counts

from rules.engine import Event, play_random, rng_for
from rules.mogul import GAME, RULES
from rules.mogul.ai import win_rate
from rules.mogul.data import CRASH
from rules.mogul.state import MogulState

PLAYER_COUNTS = st.integers(min_value=3, max_value=6)


def check_invariants(state: MogulState) -> None:
    """MG-END-4 counts, and in a shuffled game the Crash stays among the bottom five (MG-SETUP-5)."""
    check_counts(state)
    if state.phase not in ("over", "pick"):  # Crash is shuffled in once the picks are done
        assert state.deck.count(CRASH) == 1 and CRASH in state.deck[-5:]


def _options(players: int, quick: str, cost: str) -> dict[str, str]:
    return RULES.check_options(players, {"loan_cost": cost, "quick_start": quick if players < 6 else "off"})


def _play_checked(players: int, options: dict[str, str], seed: int) -> tuple[MogulState, int]:
    """A random game to the end, checking the contract after every move; returns (end state, plies)."""
    state = RULES.setup(players, options, rng_for(seed, 0))
    chooser = random.Random(seed)
    ply = 0
    while True:
        check_invariants(state)
        seats = RULES.to_act(state)
        # to_act is empty exactly when the game is over.
        assert (not seats) == (RULES.outcome(state) is not None) == (state.phase == "over")
        if not seats:
            break
        assert len(seats) == 1
        (seat,) = seats
        for other in range(players):
            if other != seat:
                assert RULES.legal_actions(state, other) == []
        legal = list(RULES.legal_actions(state, seat))
        # A decision with one legal choice is never asked; never more than 25 choices.
        assert 2 <= len(legal) <= 25
        assert len(set(map(RULES.action_code, legal))) == len(legal)
        action = chooser.choice(legal)
        before = state.model_dump_json()
        new, events = RULES.apply(state, seat, action, rng_for(seed, ply + 1))
        assert state.model_dump_json() == before  # apply never mutates
        _check_events(events, seat, new)
        if ply % 17 == 0:
            # States and events are built without validation in apply: they must equal validated ones.
            assert type(new).model_validate_json(new.model_dump_json()) == new
            assert MogulState.model_validate(new.model_dump()) == new
            for event in events:
                assert Event.model_validate(event.model_dump()) == event
                assert Event.model_validate_json(event.model_dump_json()) == event
        state = new
        ply += 1
        assert ply < 2000
    assert type(state).model_validate_json(state.model_dump_json()) == state
    return state, ply


def _check_events(events: list[Any], seat: int, state: MogulState) -> None:
    """No chip count of a player in a public event, except the pot taken on DROP and the final reveal."""
    for event in events:
        if event.to is None:
            if event.key != "mogul.event.final":
                assert "chips" not in event.params
        else:
            assert event.key == "mogul.event.your_chips"
            assert len(event.to) == 1
            (who,) = event.to
            assert event.params["chips"] == state.chips[who]


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10**9),
    players=PLAYER_COUNTS,
    quick=st.sampled_from(["off", "deal", "pick"]),
    cost=st.sampled_from(["1", "2"]),
)
def test_mg_end_4_invariants_over_random_playouts(seed: int, players: int, quick: str, cost: str) -> None:
    """MG-END-4: chips and shares are conserved at every moment of random games, which all end."""
    state, _ = _play_checked(players, _options(players, quick, cost), seed)
    outcome = RULES.outcome(state)
    assert outcome is not None
    assert sorted(s.seat for s in outcome.standings) == list(range(players))
    finals = {s.seat: s.score for s in outcome.standings}
    assert finals == {p: state.scores[p] + state.chips[p] // 5 for p in range(players)}


def test_playouts_replay_exactly() -> None:
    """Replaying the log from the same seed reproduces the final state (the db relies on it)."""
    for players in (3, 6):
        end, log = play_random(GAME, players, {}, "replay")
        state = RULES.setup(players, RULES.check_options(players, {}), rng_for("replay", 0))
        for ply, (seat, action) in enumerate(log, start=1):
            code = RULES.action_code(action)
            state, _ = RULES.apply(state, seat, RULES.parse_action(code), rng_for("replay", ply))
        assert state == end


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**9), players=PLAYER_COUNTS, stop=st.integers(0, 150))
def test_swap_secrets_changes_only_private_views(seed: int, players: int, stop: int) -> None:
    """§6: moving chips between a and b changes their own views only; totals are kept."""
    state = RULES.setup(players, RULES.check_options(players, {}), rng_for(seed, 0))
    chooser = random.Random(seed)
    for ply in range(stop):
        if not RULES.to_act(state):
            break
        (seat,) = RULES.to_act(state)
        state, _ = RULES.apply(state, seat, chooser.choice(list(RULES.legal_actions(state, seat))), rng_for(seed, ply))
    a, b = chooser.sample(range(players), 2)
    swapped = RULES.swap_secrets(state, a, b, random.Random(seed))
    assert sum(swapped.chips) == sum(state.chips)
    assert swapped.model_copy(update={"chips": state.chips}) == state
    assert RULES.view(swapped, None) == RULES.view(state, None)
    for other in range(players):
        if other not in (a, b):
            assert RULES.view(swapped, other) == RULES.view(state, other)
    if swapped != state:
        assert RULES.view(swapped, a) != RULES.view(state, a)
    # The seat to act still has a real choice.
    for seat in RULES.to_act(swapped):
        assert len(RULES.legal_actions(swapped, seat)) >= 2


def test_ai_plays_legal_moves_and_games_end() -> None:
    """ai_action always returns a legal action; all-AI tables finish."""
    for players in (3, 4, 5, 6):
        state = RULES.setup(players, RULES.check_options(players, {}), rng_for(players, 0))
        rng = random.Random(players)
        ply = 0
        while RULES.to_act(state):
            (seat,) = RULES.to_act(state)
            action = RULES.ai_action(state, seat, rng)
            assert action in RULES.legal_actions(state, seat)
            ply += 1
            state, _ = RULES.apply(state, seat, action, rng_for(players, ply))
        check_invariants(state)


def test_ai_picks_in_quick_start() -> None:
    """The AI can play the quick_start pick step too."""
    state = RULES.setup(4, RULES.check_options(4, {"quick_start": "pick"}), rng_for(1, 0))
    (seat,) = RULES.to_act(state)
    assert RULES.ai_action(state, seat, random.Random(0)) in RULES.legal_actions(state, seat)


def test_ai_beats_random_players_three_players() -> None:
    """The heuristic AI wins clearly more than its 1/3 share against two random players."""
    assert win_rate(60, 3, seed="test") >= 0.5


def test_ai_beats_random_players_four_players() -> None:
    """The heuristic AI wins clearly more than its 1/4 share against three random players."""
    assert win_rate(40, 4, ai_seat=2, seed="test") >= 0.4
