"""The Top Race AI's levels (Game.levels): each plays whole games at every player count, easy makes
the newcomer's mistakes it says it makes, strong searches a bounded number of replies, and the
judgement (rules/toprace/estimate.py) reads only the seat's own view."""

from __future__ import annotations

import random

import pytest

from rules.engine import AI_LEVELS, rng_for
from rules.toprace import GAME, ai, estimate, orders, search
from rules.toprace.data import BID_STEP, NOT_BET, START_MONEY, TIP_PAYOUT
from rules.toprace.state import TopRaceState
from tests.rules.toprace.helpers import auction_state, base, car, mid_race, race_state
from tests.support.strength import play_levels


def test_every_level_is_declared() -> None:
    """Game.levels holds easy and strong; Game.ai is the normal level."""
    assert set(GAME.levels) == set(AI_LEVELS) - {"normal"}
    assert GAME.ai is ai.ai_action


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_easy_and_normal_play_whole_games(level: str, players: int) -> None:
    """A table of AIs at one level plays to the end (a Grand Prix at 3 players), legal at every move."""
    options = {"races": "3"} if players == 3 else {}
    seed = f"{level}{players}"
    state = GAME.start(players, options, seed)
    state, _ = play_levels(GAME, state, seed, dict.fromkeys(range(players), level))
    assert GAME.outcome(state) is not None and len(state.results) == int(options.get("races", "1"))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_strong_plays_a_whole_game(players: int) -> None:
    """One strong seat among easy ones plays a game to the end at every player count (one game
    each: the strong AI searches)."""
    state = GAME.start(players, {}, players)
    levels = {seat: "strong" if seat == 0 else "easy" for seat in range(players)}
    state, moves = play_levels(GAME, state, players, levels)
    assert GAME.outcome(state) is not None and moves[0] > 5


def test_levels_are_deterministic_for_a_given_random_source() -> None:
    """Each level answers the same state and random source the same way (a replayed table's AI
    plays as it did; the strong search is bounded by counts, never by time)."""
    state = mid_race(4, 5, 6)
    for level in AI_LEVELS:
        first = GAME.ai_action(state, state.turn, rng_for("x", 1), level)
        assert GAME.ai_action(state, state.turn, rng_for("x", 1), level) == first


# -- easy: a newcomer's mistakes -------------------------------------------------------------------


def test_easy_pays_a_flat_keen_price_for_any_car() -> None:
    """easy: up to 120,000 for its first car and 90,000 for a second, whatever its hand holds."""
    s = base(3)
    assert ai.easy_limit(s, 0) == ai.EASY_FIRST_CAR == 120_000
    owning = s.model_copy(update={"owner": (0, -1, -1, -1, -1, -1)})
    assert ai.easy_limit(owning, 0) == ai.EASY_SECOND_CAR == 90_000
    poor = s.model_copy(update={"money": (55_000, START_MONEY, START_MONEY)})
    assert ai.easy_limit(poor, 0) == 50_000
    order = ai.easy_plan(s, 0, random.Random(0))
    assert order is not None and order["max_bid"] == "120000"


def test_easy_bets_on_its_own_car_even_a_hopeless_one() -> None:
    """easy, at a TIP round: its own best-placed car, even far behind the leader."""
    s = race_state(2, at={"A": (5, 1), "B": (30, 1)}, owner={"A": 0, "B": 1}, hands=[[1], [2]])
    s = s.model_copy(update={"ask": "bet", "tip_queue": (2,), "tips": (True, True, False)})
    assert GAME.ai_action(s, 0, random.Random(0), "easy").n == 0
    assert GAME.ai_action(s, 0, random.Random(0), "normal").n != 0


