"""Mogul rules: one or more tests per rule ID of rules/mogul.md, and every worked example of §8."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from bot.i18n import Text
from rules.engine import IllegalAction, MalformedAction, Outcome, rng_for
from rules.mogul import GAME
from rules.mogul.actions import DECLINE, DROP, LOAN, PAY, PICKS, SELLS, TAKE, MogulAction
from rules.mogul.data import CARD_LIST, CARDS, CRASH, START_IDS
from rules.mogul.state import MogulState
from tests.rules.mogul.helpers import build, cards, check_invariants

A, B, C, D = 0, 1, 2, 3
RNG = random.Random(0)


# -- helpers -------------------------------------------------------------------------------------


def play(state: MogulState, *moves: tuple[int, MogulAction]) -> tuple[MogulState, list[Any]]:
    """Apply moves in turn; return the last state and all events."""
    events: list[Any] = []
    for seat, action in moves:
        state, new = GAME.apply(state, seat, action, RNG)
        events.extend(new)
    return state, events


def keys(events: list[Any]) -> list[str]:
    return [e.key for e in events]


# -- options and setup ---------------------------------------------------------------------------


def test_options_defaults_and_values() -> None:
    """§5: loan_cost 1|2 (default 1), quick_start off|deal|pick (default off)."""
    assert GAME.check_options(4, {}) == {"loan_cost": "1", "quick_start": "off"}
    assert GAME.check_options(3, {"loan_cost": "2", "quick_start": "pick"}) == {
        "loan_cost": "2",
        "quick_start": "pick",
    }
    with pytest.raises(IllegalAction) as err:
        GAME.check_options(4, {"loan_cost": "3"})
    assert err.value.msg.key == "error.option_value"
    with pytest.raises(IllegalAction):
        GAME.check_options(4, {"colour": "red"})


@pytest.mark.parametrize("mode", ["deal", "pick"])
def test_quick_start_refused_at_six_players(mode: str) -> None:
    """§5: a table of 6 with quick_start is refused at start with a clear message."""
    with pytest.raises(IllegalAction) as err:
        GAME.check_options(6, {"quick_start": mode})
    assert err.value.msg.key == "mogul.error.quick_start_six"
    assert GAME.check_options(6, {"quick_start": "off"})["quick_start"] == "off"
    assert GAME.check_options(5, {"quick_start": mode})["quick_start"] == mode


def test_contract_attributes() -> None:
    """The bundle: name, player counts, option specs, state type and version, AI and secrets."""
    assert (GAME.name, GAME.min_players, GAME.max_players) == ("mogul", 3, 6)
    assert GAME.ai is not None and GAME.has_secrets
    assert [(o.name, o.choices, o.default) for o in GAME.options] == [
        ("loan_cost", ("1", "2"), "1"),
        ("quick_start", ("off", "deal", "pick"), "off"),
    ]
    assert GAME.state_type is MogulState
    assert GAME.state_version == 1
    assert GAME.upgrade({"x": 1}, 1) == {"x": 1}
    with pytest.raises(ValueError):
        GAME.upgrade({"x": 1}, 2)


def _setup(players: int, seed: int, **options: str) -> MogulState:
    return GAME.start(players, options, seed)


@pytest.mark.parametrize(("players", "bank"), [(3, 27), (4, 21), (5, 15), (6, 9)])
def test_mg_setup_1_six_chips_each_and_bank(players: int, bank: int) -> None:
    """MG-SETUP-1: 6 chips each; the bank holds 27 / 21 / 15 / 9."""
    state = _setup(players, 1)
    assert state.chips == (6,) * players
    assert state.bank == bank
    assert state.pot == 0
    check_invariants(state)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_mg_setup_2_one_start_share_each_rest_in_deck(players: int) -> None:
    """MG-SETUP-2: one S share each, face up; the other S shares join the 25 others in the deck."""
    state = _setup(players, 2)
    # The first card was already revealed (the state waits on the first auction).
    assert state.round == 1 and state.revealed is not None
    assert all(len(hand) == 1 and hand[0] in START_IDS for hand in state.shares)
    assert len({hand[0] for hand in state.shares}) == players
    in_deck = set(state.deck) | {state.revealed}
    assert set(START_IDS) - {hand[0] for hand in state.shares} <= in_deck
    assert len(state.deck) + 1 == 31 - players + 1  # shares left + Crash, plus the revealed card


def test_mg_setup_3_first_player_at_random() -> None:
    """MG-SETUP-3: the first player is chosen at random: every seat opens some games."""
    firsts = Counter(_setup(4, seed).first for seed in range(200))
    assert set(firsts) == {0, 1, 2, 3}
    assert min(firsts.values()) > 20


def test_mg_setup_5_crash_in_bottom_five() -> None:
    """MG-SETUP-5 and §8 example 1: with 4 players the deck is 27 shares + Crash; Crash is card 24-28."""
    positions: Counter[int] = Counter()
    for seed in range(400):
        state = _setup(4, seed)
        deck = (state.revealed, *state.deck)  # the deck as it was before the first reveal
        assert len(deck) == 28
        assert deck.count(CRASH) == 1
        assert sum(1 for c in deck if c in CARDS) == 27
        positions[deck.index(CRASH) + 1] += 1
    assert set(positions) == {24, 25, 26, 27, 28}
    assert min(positions.values()) > 40  # roughly uniform (80 expected)


def test_mg_setup_5_crash_bottom_five_every_player_count() -> None:
    """MG-SETUP-5: Crash is among the bottom five for every player count and quick_start mode."""
    for players in (3, 4, 5, 6):
        for seed in range(40):
            state = _setup(players, seed)
            assert CRASH in state.deck[-5:]
    for seed in range(40):
        state = _setup(5, seed, quick_start="deal")
        assert CRASH in state.deck[-5:]


def test_setup_is_deterministic_for_a_seed() -> None:
    """Chance comes only from the rng: the same seed gives the same state."""
    assert _setup(5, 7) == _setup(5, 7)
    assert _setup(5, 7) != _setup(5, 8)


def test_setup_tells_the_start_and_round_1() -> None:
    """MG-SETUP-2/3 and MG-DIV-1: setup's events say who is first and reveal round 1, like a move's."""
    state, events = GAME.setup(3, GAME.check_options(3, {}), rng_for(4, 0))
    assert events[0].key == "mogul.event.start" and events[1].key.startswith("mogul.event.reveal")
    assert events[0].seats == {"player": state.first} and events[0].params == {"chips": 6}
    assert events[1].params["card"] == state.revealed and events[1].params["round"] == 1
    # Every player owns one brown share: a brown card pays each of them, anything else pays nobody.
    dividends = [e for e in events if e.key in ("mogul.event.dividend", "mogul.event.no_dividend")]
    assert dividends and all(e.to is None for e in events)
    assert sum(e.params.get("points", 0) for e in dividends) == sum(state.scores)


def test_mg_setup_4_quick_start_events() -> None:
    """MG-SETUP-4: a dealt quick start names each extra share; with picks, round 1 waits for them."""
    state, events = GAME.setup(4, GAME.check_options(4, {"quick_start": "deal"}), rng_for(5, 0))
    deals = [e for e in events if e.key == "mogul.event.deal"]
    assert [(e.seats["player"], e.params["card"]) for e in deals] == [
        (seat, state.shares[seat][1]) for seat in range(4)
    ]
    assert "mogul.event.reveal" in keys(events) or "mogul.event.reveal_unsold" in keys(events)
    state, events = GAME.setup(4, GAME.check_options(4, {"quick_start": "pick"}), rng_for(5, 0))
    assert keys(events) == ["mogul.event.start"] and state.phase == "pick"


def test_mg_setup_4_quick_start_deal_distinct_colours() -> None:
    """MG-SETUP-4, §5 deal: one extra share each from a pile of 5 colours; no two players share it."""
    for players in (3, 4, 5):
        for seed in range(30):
            state = _setup(players, seed, quick_start="deal")
            assert all(len(hand) == 2 for hand in state.shares)
            extra = [CARDS[hand[1]].centre for hand in state.shares]
            assert len(set(extra)) == players
            assert state.phase == "auction" and state.pick_pile == ()
            # Unused pile cards went back to the deck before the shuffle: 31 - 2n shares + Crash.
            assert len(state.deck) + 1 == 31 - 2 * players + 1
            check_invariants(state)


def test_mg_setup_4_quick_start_pick_order_counter_clockwise_ending_with_first() -> None:
    """MG-SETUP-4, §5 pick: players pick counter-clockwise, F last; every colour at most once."""
    for players in (3, 4, 5):
        for seed in range(10):
            state = _setup(players, seed, quick_start="pick")
            f = state.first
            assert state.phase == "pick"
            assert state.pick_order == tuple((f - step) % players for step in range(1, players + 1))
            assert state.pick_order[-1] == f
            assert sorted(CARDS[c].centre for c in state.pick_pile) == sorted(
                ["brown", "green", "yellow", "blue", "pink"]
            )
            assert GAME.to_act(state) == {state.pick_order[0]}
            picked_by: list[int] = []
            events: list[Any] = []
            while state.phase == "pick":
                (seat,) = GAME.to_act(state)
                picked_by.append(seat)
                legal = GAME.legal_actions(state, seat)
                assert len(legal) >= 2
                state, new = GAME.apply(state, seat, legal[-1], rng_for(seed, len(picked_by)))
                events.extend(new)
            extra = [CARDS[hand[1]].centre for hand in state.shares]
            assert len(set(extra)) == players
            if players == 5:
                # The last card is forced on F: asked only 4 times, and reported as an event.
                assert picked_by == [(f - step) % 5 for step in range(1, 5)]
                assert "mogul.event.auto_pick" in keys(events)
            else:
                assert picked_by == [(f - step) % players for step in range(1, players + 1)]
                assert "mogul.event.auto_pick" not in keys(events)
            assert "mogul.event.picks_done" in keys(events)
            assert state.phase == "auction" and CRASH in state.deck[-5:]
            check_invariants(state)


def test_quick_start_pick_refuses_a_card_not_in_the_pile() -> None:
    """DP-Q: only cards left in the pick pile may be picked."""
    state = _setup(3, 1, quick_start="pick")
    (seat,) = GAME.to_act(state)
    missing = next(c for c in CARDS if c not in state.pick_pile)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, PICKS[missing], RNG)
    assert err.value.msg.key == "mogul.error.not_in_pile"


# -- dividends -----------------------------------------------------------------------------------


def _before_reveal(
    top: str, shares: tuple[tuple[str, ...], ...], players: int = 3, then: tuple[str, ...] = ()
) -> MogulState:
    """A state where the runner-up (B) is about to decline; the next cards are ``top``, ``then``."""
    offer = next(c.id for c in CARD_LIST if c.id not in (top, *then) and all(c.id not in h for h in shares))
    used = {c for h in shares for c in h} | {offer, top, *then}
    deck = (top, *then, *[c.id for c in CARD_LIST if c.id not in used], CRASH)
    # One keyword a line, as a game's bundle is written (rules/<game>/__init__.py): the shape only.
    return build(
        players,
        phase="runner_take",
        turn=B,
        winner=A,
        last_drop=B,
        revealed=offer,
        shares=shares,
        deck=deck,
        active=(False,) * players,
    )


def test_mg_div_1_dividends_example_2() -> None:
    """MG-DIV-1, §8 example 2: M25 (pink/yellow); A 2 pink + 1 brown, B none, C 1 pink: +2, +0, +1."""
    pink = cards("pink", 3, skip=("M25",))
    shares = ((pink[0], pink[1], "M01"), ("M02",), (pink[2],))
    state, events = play(_before_reveal("M25", shares), (B, DECLINE))
    assert state.revealed == "M25"
    assert state.scores == (2, 0, 1)
    assert state.dividends == (2, 0, 1)
    dividends = [e for e in events if e.key == "mogul.event.dividend"]
    assert [(e.seats["player"], e.params["points"]) for e in dividends] == [(A, 2), (C, 1)]
    assert all(e.to is None for e in dividends)


def test_mg_div_2_revealed_card_counts_for_nobody() -> None:
    """MG-DIV-2: the revealed card pays no dividend, not even to whoever then takes it."""
    state, _ = play(_before_reveal("M25", (("M01",), ("M03",), ()), then=("M26",)), (B, DECLINE))
    assert state.revealed == "M25"
    assert state.scores == (0, 0, 0)  # M25 itself pays nobody
    # A wins and takes M25: still no dividend for it this round.
    state, events = play(state, (A, PAY), (B, DROP), (C, DROP), (A, TAKE))
    assert "mogul.event.auto_sell_zero" in keys(events)
    assert state.shares[A] == ("M01", "M25")
    # C had nothing to sell (automatic SELL 0), so M26 (pink) was revealed: now M25 pays A.
    assert state.revealed == "M26"
    assert state.scores == (1, 0, 0)


def test_no_dividend_event_when_nobody_owns_the_colour() -> None:
    """MG-DIV-1: with no owner of the colour, the event says so."""
    _, events = play(_before_reveal("M25", (("M01",), ("M02",), ())), (B, DECLINE))
    assert "mogul.event.no_dividend" in keys(events)


# -- auction -------------------------------------------------------------------------------------


def test_mg_auc_1_everyone_takes_part_clockwise_from_f() -> None:
    """MG-AUC-1: the auction opens with F and goes clockwise, skipping players who dropped."""
    state = build(4, first=2, turn=2)
    assert GAME.to_act(state) == {2}
    state, _ = play(state, (2, PAY))
    assert GAME.to_act(state) == {3}
    state, _ = play(state, (3, DROP))
    assert GAME.to_act(state) == {0}
    state, _ = play(state, (0, PAY), (1, PAY), (2, PAY))
    assert GAME.to_act(state) == {0}  # 3 dropped out: skipped


def test_mg_auc_2_pay_or_drop_takes_the_whole_pot() -> None:
    """MG-AUC-2: PAY puts one chip in the pot; DROP takes the whole pot (even 0)."""
    state = build(3)
    assert list(GAME.legal_actions(state, A)) == [PAY, DROP, LOAN]
    state, events = play(state, (A, DROP))
    assert state.chips[A] == 6 and state.pot == 0  # an empty pot
    assert events[0].key == "mogul.event.drop" and events[0].params["taken"] == 0
    state, _ = play(state, (B, PAY))
    assert state.chips[B] == 5 and state.pot == 1
    assert not state.active[A]


def test_mg_auc_2_nobody_stays_in_without_paying() -> None:
    """MG-AUC-2: there is no pass: every auction choice is PAY, DROP or LOAN."""
    state = build(3)
    kinds = {a.kind for a in GAME.legal_actions(state, A)}
    assert kinds == {"pay", "drop", "loan"}
    with pytest.raises(IllegalAction):
        GAME.apply(state, A, TAKE, RNG)


def test_mg_auc_3_zero_chips_must_drop() -> None:
    """MG-AUC-3: with 0 chips and no legal loan, DROP is automatic (and reported)."""
    state = build(3, chips=(6, 0, 6), bank=1, turn=A)
    state, events = play(state, (A, PAY))
    assert not state.active[B]
    assert state.chips[B] == 1  # took the pot of 1
    assert "mogul.event.auto_drop" in keys(events)
    assert GAME.to_act(state) == {C}


def test_mg_auc_3_zero_chips_may_loan_first() -> None:
    """MG-AUC-3: with 0 chips a legal loan is a real choice: DROP or LOAN."""
    state = build(3, chips=(0, 6, 6), turn=A)
    assert list(GAME.legal_actions(state, A)) == [DROP, LOAN]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, A, PAY, RNG)
    assert err.value.msg.key == "mogul.error.no_chips"


def test_mg_auc_3_several_automatic_drops_in_one_step() -> None:
    """MG-AUC-3/4: several forced drops can happen inside one apply, each taking the pot."""
    state = build(4, chips=(6, 0, 0, 6), bank=1, turn=A)
    state, events = play(state, (A, PAY))
    drops = [e for e in events if e.key == "mogul.event.auto_drop"]
    assert [(e.seats["player"], e.params["taken"]) for e in drops] == [(B, 1), (C, 0)]
    assert state.chips == (5, 1, 0, 6)
    assert GAME.to_act(state) == {D}


def test_mg_auc_4_winner_and_runner_up_example_3() -> None:
    """MG-AUC-4, §8 example 3: C wins with 4 chips, A (last to drop) is runner-up with 5, B has 9."""
    state = build(3, first=A, turn=A)
    state, _ = play(state, (A, PAY), (B, PAY), (C, PAY), (A, PAY))
    assert state.pot == 4
    state, events = play(state, (B, DROP))
    assert state.chips[B] == 9
    assert events[0].params["taken"] == 4
    state, _ = play(state, (C, PAY))
    assert state.pot == 1
    state, events = play(state, (A, DROP))
    assert state.phase == "winner" and state.winner == C and state.last_drop == A
    assert state.chips == (5, 9, 4)
    assert state.chips[A] + state.chips[B] + state.chips[C] == 18
    assert state.pot == 0  # MG-AUC-4: the winner receives no chips
    won = next(e for e in events if e.key == "mogul.event.auction_won")
    assert won.seats == {"winner": C, "runner": A}
    assert GAME.to_act(state) == {C}


# -- loans ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("cost", [1, 2])
def test_mg_loan_1_two_chips_cost_points_example_6(cost: int) -> None:
    """MG-LOAN-1, §8 example 6: D with 0 chips may DROP or LOAN; the loan gives 2 chips, costs points."""
    state = build(4, chips=(6, 6, 6, 0), bank=5, pot=22, turn=D, loan_cost=cost)
    assert list(GAME.legal_actions(state, D)) == [DROP, LOAN]
    state, events = play(state, (D, LOAN))
    assert state.chips[D] == 2
    assert state.scores[D] == -cost
    assert state.bank == 3
    assert state.loans[D] == 1
    # The same seat decides again; a second loan is not allowed.
    assert GAME.to_act(state) == {D}
    assert list(GAME.legal_actions(state, D)) == [PAY, DROP]
    loan = next(e for e in events if e.key == "mogul.event.loan")
    assert loan.to is None and loan.params == {"cost": cost}  # loans are public
    private = [e for e in events if e.to is not None]
    assert [e.to for e in private] == [frozenset({D})]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, D, LOAN, RNG)
    assert err.value.msg.key == "mogul.error.loan_taken"


def test_mg_loan_1_example_6_bank_of_one_forces_the_drop() -> None:
    """§8 example 6: with only 1 chip in the bank, D (0 chips) drops automatically."""
    state = build(4, chips=(6, 6, 6, 0), bank=1, pot=26, turn=C)
    state, events = play(state, (C, PAY))
    assert "mogul.event.auto_drop" in keys(events)
    assert not state.active[D]
    assert GAME.to_act(state) == {A}


def test_mg_loan_2_once_per_auction_and_bank_needs_two() -> None:
    """MG-LOAN-2: one loan per player per auction, on one's own turn; refused if the bank holds < 2."""
    state = build(3, chips=(6, 6, 6), bank=1, pot=26, turn=A)
    assert LOAN not in GAME.legal_actions(state, A)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, A, LOAN, RNG)
    assert err.value.msg.key == "mogul.error.bank_low"
    # Not on someone else's turn.
    state = build(3, turn=A)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, B, LOAN, RNG)
    assert err.value.msg.key == "mogul.error.not_your_turn"
    # A loan taken on an earlier turn of the same auction still counts; a new auction resets it.
    state, _ = play(state, (A, LOAN), (A, PAY), (B, PAY), (C, PAY))
    assert GAME.to_act(state) == {A}
    assert LOAN not in GAME.legal_actions(state, A)
    state, _ = play(state, (A, DROP), (B, DROP))
    assert state.phase == "winner"
    state, _ = play(state, (C, TAKE))
    # B (runner-up) had nothing to sell of the border colour, or must now decide.
    while state.phase != "auction":
        (seat,) = GAME.to_act(state)
        state, _ = play(state, (seat, GAME.legal_actions(state, seat)[0]))
    assert state.loaned == (False, False, False)
    assert LOAN in GAME.legal_actions(state, state.turn)


