"""How well the Mogul AI plays: prints one JSON object.

    python bench/mogul_ai.py                 # 400 games per match-up, 3 players
    python bench/mogul_ai.py --players 4     # the same at a table of four
    python bench/mogul_ai.py --games 60      # a quicker look

Match-ups, each over ``--games`` seeded games with the tested seat rotated (game i puts it in seat
i mod players, so every seat gets its share of games), the others all playing one opponent:

- ``new_vs_old``: today's AI (rules/mogul/ai.py) against the AI it replaced, frozen below only for
  this comparison; ``old_vs_new`` the other way round (one old seat among new ones).
- ``new_vs_random`` / ``old_vs_random``: against uniformly random legal players.
- ``new_vs_scripted`` / ``old_vs_scripted``: against a scripted player (stay in while the pot holds
  under 8 chips, never borrow, sell all when a sale pays 4 or more a share, else take; of 35 such
  thresholds it is the one the old AI did worst against); ``scripted_vs_new`` /
  ``scripted_vs_old``: one scripted seat among AIs (can it exploit them?).

``self_play_<policy>``: every seat playing that policy, the baseline of the match-ups below: the
win rate by seat and the loans one player takes in a game.

Figures per match-up: ``win_rate`` (wins of the tested seat, a k-way shared first place counting
1/k), ``expected`` (1 / players), ``by_seat``, ``seat_adjusted`` (``expected`` plus the mean over
seats of the tested seat's win rate minus that seat's win rate when every seat plays the opponent,
on the same seeds: a paired comparison in which a favoured seat no longer flatters anyone),
``loans_per_game`` of the tested seat, ``runner_kept`` (how often, as runner-up after the winner
took, it sold nothing although the sale paid 4 or more a share) and the mean final ``points`` of
the tested seat and of its rivals.

``runner_keep_check`` replays the new AI's "runner-up keeps its shares at n >= 4" decisions: from
each such state, with the hidden deck reshuffled, it plays the game out with the sale and without
(every seat the new AI) and reports the runner-up's mean win rate and lead both ways.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.engine import Seat, rng_for
from rules.mogul import GAME
from rules.mogul.actions import DECLINE, DROP, LOAN, PAY, SELLS, TAKE, MogulAction
from rules.mogul.data import CARD_LIST, CARDS, CHIPS_PER_POINT, COLOUR_INDEX, COLOURS, CRASH, CRASH_ZONE
from rules.mogul.shares import sellable
from rules.mogul.state import MogulState

Policy = Callable[[MogulState, Seat, random.Random], MogulAction]


# -- the AI before the phase-2 fixes, frozen for the comparison ------------------------------------
class _OldOutlook:
    """The old AI's public facts: colour counts, unseen cards, expected reveals left."""

    CHIP_VALUE = 0.3
    RIVAL_WEIGHT = 0.5
    SELL_OPTION = 0.35

    def __init__(self, state: MogulState) -> None:
        self.state = state
        self.owned = [[0] * len(COLOURS) for _ in range(state.players)]
        known: set[str] = set(state.discard) | set(state.pick_pile)
        for seat, cards in enumerate(state.shares):
            known.update(cards)
            for card_id in cards:
                self.owned[seat][COLOUR_INDEX[CARDS[card_id].centre]] += 1
        if state.revealed and state.revealed != CRASH:
            known.add(state.revealed)
        self.unseen_centre = [0] * len(COLOURS)
        self.unseen_border = [0] * len(COLOURS)
        for card in CARD_LIST:
            if card.id not in known:
                self.unseen_centre[COLOUR_INDEX[card.centre]] += 1
                self.unseen_border[COLOUR_INDEX[card.border]] += 1
        deck = len(state.deck)
        shares_left = max(deck - 1, 0)
        reveals = deck - 1 - (CRASH_ZONE - 1) / 2 if deck >= CRASH_ZONE else (deck - 1) / 2
        self.fraction = reveals / shares_left if shares_left else 0.0
        self.total = [sum(row[c] for row in self.owned) for c in range(len(COLOURS))]

    def dividends_left(self, colour: int) -> float:
        return self.unseen_centre[colour] * self.fraction

    def hold_value(self, colour: int) -> float:
        future_sales = self.unseen_border[colour] * self.fraction
        return self.dividends_left(colour) + self.SELL_OPTION * min(future_sales, 2.0) * self.total[colour] / 3

    def take_value(self) -> float:
        assert self.state.revealed is not None
        colour = COLOUR_INDEX[CARDS[self.state.revealed].centre]
        return (
            self.dividends_left(colour)
            + self.SELL_OPTION * min(self.unseen_border[colour] * self.fraction, 2.0) * (self.total[colour] + 1) / 3
        )

    def best_sale(self, seat: Seat) -> tuple[int, float]:
        assert self.state.revealed is not None
        colour = COLOUR_INDEX[CARDS[self.state.revealed].border]
        m = self.owned[seat][colour]
        gain = m * (self.state.sale_value - self.hold_value(colour))
        return (m, gain) if gain > 0 else (0, 0.0)

    def winner_choice(self, seat: Seat, runner: Seat | None) -> tuple[MogulAction, float]:
        take = self.take_value()
        rival_sale = self.best_sale(runner)[1] if runner is not None else 0.0
        k, gain = self.best_sale(seat)
        take_option = (take - self.RIVAL_WEIGHT * rival_sale, TAKE)
        sell_option = (gain - self.RIVAL_WEIGHT * take, SELLS[k])
        value, action = max(take_option, sell_option, key=lambda option: option[0])
        return action, value


