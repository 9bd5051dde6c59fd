"""Mogul orders set as a whole (MG-ORD-6), the action step answered in advance (MG-ORD-5), the
form's suggestion, the private reason an order stops, and who plays next (the heads-up)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.i18n import Text
from rules.engine import MAX_CHOICES, MAX_FORM_FIELDS, IllegalAction, Order, rng_for
from rules.mogul import GAME
from rules.mogul.actions import DECLINE, DROP, SELLS, TAKE
from rules.mogul.orders import AFTER_CHOICES, up_next, whole
from rules.mogul.state import MogulState
from tests.rules.mogul.helpers import build, cards, check_invariants
from tests.rules.orders_support import Clicks, ai_game, held_move, lapsed

A, B, C = 0, 1, 2
ORDERS = GAME.orders
assert ORDERS is not None and ORDERS.suggest is not None and ORDERS.why_stopped is not None
SUGGEST = ORDERS.suggest
WHY = ORDERS.why_stopped
FULL = {"scope": "always", "pays": "off", "pot": "off", "keep": "off", "after": "ask"}


def reads(message: Any) -> list[str]:
    """A Msg in both languages (each must fill)."""
    return [Text(locale, ["Ann", "Ben", "Cyd"]).msg(message) for locale in ("en", "fr")]


def winner_state(sale_value: int, mine: int, **more: Any) -> MogulState:
    """A take-or-sell step: A won, B came second; the revealed card has a pink border (M09), A
    owns ``mine`` pink shares and B two, the sale value is ``sale_value``."""
    pinks = cards("pink", mine + 2)
    fields: dict[str, Any] = {
        "phase": "winner",
        "turn": A,
        "winner": A,
        "last_drop": B,
        "active": (False,) * 3,
        "revealed": "M09",
        "shares": (tuple(pinks[:mine]), tuple(pinks[mine:]), ()),
        "sale_value": sale_value,
    }
    fields.update(more)
    return build(3, **fields)


# -- MG-ORD-6: set as a whole ----------------------------------------------------------------------
def test_mg_ord_6_a_missing_or_empty_field_is_refused_and_named() -> None:
    """MG-ORD-6: each field of the form must be given a value; the refusal names the field."""
    state = build(3)
    for name in FULL:
        for values in ({k: v for k, v in FULL.items() if k != name}, {**FULL, name: " "}):
            with pytest.raises(IllegalAction) as caught:
                ORDERS.check(state, A, values)
            assert caught.value.msg.key == "mogul.error.order.missing"
            assert caught.value.msg.terms == {"field": f"mogul.order.{name}"}
            assert all(reads(caught.value.msg))
    with pytest.raises(IllegalAction) as caught:
        ORDERS.check(state, A, {**FULL, "limit": "3"})
    assert caught.value.msg.key == "mogul.error.order.unknown_field"
    assert ORDERS.check(state, A, FULL)["scope"] == "always"


def test_mg_ord_6_one_form_of_five_fields_every_auction_first() -> None:
    """MG-ORD-6: the form fits one modal (at most five fields, menus of at most 25 entries) and the
    first scope offered is every auction; the action step is one menu with several entries."""
    for chips in (0, 6, 30):
        specs = ORDERS.fields(build(3, chips=(chips, 6, 6)), A)
        assert len(specs) <= MAX_FORM_FIELDS
        assert all(len(spec.choices) <= MAX_CHOICES for spec in specs)
        scope = next(spec for spec in specs if spec.name == "scope")
        assert scope.choices[0] == "always" and scope.default == "always"
        after = next(spec for spec in specs if spec.name == "after")
        assert after.kind == "multi" and after.choices == AFTER_CHOICES and after.default == "ask"


def test_mg_ord_6_the_read_back_is_the_whole_order_in_words() -> None:
    """MG-ORD-6: ``describe`` reads every part of the order back, in both languages, with its
    numbers (the limits, and S and S′ of MG-ORD-5)."""
    state = build(3, chips=(6, 6, 6))
    placed = whole(state, A, {"pays": "3", "pot": "4", "after": "win:sell:6,taken:sell:2,sold:decline"})
    en, fr = reads(ORDERS.describe(placed))
    assert "3" in en and "4" in en and "6 points" in en and "2 points" in en and "decline" in en
    assert "6\u00a0points" in fr or "6 points" in fr
    assert "refusez" in fr
    plain = whole(state, A, {"pays": "3", "pot": "4"})
    assert "After the auction" not in reads(ORDERS.describe(plain))[0]
    for entries in ("win:take", "taken:sell:1", "sold:take", "win:take,sold:take", "taken:sell:3,sold:decline"):
        assert all(reads(ORDERS.describe(whole(state, A, {"after": entries}))))
    for value in AFTER_CHOICES:
        labels = reads(ORDERS.label("after", value))
        assert all(0 < len(label) <= 100 for label in labels)


@pytest.mark.parametrize(
    ("after", "key"),
    [
        ("win:take,win:sell:3", "mogul.error.order.after_twice"),
        ("sold:take,sold:decline", "mogul.error.order.after_twice"),
        ("win:sell:9", "mogul.error.order.after_unknown"),
        ("ask,win:take", "mogul.error.order.after_unknown"),
    ],
)
def test_mg_ord_6_the_action_step_menu_refuses_a_part_twice_or_an_unknown_entry(after: str, key: str) -> None:
    """MG-ORD-5/6: two answers for one part, or an entry the menu does not hold, are refused."""
    with pytest.raises(IllegalAction) as caught:
        ORDERS.check(build(3), A, {**FULL, "after": after})
    assert caught.value.msg.key == key and all(reads(caught.value.msg))


def test_mg_ord_6_the_action_step_menu_takes_one_answer_per_part() -> None:
    """MG-ORD-5/6: the answers are kept one per part, in the menu's order, whatever their case."""
    state = build(3)
    kept = ORDERS.check(state, A, {**FULL, "after": "sold:take, WIN:take"})
    assert kept["after"] == "win:take,sold:take"
    assert ORDERS.check(state, A, kept) == kept
    # An order that only answers the action step is a real order (N = 0, no pot limit).
    assert ORDERS.check(state, A, {**FULL, "pays": "0", "after": "win:take"})["pays"] == "0"