# -- actions -------------------------------------------------------------------------------------


def _example_4() -> MogulState:
    """§8 example 4: M09 (green/pink) on offer; A owns 3 pink, C owns 1: n = 4; A won, C runner-up."""
    pink = cards("pink", 4)
    shares = (pink[:3], ("M01",), (pink[3],))
    state, _ = play(_before_reveal("M09", shares), (B, DECLINE))
    assert state.revealed == "M09"
    assert state.sale_value == 4
    return state.model_copy(
        update={"phase": "winner", "turn": A, "winner": A, "last_drop": C, "active": (True, False, False)}
    )


def test_mg_act_1_fixed_sale_value_example_4() -> None:
    """MG-ACT-1, MG-ACT-2, §8 example 4: A sells 3 at n = 4 and scores 12 (not 4 + 3 + 2)."""
    state = _example_4()
    assert list(GAME.legal_actions(state, A)) == [TAKE, SELLS[0], SELLS[1], SELLS[2], SELLS[3]]
    before = state.scores[A]
    state, events = play(state, (A, SELLS[3]))
    assert state.scores[A] - before == 12
    assert state.sale_value == 4
    sold = next(e for e in events if e.key == "mogul.event.sell")
    assert sold.params == {"k": 3, "n": 4, "points": 12}
    assert len(state.discard) == 4 and len(state.shares[A]) == 0


