"""The tempo bench (bench/tempo.py): its people decide from their own view only, its shared
positions are the game's own, and its counts follow the definitions of its docstring."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from bench import tempo
from rules.engine import Game, Order, Seat, replay, rng_for
from rules.registry import GAMES


class Swapped(tempo.Playthrough):
    """A playthrough where every decision a seat makes (its click, the order its form offers) is
    computed on a state in which two other seats' secrets were swapped (``Secrets.swap``)."""

    def __init__(self, game: Game[Any, Any, Any], players: int, seed: int) -> None:
        super().__init__(game, players, {}, seed)
        self.players = players
        self.swaps = random.Random(seed)
        self.changed = 0

    def _seen_by(self, node: int, seat: Seat) -> Any:
        state = self.states[node]
        a, b = self.swaps.sample([s for s in range(self.players) if s != seat], 2)
        other = self.game.swap_secrets(state, a, b, self.swaps)
        self.changed += other != state
        return other

    def ai(self, node: int, seat: Seat) -> Any:
        rng = rng_for(f"{self.seed}:ai", self.plies[node] + 1)
        return self._cached(("ai", node, seat), lambda: self.game.ai_action(self._seen_by(node, seat), seat, rng))

    def suggest(self, node: int, seat: Seat) -> Order:
        orders = self.game.orders
        assert orders is not None
        return self._cached(("suggest", node, seat), lambda: tempo.suggested(orders, self._seen_by(node, seat), seat))


@pytest.mark.parametrize(("name", "players", "limit"), [("mogul", 4, None), ("toprace", 3, None), ("takenoko", 3, 60)])
def test_public_modes_decide_from_each_seats_own_view(name: str, players: int, limit: int | None) -> None:
    """The ``public`` and ``public_lazy`` people decide only from their seat's own view: played
    again where each of their decisions (their clicks, the order they save) is made on a state
    whose other seats' secrets were swapped, a seeded game (Takenoko: its first 60 decisions)
    has the same hand-offs, pings, looks and forms, at the same plies, with the same orders."""
    game = GAMES[name]
    plain, swapped = tempo.Playthrough(game, players, {}, 5), Swapped(game, players, 5)
    for steady in (True, False):
        trace: list[dict[str, Any]] = []
        found = tempo.public_game(game, plain, tempo.Person(steady, steady), trace=trace, limit=limit)
        again: list[dict[str, Any]] = []
        same = tempo.public_game(game, swapped, tempo.Person(steady, steady), trace=again, limit=limit)
        assert same == found and again == trace
        assert found["forms"] > 0
    assert swapped.changed > 10, "the swaps changed nothing: the check would be empty"


def test_the_check_catches_a_person_who_peeks() -> None:
    """The swap check fails for a person whose form reads another seat's chips (Mogul): it is not
    a check that cannot fail."""
    game = GAMES["mogul"]
    orders = game.orders
    assert orders is not None and orders.suggest is not None
    honest = orders.suggest

    class Peeking(Swapped):
        def suggest(self, node: int, seat: Seat) -> Order:
            state = self._seen_by(node, seat)
            peek = state.chips[(seat + 1) % self.players]  # another seat's secret
            return tempo.set_part(honest(state, seat)) | {"pot": str(min(peek, 23))}

    class Reading(tempo.Playthrough):
        def suggest(self, node: int, seat: Seat) -> Order:
            state = self.states[node]
            return tempo.set_part(honest(state, seat)) | {"pot": str(min(state.chips[(seat + 1) % 4], 23))}

    person = tempo.Person(steady=True, heads_up=False)
    trace: list[dict[str, Any]] = []
    tempo.public_game(game, Reading(game, 4, {}, 5), person, trace=trace)
    again: list[dict[str, Any]] = []
    tempo.public_game(game, Peeking(game, 4, 5), tempo.Person(steady=True, heads_up=False), trace=again)
    assert again != trace


class Recording(tempo.Playthrough):
    """A playthrough that keeps the moves its last game made, as a table's log."""

    path: list[tuple[int, Seat, str]]

    def play(self, node: int, seat: Seat, action: Any) -> int:
        child = super().play(node, seat, action)
        self.path.append((self.plies[child], seat, self.game.action_code(action)))
        return child


