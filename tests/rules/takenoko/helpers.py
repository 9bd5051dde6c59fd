"""Positions built by hand for the Takenoko rule tests, and a way to play codes on them."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from rules.engine import Event, rng_for
from rules.takenoko import rules
from rules.takenoko.actions import action_code, parse_action
from rules.takenoko.data import BAMBOO, CATEGORIES, COLOUR_INDEX, PLOTS
from rules.takenoko.hexes import Hex
from rules.takenoko.state import PlayerBoard, Plot, TakenokoState
from rules.takenoko.work import TakenokoWork

RING: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six hexes around the pond, in direction order."""


def plot(
    colour: str,
    q: int,
    r: int,
    height: int = 0,
    *,
    irrigated: bool = True,
    improvement: str = "",
    chip: bool = False,
    plot_id: str = "",
) -> Plot:
    """A placed plot; its id is a free one of that colour with the printed improvement asked
    (a plot without printed improvement when the improvement is a chip)."""
    printed = "" if chip else improvement
    return Plot(
        id=plot_id or f"{colour}?{printed}",
        q=q,
        r=r,
        colour=colour,
        improvement=improvement,
        chip=chip,
        height=height,
        irrigated=irrigated,
    )


def _with_ids(garden: Sequence[Plot]) -> tuple[Plot, ...]:
    free = list(PLOTS)
    for p in garden:
        if p.id in free:
            free.remove(p.id)
    placed = []
    for p in garden:
        if "?" in p.id:
            colour, printed = p.id.split("?")
            chosen = next(i for i in free if i[0] == colour and PLOTS[i] == printed)
            free.remove(chosen)
            p = p.model_copy(update={"id": chosen})
        placed.append(p)
    return tuple(placed)


def position(
    players: int = 2,
    *,
    garden: Iterable[Plot] = (),
    canals: Iterable[tuple[int, int, int]] = (),
    seed: int = 1,
    options: dict[str, str] | None = None,
    boards: dict[int, PlayerBoard] | None = None,
    hands: dict[int, tuple[str, ...]] | None = None,
    **changes: Any,
) -> TakenokoState:
    """A state after setup, changed as asked: the garden, canals, boards, hands and any field. The
    deck and the reserve lose what the garden holds, so the component counts stay right."""
    state, _ = rules.setup(players, options or {}, rng_for(seed, 0))
    placed = _with_ids(tuple(garden))
    ids = {p.id for p in placed}
    bamboo = list(BAMBOO)
    for p in placed:
        bamboo[COLOUR_INDEX[p.colour]] -= p.height
    all_boards = list(state.boards)
    for seat, board in (boards or {}).items():
        all_boards[seat] = board
        for i, n in enumerate(board.eaten):
            bamboo[i] -= n
    all_hands = list(state.hands)
    decks = [list(d) for d in state.decks]
    for seat, hand in (hands or {}).items():
        for card in all_hands[seat]:
            decks[CATEGORIES.index(card[:2])].append(card)
        all_hands[seat] = hand
    held = {card for hand in all_hands for card in hand}
    decks = [[card for card in deck if card not in held] for deck in decks]
    update: dict[str, Any] = {
        "garden": placed,
        "canals": tuple(canals),
        "plots": tuple(p for p in state.plots if p not in ids),
        "bamboo": (bamboo[0], bamboo[1], bamboo[2]),
        "boards": tuple(all_boards),
        "hands": tuple(all_hands),
        "decks": (tuple(decks[0]), tuple(decks[1]), tuple(decks[2])),
        "turn": state.first,
        "step": "action",
    }
    update.update(changes)
    return state.model_copy(update=update)


def board(
    canals: int = 0, chips: tuple[int, int, int] = (0, 0, 0), eaten: tuple[int, int, int] = (0, 0, 0)
) -> PlayerBoard:
    """A player's board."""
    return PlayerBoard(canals=canals, chips=chips, eaten=eaten)


def play(state: TakenokoState, *codes: str, seed: int = 5) -> tuple[TakenokoState, list[Event]]:
    """Play codes for whoever is to act; return the last state and every event."""
    events: list[Event] = []
    for n, code in enumerate(codes):
        state, more = rules.apply(state, state.turn, parse_action(code), rng_for(seed, n + 1))
        events += more
    return state, events


def codes(state: TakenokoState) -> list[str]:
    """The codes of the legal choices now."""
    return [action_code(a) for a in rules.legal_actions(state, state.turn)]


def keys(events: Iterable[Event]) -> list[str]:
    """Event keys without the game prefix."""
    return [e.key.removeprefix("takenoko.event.") for e in events]


def at(state: TakenokoState, h: Hex) -> Plot:
    """The plot on a hex."""
    return next(p for p in state.garden if (p.q, p.r) == h)


def work(state: TakenokoState, seed: int = 3) -> TakenokoWork:
    """A working copy with a random source."""
    return TakenokoWork(state, random.Random(seed))


def total_bamboo(state: TakenokoState) -> tuple[int, int, int]:
    """Bamboo in the garden, on the boards and in the reserve, by colour."""
    counts = list(state.bamboo)
    for p in state.garden:
        counts[COLOUR_INDEX[p.colour]] += p.height
    for b in state.boards:
        for i, n in enumerate(b.eaten):
            counts[i] += n
    return (counts[0], counts[1], counts[2])


def garden_of(hexes: Iterable[Hex], *, irrigated: bool = True) -> list[Plot]:
    """Plots on these hexes, using the plot ids in their printed order (11 green, 9 yellow, 7 pink)."""
    return [
        Plot(
            id=plot_id,
            q=h[0],
            r=h[1],
            colour=plot_id[0],
            improvement=PLOTS[plot_id],
            chip=False,
            height=0,
            irrigated=irrigated,
        )
        for plot_id, h in zip(PLOTS, hexes, strict=False)
    ]