def test_mg_act_5_runner_up_takes_after_a_sale() -> None:
    """MG-ACT-5: after the winner sold, the runner-up may TAKE and becomes first player."""
    state, _ = play(_example_4(), (A, SELLS[3]))
    assert list(GAME.legal_actions(state, C)) == [TAKE, DECLINE]
    state, events = play(state, (C, TAKE))
    assert "M09" in state.shares[C]
    assert state.first == C
    assert "mogul.event.take" in keys(events)


def test_mg_act_5_decline_discards_and_keeps_first_player() -> None:
    """MG-ACT-5/6: on DECLINE the share is discarded and the first player does not change."""
    state, _ = play(_example_4(), (A, SELLS[3]))
    first = state.first
    state, events = play(state, (C, DECLINE))
    assert "M09" in state.discard
    assert state.first == first
    assert "mogul.event.decline" in keys(events)


def test_mg_act_3_take_makes_first_player_and_mg_act_4_runner_sells_at_same_n() -> None:
    """MG-ACT-3/4, §8 example 4 alternative: A takes and is first player; C may sell 1 for +4."""
    state = _example_4()
    state, events = play(state.model_copy(update={"first": B}), (A, TAKE))
    assert "mogul.event.take" in keys(events)
    assert state.first == A
    assert "M09" in state.shares[A]
    assert state.phase == "runner_sell" and GAME.to_act(state) == {C}
    assert list(GAME.legal_actions(state, C)) == [SELLS[0], SELLS[1]]
    before = state.scores[C]
    state, _ = play(state, (C, SELLS[1]))
    assert state.scores[C] - before == 4
    assert state.first == A


