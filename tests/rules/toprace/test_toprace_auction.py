"""Top Race setup and auction: TR-SETUP-*, TR-AUC-*, DP 1 and DP 2, worked examples 8 and 9."""

from __future__ import annotations

import pytest

from rules.engine import IllegalAction
from rules.toprace import GAME
from rules.toprace.actions import parse_action
from rules.toprace.data import ARROWS, CELLS, NCARS, OFF
from tests.rules.toprace.helpers import auction_state, base, car, cell, codes, keys, play


@pytest.mark.parametrize(("players", "each", "removed"), [(2, 24, 0), (3, 16, 0), (4, 12, 0), (5, 9, 3), (6, 8, 0)])
def test_tr_setup_1_2_money_and_deal(players: int, each: int, removed: int) -> None:
    """TR-SETUP-1: 200,000 each. TR-SETUP-2: 48 mod n removed unseen, the rest dealt evenly before the auction."""
    s = base(players)
    assert s.money == (200_000,) * players
    assert [len(h) for h in s.hands] == [each] * players
    assert len(s.removed) == removed
    assert [*sorted(c for h in s.hands for c in h)] == sorted(set(range(1, 49)) - set(s.removed))
    assert s.phase == "auction" and s.ask == "bid"
    for seat in range(players):
        assert GAME.view(s, seat).hand == s.hands[seat]
    public = GAME.view(s, None)
    assert public.hand is None and "removed" not in type(public).model_fields


def test_tr_setup_3_driver_pile_is_shuffled_and_hidden() -> None:
    """TR-SETUP-3: the six driver cards are shuffled face down; views show only the revealed one."""
    piles = {GAME.start(3, {}, seed).drivers for seed in range(20)}
    assert len(piles) > 5 and all(sorted(p) == list(range(NCARS)) for p in piles)
    s = base(3)
    v = GAME.view(s, 0)
    assert v.revealed == s.drivers[0] and v.drivers_left == 6
    assert "drivers" not in type(v).model_fields


def test_tr_auc_1_offer_opening_seat_counts_reoffers() -> None:
    """TR-AUC-1: offer i of race r opens at seat (r−1 + i−1) mod n, re-offers counted."""
    s = base(3)
    assert (s.offers, s.opener, s.turn) == (1, 0, 0)
    for seat in (0, 1, 2):
        s, ev = play(s, seat, "pass")
    assert "no_sale" in keys(ev)
    assert (s.offers, s.opener, s.turn) == (2, 1, 1)
    s2 = auction_state(3, {}, "ABCDEF", offers=0, race=2)
    assert (s2.offers, s2.opener, s2.turn) == (1, 1, 1)


def test_tr_auc_2_owner_needs_more_cars_left_than_carless_players() -> None:
    """TR-AUC-2: an owner may bid only if cars_left > carless players, and under 2 cars (< 6 players)."""
    # 3 players: seat 0 owns 2, seat 1 owns 1, seat 2 none; 3 cars left > 1 carless.
    s = auction_state(3, {"A": 0, "B": 0, "C": 1}, "DEF", offers=3)
    assert s.passed == (True, False, False)  # seat 0 is at the 2-car cap
    # 4 players, example 8: 2 cars left, 2 carless → owners may not bid.
    s = auction_state(4, {"A": 0, "B": 0, "C": 1, "D": 1}, "EF", offers=4)
    assert s.passed == (True, True, False, False)
    assert s.turn == 2 and GAME.to_act(s) == {2}


def test_tr_auc_2_six_players_own_one_car_each() -> None:
    """TR-AUC-2: at 6 players nobody may own a second car."""
    s = auction_state(6, {"A": 0}, "BCDEF", offers=1)
    assert s.passed[0]