def old_ai(state: MogulState, seat: Seat, rng: random.Random) -> MogulAction:
    """The Mogul AI as it was before the phase-2 fixes (7-8 loans a game, kept free sales)."""
    legal = GAME.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    look = _OldOutlook(state)
    if state.phase == "pick":
        return max(legal, key=lambda a: look.hold_value(COLOUR_INDEX[CARDS[a.card].centre]))
    if state.phase == "runner_take":
        return TAKE if look.take_value() >= 0 else DECLINE
    if state.phase == "runner_sell":
        return SELLS[look.best_sale(seat)[0]]
    if state.phase == "winner":
        return look.winner_choice(seat, state.last_drop)[0]
    _, prize = look.winner_choice(seat, None)
    pot_value = state.pot * look.CHIP_VALUE
    chips = state.chips[seat]
    if len(state.deck) <= CRASH_ZONE + 1 and (chips + state.pot) // CHIPS_PER_POINT > chips // CHIPS_PER_POINT:
        pot_value += 1.0
    if pot_value >= prize:
        return DROP
    if PAY in legal:
        return PAY
    if LOAN in legal and prize - pot_value > 2 * state.loan_cost + 1:
        return LOAN
    return DROP


# -- other opponents -------------------------------------------------------------------------------
def scripted(state: MogulState, seat: Seat, rng: random.Random) -> MogulAction:
    """Stay in while the pot holds under 8 chips; never borrow; sell at 4 or more a share, else take."""
    legal = GAME.legal_actions(state, seat)
    if state.phase == "auction":
        return PAY if PAY in legal and state.pot < 8 else DROP
    if state.phase in ("winner", "runner_sell"):
        owned = sellable(state, seat)
        if owned and state.sale_value >= 4:
            return SELLS[owned]
        return TAKE if TAKE in legal else SELLS[0]
    if state.phase == "runner_take":
        return TAKE
    return legal[0]


def random_policy(state: MogulState, seat: Seat, rng: random.Random) -> MogulAction:
    """A uniformly random legal action."""
    return rng.choice(list(GAME.legal_actions(state, seat)))


def new_ai(state: MogulState, seat: Seat, rng: random.Random) -> MogulAction:
    """Today's AI, through the game bundle."""
    return GAME.ai_action(state, seat, rng)


# -- matches ---------------------------------------------------------------------------------------
def play(policies: Sequence[Policy], seed: str) -> tuple[MogulState, list[int], list[int]]:
    """One game: the end state, each seat's loans and its runner-up "kept" count."""
    players = len(policies)
    state = GAME.start(players, {}, seed)
    kept = [0] * players
    ply = 0
    while GAME.to_act(state):
        (seat,) = GAME.to_act(state)
        ply += 1
        action = policies[seat](state, seat, rng_for(f"{seed}:ai", ply))
        if state.phase == "runner_sell" and action.count == 0 and state.sale_value >= 4:
            kept[seat] += 1
        state, _ = GAME.apply(state, seat, action, rng_for(seed, ply))
    return state, list(state.loans), kept


def win_shares(state: MogulState) -> list[float]:
    """Each seat's share of the win: 1 for a sole winner, 1/k each for a k-way shared first place."""
    outcome = GAME.outcome(state)
    assert outcome is not None
    winners = outcome.winners()
    return [1 / len(winners) if seat in winners else 0.0 for seat in range(state.players)]


def baseline(opponent: Policy, players: int, games: int, tag: str) -> tuple[list[float], float]:
    """Each seat's win rate when every seat plays ``opponent`` (the seat advantage to remove), and
    the loans one player takes in a game of such self-play."""
    totals = [0.0] * players
    loans = 0
    for game in range(games):
        state, seat_loans, _ = play([opponent] * players, f"{tag}:{game}")
        totals = [a + b for a, b in zip(totals, win_shares(state), strict=True)]
        loans += sum(seat_loans)
    return [t / games for t in totals], loans / (games * players)