def test_mg_act_4_runner_up_with_nothing_to_sell_sells_zero_automatically() -> None:
    """MG-ACT-4: with no share of the border colour, the runner-up's SELL 0 is automatic."""
    state = _example_4().model_copy(update={"last_drop": B})
    state, events = play(state, (A, TAKE))
    assert "mogul.event.auto_sell_zero" in keys(events)
    assert state.phase == "auction"  # the next round started


def test_mg_act_2_sell_zero_blocks_the_runner_up_example_5() -> None:
    """MG-ACT-2, §8 example 5: M19 (blue/green); B owns no green and sells 0; A (3 green) cannot sell."""
    green = cards("green", 3)
    state, _ = play(_before_reveal("M19", (green, ("M01",), ("M03",))), (B, DECLINE))
    assert state.sale_value == 3
    state = state.model_copy(
        update={"phase": "winner", "turn": B, "winner": B, "last_drop": A, "active": (False, True, False)}
    )
    assert list(GAME.legal_actions(state, B)) == [TAKE, SELLS[0]]
    state, events = play(state, (B, SELLS[0]))
    assert state.scores[B] == 0
    assert "mogul.event.sell_zero" in keys(events)
    assert list(GAME.legal_actions(state, A)) == [TAKE, DECLINE]
    with pytest.raises(IllegalAction):
        GAME.apply(state, A, SELLS[1], RNG)