def test_tr_auc_3_turn_order_bids_and_final_passes() -> None:
    """TR-AUC-3: clockwise from the opener, raise or pass for good; the last one left pays."""
    s = base(3)
    revealed = s.drivers[0]
    s, ev = play(s, 0, "bid:10000")
    assert GAME.to_act(s) == {1}
    assert codes(s, 1)[:3] == ["pass", "bid:20000", "bid:30000"]
    s, _ = play(s, 1, "bid:20000")
    s, _ = play(s, 2, "pass")
    assert GAME.to_act(s) == {0}  # the passed seat is skipped, the high bidder is not asked
    s, ev = play(s, 0, "pass")
    assert "sold" in keys(ev)
    assert s.owner[revealed] == 1 and s.money == (200_000, 180_000, 200_000)
    assert s.ask == "grid" and GAME.to_act(s) == {1}
    with pytest.raises(IllegalAction):
        play(s, 0, "grid:0.1")


def test_tr_auc_3_bid_must_raise_and_fit_money() -> None:
    """TR-AUC-3 / DP 1: bids are multiples of 10,000 above the high bid and at most own money."""
    s = base(2)
    s, _ = play(s, 0, "bid:190000")
    assert codes(s, 1) == ["pass", "bid:200000"]
    for bad in ("bid:190000", "bid:210000", "bid:195000"):
        with pytest.raises(IllegalAction):
            play(s, 1, bad)


def test_dp_1_two_step_bid_when_more_than_24_amounts() -> None:
    """DP 1 [D]: with more than 24 legal amounts the bid is a block, then an amount (≤ 25 choices)."""
    s = base(2).model_copy(update={"money": (500_000, 500_000)})
    assert codes(s, 0) == ["pass", "block:1", "block:2", "block:3"]
    s1, ev = play(s, 0, "block:2")
    assert ev == [] or all(e.to is None for e in ev)
    assert s1.ask == "amount" and codes(s1, 0) == [f"bid:{250_000 + 10_000 * i}" for i in range(24)]
    s2, _ = play(s, 0, "block:3")
    assert codes(s2, 0) == ["bid:490000", "bid:500000"]
    # A block holding a single amount is not asked: that bid is made at once.
    s = base(2).model_copy(update={"money": (490_000, 600_000)})
    s3, ev = play(s, 0, "block:3")
    assert s3.high == 490_000 and s3.high_bidder == 0 and "bid" in keys(ev)


def test_dp_1_auto_pass_without_a_legal_bid() -> None:
    """DP 1: a seat that cannot bid is passed automatically (a final pass)."""
    s = auction_state(3, {}, "ABCDEF", offers=0, money=(200_000, 5_000, 200_000))
    s, ev = play(s, 0, "bid:10000")
    assert "auto_pass" in keys(ev) and GAME.to_act(s) == {2}


def test_tr_auc_4_last_card_forced_purchase_example_8() -> None:
    """TR-AUC-4, worked example 8: P3 buys, then P4 must pay 30,000 for the last car and starts."""
    s = auction_state(4, {"A": 0, "B": 0, "C": 1, "D": 1}, "EF", offers=4)
    s, _ = play(s, 2, "bid:10000")
    s, ev = play(s, 3, "pass")
    assert s.owner[car("E")] == 2 and s.money[2] == 190_000
    assert s.ask == "grid" and len(codes(s, 2)) == 2
    s, ev = play(s, 2, codes(s, 2)[0])
    assert "forced_last" in keys(ev) and "placed_auto" in keys(ev)
    assert s.owner[car("F")] == 3 and s.money[3] == 170_000
    assert s.phase == "race" and s.start == 3 and GAME.to_act(s) == {3}  # TR-AUC-8


def test_tr_auc_5_second_offer_goes_to_first_carless_example_9() -> None:
    """TR-AUC-5, worked example 9: green re-offered, everyone passes → P3 (carless) pays 10,000."""
    s = auction_state(3, {"A": 0, "B": 0, "C": 1}, "DF", offers=5, offered="D")
    assert s.opener == 2 and s.passed == (True, False, False)
    s, _ = play(s, 2, "pass")
    s, ev = play(s, 1, "pass")
    assert "forced_second" in keys(ev)
    assert s.owner[car("D")] == 2 and s.money[2] == 190_000 and s.ask == "grid" and s.turn == 2


