"""Tempo: how many times a table waits for someone, and how many days a game takes.

    python bench/tempo.py                  # every game, 2–6 players (a few minutes on one core)
    python bench/tempo.py --players 4 --seeds 5 --kinds
    python bench/tempo.py --trace public_lazy --game mogul --players 4 --seed 0

Seeded games where every seat is a person who clicks what the game's normal AI would click (its
source: ``rng_for(f"{seed}:ai", ply)``, the ply of the move to play). What changes between the
modes is how they use the standing orders, pre-moves and preferences the bot offers
(``Game.orders``):

- ``no_orders``: none; every decision asks its player.
- ``orders`` (the upper bound): whenever a player is asked, they set the AI's own plan for this
  decision as their order (``Orders.plan``), which then answers their turns until it no longer
  decides. It knows what the AI knows at that moment and costs nothing to set.
- ``public``: every seat is *steady*: at the end of each look it opens the order form and saves
  what the form offers pre-filled (``Orders.suggest``, from its own view) whenever that differs
  from what it holds; it turns the heads-up on in the games where the heads-up carries a pre-move
  (``HEADS_UP``), and then looks when one comes too.
- ``public_lazy``: every seat saves the form's suggestion once, at the end of its first look where
  the form offers something, and never touches it again; no heads-up.

What the figures count, as a person lives them:

- a *look*: a person opens the table because they were pinged; it lasts while the table asks them
  (they click; orders answer the others in the same write, as the table's play loop does,
  bot/turns.py) and ends when the table waits for someone else. Their form is saved then, on the
  table as it now waits for the others (the view their move's reply shows them).
- ``hand_offs``: the looks the table waits for: each person asked who is not at the table (not
  among those asked last). Decisions answered by an order, a pre-move or a preference never wait;
  a player asked again after only orders answered in between is still at the table. A look taken
  early on a heads-up is not a hand-off: the table did not wait for it.
- ``pings``: notifications sent: the mention of each person handed off, and each heads-up. The
  heads-up goes to the player who plays next (``Game.up_next``), if they turned it on, when a turn
  starts with a hand-off (never to the player asked, nor to the one whose move started the turn:
  nobody is pinged for their own move). A player is pinged at most once between two of their own
  interactions (a click, a form saved): handed off while holding a heads-up they have not answered
  so, they get no second ping (they know they are next; the bench has them answer the turn as a
  ping). So every early look that saved a form is a ping that no hand-off matches: when the
  pre-move plays the whole turn it replaced a hand-off, when it stops the player is pinged again.
  ``pings`` exceeds ``hand_offs`` by about those looks, wherever the heads-up is on.
- ``early_looks``: looks taken on a heads-up before the turn came (the reader's answer came before
  the asked player's; people answer a ping after an exponential wait of 4 h on average);
  ``looks`` = ``hand_offs`` + ``early_looks``: every time someone opened the table.
- ``clicks``: the decisions a person clicked (the others were answered by orders or pre-moves);
  ``decisions``: every decision of the game, whoever made it.
- ``interactions`` (public modes): every form interaction: for each save, each page of the form
  (opened, then submitted: two each; Racebow's follow-up and Top Race's per-colour maxima are
  further pages), each field changed from the pre-filled suggestion (none: they accept it), and
  Save on the read-back; ``forms``: the saves.
- the calendar: ``days_2`` / ``days_6``, when each player looks at random times, two (or six)
  times a day on average, and each hand-off waits for the asked player's next look (a decision
  asked of several at once waits for the last of them); ``days_ping4h`` (public modes): when
  every player answers a ping within 4 hours on average.

Medians over seeds 0..N-1, N by game (``SEEDS``): most at 4 players, the figures the goals are
read at, fewer at the other counts where the AI thinks long (``--seeds`` and ``--other-seeds`` set
them for every game). Every mode of one seed replays the same positions
where it makes the same moves (``Playthrough``), so each position's AI choice and suggestion is
computed once; the AI's own thinking is what remains (Takenoko's and Top Race's most). With
``--kinds`` the ``public`` hand-offs are broken down by what was asked (the prompt's catalogue
key); ``--trace`` prints one game of a public mode step by step, to replay it elsewhere.

Prints one JSON object ``{"<game>": {"<players>": {"orders": {...}, "no_orders": {...},
"public": {...}, "public_lazy": {...}, "ratio": {...}}}}``: the medians, and the ratios of the
``no_orders`` and ``orders`` medians, so runs compare by key.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.engine import Game, Order, Orders, Seat, rng_for
from rules.registry import GAMES

T = TypeVar("T")

VARIANTS: dict[str, list[tuple[str, dict[str, str]]]] = {
    "toprace": [("", {}), ("grand_prix", {"races": "3"})],
}
"""Extra option sets measured besides each game's defaults (label, options)."""