def test_easy_takes_turbo_and_lets_rivals_run() -> None:
    """easy: turbo whenever a pair card offers it, even for a rival's car; a rival's car stops at
    the first (furthest) cell offered."""
    s = race_state(2, at={"A": (20, 1), "B": (10, 1)}, owner={"A": 1, "B": 1, "C": 0}, hands=[[46, 1], [2]])
    s, _ = GAME.apply(s, 0, GAME.parse_action("play:46"), random.Random(0))
    assert s.ask == "mode"  # A, the rival's, in front; B, the rival's too, behind
    assert GAME.ai_action(s, 0, random.Random(0), "easy").kind == "turbo"
    assert GAME.ai_action(s, 0, random.Random(0), "normal").kind == "panne"
    t = race_state(2, at={"A": (5, 1), "B": (8, 2)}, owner={"A": 0, "B": 1}, hands=[[8, 1], [3]])
    t, _ = GAME.apply(t, 0, GAME.parse_action("play:8"), random.Random(0))  # B5: B is the rival's
    assert t.ask == "end" and t.car == 1
    assert GAME.ai_action(t, 0, random.Random(0), "easy") == GAME.legal_actions(t, 0)[0]


# -- strong: a bounded search ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5])
def test_strong_replies_are_the_next_seats_cards(players: int) -> None:
    """search.replies plays the next seats' cards (two at most), stopping at the searching seat's
    own next card: a bounded search."""
    state = mid_race(players, 8, players)
    seat = state.turn
    sample = estimate.determinize(state, seat, random.Random(1))
    card = GAME.legal_actions(sample, seat)[0]
    after = ai.finish_card(GAME.apply(sample, seat, card, random.Random(0))[0], seat)
    answered = search.replies(after, seat)
    assert answered.phase == "race" and answered.ask == "play"
    assert len(answered.played) == len(after.played) + min(search.REPLY_CARDS, players - 1)
    assert answered.turn == seat if players <= search.REPLY_CARDS + 1 else answered.turn != seat


# -- the judgement reads only the seat's view ------------------------------------------------------


def test_determinize_keeps_what_the_seat_sees_and_deals_the_rest() -> None:
    """determinize: the seat's hand, the board and every hand's size stay; the other hands, the
    cards set aside and other seats' bets are redrawn from what the seat has not seen."""
    state = mid_race(5, 3, 10, tipped=True)
    seat = state.turn
    sample = estimate.determinize(state, seat, random.Random(4))
    assert sample.hands[seat] == state.hands[seat]
    assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
    assert (sample.cell, sample.owner, sample.played, sample.money) == (
        state.cell,
        state.owner,
        state.played,
        state.money,
    )
    cards = sorted(c for h in sample.hands for c in h) + sorted(sample.removed + sample.folded)
    assert sorted(cards + list(sample.played)) == list(range(1, 49))
    assert sample.hands != state.hands
    for tip in range(3):
        for s in range(5):
            if s != seat:
                assert (sample.bets[tip][s] == NOT_BET) == (state.bets[tip][s] == NOT_BET)


def test_estimates_read_only_the_seats_view() -> None:
    """place_chances and win_chance are the same whatever the other seats hold or bet."""
    state = race_state(
        3,
        at={"A": (20, 1), "B": (14, 2), "C": (30, 2), "D": (3, 1), "E": (9, 2), "F": (0, 1)},
        hands=[[1, 2, 3, 37], [4, 5, 6, 13], [7, 8, 9, 46]],
    )
    state = state.model_copy(update={"bets": ((0, 2, 4), (NOT_BET,) * 3, (NOT_BET,) * 3), "tips": (True, False, False)})
    other: TopRaceState = state.model_copy(
        update={"hands": (state.hands[0], state.hands[2], state.hands[1]), "bets": ((0, 5, 5), *state.bets[1:])}
    )
    assert estimate.place_chances(other, 0) == estimate.place_chances(state, 0)
    assert estimate.win_chance(other, 0) == estimate.win_chance(state, 0)
    chances = estimate.place_chances(state, 0)
    assert all(sum(row) == pytest.approx(1) for row in chances)
    assert chances[2][0] > chances[3][0]  # the car in row 30 wins more often than the one in row 3


# -- normal: one car at four players, the rivals' bets guessed -------------------------------------


