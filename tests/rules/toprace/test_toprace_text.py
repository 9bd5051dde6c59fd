"""What Top Race players read: the deal told at setup, who really bids first, why a move is
refused, the track map and its legend, one name per car and per cell, ties, the Grand Prix table."""

from __future__ import annotations

import random
import re

import pytest

from bot.i18n import Text
from rules.engine import IllegalAction
from rules.toprace import GAME
from rules.toprace.data import CAR_LETTERS
from rules.toprace.state import TopRaceState
from tests.rules.toprace.helpers import auction_reveal, base, car, codes, keys, play, race_state, resume
from tests.test_contract import code_lines

NAMES = ["ana", "ben", "cy", "dee", "eve", "fay"]


def board(state: TopRaceState, locale: str = "en") -> str:
    """The public board of ``state``."""
    return GAME.presentation.render_board(GAME.view(state, None), Text(locale, NAMES[: state.players]))


def told(events: list[object], locale: str = "en") -> list[str]:
    """The events as a player reads them."""
    tr = Text(locale, NAMES)
    return [tr.msg(e) for e in events]  # type: ignore[arg-type]


def refused(state: TopRaceState, seat: int, code: str) -> str:
    """The English reason ``apply`` gives for refusing ``code``."""
    with pytest.raises(IllegalAction) as err:
        play(state, seat, code)
    return Text("en", NAMES).msg(err.value.msg)


def test_tr_setup_2_the_deal_is_told_at_setup() -> None:
    """TR-SETUP-2: race 1 says what races 2 and 3 say: the deal, the cards set aside at 5 players
    (to everyone), each hand (to its seat alone), then the first offer."""
    state, events = GAME.setup(5, GAME.check_options(5, {}), random.Random(3))
    assert keys(events)[:2] == ["dealt", "removed"] and keys(events)[-1] == "offer"
    hands = [e for e in events if e.key == "toprace.event.hand"]
    assert [sorted(e.to or ()) for e in hands] == [[seat] for seat in range(5)]
    text = told(events)
    assert text[:2] == ["The movement cards are dealt: 9 cards each.", "3 cards are set aside unseen."]
    assert "You receive 9 movement cards." in text
    assert keys(GAME.setup(4, GAME.check_options(4, {"races": "3"}), random.Random(3))[1])[:2] == [
        "dealt_gp",
        "hand",
    ]
    assert state.hands[0] and told(events, "fr")[1] == "3 cartes sont mises de côté sans être vues."


def test_tr_auc_1_2_the_offer_names_who_really_bids_first() -> None:
    """TR-AUC-1/2: offer 5 opens at seat 0, who may not bid (TR-AUC-2): the offer names seat 2,
    the first eligible seat clockwise, and the board asks seat 2."""
    state, events = auction_reveal(4, {"A": 0, "B": 0, "C": 1, "D": 1}, "EF", offers=4)
    assert state.opener == 0 and state.turn == 2
    offer = next(e for e in events if e.key == "toprace.event.offer")
    assert offer.seats == {"seat": 2}
    assert told([offer]) == ["Up for auction: 🟦E (2 driver cards left). cy bids first."]
    assert "▶ cy bids or passes." in board(state) and "Out of this auction: ana, ben." in board(state)


def test_tr_auc_4_5_forced_offers_name_no_bidder() -> None:
    """TR-AUC-4: the last card goes to a carless player with no auction; TR-AUC-5: a second offer
    says so."""
    _, events = auction_reveal(4, {"A": 0, "B": 0, "C": 1, "D": 1, "E": 2}, "F", offers=5)
    assert keys(events)[:2] == ["offer_last", "forced_last"]
    _, events = auction_reveal(3, {"A": 0, "B": 0, "C": 1}, "DF", offers=5, offered="D")
    assert told(events)[0] == "Up for auction again, a second time: 🟩D. cy bids first."


def test_tr_auc_3_refusals_say_why() -> None:
    """TR-AUC-3 / DP 1: a refused bid says which rule it breaks (step, minimum, money, two steps)."""
    s = base(2)
    assert refused(s, 0, "bid:15000") == "Bids go up in $10,000 steps."
    assert refused(s, 0, "bid:0") == "Bid at least $10,000."
    assert refused(s, 0, "bid:210000") == "You cannot bid more than your money ($200,000)."
    assert refused(s, 0, "block:1") == "There is no range of amounts to pick now: bid an amount."
    assert refused(s, 0, "play:1") == "That move does not fit this step: the auction is on, bid or pass."
    s, _ = play(s, 0, "bid:50000")
    assert refused(s, 1, "bid:40000") == "Bid at least $60,000."
    rich = base(2).model_copy(update={"money": (500_000, 500_000)})
    assert refused(rich, 0, "bid:100000") == "Too many amounts for one list: pick a range of amounts first, or pass."
    assert refused(rich, 0, "block:9") == "There is no range number 9 of amounts."
    picked, _ = play(rich, 0, "block:2")
    assert refused(picked, 0, "bid:100000") == "Choose an amount in the range you picked: $250,000 to $480,000."
    assert refused(picked, 0, "pass") == "That move does not fit this step: choose the amount of your bid."


