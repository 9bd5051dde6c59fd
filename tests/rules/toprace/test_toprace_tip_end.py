"""Top Race TIP betting, end of race and Grand Prix: TR-TIP-*, TR-END-*, TR-GP-*, examples 5, 6, 7."""

from __future__ import annotations

import random

import pytest

from rules.engine import IllegalAction
from rules.toprace import GAME
from rules.toprace.data import BET_NONE, NOT_BET, PRIZES
from rules.toprace.scoring import places
from rules.toprace.state import TopRaceState
from tests.rules.toprace.helpers import at_cell, base, car, cell, codes, drive, keys, play, race_state, resume


def _example_5() -> TopRaceState:
    return race_state(
        3,
        at={"B": (9, 2), "C": (10, 1), "D": (5, 1), "E": (5, 2), "F": (4, 1), "A": (3, 1)},
        hands=[[20, 1, 2], [3, 4], [5, 6]],
    )


def test_tr_tip_1_2_two_cars_one_card_one_round_example_5() -> None:
    """TR-TIP-1, TR-TIP-2, worked example 5: red (9,2) and white (10,1) both cross TIP 1 on card 20;
    white auto-takes the other row-15 cell; one round (TIP 1) after all six slots."""
    s = _example_5()
    s, _ = play(s, 0, "play:20")  # B6 C5 D4 E3 F2 A1
    assert s.car == car("B") and codes(s, 0) == ["end:15.1", "end:15.2"]
    s, ev = play(s, 0, "end:15.1")
    assert at_cell(s, "C") == (15, 2)  # the only end: not asked
    assert keys(ev).count("tip_crossed") == 1 and s.ask == "end"  # the round waits for the card
    while s.ask == "end":
        s, ev = play(s, 0, codes(s, 0)[0])
    assert s.ask == "bet" and s.tip_queue == (1,) and s.tips == (True, False, False)
    assert GAME.to_act(s) == {0, 1, 2}


def test_tr_tip_3_everyone_bets_secretly_on_any_car() -> None:
    """TR-TIP-3 / DP 7: all seats bet at once on any of the six cars; bets stay secret."""
    s = _example_5()
    s, _ = play(s, 0, "play:20")
    while s.ask == "end":
        s, _ = play(s, 0, codes(s, 0)[0])
    assert codes(s, 1) == ["bet:A", "bet:B", "bet:C", "bet:D", "bet:E", "bet:F"]
    s, ev = play(s, 1, "bet:D")
    public = [e for e in ev if e.to is None]
    private = [e for e in ev if e.to is not None]
    assert [e.key for e in public] == ["toprace.event.has_bet"] and "bet:D" not in str(public)
    assert private[0].to == frozenset({1}) and private[0].params["car"] == "🟩D"
    assert GAME.to_act(s) == {0, 2} and GAME.legal_actions(s, 1) == []
    with pytest.raises(IllegalAction):
        play(s, 1, "bet:A")  # already bet
    for seat in (None, 0, 2):
        v = GAME.view(s, seat)
        assert v.my_bets is None or v.my_bets[0] == NOT_BET
        assert v.has_bet == (False, True, False)
    assert GAME.view(s, 1).my_bets == (car("D"), NOT_BET, NOT_BET)
    s, _ = play(s, 0, "bet:B")
    s, ev = play(s, 2, "bet:B")
    assert "bets_closed" in keys(ev) and s.ask != "bet" and s.turn == 1


def test_tr_tip_3_no_bet_only_with_option() -> None:
    """TR-TIP-3: betting is mandatory unless allow_no_bet adds 'none'."""
    s = _example_5().model_copy(update={"allow_no_bet": True})
    s, _ = play(s, 0, "play:20")
    while s.ask == "end":
        s, _ = play(s, 0, codes(s, 0)[0])
    assert codes(s, 0)[-1] == "bet:none" and len(codes(s, 0)) == 7
    s, _ = play(s, 0, "bet:none")
    assert s.bets[0][0] == BET_NONE


def test_tr_tip_3_skipped_players_bet_too_and_betting_off_has_no_rounds() -> None:
    """TR-TIP-3: skipped players bet too. With betting off, crossing a line opens no round."""
    s = _example_5().model_copy(update={"skipped": (False, False, True), "hands": ((1, 2, 20), (3, 4), ())})
    s, _ = play(s, 0, "play:20")
    while s.ask == "end":
        s, _ = play(s, 0, codes(s, 0)[0])
    assert GAME.to_act(s) == {0, 1, 2}
    off = _example_5().model_copy(update={"betting": False})
    off, _ = play(off, 0, "play:20")
    while off.ask == "end" and off.turn == 0:
        off, _ = play(off, 0, codes(off, 0)[0])
    assert off.tips[0] and off.tip_queue == () and off.ask != "bet"


