"""The Mogul AI: legal, blind to what its seat may not know, and free of the blunders a trial found
(loans in most auctions, a runner-up keeping shares it should sell); bench/ai_strength.py measures it
against the scripted players of tests/support/strategies/mogul.py."""

from __future__ import annotations

import itertools
import random

from rules.engine import Chooser, playout, random_player, rng_for
from rules.mogul import GAME
from rules.mogul.actions import DROP, LOAN, PAY, SELLS, MogulAction
from rules.mogul.data import CARD_LIST, CRASH
from rules.mogul.state import MogulState
from tests.rules.mogul.helpers import build, check_invariants

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


def test_mg_loan_1_ai_borrows_only_when_broke_and_seldom() -> None:
    """MG-LOAN-1/2: the AI borrows only with no chip left (never to hoard chips), and well under the
    3.5 loans per player and game of an early AI, which borrowed in most auctions."""
    loans = seats = 0
    for players in (3, 4, 5):
        for seed in range(6):
            states = _ai_game(players, seed)
            for before, after in itertools.pairwise(states):
                if sum(after.loans) > sum(before.loans):
                    (seat,) = GAME.to_act(before)
                    assert before.chips[seat] == 0
            loans += sum(states[-1].loans)
            seats += players
    assert loans / seats < 2


def test_mg_act_4_ai_runner_up_sells_late_in_the_game() -> None:
    """MG-ACT-4: late in the game a share has little left to earn; the runner-up sells at n = 4."""
    owned = (("M03", "M05", "M13"), ("M01",), ("M06",))  # four brown shares; A took M13 (border brown)
    deck = ("M31", "M30", "M29", CRASH)
    used = {card for hand in owned for card in hand} | set(deck)
    discard = tuple(card.id for card in CARD_LIST if card.id not in used)
    state = build(
        3,
        phase="runner_sell",
        turn=B,
        winner=A,
        last_drop=B,
        taker=A,
        revealed="M13",
        sale_value=4,
        shares=owned,
        discard=discard,
        deck=deck,
        active=(False,) * 3,
    )
    check_invariants(state)
    assert GAME.legal_actions(state, B) == (SELLS[0], SELLS[1])
    assert GAME.ai_action(state, B, random.Random(0)) == SELLS[1]


def test_ai_drops_out_of_an_overpriced_auction() -> None:
    """MG-AUC-2: with a pot worth more than the prize, the AI takes the pot instead of paying on.
    MG-LOAN-1: late in the game, with two chips worth less than the point a loan costs and a
    share with little left to earn, a broke AI drops out rather than borrow. (Early in the game
    the AI may borrow to stay in while the pot grows: chips are then worth more than the loan.)"""
    state = build(3, turn=A, pot=20, chips=(5, 5, 5), revealed="M09")
    assert PAY in GAME.legal_actions(state, A)
    assert GAME.ai_action(state, A, random.Random(0)) == DROP
    deck = ("M30", "M29", "M28", CRASH)
    gone = tuple(card.id for card in CARD_LIST if card.id not in {*deck, "M13"})
    broke = build(3, turn=A, pot=1, chips=(0, 6, 6), revealed="M13", deck=deck, discard=gone)
    assert LOAN in GAME.legal_actions(broke, A)
    assert GAME.ai_action(broke, A, random.Random(0)) == DROP


def test_ai_beats_random_players_three_players() -> None:
    """The heuristic AI wins clearly more than its 1/3 share against two random players."""
    assert _ai_against_random(60, 3, 0, "test") >= 0.8


def test_ai_beats_random_players_four_players() -> None:
    """The heuristic AI wins clearly more than its 1/4 share against three random players."""
    assert _ai_against_random(40, 4, 2, "test") >= 0.8