def test_tr_auc_7_grid_refusals_say_why() -> None:
    """TR-AUC-7 / DP 2: a car starts on a free arrow."""
    s = base(2)
    s, _ = play(s, 0, "bid:10000")
    s, _ = play(s, 1, "pass")
    assert refused(s, 0, "grid:-1.1") == "Cars start on the arrows of the starting grid only."
    s2, _ = play(s, 0, "grid:0.1")
    while s2.ask != "grid":
        s2, _ = play(s2, s2.turn, "bid:10000" if s2.high == 0 else "pass")
    assert refused(s2, s2.turn, "grid:0.1") == "That arrow is taken: choose a free one."


def test_tr_move_refusals_say_why() -> None:
    """TR-MOVE-1/4, TR-JOKER-1, TR-TIP-3: a card not in hand, a cell the move cannot reach, a car
    printed on the card, 'no bet' without the option, a second bet."""
    s = race_state(2, at={"A": (1, 1), "E": (1, 3), "B": (3, 2), "C": (3, 1), "D": (3, 3)}, hands=[[37, 1], [2]])
    assert refused(s, 0, "play:2") == "You do not hold card #2."
    assert refused(s, 0, "play:J5") == "You hold no J5 card."
    assert refused(s, 0, "end:9.1") == "That move does not fit this step: play one of your cards."
    s, _ = play(s, 0, "play:37")  # A6 E4 J2 B1
    assert refused(s, 0, "end:30.1") == "The car cannot stop at row 30, lane 1 with this move."
    assert refused(s, 0, "end:F") == "The car cannot reach the finish line with this move."
    while s.ask == "end":
        s, _ = play(s, 0, codes(s, 0)[0])
    assert refused(s, 0, "joker:A") == "The joker moves a car that is not printed on the card."
    tip = race_state(2, at={"B": (9, 2)}, hands=[[8, 1], [2, 3]])
    tip, _ = play(tip, 0, "play:8")
    if tip.ask == "end":
        tip, _ = play(tip, 0, codes(tip, 0)[0])
    assert tip.ask == "bet"
    assert refused(tip, 0, "bet:none") == "Every player must bet on a car at this table."
    tip, _ = play(tip, 0, "bet:B")
    assert refused(tip, 0, "bet:C") == "You have already bet at this TIP line; the others are still betting."


def _map(state: TopRaceState) -> list[str]:
    return code_lines(board(state))


def test_map_shows_the_stretch_with_the_cars_finish_at_the_top() -> None:
    """The map is a code block no wider than a phone: the rows from just behind the last car to a
    few rows ahead of the first, finish at the top, long empty stretches folded into '⋮'."""
    s = race_state(2, at={"A": (30, 2), "B": (10, 1)}, finished="CDEF", hands=[[1, 2], [3]])
    lines = _map(s)
    assert max(len(line) for line in lines) <= 40
    assert lines[0] == " 33  · · ·" and lines[-1] == "  9  · · ·"
    assert " 30  · A ·" in lines and " 10  B · ·" in lines
    assert "    -- TIP 2 --" in lines and "    -- TIP 1 --" in lines and "    ⋮" in lines
    assert lines.index("    -- TIP 2 --") < lines.index("    -- TIP 1 --")  # the race runs upward
    assert "Finish at the top · `A`–`F` cars · `a`–`f`" in board(s)
    near_start = _map(race_state(2, at={"A": (2, 1), "B": (-2, 1)}, finished="CDEF"))
    assert "    -- START --" in near_start and near_start[-1].startswith(" -2 ")
    home = _map(race_state(2, at={"A": (54, 2)}, finished="B"))
    assert home[0] == "    == FINISH ==" and home[1] == " 55 · · · ·"


def test_map_marks_broken_down_cars_in_lower_case() -> None:
    """TR-PAIR-3: a broken-down car shows in lower case at its reference cell, or beside its row
    when another car stands on that cell."""
    s = race_state(2, at={"B": (14, 1)}, broken={"A": (20, 2)})
    assert " 20  · a ·" in _map(s)
    covered = race_state(2, at={"B": (20, 2)}, broken={"A": (20, 2)})
    assert " 20  · B ·  a" in _map(covered)
    assert "🩵A light blue · ana · 🔧 broken down, waits at row 20, lane 2" in board(covered)


