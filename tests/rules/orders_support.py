"""What every game's standing-order and pre-move tests share: a seeded AI game's states, and a game
played partly by held orders, logged so that it can be replayed one click at a time."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.engine import Event, Game, Order, Replayed, replay, rng_for

AnyGame = Game[Any, Any, Any]


def ai_game(game: AnyGame, players: int, seed: int, options: Mapping[str, str] | None = None) -> list[Any]:
    """Every state of a seeded AI game, the start first and the game over last (each one but the
    last waits on a decision)."""
    state = game.start(players, options or {}, seed)
    found = [state]
    ply = 0
    while game.to_act(state):
        (seat,) = game.to_act(state)
        ply += 1
        state, _ = game.apply(state, seat, game.ai_action(state, seat, rng_for(seed, -ply)), rng_for(seed, ply))
        found.append(state)
    return found


def held_move(game: AnyGame, state: Any, seat: int, held: dict[int, Order]) -> Any | None:
    """The move ``seat``'s held order plays now, checked legal (None: no order, or it leaves this
    decision to its holder); an order that says it is done leaves ``held``."""
    if seat not in held:
        return None
    assert game.orders is not None
    action, left = game.orders.decide(state, seat, held[seat])
    if left is None:
        del held[seat]
    else:
        held[seat] = left
    if action is not None:
        assert action in game.legal_actions(state, seat)
    return action


def lapsed(game: AnyGame, state: Any, held: dict[int, Order]) -> list[tuple[int, Order]]:
    """The orders ``keep`` no longer keeps after a move, taken out of ``held``."""
    assert game.orders is not None
    gone = [(seat, order) for seat, order in held.items() if not game.orders.keep(state, seat, order)]
    for seat, _ in gone:
        del held[seat]
    return gone


@dataclass
class Clicks:
    """A game played move by move, its (ply, seat, move code) log kept to replay it click by click."""

    game: AnyGame
    seed: int
    state: Any
    initial: Any = None
    log: list[tuple[int, int, str]] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    told: list[list[Event]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.initial = self.state

    @property
    def ply(self) -> int:
        """How many moves were played."""
        return len(self.log)

    def play(self, seat: int, action: Any) -> None:
        """Play ``action`` for ``seat`` with the ply's own randomness, and log it."""
        ply = self.ply + 1
        self.state, events = self.game.apply(self.state, seat, action, rng_for(self.seed, ply))
        self.log.append((ply, seat, self.game.action_code(action)))
        self.states.append(self.state)
        self.told.append(events)

    def assert_replays(self) -> list[Replayed[Any]]:
        """The log replayed one click at a time, checked to reach the same states and events."""
        replayed = list(replay(self.game, self.initial, self.seed, self.log))
        assert [r.after for r in replayed] == self.states
        assert [r.events for r in replayed] == self.told
        return replayed