def test_tr_auc_2_normal_buys_one_car_only_at_four_players() -> None:
    """normal, four players (two seats may own a second car, TR-AUC-2): its limit for a first car
    is the car's value less ``ONE_CAR_MARGIN``; once it owns a car it bids on no other."""
    first = auction_state(4, {"A": 1}, "BCDEF", 1)
    value = ai.car_value(first, 0, car("B"))
    assert ai.bid_limit(first, 0) == int((value - ai.ONE_CAR_MARGIN) // BID_STEP) * BID_STEP > 0
    owning = auction_state(4, {"A": 0}, "BCDEF", 1)
    assert ai.bid_limit(owning, 0) == 0
    order = ai.plan(owning, 0, random.Random(0))
    assert order is not None and order["max_bid"] == orders.PASS_VALUE


@pytest.mark.parametrize("players", [5, 6])
def test_tr_auc_2_normal_bids_on_its_best_unsold_car_at_five_and_six_players(players: int) -> None:
    """normal, five or six players (one seat at most owns two cars, none at six, TR-AUC-2; a seat
    that lets the cars go still gets one, TR-AUC-4/5): it bids on the unsold car its hand holds
    most points for, up to ``best_unsold`` less ``MARGIN``, and passes on the others; once that
    car is sold, on the next best."""

    def holding(state: TopRaceState) -> TopRaceState:
        # B10, B5, then B6 C5 D4 E3 F2 A1 and B6 D4 E2 A1: B first (27 points), then D (8).
        return state.model_copy(update={"hands": ((2, 8, 20, 32), *state.hands[1:])})

    offer_b = holding(auction_state(players, {"A": 1}, "BCDEF", 1))
    value = ai.best_unsold(offer_b, 0, car("B"))
    assert value is not None
    assert ai.bid_limit(offer_b, 0) == int((value - ai.MARGIN) // BID_STEP) * BID_STEP > ai.CAR_VALUE
    offer_c = holding(auction_state(players, {"A": 1}, "CBDEF", 1))
    assert ai.best_unsold(offer_c, 0, car("C")) is None
    assert ai.bid_limit(offer_c, 0) == 0
    b_sold = holding(auction_state(players, {"A": 1, "B": 2}, "DCEF", 1))
    assert ai.bid_limit(b_sold, 0) > 0
    assert ai.bid_limit(holding(auction_state(players, {"A": 1, "B": 2}, "CDEF", 1)), 0) == 0


def test_tr_tip_3_guessed_rival_bets_pay_the_rivals() -> None:
    """win_chance with the rivals guessed to back the leading car (the car a bet pays best on,
    ``ai.favourite``): worse for the seat, which does not back it, than with no bets guessed."""
    state = race_state(
        3,
        at={"A": (40, 1), "B": (14, 2), "C": (30, 2), "D": (3, 1), "E": (9, 2), "F": (0, 1)},
        hands=[[1, 2, 3, 37], [4, 5, 6, 13], [7, 8, 9, 46]],
        owner={"B": 0, "C": 1, "D": 2},
    )
    backing = [(1, 0, car("A")), (2, 0, car("A"))]
    assert estimate.win_chance(state, 0, guessed=backing) < estimate.win_chance(state, 0)
    betting = state.model_copy(update={"ask": "bet", "tip_queue": (1,), "tips": (True, False, False)})
    chances = estimate.place_chances(betting, 0)
    assert ai.favourite(chances, TIP_PAYOUT[0]) == car("A")


def test_tr_tip_3_normal_never_bets_on_the_car_in_last_place() -> None:
    """normal at a TIP round (TR-TIP-3): never a bet on the car in last place (TR-END-3), even its
    own car, whose win would otherwise make the bet worth its risk."""
    state = race_state(
        6,
        at={"A": (14, 1), "B": (9, 2), "C": (8, 2), "D": (7, 1), "E": (6, 2), "F": (1, 1)},
        hands=[[6, 12, 24, 36], [1, 2, 3], [4, 5, 7], [8, 9, 10], [11, 13, 14], [15, 16, 17]],
        owner={"A": 1, "B": 2, "C": 3, "D": 4, "E": 5, "F": 0},
    )
    betting = state.model_copy(update={"ask": "bet", "tip_queue": (1,), "tips": (True, False, False)})
    opts = list(GAME.legal_actions(betting, 0))
    assert car("F") in [a.n for a in opts]
    assert ai.bet(betting, 0, opts).n != car("F")