def test_one_name_per_car_and_per_cell() -> None:
    """A car is its token ('🟥B') in events, labels, hands and the car list, whose letter the map
    shows; a cell is 'row R, lane L' (the grid included) everywhere."""
    s = race_state(2, at={"B": (14, 1), "F": (16, 1)}, hands=[[8, 1], [2]])
    s, events = play(s, 0, "play:8")
    tr = Text("en", NAMES)
    assert [tr.msg(GAME.presentation.action_label(s, 0, a)) for a in GAME.legal_actions(s, 0)] == [
        "Row 15, lane 1",
        "Row 15, lane 2",
    ]
    s, events = play(s, 0, "end:15.2")
    assert "🟥B is stuck in traffic at row 15, lane 2 and loses 4 points." in told(events)
    text = board(s)
    assert "🟥B red · ben · row 15, lane 2" in text and " 15   · B" in code_lines(text)
    grid = race_state(2)
    assert "⬜C white · ana · row -2, lane 3" in board(grid)
    private = GAME.presentation.render_private(GAME.view(race_state(2, hands=[[37, 46], []]), 0), tr)
    assert "`#37` 🩵A6 🟦E4 ⬛J2 🟥B1" in private and "`#46` 🩵A↔🟥B turbo/breakdown" in private
    assert "`J`: the joker" in private


def test_money_is_formatted_by_the_catalogue() -> None:
    """Amounts travel as numbers; each language writes them its own way."""
    s = base(2)
    s, events = play(s, 0, "bid:20000")
    bid = next(e for e in events if e.key == "toprace.event.bid")
    assert bid.params == {"amount": 20_000}
    assert told([bid]) == ["ana bids $20,000."]
    assert told([bid], "fr") == ["ana mise 20\u202f000\u00a0$."]
    assert "• **ana** · $200,000 · 24 cards" in board(s)


def test_tr_end_3_ties_name_their_tie_break() -> None:
    """TR-END-3: two unfinished cars in one row: the events say which got there first, or, both
    unmoved since the start, which is further left."""
    s = race_state(
        2, at={"A": (30, 3), "B": (30, 1), "C": (-2, 2), "D": (-2, 4), "E": (5, 1), "F": (6, 1)}, betting="off"
    )
    s = s.model_copy(update={"stamp": (4, 7, 0, 0, 1, 2), "ask": "none", "hands": ((), ())})
    end, events = resume(s)
    text = told(events)
    assert "🩵A and 🟥B are both in row 30: 🩵A got there first, so it places ahead." in text
    assert (
        "⬜C and 🟩D are both in row -2 since the start: ⬜C is in the lane further left, so it places ahead." in text
    )
    assert end.results[0].places == tuple(car(x) for x in "ABFECD")


def test_tr_end_4_equal_money_shares_the_win() -> None:
    """TR-END-4 / §7 [D]: equal money shares a rank; the standings and the last event say so."""
    s = race_state(2, at={"A": (30, 3)}, betting="off", owner={})
    s = s.model_copy(update={"ask": "none", "hands": ((), ()), "money": (300_000, 300_000)})
    end, events = resume(s)
    assert [e.key for e in events if "winner" in e.key] == ["toprace.event.winner_shared"] * 2
    assert told(events)[-1] == "Game over: ben shares the win with $300,000 (equal money, equal place)."
    assert "🏁 **Final standings** (equal money shares a place)" in board(end)
    outcome = GAME.outcome(end)
    assert outcome is not None and outcome.tiebreaks == () and outcome.winners() == {0, 1}


def test_grand_prix_table_sums_up_each_race() -> None:
    """§7 for a Grand Prix: per player and race, cars with their places, prize, price paid and
    bets, in thousands, in a code block of at most 40 columns with its legend outside."""
    s = GAME.start(3, {"races": "3"}, 4)
    while GAME.to_act(s):
        seat = min(GAME.to_act(s))
        s, _ = GAME.apply(s, seat, GAME.ai_action(s, seat, random.Random(1)), random.Random(2))
    text = board(s)
    table = code_lines(text)
    assert table[0].split() == ["cars", "prize", "paid", "bets"] and max(len(line) for line in table) <= 40
    assert [line for line in table if not line.startswith(" ")] == NAMES[:3]
    for seat in range(3):
        rows = table[table.index(NAMES[seat]) + 1 : table.index(NAMES[seat]) + 4]
        for race, row in zip((1, 2, 3), rows, strict=True):
            res = s.results[race - 1]
            mine = [c for c in res.places if res.owners[c] == seat]
            paid = sum(p.price for p in res.purchases if p.seat == seat) // 1000
            assert row.startswith(
                f" {'R' + str(race):<4}" + " ".join(f"{CAR_LETTERS[c]}{res.places.index(c) + 1}" for c in mine)
            )
            assert re.search(rf"[−]{paid}\b" if paid else r" 0\b", row), row
    assert "Amounts in thousands of dollars. A2: car A finished 2nd. 🩵A 🟥B ⬜C 🟩D 🟦E 🟨F" in text