def test_mg_act_2_cannot_sell_more_than_owned() -> None:
    """MG-ACT-2: k is at most the seat's own shares of the border colour."""
    state = _example_4()
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, A, SELLS[4], RNG)
    assert err.value.msg.key == "mogul.error.too_many_shares"


def test_mg_act_6_sold_and_declined_shares_never_return() -> None:
    """MG-ACT-6: the discard pile only grows, and its cards are never owned or drawn again."""
    for seed in range(20):
        state = _setup(4, seed)
        chooser = random.Random(seed)
        discard: tuple[str, ...] = ()
        while GAME.to_act(state):
            (seat,) = GAME.to_act(state)
            state, _ = GAME.apply(state, seat, chooser.choice(list(GAME.legal_actions(state, seat))), RNG)
            assert state.discard[: len(discard)] == discard
            discard = state.discard
            owned = {c for hand in state.shares for c in hand}
            assert not (set(discard) & (owned | set(state.deck)))


# -- end -----------------------------------------------------------------------------------------


def _example_7() -> MogulState:
    """§8 example 7 just before Crash: A 18 pts/14 chips/6 shares, B 19/4/9, C 18/10/5."""
    pool = [c.id for c in CARD_LIST]
    shares = (tuple(pool[0:6]), tuple(pool[6:15]), tuple(pool[15:20]))
    offer = pool[20]
    return build(
        3,
        phase="runner_take",
        turn=B,
        winner=A,
        last_drop=B,
        chips=(14, 4, 10),
        scores=(18, 19, 18),
        loans=(2, 2, 1),
        shares=shares,
        revealed=offer,
        discard=tuple(pool[21:31]),
        deck=(CRASH,),
        active=(False, False, False),
    )