def match(tested: Policy, opponent: Policy, players: int, games: int, tag: str, base: list[float]) -> dict[str, object]:
    """``tested`` in seat game % players, ``opponent`` elsewhere, over ``games`` seeded games."""
    wins = [0.0] * players
    played = [0] * players
    loans = kept = points = rivals = 0.0
    for game in range(games):
        seat = game % players
        policies = [opponent] * players
        policies[seat] = tested
        state, seat_loans, seat_kept = play(policies, f"{tag}:{game}")
        wins[seat] += win_shares(state)[seat]
        played[seat] += 1
        loans += seat_loans[seat]
        kept += seat_kept[seat]
        finals = [state.scores[s] + state.chips[s] // CHIPS_PER_POINT for s in range(players)]
        points += finals[seat]
        rivals += (sum(finals) - finals[seat]) / (players - 1)
    by_seat = [wins[s] / played[s] for s in range(players)]
    expected = 1 / players
    return {
        "games": games,
        "win_rate": round(sum(wins) / games, 3),
        "expected": round(expected, 3),
        "by_seat": [round(rate, 3) for rate in by_seat],
        "seat_adjusted": round(expected + sum(r - b for r, b in zip(by_seat, base, strict=True)) / players, 3),
        "loans_per_game": round(loans / games, 2),
        "runner_kept": int(kept),
        "points": round(points / games, 1),
        "rival_points": round(rivals / games, 1),
    }


def _reshuffled(state: MogulState, rng: random.Random) -> MogulState:
    """The same state with the hidden deck in another order (Crash still among the last five)."""
    deck = [card for card in state.deck if card != CRASH]
    rng.shuffle(deck)
    deck.insert(len(deck) - (CRASH_ZONE - 1) + rng.randrange(CRASH_ZONE), CRASH)
    return state.model_copy(update={"deck": tuple(deck)})


def _finish(state: MogulState, seat: Seat, tag: str) -> tuple[float, int]:
    """Play to the end with the new AI everywhere: ``seat``'s win share and lead over the best rival."""
    ply = 0
    while GAME.to_act(state):
        (turn,) = GAME.to_act(state)
        ply += 1
        state, _ = GAME.apply(state, turn, new_ai(state, turn, rng_for(tag, ply)), rng_for(tag, ply))
    finals = [state.scores[s] + state.chips[s] // CHIPS_PER_POINT for s in range(state.players)]
    return win_shares(state)[seat], finals[seat] - max(f for s, f in enumerate(finals) if s != seat)


def runner_keep_check(players: int, situations: int, rollouts: int) -> dict[str, object]:
    """Sell or keep, from states where the new AI as runner-up kept shares that would sell at 4+."""
    found: list[tuple[MogulState, Seat]] = []
    game = 0
    while len(found) < situations:
        seed = f"keep:{game}"
        state = GAME.start(players, {}, seed)
        ply = 0
        while GAME.to_act(state) and len(found) < situations:
            (seat,) = GAME.to_act(state)
            ply += 1
            action = new_ai(state, seat, rng_for(f"{seed}:ai", ply))
            if state.phase == "runner_sell" and action.count == 0 and state.sale_value >= 4:
                found.append((state, seat))
            state, _ = GAME.apply(state, seat, action, rng_for(seed, ply))
        game += 1
    totals = {"sell": [0.0, 0.0], "keep": [0.0, 0.0]}
    for index, (state, seat) in enumerate(found):
        for name, action in (("sell", SELLS[sellable(state, seat)]), ("keep", SELLS[0])):
            for roll in range(rollouts):
                start = _reshuffled(state, random.Random(f"{index}:{roll}"))
                after, _ = GAME.apply(start, seat, action, rng_for("roll", 0))
                won, lead = _finish(after, seat, f"roll:{index}:{roll}")
                totals[name][0] += won
                totals[name][1] += lead
    runs = len(found) * rollouts
    return {
        "situations": len(found),
        "rollouts_each": rollouts,
        **{f"{name}_win_rate": round(won / runs, 3) for name, (won, _) in totals.items()},
        **{f"{name}_mean_lead": round(lead / runs, 2) for name, (_, lead) in totals.items()},
    }


def main(argv: list[str]) -> int:
    """Run every match-up and print the figures as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--situations", type=int, default=30, help="runner_keep_check states (0: skip it)")
    parser.add_argument("--rollouts", type=int, default=20, help="runner_keep_check games per state and choice")
    args = parser.parse_args(argv)
    games, players = args.games, args.players
    started = time.perf_counter()
    report: dict[str, object] = {"players": players}
    policies: dict[str, Policy] = {"new": new_ai, "old": old_ai, "random": random_policy, "scripted": scripted}
    bases: dict[str, list[float]] = {}
    for name, policy in policies.items():
        # The same seeds for every baseline and match-up: a paired comparison.
        bases[name], loans = baseline(policy, players, games, "mogul")
        report[f"self_play_{name}"] = {
            "by_seat": [round(rate, 3) for rate in bases[name]],
            "loans_per_game": round(loans, 2),
        }
    for tested, opponent in [
        ("new", "old"),
        ("old", "new"),
        ("new", "random"),
        ("old", "random"),
        ("new", "scripted"),
        ("old", "scripted"),
        ("scripted", "new"),
        ("scripted", "old"),
    ]:
        report[f"{tested}_vs_{opponent}"] = match(
            policies[tested], policies[opponent], players, games, "mogul", bases[opponent]
        )
    if args.situations:
        report["runner_keep_check"] = runner_keep_check(players, args.situations, args.rollouts)
    report["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
