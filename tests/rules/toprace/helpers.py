"""Helpers for the Top Race tests: build states directly and drive them through ``GAME``."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rules.engine import Event, ai_player, playout
from rules.toprace import GAME
from rules.toprace.actions import Action
from rules.toprace.data import ARROWS, CAR_LETTERS, CELL_INDEX, LANE, NCARS, OFF, ROW
from rules.toprace.state import TopRaceState
from rules.toprace.work import TopRaceWork

RNG = random.Random(0)


def car(letter: str) -> int:
    """Car index of a letter A..F."""
    return CAR_LETTERS.index(letter)


def cell(row: int, lane: int) -> int:
    """Cell index of (row, lane)."""
    return CELL_INDEX[(row, lane)]


GRID_SPARE = [cell(-2, 1), cell(-2, 2), cell(-2, 3), cell(-2, 4), cell(-1, 1), cell(-1, 3)]


def base(players: int = 2, **options: str) -> TopRaceState:
    """A fresh table (auction open) with the given options."""
    return GAME.start(players, options, 1)


def race_state(
    players: int = 2,
    at: dict[str, tuple[int, int]] | None = None,
    hands: list[list[int]] | None = None,
    owner: dict[str, int] | None = None,
    turn: int = 0,
    finished: str = "",
    broken: dict[str, tuple[int, int]] | None = None,
    **options: str,
) -> TopRaceState:
    """A race in progress: cars at the given cells (others on the rear grid), the given hands, seat
    ``turn`` to play. Unlisted cars go to spare grid cells; ``finished`` lists cars already home."""
    s = base(players, **options)
    at = at or {}
    broken = broken or {}
    cells = [OFF] * NCARS
    refs = [OFF] * NCARS
    spare = iter(c for c in GRID_SPARE if c not in {cell(*p) for p in at.values()})
    for i, letter in enumerate(CAR_LETTERS[:NCARS]):
        if letter in at:
            cells[i] = cell(*at[letter])
        elif letter in broken:
            refs[i] = cell(*broken[letter])
        elif letter not in finished:
            cells[i] = next(spare)
    owners = [-1] * NCARS
    for letter, seat in (owner or {}).items():
        owners[car(letter)] = seat
    if owner is None:
        owners = [i % players for i in range(NCARS)]
    if hands is None:
        hands = [[] for _ in range(players)]
    return s.model_copy(
        update={
            "phase": "race",
            "ask": "play",
            "turn": turn,
            "hands": tuple(tuple(sorted(h)) for h in hands),
            "removed": (),
            "drivers": (),
            "owner": tuple(owners),
            "cell": tuple(cells),
            "ref": tuple(refs),
            "finish": tuple(car(x) for x in finished),
            "start": turn,
            "passed": (False,) * players,
        }
    )


def resume(state: TopRaceState, rng: random.Random | None = None) -> tuple[TopRaceState, list[Event]]:
    """Run the automatic steps of a hand-built state (e.g. one with ask='none')."""
    w = TopRaceWork(state, rng or random.Random(0))
    w.settle()
    return w.freeze(), w.events


def play(state: TopRaceState, seat: int, code: str) -> tuple[TopRaceState, list[Event]]:
    """Apply the action named by ``code``."""
    return GAME.apply(state, seat, GAME.parse_action(code), RNG)


def codes(state: TopRaceState, seat: int) -> list[str]:
    """The codes of the legal actions of ``seat``."""
    return [GAME.action_code(a) for a in GAME.legal_actions(state, seat)]


def keys(events: list[Event]) -> list[str]:
    """Event keys without the 'toprace.event.' prefix."""
    return [e.key.removeprefix("toprace.event.") for e in events]


def at_cell(state: TopRaceState, letter: str) -> tuple[int, int] | None:
    """(row, lane) of a car on the track, else None."""
    c = state.cell[car(letter)]
    return None if c == OFF else (ROW[c], LANE[c])


Pick = Callable[[TopRaceState, int, Sequence[Action]], Action]


def drive(state: TopRaceState, pick: Pick | None = None, limit: int = 100_000) -> TopRaceState:
    """Play until the game ends, first legal action each time (or ``pick(state, seat, legal)``)."""
    n = 0
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        action = legal[0] if pick is None else pick(state, seat, legal)
        state, _ = GAME.apply(state, seat, action, random.Random(n))
        n += 1
        assert n < limit
    return state


def mid_race(players: int, seed: int, played: int, tipped: bool = False) -> TopRaceState:
    """The first card to play, in a game the normal AI plays from seed ``seed``, once more than
    ``played`` cards are down (and, if ``tipped``, a TIP line has been passed)."""
    for ply in playout(GAME, GAME.start(players, {}, seed), seed, ai_player(GAME, seed)):
        state = ply.before
        if state.ask == "play" and len(state.played) > played and (any(state.tips) or not tipped):
            return state
    raise AssertionError("the game ended before that card")


def auction_state(*args: Any, **kwargs: Any) -> TopRaceState:
    """An auction that has just revealed ``drivers[0]``: ``owned`` cars already bought and placed
    (``auction_reveal``'s arguments, without what the reveal told)."""
    return auction_reveal(*args, **kwargs)[0]


def auction_reveal(
    players: int,
    owned: dict[str, int],
    drivers: str,
    offers: int,
    offered: str = "",
    at: dict[str, tuple[int, int]] | None = None,
    money: tuple[int, ...] | None = None,
    race: int = 1,
) -> tuple[TopRaceState, list[Event]]:
    """Reveal ``drivers[0]`` (``offers`` made before) with ``owned`` cars already bought and placed;
    the state and what the reveal told."""
    s = base(players)
    at = at or {}
    free = iter(a for a in ARROWS if a not in {cell(*p) for p in at.values()})
    owners = [-1] * NCARS
    cells = [OFF] * NCARS
    for letter, seat in owned.items():
        owners[car(letter)] = seat
        cells[car(letter)] = cell(*at[letter]) if letter in at else next(free)
    for letter, p in at.items():
        cells[car(letter)] = cell(*p)
    state = s.model_copy(
        update={
            "race": race,
            "ask": "none",
            "owner": tuple(owners),
            "cell": tuple(cells),
            "drivers": tuple(car(x) for x in drivers),
            "offers": offers,
            "offered": tuple(car(x) for x in offered),
            "money": money or s.money,
        }
    )
    return resume(state)