def test_mg_end_1_crash_ends_at_once() -> None:
    """MG-END-1: when Crash is revealed the game ends: no dividends, no auction, nobody to act."""
    state = _example_7()
    check_invariants(state)
    state, events = play(state, (B, DECLINE))
    assert state.phase == "over" and state.revealed == CRASH
    assert GAME.to_act(state) == frozenset()
    assert "mogul.event.crash" in keys(events)
    assert "mogul.event.dividend" not in keys(events)
    assert state.scores == (18, 19, 18)  # track scores untouched
    assert list(GAME.legal_actions(state, A)) == []
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, A, PAY, RNG)
    assert err.value.msg.key == "mogul.error.game_over"


def test_mg_end_2_chips_convert_example_7() -> None:
    """MG-END-2, §8 example 7: final scores A 18 + 2 = 20, B 19 + 0 = 19, C 18 + 2 = 20."""
    state, events = play(_example_7(), (B, DECLINE))
    outcome = GAME.outcome(state)
    assert isinstance(outcome, Outcome)
    assert {s.seat: s.score for s in outcome.standings} == {A: 20, B: 19, C: 20}
    finals = [e for e in events if e.key == "mogul.event.final"]
    assert [e.params for e in finals] == [
        {"track": 18, "chips": 14, "bonus": 2, "final": 20},
        {"track": 19, "chips": 4, "bonus": 0, "final": 19},
        {"track": 18, "chips": 10, "bonus": 2, "final": 20},
    ]
    assert all(e.to is None for e in finals)  # the final reveal is public


