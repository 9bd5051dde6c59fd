"""The strong Top Race AI: the normal AI's judgement, made finer, and a determinized search over
the other players' replies to the card it plays.

Which card to play is where a look one move deep misses most: the next players answer with their
own cards (a breakdown for the leader, a jam behind a car just moved). The search keeps the few
cards the normal AI rates best, then, for a fixed number of samples of the hidden cards consistent
with the seat's view (``estimate.determinize``: never read from the state), the other seats' secret
bets guessed on the car in front (``steering.guess_bets``), plays each candidate and the next two
seats' cards (fewer if the seat's own turn comes first) by the steering model (``steering.reply``:
each seat pushes its own cars and the cars it backs and holds back the rival in front), and keeps
the candidate whose positions are best on average (the same samples for every candidate), the
guessed bets paying those seats in the judgement. It is bounded by a count of samples and
replies, not by time: rules are pure.
"""

from __future__ import annotations

import random

from rules.toprace import ai, estimate, steering
from rules.toprace.actions import Action
from rules.toprace.data import BET_NONE, NOT_BET
from rules.toprace.rules import apply, legal_actions, to_act
from rules.toprace.state import TopRaceState

CANDIDATES = 3
"""Cards the search weighs (the normal AI's best)."""
SAMPLES = 6
"""Samples of the hidden cards each candidate is played against."""
REPLY_CARDS = 2
"""Cards of the next seats played after a candidate (more seats' replies add more noise than
insight: the later ones answer a board the first ones have already changed)."""
MAX_REPLIES = 60
"""Decisions of the other seats played at most after a candidate (a round of cards and a TIP round
take far fewer)."""

_NO_DRAW = random.Random(0)


def replies(state: TopRaceState, seat: int) -> TopRaceState:
    """The state once the next seats have played ``REPLY_CARDS`` cards, or up to ``seat``'s next
    card, or the race is over; each decision taken by the steering model (``steering.reply``:
    bets included, ``seat``'s own too)."""
    race = state.race
    cards = 0
    for _ in range(MAX_REPLIES):
        if state.phase != "race" or state.race != race:
            break
        if state.ask == "play" and (state.turn == seat or cards == REPLY_CARDS):
            break
        cards += state.ask == "play"
        mover = min(to_act(state))
        opts = list(legal_actions(state, mover))
        action = opts[0] if len(opts) == 1 else steering.reply(state, mover, opts)
        state, _ = apply(state, mover, action, _NO_DRAW)
    return state


def best_card(state: TopRaceState, seat: int, opts: list[Action], rng: random.Random) -> Action:
    """DP 3 for the strong AI: the normal AI's best few cards, each played against the same
    samples of the hidden cards and answered by the other seats; the best average position."""
    first = estimate.determinize(state, seat, rng)
    rated = sorted(
        opts,
        key=lambda a: -estimate.value(ai.finish_card(apply(first, seat, a, _NO_DRAW)[0], seat), seat),
    )
    candidates = rated[:CANDIDATES]
    if len(candidates) == 1 or SAMPLES == 0:
        return candidates[0]
    totals = [0.0] * len(candidates)
    for _ in range(SAMPLES):
        sample = steering.guess_bets(estimate.determinize(state, seat, rng), seat)
        for i, card in enumerate(candidates):
            after = replies(ai.finish_card(apply(sample, seat, card, _NO_DRAW)[0], seat), seat)
            totals[i] += estimate.value(after, seat, estimate.FINE_DRAWS, _guessed(after, seat))
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best]


def _guessed(state: TopRaceState, seat: int) -> list[estimate.Guess]:
    """The other seats' bets a sample holds (guessed by ``steering.guess_bets``: never read), as
    the judgement's guesses: they pay those seats in its draws."""
    return [
        (s, tip, car)
        for tip in range(3)
        for s, car in enumerate(state.bets[tip])
        if s != seat and car not in (NOT_BET, BET_NONE)
    ]


def strong_action(state: TopRaceState, seat: int, rng: random.Random) -> Action:
    """The "strong" AI: bids as the normal AI (one limit per offer, its standing order), bets and
    steers with a finer judgement, and chooses its card by ``best_card``."""
    opts = ai.sensible(state, seat)
    if len(opts) == 1:
        return opts[0]
    ask = state.ask
    if ask in ("bid", "amount", "grid"):
        return ai.ai_action(state, seat, rng)
    if ask == "bet":
        return ai.bet(state, seat, opts, estimate.FINE_DRAWS)
    if ask == "play":
        return best_card(state, seat, opts, rng)
    sample = estimate.determinize(state, seat, rng)
    fine = estimate.FINE_DRAWS

    def worth(a: Action) -> float:
        return estimate.value(ai.finish_card(apply(sample, seat, a, _NO_DRAW)[0], seat, fine), seat, fine)

    return max(opts, key=worth)