MODES = ("orders", "no_orders", "public", "public_lazy")
"""The bench's modes, in the order it prints them."""

HEADS_UP = frozenset({"racebow"})
"""Games where a steady person turns the heads-up on: where it carries a pre-move for their coming
turn. Elsewhere their standing order already answers their turns between looks (Mogul, Top Race)
or nothing can be set ahead (Takenoko), so a heads-up would only be one more ping."""

HEADLINE_PLAYERS = 4
"""The player count the goals are read at."""

SEEDS: dict[str, tuple[int, int]] = {"mogul": (15, 15), "racebow": (15, 15), "toprace": (15, 3), "takenoko": (8, 3)}
"""Seeds per game, at 4 players and at the other counts. A seed costs about one game of the AI's
thinking (its modes share their positions), so the games whose AI thinks long take fewer, and
the whole default run takes a few minutes on one core (bench/RESULTS.md)."""

PING_HOURS = 4.0
"""How long a person takes to answer a ping, on average (``days_ping4h``)."""


class Playthrough:
    """The positions one seeded game goes through, shared by every mode of the bench: a position is
    named by the moves that reach it, so a mode that makes the same moves as another finds the
    state, the AI's choice and the suggestion already computed (the rules and the AI are pure, and
    each move draws from its ply's own source, as a replay does)."""

    def __init__(self, game: Game[Any, Any, Any], players: int, options: dict[str, str], seed: int) -> None:
        self.game = game
        self.seed = seed
        self.states: list[Any] = [game.start(players, options, seed)]
        self.plies: list[int] = [0]
        self.children: dict[tuple[int, Seat, str], int] = {}
        self.memo: dict[tuple[Any, ...], Any] = {}

    def state(self, node: int) -> Any:
        """The state at a position."""
        return self.states[node]

    def play(self, node: int, seat: Seat, action: Any) -> int:
        """The position ``seat`` playing ``action`` leads to."""
        key = (node, seat, self.game.action_code(action))
        child = self.children.get(key)
        if child is None:
            ply = self.plies[node] + 1
            after, _ = self.game.apply(self.states[node], seat, action, rng_for(self.seed, ply))
            child = self.children[key] = len(self.states)
            self.states.append(after)
            self.plies.append(ply)
        return child

    def _cached(self, key: tuple[Any, ...], compute: Callable[[], T]) -> T:
        """The value ``compute`` gives, computed once per ``key``."""
        if key in self.memo:
            return self.memo[key]  # type: ignore[no-any-return]
        found = self.memo[key] = compute()
        return found

    def ai(self, node: int, seat: Seat) -> Any:
        """What the game's AI clicks for ``seat`` here (its source: the seed's, at the next ply)."""
        rng = rng_for(f"{self.seed}:ai", self.plies[node] + 1)
        return self._cached(("ai", node, seat), lambda: self.game.ai_action(self.states[node], seat, rng))

    def plan(self, node: int, seat: Seat) -> Order | None:
        """The AI's plan for ``seat`` here as an order (``Orders.plan``)."""
        orders = self.game.orders
        assert orders is not None and orders.plan is not None
        plan = orders.plan
        rng = rng_for(f"{self.seed}:ai", self.plies[node] + 1)
        return self._cached(("plan", node, seat), lambda: plan(self.states[node], seat, rng))

    def suggest(self, node: int, seat: Seat) -> Order:
        """What the order form offers ``seat`` here, pre-filled (``suggested``)."""
        orders = self.game.orders
        assert orders is not None
        return self._cached(("suggest", node, seat), lambda: suggested(orders, self.states[node], seat))

    def decide(self, node: int, seat: Seat, order: Order) -> tuple[Any, Order | None]:
        """What ``order`` plays for ``seat`` here (``Orders.decide``)."""
        orders = self.game.orders
        assert orders is not None
        key = ("decide", node, seat, *sorted(order.items()))
        return self._cached(key, lambda: orders.decide(self.states[node], seat, order))