def test_tr_auc_5_7_second_offer_unowned_to_rearmost_arrow() -> None:
    """TR-AUC-5/7: with no carless player, a twice-unsold car races unowned from the rearmost free arrow."""
    at = {"A": (0, 1), "B": (0, 3), "C": (-1, 2), "E": (-1, 4)}
    s = auction_state(3, {"A": 0, "B": 0, "C": 1, "E": 2}, "DF", offers=5, offered="D", at=at)
    s, _ = play(s, 2, "pass")
    s, ev = play(s, 1, "pass")
    assert "unowned" in keys(ev)
    assert s.owner[car("D")] == -1 and CELLS[s.cell[car("D")]] == (-2, 1)
    # F is offered next; after it is sold, the buyer of the last car sold starts (TR-AUC-8).
    s, _ = play(s, s.turn, "bid:10000")
    s, _ = play(s, s.turn, "pass")
    buyer = s.owner[car("F")]
    assert s.phase == "race" and s.start == buyer  # the last free arrow was auto-filled


def test_tr_auc_5_first_offer_goes_under_the_pile() -> None:
    """TR-AUC-5: no bid on a first offer puts the card under the pile."""
    s = base(2)
    first = s.drivers[0]
    s, _ = play(s, 0, "pass")
    s, ev = play(s, 1, "pass")
    assert s.drivers[-1] == first and s.offered == (first,) and "no_sale" in keys(ev)


def test_tr_auc_6_forced_purchase_into_debt() -> None:
    """TR-AUC-6: forced purchases are paid in full even if money goes negative."""
    s = auction_state(4, {"A": 0, "B": 0, "C": 1, "D": 1, "E": 2}, "F", offers=5, money=(0, 0, 0, 20_000))
    assert s.money[3] == -10_000 and s.owner[car("F")] == 3


def test_tr_auc_7_buyer_places_on_a_free_arrow() -> None:
    """TR-AUC-7 / DP 2: the buyer picks any free arrow; taken arrows are not offered."""
    s = base(2)
    revealed = s.drivers[0]
    s, _ = play(s, 0, "bid:10000")
    s, _ = play(s, 1, "pass")
    assert codes(s, 0) == ["grid:0.1", "grid:0.3", "grid:-1.2", "grid:-1.4", "grid:-2.1", "grid:-2.3"]
    s, _ = play(s, 0, "grid:-1.4")
    assert s.cell[revealed] == cell(-1, 4)
    while s.ask != "grid":
        s, _ = play(s, s.turn, "bid:10000" if s.high == 0 else "pass")
    assert "grid:-1.4" not in codes(s, s.turn) and len(codes(s, s.turn)) == 5


def test_tr_auc_8_whole_auction_then_race() -> None:
    """TR-AUC-8: the auction ends when all six cars are placed; the last buyer starts the race."""
    s = base(3)
    last_buyer = -1
    while s.phase == "auction":
        seat = s.turn
        if s.ask == "bid":
            action = "bid:10000" if s.high == 0 else "pass"
            s, ev = play(s, seat, action)
            if "sold" in keys(ev) or "forced_last" in keys(ev):
                last_buyer = next(e.seats["seat"] for e in ev if e.key.endswith(("sold", "forced_last")))
        else:
            s, _ = play(s, seat, codes(s, seat)[0])
    assert all(c != OFF for c in s.cell) and set(s.cell) == set(ARROWS)
    assert s.start == last_buyer == s.turn and s.ask == "play"
    owned = [sum(1 for o in s.owner if o == seat) for seat in range(3)]
    assert min(owned) >= 1


def test_dp_2_grid_code_round_trip() -> None:
    """Grid and bid codes parse back to the same actions."""
    for code in ("grid:-2.3", "bid:120000", "block:3", "pass"):
        assert GAME.action_code(parse_action(code)) == code
