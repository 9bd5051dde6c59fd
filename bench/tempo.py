"""Tempo: how many times a table waits for someone, and how many days a game takes.

    python bench/tempo.py                  # every game, 2–6 players, 15 seeds each (a few minutes)
    python bench/tempo.py --seeds 5        # a quicker look
    python bench/tempo.py --game mogul

Seeded games where every seat is a person who plays as the game's AI would, and who — in the
``orders`` runs — uses the standing orders the bot offers the way the AI would set them: when they
look at the table and are asked, they set the AI's plan for this decision as their order
(``Game.orders.plan``), which then answers their turns for them (as the table's one play loop does,
bot/turns.py) until it no longer decides. The ``no_orders`` runs, in the same run, ask every
decision.

Per game and player count (medians over the seeds):

- ``decisions``: every decision of the game (every ply), whoever made it;
- ``clicks``: the decisions a person was asked (the others were answered by their standing order);
- ``hand_offs``: decisions that ask a person other than the one asked last (each needs a new look
  at Discord; a player asked again, even after others' orders answered in between, is still at the
  table);
- ``pings``: messages that notify someone (the board that moves down with each hand-off; one per
  hand-off, none when the same player goes on);
- ``days_2``, ``days_6``: the calendar, when each player looks at Discord at random times, two (or
  six) times a day on average: every hand-off waits for the asked player's next look (an
  exponential wait of 12 h, or 4 h, on average), and a decision asked of several at once waits for
  the last of them.

``public`` and ``public_lazy`` (``public_game``) play as people do, from each seat's own view:
a seat looks only when pinged (a hand-off, or the heads-up sent to ``Game.up_next`` when a turn
starts with a hand-off); at each look a *steady* seat (``public``) sets or adjusts its order,
pre-move or preference to ``Orders.suggest`` (Takenoko: the plan), a *lazy* seat
(``public_lazy``) only at its first look. Pings are answered after an exponential wait of 4 h on
average (``days_ping4h``); a heads-up counts as a ping, and a seat already pinged and not yet
looking is not pinged again; whoever of the asked player and the heads-up's reader looks first
acts first. ``interactions`` counts form openings, changed fields and saves; ``forms`` the saves.

Prints one JSON object ``{"<game>": {"<players>": {"orders": {...}, "no_orders": {...}}}}``, and the
ratios of the medians, so runs compare by key.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.engine import Game, Order, Seat, rng_for
from rules.registry import GAMES

VARIANTS: dict[str, list[tuple[str, dict[str, str]]]] = {
    "toprace": [("", {}), ("grand_prix", {"races": "3"})],
}
"""Extra option sets measured besides each game's defaults (label, options)."""


def one_game(
    game: Game[Any, Any, Any], players: int, options: dict[str, str], seed: int, orders: bool
) -> dict[str, float]:
    """Play one seeded game and count its decisions, hand-offs and pings, and its calendar."""
    state = game.start(players, options, seed)
    standing: dict[Seat, Order] = {}
    looks = random.Random(f"looks:{seed}")
    decisions = hand_offs = pings = clicks = 0
    waits_2: list[float] = []
    waits_6: list[float] = []
    last_asked: frozenset[Seat] = frozenset()
    ply = 0
    plan = game.orders.plan if (orders and game.orders is not None) else None
    while True:
        to_act = game.to_act(state)
        if not to_act:
            break
        ply += 1
        rng = rng_for(seed, ply)
        # First, what answers without anyone looking: a standing order that decides (the table
        # applies it in the same write as the move before).
        answered = None
        if orders and game.orders is not None:
            for seat in sorted(to_act):
                order = standing.get(seat)
                if order is None:
                    continue
                action, left = game.orders.decide(state, seat, order)
                if left is None:
                    standing.pop(seat, None)
                else:
                    standing[seat] = dict(left)
                if action is not None:
                    answered = (seat, action)
                    break
        if answered is None:
            # Someone must look. Those asked now who were not asked last need a new look: a
            # hand-off each, all pinged together; the table waits for the last of them.
            fresh = to_act - last_asked
            if fresh:
                hand_offs += len(fresh)
                pings += 1
                waits_2.append(max(looks.expovariate(2.0) for _ in fresh))
                waits_6.append(max(looks.expovariate(6.0) for _ in fresh))
            last_asked = to_act
            clicks += 1
            seat = min(to_act)
            action = None
            if plan is not None and game.orders is not None:
                order = plan(state, seat, rng_for(f"{seed}:ai", ply))
                if order is not None:
                    action, left = game.orders.decide(state, seat, order)
                    if left is None:
                        standing.pop(seat, None)
                    else:
                        standing[seat] = dict(left)
            if action is None:
                action = game.ai_action(state, seat, rng_for(f"{seed}:ai", ply))
            answered = (seat, action)
        seat, action = answered
        state, _ = game.apply(state, seat, action, rng)
        decisions += 1
        if game.orders is not None:
            for held in [s for s, o in standing.items() if not game.orders.keep(state, s, o)]:
                del standing[held]
    return {
        "decisions": decisions,
        "clicks": clicks,
        "hand_offs": hand_offs,
        "pings": pings,
        "days_2": sum(waits_2),
        "days_6": sum(waits_6),
    }


BOOKKEEPING = ("round", "left", "offer", "race", "turn", "from", "m1_holds", "m2_holds")
"""Keys an order keeps for itself (not set by its holder): ignored when a seat compares orders."""


def _set_part(order: dict[str, str] | None) -> dict[str, str]:
    return {k: v for k, v in (order or {}).items() if k not in BOOKKEEPING}


