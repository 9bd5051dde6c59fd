"""Whole games: setup (TK-SETUP-01..04), the invariants of seeded random playouts for 2–4 players,
and the AI (it pursues its objectives, beats a random player and never stalls)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import ai_against_random, ai_player, playout, rng_for
from rules.takenoko import GAME
from rules.takenoko.data import BAMBOO, CANALS, CARDS, CATEGORIES, CHIP_SUPPLY, MAX_HEIGHT, PLOTS
from rules.takenoko.state import TakenokoState
from tests.rules.takenoko.helpers import total_bamboo


def test_tk_setup_01_02_03_04_the_opening() -> None:
    """TK-SETUP-01: pond, gardener and panda at (0,0), 27 shuffled plots. TK-SETUP-02: one shuffled
    deck per category, the supplies of §2. TK-SETUP-03: one card of each category per player.
    TK-SETUP-04: a random first player, then seat order."""
    firsts = set()
    orders = set()
    for seed in range(12):
        state, events = GAME.setup(3, GAME.check_options(3, {}), rng_for(seed, 0))
        assert state.garden == () and state.gardener == state.panda == (0, 0)
        assert sorted(state.plots) == sorted(PLOTS)
        orders.add(state.plots)
        assert state.bamboo == BAMBOO and state.canal_supply == CANALS and state.chip_supply == CHIP_SUPPLY
        for hand in state.hands:
            assert sorted(CARDS[c].category for c in hand) == sorted(CATEGORIES)
        assert [len(d) for d in state.decks] == [12, 12, 12]
        assert state.turn == state.first and state.emperor == -1
        firsts.add(state.first)
        private = [e for e in events if e.to is not None]
        assert sorted(next(iter(e.to)) for e in private) == [0, 1, 2]  # type: ignore[arg-type]
    assert firsts == {0, 1, 2} and len(orders) == 12


def check_step(before: TakenokoState, after: TakenokoState) -> None:
    """The invariants between two consecutive states of a game."""
    # 90 sections by colour: garden + boards + reserve.
    assert total_bamboo(after) == BAMBOO
    # 20 canals, 9 chips (3 of each), 27 plots, 45 cards: none lost, none made.
    assert len(after.canals) + after.canal_supply + sum(b.canals for b in after.boards) == CANALS
    assert len(after.canals) <= CANALS
    chips = Counter({kind: n for kind, n in zip("wef", after.chip_supply, strict=True)})
    for b in after.boards:
        chips.update(dict(zip("wef", b.chips, strict=True)))
    chips.update(p.improvement for p in after.garden if p.chip)
    assert [chips[k] for k in "wef"] == list(CHIP_SUPPLY)
    plots = (
        [p.id for p in after.garden]
        + list(after.plots)
        + list(after.drawn)
        + ([after.placing] if after.placing else [])
    )
    assert sorted(plots) == sorted(PLOTS)
    cards = (
        [c for h in after.hands for c in h] + [c for d in after.decks for c in d] + [c for d in after.done for c in d]
    )
    assert sorted(cards) == sorted(CARDS)
    # No bamboo above 4; a chip only ever lands on a bare plot with no improvement (TK-IMP-02).
    assert all(0 <= p.height <= MAX_HEIGHT for p in after.garden)
    old = {(p.q, p.r): p for p in before.garden}
    for p in after.garden:
        was = old.get((p.q, p.r))
        if was is not None and p.chip and not was.chip:
            assert was.height == 0 and not was.improvement
        if was is not None:
            assert was.improvement in ("", p.improvement) and (p.irrigated or not was.irrigated)
    # Validated objectives are never lost (TK-OBJ-02); the Emperor never changes hands.
    for seat in range(after.players):
        assert after.done[seat][: len(before.done[seat])] == before.done[seat]
    assert before.emperor in (-1, after.emperor)


@settings(max_examples=9, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(2, 4), pros=st.booleans())
def test_random_playouts_keep_every_count_and_end(seed: int, players: int, pros: bool) -> None:
    """Seeded random games for 2–4 players, both variants, hold the invariants at every step and end."""
    state = GAME.start(players, {"pros_variant": "on" if pros else "off"}, seed)
    chooser = random.Random(seed)
    ply = 0
    while GAME.to_act(state):
        ply += 1
        assert ply < 5000, "the game did not end"
        seat = state.turn
        action = chooser.choice(list(GAME.legal_actions(state, seat)))
        after, _ = GAME.apply(state, seat, action, rng_for(seed, ply))
        check_step(state, after)
        state = after
    assert GAME.outcome(state) is not None and state.round <= 101


def play_ai_against_random(seed: int, ai_seat: int) -> bool:
    """One 2-player game, the AI against a random player: True if the AI wins alone."""
    state = GAME.start(2, {}, seed)
    for ply in playout(GAME, state, seed, ai_against_random(GAME, seed, frozenset({ai_seat}))):
        state = ply.after
    result = GAME.outcome(state)
    assert result is not None
    return result.winners() == frozenset({ai_seat})


def test_the_ai_beats_a_random_player() -> None:
    """The AI pursues its objectives: it wins nearly every game against random play (the bench
    measures the rate over 200 games)."""
    wins = sum(play_ai_against_random(500 + n, n % 2) for n in range(6))
    assert wins >= 5


def test_the_ai_plays_legal_moves_to_the_end() -> None:
    """An all-AI game never stalls: every choice is legal and the game ends with an Emperor."""
    state = GAME.start(3, {"pros_variant": "on"}, 42)
    plies = 0
    for ply in playout(GAME, state, 42, ai_player(GAME, 42)):
        assert ply.action in GAME.legal_actions(ply.before, ply.seat)
        check_step(ply.before, ply.after)
        state = ply.after
        plies += 1
    assert GAME.outcome(state) is not None and state.emperor >= 0 and plies < 1500