def test_mg_end_3_tie_goes_to_more_shares_example_7() -> None:
    """MG-END-3, §8 example 7: A 1st (6 shares beat C's 5), C 2nd, B 3rd; the outcome names the
    tie-break, and the last event and the final board say A won on shares, 6 to 5."""
    state, events = play(_example_7(), (B, DECLINE))
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert [(s.seat, s.rank) for s in outcome.standings] == [(A, 1), (C, 2), (B, 3)]
    assert outcome.winners() == {A}
    assert outcome.tiebreaks == ("mogul.tiebreak.shares",)
    assert [s.keys for s in outcome.standings] == [(6,), (5,), (9,)]
    said = events[-1]
    assert (said.key, said.params, said.seats) == (
        "mogul.verdict.on_shares",
        {"score": 20, "shares": 6, "rival": 5},
        {"player": A},
    )
    tr = Text("en", ["Ann", "Ben", "Cyd"])
    line = "🏆 Winner: **Ann**, tied on 20 points but ahead on shares (6 to 5)."
    assert tr.msg(said) == line
    assert line in GAME.presentation.render_board(GAME.view(state, None), tr).splitlines()


def test_mg_end_3_full_tie_shares_the_rank() -> None:
    """MG-END-3: same final score and same shares held: the players share the rank, and each is
    told a shared win."""
    state = _example_7()
    state = state.model_copy(update={"chips": (14, 9, 5), "scores": (18, 19, 19)})
    shares = (state.shares[0], state.shares[1][:6], (*state.shares[2], *state.shares[1][6:7]))
    discard = (*state.discard, *state.shares[1][7:])
    state = state.model_copy(update={"shares": shares, "discard": discard})
    state, events = play(state, (B, DECLINE))
    outcome = GAME.outcome(state)
    assert outcome is not None
    # finals: A 18 + 2 = 20 (6 shares), B 19 + 1 = 20 (6 shares), C 19 + 1 = 20 (6 shares)
    assert [s.rank for s in outcome.standings] == [1, 1, 1]
    assert outcome.winners() == {A, B, C}
    assert [(e.key, e.seats["player"]) for e in events[-3:]] == [("mogul.verdict.shared", seat) for seat in (A, B, C)]
    french = Text("fr", ["Ann", "Ben", "Cyd"]).msg(events[-1])
    assert french == "🏆 Victoire partagée\u00a0: **Cyd**, à égalité avec 20 points et 6 actions."


def test_mg_end_3_clear_winner_on_points() -> None:
    """MG-END-3: with no tie on points the verdict names the winner and the score only."""
    state = _example_7().model_copy(update={"scores": (18, 25, 18)})
    _, events = play(state, (B, DECLINE))
    assert (events[-1].key, events[-1].seats, events[-1].params) == ("mogul.verdict.win", {"player": B}, {"score": 25})


def test_outcome_none_while_playing() -> None:
    """MG-END: no outcome before Crash."""
    assert GAME.outcome(_setup(3, 1)) is None


def test_mg_end_4_invariants_on_built_examples() -> None:
    """MG-END-4: 45 chips and 31 shares in the examples' states."""
    for state in (_example_4(), _example_7(), build(4), _setup(6, 3), _setup(3, 3, quick_start="pick")):
        check_invariants(state)


# -- codes, labels, prompts, illegal moves ---------------------------------------------------------