def suggested(orders: Orders[Any, Any], state: Any, seat: Seat) -> Order:
    """The order a form offers ``seat`` now, pre-filled from its own view: ``Orders.suggest``, or
    the AI's plan for a game without one; ``{}`` when nothing can be set now."""
    if orders.suggest is not None:
        return orders.suggest(state, seat)
    if orders.plan is not None:
        return orders.plan(state, seat, random.Random(0)) or {}
    return {}


def form_pages(orders: Orders[Any, Any], state: Any, seat: Seat, order: Order) -> int:
    """How many pages the form takes to enter ``order``: the first, then each ``follow_up`` step
    its values call for (as ``rules.engine.form_fields`` walks them)."""
    shown = list(orders.fields(state, seat))
    pages = 1
    while orders.follow_up is not None and all(spec.name in order for spec in shown):
        so_far = {spec.name: order[spec.name] for spec in shown}
        more = [spec for spec in orders.follow_up(state, seat, so_far) if spec.name not in so_far]
        if not more:
            break
        shown += more
        pages += 1
    return pages


BOOKKEEPING = ("round", "left", "offer", "race", "turn", "from", "m1_holds", "m2_holds")
"""Keys an order keeps for itself (not set by its holder): ignored when a seat compares orders."""


def set_part(order: Order | None) -> dict[str, str]:
    """What the holder set of an order (its bookkeeping left out)."""
    return {k: v for k, v in (order or {}).items() if k not in BOOKKEEPING}


@dataclass
class Person:
    """How one bench profile uses the order form, from the seat's own view only: ``steady`` sets
    or adjusts its order at every look, else (lazy) once; ``heads_up`` turns the heads-up on."""

    steady: bool
    heads_up: bool
    settled: set[Seat] = field(default_factory=set)

    def wants(self, suggestion: Order, held: Order | None, seat: Seat) -> bool:
        """Whether the seat saves ``suggestion`` now, holding ``held``: a steady seat whenever it
        differs from what it holds, a lazy one only the first time the form offers something."""
        if not suggestion or (not self.steady and seat in self.settled):
            return False
        return set_part(suggestion) != set_part(held)


def _counted_wait(looks: random.Random, seats: frozenset[Seat], per_day: float) -> float:
    """Days until the last of ``seats`` looks, each looking ``per_day`` times a day at random."""
    return max(looks.expovariate(per_day) for _ in seats)


def one_game(game: Game[Any, Any, Any], play: Playthrough, orders_on: bool) -> dict[str, float]:
    """One seeded game in the ``orders`` or ``no_orders`` mode: its decisions, hand-offs, pings and
    calendar."""
    orders = game.orders if orders_on else None
    node = 0
    standing: dict[Seat, Order] = {}
    looks = random.Random(f"looks:{play.seed}")
    decisions = hand_offs = pings = clicks = 0
    waits_2: list[float] = []
    waits_6: list[float] = []
    last_asked: frozenset[Seat] = frozenset()
    while True:
        state = play.state(node)
        to_act = game.to_act(state)
        if not to_act:
            break
        answered = _answered(play, node, to_act, standing) if orders is not None else None
        if answered is None:
            fresh = to_act - last_asked
            if fresh:
                hand_offs += len(fresh)
                pings += len(fresh)
                waits_2.append(_counted_wait(looks, fresh, 2.0))
                waits_6.append(_counted_wait(looks, fresh, 6.0))
            last_asked = to_act
            clicks += 1
            seat = min(to_act)
            action = None
            if orders is not None and orders.plan is not None:
                order = play.plan(node, seat)
                if order is not None:
                    action, left = play.decide(node, seat, order)
                    _hold(standing, seat, left)
            if action is None:
                action = play.ai(node, seat)
            answered = (seat, action)
        seat, action = answered
        node = play.play(node, seat, action)
        decisions += 1
        if orders is not None:
            _lapse(orders, play.state(node), standing)
    return {
        "decisions": decisions,
        "clicks": clicks,
        "hand_offs": hand_offs,
        "pings": pings,
        "days_2": sum(waits_2),
        "days_6": sum(waits_6),
    }


def _hold(standing: dict[Seat, Order], seat: Seat, left: Order | None) -> None:
    if left is None:
        standing.pop(seat, None)
    else:
        standing[seat] = dict(left)


def _lapse(orders: Orders[Any, Any], state: Any, standing: dict[Seat, Order]) -> None:
    """Drop the orders whose scope ended with the last move (``Orders.keep``)."""
    for held in [s for s, o in standing.items() if not orders.keep(state, s, o)]:
        del standing[held]