# -- MG-ORD-5: the action step ---------------------------------------------------------------------
def test_mg_ord_5_winner_sells_all_when_that_scores_at_least_s() -> None:
    """MG-ORD-5: as winner, SELL all of one's border-colour shares when m × n ≥ S, else TAKE."""
    placed = whole(build(3), A, {"after": "win:sell:6"})
    assert ORDERS.decide(winner_state(3, 2), A, placed)[0] == SELLS[2]  # 2 × 3 = 6
    assert ORDERS.decide(winner_state(2, 2), A, placed)[0] == TAKE  # 4 < 6
    assert ORDERS.decide(winner_state(5, 0), A, placed)[0] == TAKE  # nothing to sell
    taking = whole(build(3), A, {"after": "win:take"})
    assert ORDERS.decide(winner_state(9, 3), A, taking)[0] == TAKE


def test_mg_ord_5_runner_up_after_a_take_sells_all_or_none() -> None:
    """MG-ORD-5: as runner-up after TAKE, SELL all when m × n ≥ S′, else SELL 0."""
    placed = whole(build(3), B, {"after": "taken:sell:4"})
    state = winner_state(2, 1, phase="runner_sell", turn=B, taker=A)
    assert ORDERS.decide(state, B, placed)[0] == SELLS[2]  # B's 2 shares × 2 = 4
    low = winner_state(1, 1, phase="runner_sell", turn=B, taker=A)
    assert ORDERS.decide(low, B, placed)[0] == SELLS[0]


def test_mg_ord_5_runner_up_after_a_sale_takes_or_declines() -> None:
    """MG-ORD-5: as runner-up after SELL, TAKE or DECLINE as set."""
    state = winner_state(2, 1, phase="runner_take", turn=B)
    assert ORDERS.decide(state, B, whole(state, B, {"after": "sold:take"}))[0] == TAKE
    assert ORDERS.decide(state, B, whole(state, B, {"after": "sold:decline"}))[0] == DECLINE


