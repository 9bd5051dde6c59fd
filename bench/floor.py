"""The engine's own cost per ply: a game with next to no rules, played through the same loop.

Countdown: seats take 1 or 2 from a pile in turn until it is empty. It is built exactly as the
real games are (a frozen state, a ``Work`` copy that plays the action, records one public event,
``settle``s and freezes) and played by the same ``play_random`` (``playout``, ``random_player``,
``rng_for`` per ply), so its microseconds per ply are the floor under any game's: what the
contract costs before a single rule runs. The benches print it beside each game's figures, so a
playout goal can be read against the limit measured in the same run.

    python bench/floor.py          # the floor alone, as JSON
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.engine import Event, Frozen, Game, Presentation, Seat, msg, play_random, with_item
from rules.flow import Work, standings

PILE = 3_000
"""Stones in the pile: about 2,000 plies a game, so that setting up a game does not count."""


class CountdownState(Frozen):
    """The pile, whose turn it is and what each seat took."""

    players: int
    turn: int
    pile: int
    taken: tuple[int, ...]


class Take(Frozen):
    """Take ``n`` stones."""

    n: int


TAKES = (Take(n=1), Take(n=2))


class CountdownWork(Work[CountdownState, Take], state=CountdownState):
    """The working copy: one decision per turn, no automatic step."""

    players: int
    turn: int
    pile: int
    taken: tuple[int, ...]

    def pending(self) -> tuple[Seat, Sequence[Take]] | None:
        """The seat to play and what it may take; None once the pile is empty."""
        if self.pile <= 0:
            return None
        return self.turn, TAKES if self.pile >= 2 else TAKES[:1]

    def advance(self) -> bool:
        """No automatic step."""
        return False

    def play(self, seat: Seat, action: Take, *, forced: bool = False) -> None:
        """Take the stones and pass the turn."""
        self.pile -= action.n
        self.taken = with_item(self.taken, seat, self.taken[seat] + action.n)
        self.turn = (seat + 1) % self.players
        self.event("countdown.take", params={"n": action.n}, seats={"player": seat})


def setup(players: int, options: dict[str, str], rng: random.Random) -> tuple[CountdownState, list[Event]]:
    """A full pile, seat 0 first."""
    return CountdownState(players=players, turn=0, pile=PILE, taken=(0,) * players), []


def to_act(state: CountdownState) -> frozenset[Seat]:
    """The seat whose turn it is, until the pile is empty."""
    return frozenset() if state.pile <= 0 else frozenset((state.turn,))


def legal_actions(state: CountdownState, seat: Seat) -> Sequence[Take]:
    """Take 1, or 2 while two are left."""
    if seat != state.turn or state.pile <= 0:
        return ()
    return TAKES if state.pile >= 2 else TAKES[:1]


def apply(state: CountdownState, seat: Seat, action: Take, rng: random.Random) -> tuple[CountdownState, list[Event]]:
    """Play one take on a working copy, as every game's ``apply`` does."""
    w = CountdownWork(state, rng)
    w.play(seat, action)
    w.settle()
    return w.freeze(), w.events


COUNTDOWN: Game[CountdownState, Take, CountdownState] = Game(
    name="countdown",
    min_players=2,
    max_players=4,
    state_type=CountdownState,
    setup=setup,
    to_act=to_act,
    legal_actions=legal_actions,
    apply=apply,
    outcome=lambda state: standings(state.taken) if state.pile <= 0 else None,
    view=lambda state, seat: state,
    action_code=lambda action: str(action.n),
    parse_action=lambda code: TAKES[int(code) - 1],
    presentation=Presentation(
        action_label=lambda state, seat, action: msg("countdown.take", params={"n": action.n}),
        prompt=lambda state, seat: msg("countdown.prompt"),
        render_board=lambda view, tr: "",
        render_private=lambda view, tr: "",
    ),
)


def floor_us_per_ply(seconds: float) -> float:
    """Microseconds of CPU time per ply of random Countdown games for ``seconds``: the engine's floor."""
    plies = games = 0
    begin = time.process_time()
    while time.process_time() - begin < seconds:
        _, log = play_random(COUNTDOWN, 4, {}, seed=games)
        games += 1
        plies += len(log)
    return round(1e6 * (time.process_time() - begin) / plies, 2)


if __name__ == "__main__":
    print(json.dumps({"floor_us_per_ply": floor_us_per_ply(3.0)}, indent=2))