def _answered(
    play: Playthrough, node: int, to_act: frozenset[Seat], standing: dict[Seat, Order]
) -> tuple[Seat, Any] | None:
    """The move a standing order plays now without anyone looking (the lowest seat's that decides,
    as the table's play loop tries them), or None."""
    for seat in sorted(to_act):
        order = standing.get(seat)
        if order is None:
            continue
        action, left = play.decide(node, seat, order)
        _hold(standing, seat, left)
        if action is not None:
            return seat, action
    return None


def public_game(
    game: Game[Any, Any, Any],
    play: Playthrough,
    person: Person,
    kinds: Counter[str] | None = None,
    trace: list[dict[str, Any]] | None = None,
    limit: int | None = None,
) -> dict[str, float]:
    """One seeded game played as people do (``public`` / ``public_lazy``): see the module's doc.
    ``kinds`` counts the hand-offs by prompt; ``trace`` receives each hand-off, heads-up and form;
    ``limit`` stops after that many decisions (the game's start only)."""
    orders = game.orders
    node = 0
    standing: dict[Seat, Order] = {}
    looks = random.Random(f"looks:{play.seed}")
    decisions = hand_offs = pings = clicks = interactions = forms = early = 0
    waits_2: list[float] = []
    waits_6: list[float] = []
    waits_p4: list[float] = []
    last_asked: frozenset[Seat] = frozenset()
    unanswered: set[Seat] = set()  # sent a heads-up, no interaction since

    def adjust(seat: Seat) -> bool:
        # The end of a look (or an early one): the seat sets the form's suggestion if it wants to.
        nonlocal interactions, forms
        if orders is None:
            return False
        suggestion = play.suggest(node, seat)
        if not person.wants(suggestion, standing.get(seat), seat):
            return False
        interactions += 2 * form_pages(orders, play.state(node), seat, suggestion) + 1
        forms += 1
        if trace is not None:
            trace.append({"ply": play.plies[node], "form": seat, "order": suggestion})
        standing[seat] = dict(suggestion)
        person.settled.add(seat)
        return True

    while True:
        state = play.state(node)
        to_act = game.to_act(state)
        if not to_act or decisions == limit:
            break
        answered = _answered(play, node, to_act, standing) if orders is not None else None
        if answered is None:
            # The table waits. Those who were at the table and are not asked now end their look.
            for seat in sorted(last_asked - to_act):
                if adjust(seat):
                    unanswered.discard(seat)
            fresh = to_act - last_asked
            if fresh:
                pinged = fresh - unanswered
                hand_offs += len(fresh)
                pings += len(pinged)
                unanswered -= fresh
                if kinds is not None:
                    for seat in fresh:
                        kinds[game.presentation.prompt(state, seat).key] += 1
                if trace is not None:
                    asked = {str(s): game.presentation.prompt(state, s).key for s in sorted(fresh)}
                    trace.append({"ply": play.plies[node], "hand_off": asked, "pinged": sorted(pinged)})
                answer = {seat: looks.expovariate(1 / PING_HOURS) for seat in fresh}
                waits_p4.append(max(answer.values()) / 24)
                waits_2.append(_counted_wait(looks, fresh, 2.0))
                waits_6.append(_counted_wait(looks, fresh, 6.0))
                # The heads-up (issue 27 item 5): a turn started with a hand-off; whoever plays
                # next is told (not the player whose move started it: nobody is pinged for their
                # own move), and looks early if their answer comes before the asked player's.
                nxt = game.up_next(state) if game.up_next is not None and len(to_act) == 1 else None
                if person.heads_up and nxt is not None and nxt not in to_act | last_asked:
                    if nxt not in unanswered:
                        pings += 1
                        unanswered.add(nxt)
                    looked = looks.expovariate(1 / PING_HOURS) < max(answer.values())
                    if trace is not None:
                        trace.append({"ply": play.plies[node], "heads_up": nxt, "early_look": looked})
                    if looked:
                        early += 1
                        if adjust(nxt):
                            unanswered.discard(nxt)
            last_asked = to_act
            seat = min(to_act)
            unanswered.discard(seat)  # a click answers any heads-up
            clicks += 1
            answered = (seat, play.ai(node, seat))
        seat, action = answered
        node = play.play(node, seat, action)
        decisions += 1
        if orders is not None:
            _lapse(orders, play.state(node), standing)
    return {
        "decisions": decisions,
        "clicks": clicks,
        "hand_offs": hand_offs,
        "pings": pings,
        "early_looks": early,
        "looks": hand_offs + early,
        "interactions": interactions,
        "forms": forms,
        "days_2": sum(waits_2),
        "days_6": sum(waits_6),
        "days_ping4h": sum(waits_p4),
    }