def test_action_codes_round_trip() -> None:
    """Short stable codes: pay, drop, loan, take, decline, sell:k, pick:Mxx."""
    actions = [PAY, DROP, LOAN, TAKE, DECLINE, *SELLS[:9], PICKS["M07"]]
    codes = [GAME.action_code(a) for a in actions]
    assert codes[:5] == ["pay", "drop", "loan", "take", "decline"]
    assert codes[5:7] == ["sell:0", "sell:1"]
    assert codes[-1] == "pick:M07"
    assert [GAME.parse_action(c) for c in codes] == actions
    huge = "sell:" + "9" * 5000
    for garbage in ["", "buy", "sell:", "sell:x", "sell:-1", "sell:²", "pick:M99", "pick:", "sell:999", huge]:
        with pytest.raises(MalformedAction) as err:
            GAME.parse_action(garbage)
        assert err.value.msg.key == "error.bad_code"
        assert len(str(err.value.msg.params["code"])) <= 40


def _at_each_step() -> dict[str, MogulState]:
    """A state waiting on each decision point: DP-A, DP-W, DP-R after TAKE, DP-R after SELL, DP-Q."""
    winner = _example_4()
    return {
        "auction": build(3, turn=A),
        "winner": winner,
        "runner_sell": play(winner, (A, TAKE))[0],
        "runner_take": play(winner, (A, SELLS[3]))[0],
        "pick": _setup(3, 1, quick_start="pick"),
    }


@pytest.mark.parametrize(
    ("step", "wrong"),
    [("auction", TAKE), ("winner", DECLINE), ("runner_sell", TAKE), ("runner_take", SELLS[0]), ("pick", PAY)],
)
def test_a_move_of_another_step_says_what_this_step_is(step: str, wrong: MogulAction) -> None:
    """§3: a move that belongs to another decision point is refused with what this one asks, in
    both languages; the state is left as it was."""
    state = _at_each_step()[step]
    (seat,) = GAME.to_act(state)
    dump = state.model_dump_json()
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, wrong, RNG)
    assert err.value.msg.key == f"mogul.error.step.{step}"
    assert Text("en", []).msg(err.value.msg) != Text("fr", []).msg(err.value.msg)
    assert state.model_dump_json() == dump


def test_refusals_say_why() -> None:
    """Not one's turn; MG-AUC-3 PAY with no chip; MG-LOAN-2 a second loan; MG-ACT-2 selling more than
    owned (saying how many are owned) or selling with none: each has its own reason."""
    state = build(3, turn=A, chips=(0, 6, 6))
    refusals = [(B, PAY, "mogul.error.not_your_turn"), (A, PAY, "mogul.error.no_chips")]
    for seat, action, key in refusals:
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, seat, action, RNG)
        assert err.value.msg.key == key
    borrowed, _ = play(state, (A, LOAN))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(borrowed, A, LOAN, RNG)
    assert err.value.msg.key == "mogul.error.loan_taken"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(_example_4(), A, SELLS[5], RNG)
    assert (err.value.msg.key, err.value.msg.params) == ("mogul.error.too_many_shares", {"k": 5, "m": 3})
    assert Text("en", []).msg(err.value.msg) == "You own only 3 shares of that colour: you cannot sell 5."
    assert (
        Text("fr", []).msg(err.value.msg)
        == "Vous n’avez que 3 actions de cette couleur\u00a0: impossible d’en vendre 5."
    )
    blocked = _example_4().model_copy(update={"shares": ((), ("M01",), ("M27",))})
    with pytest.raises(IllegalAction) as err:
        GAME.apply(blocked, A, SELLS[1], RNG)
    assert err.value.msg.key == "mogul.error.nothing_to_sell"


def test_labels_and_prompts_use_mogul_keys() -> None:
    """Labels and prompts: a Msg per legal action; the seat to act is asked, the others wait."""
    state = build(3, turn=A, pot=3, chips=(6, 6, 3), revealed="M09", sale_value=2)
    labels = [GAME.presentation.action_label(state, A, a) for a in GAME.legal_actions(state, A)]
    assert [m.key for m in labels] == ["mogul.action.pay", "mogul.action.drop", "mogul.action.loan"]
    assert labels[1].params == {"pot": 3}
    assert GAME.presentation.prompt(state, A).key == "mogul.prompt.auction"
    assert GAME.presentation.prompt(state, B).key == "mogul.prompt.wait"
    assert GAME.presentation.prompt(state, B).seats == {"player": A}
    winner = _example_4()
    labels = [GAME.presentation.action_label(winner, A, a) for a in GAME.legal_actions(winner, A)]
    assert [m.key for m in labels][:3] == ["mogul.action.take", "mogul.action.sell_block", "mogul.action.sell"]
    assert labels[2].params == {"k": 1, "n": 4, "points": 4}
    assert GAME.presentation.prompt(winner, A).key == "mogul.prompt.winner"