def _example_7() -> TopRaceState:
    """Worked example 7: red, green finished 1st, 2nd; white (50,x) stamp 88; light blue (50,x)
    stamp 101; dark blue (unowned) row 44; yellow broken down, reference row 47 (its partner dark
    blue, in row 44, has not passed it); the cards have run out."""
    s = race_state(
        2,
        at={"C": (50, 1), "A": (50, 3), "E": (44, 2)},
        broken={"F": (47, 2)},
        finished="BD",
        owner={"B": 0, "D": 1, "C": 0, "A": 1, "F": 0},
    )
    return s.model_copy(update={"stamp": (101, 70, 88, 80, 60, 90), "counter": 120})


def _race_over_by_cards(s: TopRaceState) -> tuple[TopRaceState, list[str]]:
    """The last card of ``s`` is done and nobody holds a card: the race ends (TR-END-2)."""
    end, events = resume(s.model_copy(update={"ask": "none", "card": 0}))
    return end, keys(events)


def test_tr_end_3_places_example_7() -> None:
    """TR-END-3, worked example 7: places 3–6 are white, light blue (same row, later stamp),
    yellow (broken down, at its reference row 47), dark blue."""
    assert places(_example_7()) == tuple(car(x) for x in "BDCAFE")


def test_tr_end_4_unowned_prize_stays_with_the_bank_example_7() -> None:
    """TR-END-4, worked example 7: owners receive their cars' prizes; the unowned dark blue's
    10,000 (6th) goes to the bank; with one race the game ends."""
    s = _example_7()
    end, events = _race_over_by_cards(s)
    # Seat 0 owns red (1st), white (3rd), yellow (5th); seat 1 green (2nd), light blue (4th).
    assert end.money[0] - s.money[0] == 200_000 + 100_000 + 30_000
    assert end.money[1] - s.money[1] == 150_000 + 60_000
    assert events.count("place") == 5 and events.count("place_bank") == 1
    res = end.results[0]
    assert res.places == tuple(car(x) for x in "BDCAFE") and res.owners[car("E")] == -1 and res.by_cards
    assert end.phase == "over" and GAME.to_act(end) == frozenset()
    assert GAME.outcome(end) is not None


def _example_6(bets: tuple[tuple[int, ...], ...], tips: tuple[bool, ...]) -> TopRaceState:
    """Worked example 6's places: red 1st, green 2nd, dark blue 3rd, white 4th, yellow, light blue."""
    s = race_state(
        2,
        at={"E": (50, 1), "C": (50, 3), "F": (47, 2), "A": (44, 1)},
        finished="BD",
        owner={"B": 1, "D": 1, "E": 1, "C": 1, "F": 1, "A": 1},
    )
    return s.model_copy(update={"stamp": (40, 70, 101, 80, 88, 60), "counter": 120, "bets": bets, "tips": tips})


def test_tr_tip_5_bets_pay_by_final_place_example_6() -> None:
    """TR-TIP-5, worked example 6: TIP 1 red (1st) +90,000, TIP 2 white (4th) −10,000, TIP 3 dark
    blue (3rd) +10,000 → net +90,000; money may go negative (seat 1 bet light blue, 6th, each time)."""
    bets = ((car("B"), car("A")), (car("C"), car("A")), (car("E"), car("A")))
    s = _example_6(bets, (True, True, True))
    assert places(s) == tuple(car(x) for x in "BDECFA")
    end, _ = _race_over_by_cards(s.model_copy(update={"money": (200_000, 0)}))
    assert end.money[0] == 200_000 + 90_000
    assert end.money[1] == 0 + sum(PRIZES) - 30_000 - 60_000 - 90_000
    assert [(b.tip, b.seat, b.place, b.payout) for b in end.results[0].bets if b.seat == 0] == [
        (1, 0, 1, 90_000),
        (2, 0, 4, -10_000),
        (3, 0, 3, 10_000),
    ]


def test_tr_end_3_tie_breaks_stamp_then_lane() -> None:
    """TR-END-3 [D]: equal rows → lower stamp first, then lower lane."""
    s = race_state(2, at={"A": (30, 3), "B": (30, 1), "C": (30, 2)})
    s = s.model_copy(update={"stamp": (5, 5, 4, 0, 0, 0)})
    assert places(s)[:3] == (car("C"), car("B"), car("A"))