def medians(runs: list[dict[str, float]]) -> dict[str, float]:
    """The median of each figure over the runs."""
    return {key: round(statistics.median(run[key] for run in runs), 1) for key in runs[0]}


def cell(
    game: Game[Any, Any, Any],
    players: int,
    options: dict[str, str],
    seeds: int,
    kinds: Counter[str] | None = None,
    heads_up: frozenset[str] = HEADS_UP,
) -> dict[str, Any]:
    """Every mode's medians for one game, player count and options, over ``seeds`` seeds; the
    steady seats turn the heads-up on in the games named in ``heads_up``."""
    runs: dict[str, list[dict[str, float]]] = {mode: [] for mode in MODES}
    for seed in range(seeds):
        play = Playthrough(game, players, options, seed)
        runs["orders"].append(one_game(game, play, True))
        runs["no_orders"].append(one_game(game, play, False))
        runs["public"].append(public_game(game, play, Person(steady=True, heads_up=game.name in heads_up), kinds))
        runs["public_lazy"].append(public_game(game, play, Person(steady=False, heads_up=False)))
    found: dict[str, Any] = {mode: medians(runs[mode]) for mode in MODES}
    found["ratio"] = {
        k: round(found["no_orders"][k] / found["orders"][k], 2) if found["orders"][k] else None
        for k in ("clicks", "hand_offs", "pings", "days_2")
    }
    if kinds is not None:
        found["public_hand_offs_by_kind"] = {k: round(n / seeds, 1) for k, n in kinds.most_common()}
    return found


def traced(args: argparse.Namespace) -> dict[str, Any]:
    """One seeded game of a public mode, step by step (``--trace``): every hand-off (who was asked,
    what, who was pinged), heads-up (and whether its reader looked early) and form saved (the
    order), each at the table's ply (the moves played so far), then the game's figures."""
    if not args.game or len(args.game) != 1 or not args.players or len(args.players) != 1:
        raise SystemExit("--trace needs one --game and one --players")
    game = GAMES[args.game[0]]
    options = dict(pair.split("=", 1) for pair in args.options.split(",") if pair)
    steady = args.trace == "public"
    person = Person(steady=steady, heads_up=steady and (game.name in (args.heads_up or HEADS_UP)))
    steps: list[dict[str, Any]] = []
    figures = public_game(game, Playthrough(game, args.players[0], options, args.seed), person, trace=steps)
    return {
        "game": game.name,
        "players": args.players[0],
        "options": options,
        "seed": args.seed,
        "mode": args.trace,
        "steps": steps,
        "figures": figures,
    }


def main() -> None:
    """Run the bench and print its JSON."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, help="seeds at 4 players, every game (default: SEEDS)")
    parser.add_argument("--other-seeds", type=int, help="seeds at the other player counts, every game")
    parser.add_argument("--game", action="append", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, action="append", help="only these player counts")
    parser.add_argument("--kinds", action="store_true", help="break the public hand-offs down by prompt")
    parser.add_argument(
        "--heads-up",
        action="append",
        choices=sorted(GAMES),
        help=f"games where steady seats turn the heads-up on (default: {', '.join(sorted(HEADS_UP))})",
    )
    parser.add_argument("--trace", choices=("public", "public_lazy"), help="one game's looks, step by step")
    parser.add_argument("--seed", type=int, default=0, help="with --trace: the seed")
    parser.add_argument("--options", default="", help="with --trace: the game's options, as name=value,...")
    args = parser.parse_args()
    if args.trace:
        game_traced = traced(args)
        steps = ",\n  ".join(json.dumps(step) for step in game_traced.pop("steps"))
        print(json.dumps(game_traced)[:-1] + f', "steps": [\n  {steps}\n]}}')
        return
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
                kinds: Counter[str] | None = Counter() if args.kinds else None
                heads_up = frozenset(args.heads_up) if args.heads_up else HEADS_UP
                headline, other = SEEDS.get(name, (15, 5))
                seeds = (args.seeds or headline) if players == HEADLINE_PLAYERS else (args.other_seeds or other)
                found[key][str(players)] = cell(game, players, options, seeds, kinds, heads_up)
                found[key][str(players)]["seeds"] = seeds
    found["cpu_seconds"] = round(time.process_time() - started)
    print(json.dumps(found, indent=1))


if __name__ == "__main__":
    main()