def test_mg_ord_5_each_part_may_be_left_to_ask_and_only_the_holders_step_is_answered() -> None:
    """MG-ORD-5: a part not answered asks the player; the order never answers another seat's
    decision, nor the action step of a one-auction order set for a later auction."""
    state = winner_state(3, 2)
    only_sold = whole(build(3), A, {"after": "sold:take"})
    assert ORDERS.decide(state, A, only_sold) == (None, only_sold)
    for_b = whole(build(3), B, {"after": "win:take"})
    assert ORDERS.decide(state, B, for_b) == (None, for_b)
    later = whole(
        build(3, turn=B, active=(False, True, True), last_drop=A), A, {"scope": "auction", "after": "win:take"}
    )
    assert later["round"] == "2"
    assert ORDERS.decide(state, A, later) == (None, later)


def test_mg_ord_5_a_one_auction_order_lasts_through_its_action_step() -> None:
    """MG-ORD-1/5: a one-auction order that answers the action step is kept after its holder
    drops out (they may come second), and lapses when the round is over."""
    state = build(3, turn=A, pot=2)
    placed = whole(state, A, {"scope": "auction", "pot": "2", "after": "taken:sell:1,sold:take"})
    action, left = ORDERS.decide(state, A, placed)
    assert action == DROP and left == placed
    after_drop = GAME.apply(state, A, DROP, random.Random(0))[0]
    assert ORDERS.keep(after_drop, A, placed)
    bare = whole(state, A, {"scope": "auction", "pot": "2"})
    assert ORDERS.decide(state, A, bare) == (DROP, None)
    next_round = build(3, turn=A, round=2)
    assert not ORDERS.keep(next_round, A, placed)


def test_mg_ord_5_decided_steps_are_the_players_own_moves() -> None:
    """MG-ORD-3/5: what the action step's answer plays is a legal move of the holder, applied as
    the click would be (same state, same events)."""
    state = winner_state(3, 2)
    action, _ = ORDERS.decide(state, A, whole(build(3), A, {"after": "win:sell:6"}))
    assert action is not None and action in GAME.legal_actions(state, A)
    clicked = GAME.apply(state, A, GAME.parse_action(GAME.action_code(action)), rng_for(1, 1))
    assert GAME.apply(state, A, action, rng_for(1, 1)) == clicked


# -- the suggestion and the private reason ----------------------------------------------------------
def ai_states(players: int, seed: int) -> list[MogulState]:
    """Every decision of an AI game, in every phase."""
    return ai_game(GAME, players, seed)[:-1]


@pytest.mark.parametrize("players", [3, 5])
def test_mg_ord_6_the_suggestion_is_a_whole_order_from_the_seats_own_view(players: int) -> None:
    """MG-ORD-6 and §6: the form's pre-filled order is one ``check`` keeps as it is, answers the
    action step, and is the same when other seats' chips are swapped (``Secrets.swap``)."""
    checked = 0
    for index, state in enumerate(ai_states(players, 40 + players)[::5]):
        for holder in range(players):
            suggested = SUGGEST(state, holder)
            assert ORDERS.check(state, holder, suggested) == suggested
            assert suggested["scope"] == "always" and suggested["after"] != "ask"
            others = [s for s in range(players) if s != holder]
            a, b = random.Random(index).sample(others, 2)
            swapped = GAME.swap_secrets(state, a, b, random.Random(index))
            assert SUGGEST(swapped, holder) == suggested
            checked += 1
    assert checked > 100