@pytest.mark.parametrize("name", ["mogul", "racebow"])
def test_shared_positions_are_the_games_own(name: str) -> None:
    """A playthrough shared by every mode holds the game's own states: a mode's moves replayed one
    click at a time (``rules.engine.replay``) reach the same states, and a mode's figures are the
    same on a fresh playthrough as on one another mode filled first."""
    game = GAMES[name]
    shared = Recording(game, 4, {}, 2)
    shared.path = []
    tempo.one_game(game, shared, True)
    fresh = tempo.public_game(game, tempo.Playthrough(game, 4, {}, 2), tempo.Person(True, True))
    shared.path = []
    assert tempo.public_game(game, shared, tempo.Person(True, True)) == fresh
    replayed = list(replay(game, shared.state(0), 2, shared.path))
    assert len(replayed) == fresh["decisions"] and game.outcome(replayed[-1].after) is not None
    node = 0
    for entry, step in zip(shared.path, replayed, strict=True):
        node = shared.children[(node, entry[1], entry[2])]
        assert step.after == shared.state(node)


def test_counts_follow_the_definitions() -> None:
    """Racebow at 4 players, heads-up on: a ping goes only to a player handed off (never to one
    holding an unanswered heads-up) or as a heads-up; a heads-up never goes to the player asked
    nor to the one whose move started the turn; each form costs two interactions a page and its
    save; a lazy player saves at most one form."""
    game = GAMES["racebow"]
    orders = game.orders
    assert orders is not None
    for seed in range(3):
        trace: list[dict[str, Any]] = []
        found = tempo.public_game(game, tempo.Playthrough(game, 4, {}, seed), tempo.Person(True, True), trace=trace)
        handed = [e for e in trace if "hand_off" in e]
        heads = [e for e in trace if "heads_up" in e]
        assert found["hand_offs"] == sum(len(e["hand_off"]) for e in handed)
        assert found["early_looks"] == sum(e["early_look"] for e in heads)
        assert found["looks"] == found["hand_offs"] + found["early_looks"]
        assert found["pings"] <= found["hand_offs"] + len(heads)
        for before, event in itertools.pairwise(trace):
            if "heads_up" in event:
                assert "hand_off" in before and str(event["heads_up"]) not in before["hand_off"]
        assert found["forms"] == sum(1 for e in trace if "form" in e)
        assert found["interactions"] >= 3 * found["forms"]
        lazy = tempo.public_game(game, tempo.Playthrough(game, 4, {}, seed), tempo.Person(False, False))
        assert lazy["forms"] <= 4 and lazy["early_looks"] == 0 and lazy["pings"] == lazy["hand_offs"]


def test_form_pages_count_the_follow_up_steps() -> None:
    """A Mogul order takes one page; a Top Race policy with own colours three (A-C, then D-F); a
    Racebow pre-move two when its first destination calls for a stack action or a turbo."""
    mogul, toprace, racebow = GAMES["mogul"], GAMES["toprace"], GAMES["racebow"]
    assert mogul.orders is not None and toprace.orders is not None and racebow.orders is not None
    state = mogul.start(4, {}, 1)
    assert tempo.form_pages(mogul.orders, state, 1, tempo.suggested(mogul.orders, state, 1)) == 1
    state = toprace.start(4, {}, 1)
    own = tempo.suggested(toprace.orders, state, 1)
    assert own["colours"] == "own" and tempo.form_pages(toprace.orders, state, 1, own) == 3
    state = racebow.start(4, {}, 3)
    seen = set()
    for ply in range(1, 120):
        if not racebow.to_act(state):
            break
        (seat,) = racebow.to_act(state)
        nxt = racebow.up_next(state) if racebow.up_next else None
        if nxt is not None and nxt != seat:
            order = tempo.suggested(racebow.orders, state, nxt)
            pages = tempo.form_pages(racebow.orders, state, nxt, order)
            assert pages == (2 if {"stack", "then"} & set(order) else 1)
            seen.add(pages)
        state, _ = racebow.apply(state, seat, racebow.ai_action(state, seat, rng_for(3, -ply)), rng_for(3, ply))
    assert seen == {1, 2}
