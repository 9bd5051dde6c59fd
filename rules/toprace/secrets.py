"""Top Race secrets (§6): which decisions may be offered in public, and a state that differs only
in what two seats privately know (for the contract test)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.engine import Seat, with_item
from rules.toprace.actions import Action
from rules.toprace.data import J5_IDS, NOT_BET
from rules.toprace.rules import legal_actions
from rules.toprace.state import TopRaceState


def public_choices(state: TopRaceState, seat: Seat) -> Sequence[Action] | None:
    """Playing a card (the choices are the hand) and the TIP bets are secret decisions; the others'
    choices come from public facts (money, the high bid, free arrows, car positions)."""
    if state.ask in ("play", "bet"):
        return None
    return legal_actions(state, seat)


def swap(state: TopRaceState, a: Seat, b: Seat, rng: random.Random) -> TopRaceState:
    """Swap one card between two hands (keeping any open play decision ≥ 2 choices), else bets."""
    if a == b:
        return state
    ha, hb = state.hands[a], state.hands[b]
    pairs = [(x, y) for x in ha for y in hb if x != y and not (x in J5_IDS and y in J5_IDS)]
    rng.shuffle(pairs)
    for x, y in pairs:
        na = tuple(sorted((*(c for c in ha if c != x), y)))
        nb = tuple(sorted((*(c for c in hb if c != y), x)))
        hands = with_item(with_item(state.hands, a, na), b, nb)
        candidate = state.model_copy(update={"hands": hands})
        if state.ask != "play" or len(legal_actions(candidate, candidate.turn)) >= 2:
            return candidate
    # Bets of one round, only while both have bet or both have not (who has bet is public).
    bets = list(state.bets)
    changed = False
    for k in range(3):
        row = bets[k]
        if row[a] != row[b] and row[a] != NOT_BET and row[b] != NOT_BET:
            bets[k] = with_item(with_item(row, a, row[b]), b, row[a])
            changed = True
    if changed:
        return state.model_copy(update={"bets": tuple(bets)})
    return state


def hidden(state: TopRaceState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What no seat sees: the driver cards' order and the cards set aside (5 players)."""
    return state.drivers, state.removed