def public_game(
    game: Game[Any, Any, Any], players: int, options: dict[str, str], seed: int, lazy: bool
) -> dict[str, float]:
    """One seeded game played as people do (``public`` / ``public_lazy``): see ``main``'s doc."""
    orders = game.orders
    state = game.start(players, options, seed)
    standing: dict[Seat, Order] = {}
    looks = random.Random(f"looks:{seed}")
    decisions = hand_offs = pings = clicks = interactions = forms = 0
    waits_2: list[float] = []
    waits_6: list[float] = []
    waits_p4: list[float] = []
    last_asked: frozenset[Seat] = frozenset()
    unread: set[Seat] = set()  # pinged by a heads-up, not looked since
    settled: set[Seat] = set()  # lazy seats that set their one order
    ply = 0

    def look(seat: Seat, current: Any) -> None:
        # A look: the seat sets or adjusts its order from its own view (suggest), or keeps it.
        nonlocal interactions, forms
        if orders is None or (lazy and seat in settled):
            return
        wanted = (
            orders.suggest(current, seat)
            if orders.suggest
            else (orders.plan(current, seat, random.Random(0)) if orders.plan else None)
        )
        if not wanted:
            return
        held = _set_part(standing.get(seat))
        if _set_part(wanted) == held:
            return
        changed = sum(1 for k, v in _set_part(wanted).items() if held.get(k) != v)
        interactions += 2 + changed  # open the form, change its fields, save
        forms += 1
        standing[seat] = dict(wanted)
        settled.add(seat)

    while True:
        to_act = game.to_act(state)
        if not to_act:
            break
        ply += 1
        rng = rng_for(seed, ply)
        answered = None
        if orders is not None:
            for seat in sorted(to_act):
                order = standing.get(seat)
                if order is None:
                    continue
                action, left = orders.decide(state, seat, order)
                if left is None:
                    standing.pop(seat, None)
                else:
                    standing[seat] = dict(left)
                if action is not None:
                    answered = (seat, action)
                    break
        if answered is None:
            fresh = to_act - last_asked
            if fresh:
                hand_offs += len(fresh)
                pings += len(fresh - unread)
                wait = {seat: looks.expovariate(1 / 4) for seat in fresh}  # hours, ping answered in 4 h
                waits_p4.append(max(wait.values()))
                waits_2.append(max(looks.expovariate(2.0) for _ in fresh))
                waits_6.append(max(looks.expovariate(6.0) for _ in fresh))
                unread -= fresh
                for seat in fresh:
                    look(seat, state)
                # The heads-up: the player after this turn is told it started (27 item 5); if they
                # look before the turn is played, they set their order or pre-move then.
                nxt = game.up_next(state) if game.up_next is not None and len(fresh) == 1 else None
                if orders is not None and nxt is not None and nxt not in to_act:
                    pings += 1
                    if looks.expovariate(1 / 4) < max(wait.values()):
                        look(nxt, state)
                    else:
                        unread.add(nxt)
            last_asked = to_act
            seat = min(to_act)
            action = None
            if orders is not None and seat in standing:
                action, left = orders.decide(state, seat, standing[seat])
                if left is None:
                    standing.pop(seat, None)
                else:
                    standing[seat] = dict(left)
            if action is None:
                clicks += 1
                action = game.ai_action(state, seat, rng_for(f"{seed}:ai", ply))
            answered = (seat, action)
        seat, action = answered
        state, _ = game.apply(state, seat, action, rng)
        decisions += 1
        if orders is not None:
            for held in [s for s, o in standing.items() if not orders.keep(state, s, o)]:
                del standing[held]
    return {
        "decisions": decisions,
        "clicks": clicks,
        "hand_offs": hand_offs,
        "pings": pings,
        "interactions": interactions,
        "forms": forms,
        "days_2": sum(waits_2),
        "days_6": sum(waits_6),
        "days_ping4h": sum(waits_p4) / 24,
    }


def medians(runs: list[dict[str, float]]) -> dict[str, float]:
    """The median of each figure over the runs."""
    return {key: round(statistics.median(run[key] for run in runs), 1) for key in runs[0]}


def main() -> None:
    """Run the bench and print its JSON."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=15)
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, action="append", help="only these player counts")
    args = parser.parse_args()
    found: dict[str, Any] = {}
    started = time.process_time()
    for name in args.game or sorted(GAMES):
        game = GAMES[name]
        for label, options in VARIANTS.get(name, [("", {})]):
            key = f"{name}_{label}" if label else name
            found[key] = {}
            for players in range(game.min_players, min(game.max_players, 6) + 1):
                if args.players and players not in args.players:
                    continue
                cell = {
                    variant: medians(
                        [one_game(game, players, options, seed, variant == "orders") for seed in range(args.seeds)]
                    )
                    for variant in ("orders", "no_orders")
                }
                for variant in ("public", "public_lazy"):
                    cell[variant] = medians(
                        [
                            public_game(game, players, options, seed, variant == "public_lazy")
                            for seed in range(args.seeds)
                        ]
                    )
                cell["ratio"] = {
                    k: round(cell["no_orders"][k] / cell["orders"][k], 2) if cell["orders"][k] else None
                    for k in ("clicks", "hand_offs", "pings", "days_2")
                }
                found[key][str(players)] = cell
    found["seeds"] = args.seeds
    found["cpu_seconds"] = round(time.process_time() - started)
    print(json.dumps(found, indent=1))


if __name__ == "__main__":
    main()