def test_mg_ord_2_the_private_reason_when_an_order_leaves_the_turn_to_its_holder() -> None:
    """MG-ORD-2 with RB-PRE-2's private line: no chip (never a loan), the reserve reached, the N
    payments made; nothing when the order decides."""
    placed = whole(build(3), A, {"scope": "always", "pays": "1", "keep": "2"})
    broke = WHY(build(3, turn=A, chips=(0, 6, 6)), A, placed)
    assert broke is not None and broke.key == "mogul.order.why.no_chips"
    low = WHY(build(3, turn=A, chips=(2, 6, 6)), A, placed)
    assert low is not None and low.key == "mogul.order.why.reserve"
    _, spent = ORDERS.decide(build(3, turn=A), A, placed)
    assert spent is not None
    used = WHY(build(3, turn=A), A, spent)
    assert used is not None and used.key == "mogul.order.why.pays_used"
    assert WHY(build(3, turn=A), A, placed) is None  # it pays
    assert WHY(build(3, turn=B), A, placed) is None  # not the holder's turn
    for said in (broke, low, used):
        assert all(reads(said))


# -- who plays next ----------------------------------------------------------------------------------
def test_up_next_is_the_next_seat_still_in_the_auction_then_the_runner_up() -> None:
    """The heads-up's target (MG-AUC-1, MG-ACT-4/5): the next seat still in, clockwise; after the
    winner, the runner-up; nobody once the runner-up's choice decides the next first player."""
    assert up_next(build(4, turn=A)) == B
    assert up_next(build(4, turn=A, active=(True, False, True, True))) == C
    assert up_next(build(4, turn=3, active=(False, True, True, True))) == B
    assert up_next(winner_state(3, 2)) == B
    assert up_next(winner_state(3, 2, phase="runner_take", turn=B)) is None
    assert GAME.up_next is up_next


def test_up_next_is_public() -> None:
    """The heads-up names the same seat whatever the chips (it reads public facts only)."""
    for index, state in enumerate(ai_states(4, 9)[::7]):
        swapped = GAME.swap_secrets(state, 0, 2, random.Random(index))
        assert up_next(swapped) == up_next(state)


# -- equivalence ------------------------------------------------------------------------------------
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6), players=st.integers(min_value=3, max_value=6))
def test_mg_ord_5_answered_steps_reach_the_same_game_as_the_same_clicks(seed: int, players: int) -> None:
    """MG-ORD-3/5 (equivalence): a game where every seat holds an order answering its take-or-sell
    steps (and random limits) reaches exactly the states and events, public and private, of the
    same (seat, move) log replayed one click at a time."""
    rng = random.Random(seed)
    game = Clicks(GAME, seed, GAME.start(players, {}, seed))
    held: dict[int, Order] = {}
    answered = 0
    while GAME.to_act(state := game.state):
        for seat in range(players):
            if seat not in held or rng.random() < 0.05:
                entries = [
                    rng.choice(["win:take", "win:sell:2", "win:sell:6"]),
                    rng.choice(["taken:sell:1", "taken:sell:4"]),
                ]
                entries.append(rng.choice(["sold:take", "sold:decline"]))
                values = {
                    "after": ",".join(entries),
                    "pot": str(rng.randint(0, 6)),
                    "scope": rng.choice(["always", "auction"]),
                }
                held[seat] = whole(state, seat, values)
        (seat,) = GAME.to_act(state)
        action = held_move(GAME, state, seat, held)
        if action is None:
            action = rng.choice(list(GAME.legal_actions(state, seat)))
        else:
            answered += state.phase in ("winner", "runner_sell", "runner_take")
        game.play(seat, action)
        check_invariants(game.state)
        lapsed(GAME, game.state, held)
    game.assert_replays()
    assert answered > 0


def test_mg_ord_5_random_orders_do_answer_action_steps() -> None:
    """The property above is not vacuous: the take-or-sell steps are answered by orders."""
    state = GAME.start(4, {}, 3)
    answered = 0
    ply = 0
    while GAME.to_act(state):
        (seat,) = GAME.to_act(state)
        action, _ = ORDERS.decide(state, seat, whole(state, seat, {"after": "win:sell:3,taken:sell:1,sold:take"}))
        answered += action is not None and state.phase != "auction"
        ply += 1
        state, _ = GAME.apply(state, seat, action or GAME.ai_action(state, seat, rng_for(3, -ply)), rng_for(3, ply))
    assert answered >= 10