def test_tr_tip_4_untriggered_round_has_no_bets() -> None:
    """TR-TIP-4: a TIP line nobody crossed has no round and pays nothing."""
    bets = ((car("B"), car("A")), (NOT_BET, NOT_BET), (NOT_BET, NOT_BET))
    end, _ = _race_over_by_cards(_example_6(bets, (True, False, False)))
    assert [b.tip for b in end.results[0].bets] == [1, 1]


def test_tr_end_1_all_cars_finished_player_is_skipped() -> None:
    """TR-END-1: after the card, a player whose cars all finished discards the hand and sits out."""
    s = race_state(
        3,
        at={"A": (54, 1), "B": (3, 1), "C": (3, 2), "E": (3, 3)},
        finished="D",
        owner={"A": 0, "D": 0, "B": 1, "C": 2, "E": 1, "F": 2},
        hands=[[1, 2, 3], [4, 5], [6, 7]],
    )
    s = s.model_copy(update={"cell": (*s.cell[:5], cell(3, 4))})
    s, ev = play(s, 0, "play:1")  # A10 finishes: seat 0 has no car left on the track
    assert s.skipped == (True, False, False) and s.hands[0] == () and sorted(s.folded) == [2, 3]
    assert "skipped" in keys(ev) and s.turn == 1
    assert GAME.view(s, None).hand_sizes == (0, 2, 2)


def test_tr_end_2_race_ends_when_sixth_car_finishes_mid_card() -> None:
    """TR-END-2: the race ends at once when the 6th car finishes, even in the middle of a card."""
    s = race_state(2, at={"A": (55, 1)}, finished="BCDEF", hands=[[31, 1], [2]])  # A6 C4 D2 F1
    s, ev = play(s, 0, "play:31")
    assert s.phase == "over" and "race_over_finish" in keys(ev)
    assert "ignored_finished" not in keys(ev)  # the rest of the card is not resolved
    assert GAME.outcome(s) is not None


def test_tr_end_2_race_ends_when_cards_run_out() -> None:
    """TR-END-2: the race ends when no player holds a card after a card is done."""
    s = race_state(2, at={"A": (5, 1), "B": (5, 2)}, hands=[[8, 1], []], betting="off")
    s, _ = play(s, 0, "play:1")
    while s.phase != "over":
        s, _ev = play(s, 0, codes(s, 0)[0])
    assert s.results[0].by_cards and s.results[0].places[0] in (car("A"), car("B"))


def test_tr_end_4_outcome_ranks_by_money_shared() -> None:
    """TR-END-4 / §7: standings by money, equal money shares a rank, score = money."""
    s = base(3).model_copy(update={"phase": "over", "ask": "none", "money": (100, 300, 100)})
    out = GAME.outcome(s)
    assert out is not None
    assert [(x.seat, x.rank, x.score) for x in out.standings] == [(1, 1, 300), (0, 2, 100), (2, 2, 100)]


def test_tr_gp_1_2_3_three_races_money_carries_over() -> None:
    """TR-GP-1, TR-GP-2, TR-GP-3: three races, money carries over, everything else resets, new deal and auction."""
    s = base(3, races="3")
    seen_race2 = False
    n = 0
    while GAME.to_act(s):
        seat = min(GAME.to_act(s))
        before = s.race
        s, _ev = GAME.apply(s, seat, GAME.legal_actions(s, seat)[0], random.Random(n))
        n += 1
        if s.race != before:
            assert s.race == before + 1 and s.phase == "auction"
            res = s.results[-1]
            assert s.owner == (-1,) * 6 and s.finish == () and s.played == () and s.stamp == (0,) * 6
            assert s.counter == 0 and s.tips == (False,) * 3 and s.skipped == (False,) * 3
            assert sorted([*s.removed, *(c for h in s.hands for c in h)]) == list(range(1, 49))
            assert s.opener == (s.race - 1) % 3 and s.offers == 1  # TR-AUC-1 for race r
            assert res.race == before
            seen_race2 = True
    assert seen_race2 and s.race == 3 and len(s.results) == 3 and s.phase == "over"
    spent = sum(p.price for r in s.results for p in r.purchases)
    won = sum(r.prizes[c] for r in s.results for c in range(6) if r.owners[c] >= 0)
    bet = sum(b.payout for r in s.results for b in r.bets)
    assert sum(s.money) == 600_000 - spent + won + bet


def test_drive_helper_ends_games() -> None:
    """Every option combination plays to the end with the first legal action."""
    for players in (2, 5):
        s = drive(base(players, betting="off"))
        assert s.phase == "over"
