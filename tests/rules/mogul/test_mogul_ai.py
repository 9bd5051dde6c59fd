"""The Mogul AI: legal, blind to what its seat may not know, and better than random players."""

from __future__ import annotations

import random

from rules.engine import Chooser, playout, random_player, rng_for
from rules.mogul import GAME
from rules.mogul.actions import MogulAction
from rules.mogul.data import CRASH
from rules.mogul.state import MogulState
from tests.rules.mogul.helpers import check_invariants

A, B, C = 0, 1, 2


def _ai_and_random(base: str, ai_seat: int) -> Chooser[MogulState, MogulAction]:
    """The AI plays ``ai_seat``; every other seat plays uniformly random legal actions."""
    randomly = random_player(GAME, base)

    def choose(state: MogulState, to_act: frozenset[int], ply: int) -> tuple[int, MogulAction]:
        (seat,) = to_act
        if seat == ai_seat:
            return seat, GAME.ai_action(state, seat, rng_for(f"{base}:ai", ply))
        return randomly(state, to_act, ply)

    return choose


def _ai_against_random(games: int, players: int, ai_seat: int, seed: str) -> float:
    """Share of games the AI seat wins (rank 1, ties included) against random players."""
    wins = 0
    for game in range(games):
        base = f"{seed}:{players}:{game}"
        state = GAME.start(players, {}, base)
        for step in playout(GAME, state, base, _ai_and_random(base, ai_seat)):
            state = step.after
        outcome = GAME.outcome(state)
        assert outcome is not None
        wins += ai_seat in outcome.winners()
    return wins / games


def _ai_game(players: int, seed: int) -> list[MogulState]:
    """Every state of an all-AI game."""
    state = GAME.start(players, {}, seed)
    states = [state]
    for step in playout(GAME, state, seed, lambda s, to_act, ply: _ai_move(s, to_act, ply, seed)):
        states.append(step.after)
    return states


def _ai_move(state: MogulState, to_act: frozenset[int], ply: int, seed: int) -> tuple[int, MogulAction]:
    (seat,) = to_act
    return seat, GAME.ai_action(state, seat, rng_for(f"{seed}:ai", ply))


def test_ai_plays_legal_moves_and_games_end() -> None:
    """GAME.ai_action always returns a legal action; all-AI tables finish with every count conserved."""
    for players in (3, 4, 5, 6):
        state = GAME.start(players, {}, players)
        rng = random.Random(players)
        ply = 0
        while GAME.to_act(state):
            (seat,) = GAME.to_act(state)
            action = GAME.ai_action(state, seat, rng)
            assert action in GAME.legal_actions(state, seat)
            ply += 1
            state, _ = GAME.apply(state, seat, action, rng_for(players, ply))
        check_invariants(state)


def test_ai_picks_in_quick_start() -> None:
    """The AI can play the quick_start pick step (DP-Q) too."""
    state = GAME.start(4, {"quick_start": "pick"}, 1)
    (seat,) = GAME.to_act(state)
    assert state.phase == "pick"
    assert GAME.ai_action(state, seat, random.Random(0)) in GAME.legal_actions(state, seat)


def _reshuffled(state: MogulState, rng: random.Random) -> MogulState:
    """The same state with the hidden deck in another order (Crash still among the last five)."""
    deck = [card for card in state.deck if card != CRASH]
    rng.shuffle(deck)
    deck.insert(len(deck) - 4 + rng.randrange(5), CRASH)
    return state.model_copy(update={"deck": tuple(deck)})


def test_ai_decides_from_what_its_seat_may_know() -> None:
    """§6: the AI's choice does not move when other players' chips or the deck order change."""
    rng = random.Random(3)
    checked = 0
    for seed in range(3):
        state = GAME.start(4, {}, seed)
        for step in playout(GAME, state, seed, random_player(GAME, seed)):
            state = step.after
            if not GAME.to_act(state) or state.phase != "auction":
                continue
            (seat,) = GAME.to_act(state)
            chosen = GAME.ai_action(state, seat, random.Random(0))
            a, b = [other for other in range(4) if other != seat][:2]
            for other in (GAME.swap_secrets(state, a, b, rng), _reshuffled(state, rng)):
                assert GAME.ai_action(other, seat, random.Random(0)) == chosen
            checked += 1
    assert checked > 100


def test_ai_beats_random_players_three_players() -> None:
    """The heuristic AI wins clearly more than its 1/3 share against two random players."""
    assert _ai_against_random(60, 3, 0, "test") >= 0.8


def test_ai_beats_random_players_four_players() -> None:
    """The heuristic AI wins clearly more than its 1/4 share against three random players."""
    assert _ai_against_random(40, 4, 2, "test") >= 0.8
