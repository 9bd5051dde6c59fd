"""The mutable working copy one ``apply`` plays on, with the garden look-ups the steps share.

Look-ups (which plot stands on a hex, the canal set, the plot spots, which cards hold...) are
computed on demand and remembered with the very objects they were computed from. States are
immutable and pass their unchanged tuples on to the next state, so a look-up made for one move
serves the following ones until a step assigns a new tuple; the memory is shared by every working
copy and holds its sources, so their identities stay unique while remembered.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rules.engine import Seat, trusted, with_item
from rules.flow import Work
from rules.takenoko import turn as turn_flow
from rules.takenoko.actions import TakenokoAction
from rules.takenoko.hexes import POND, Edge, Hex
from rules.takenoko.layout import Layout, layout_for, shows_spots
from rules.takenoko.state import SECRET_STEPS, PlayerBoard, Plot, Step, TakenokoState

MEMORY_SIZE = 4096
_MEMORY: dict[tuple[Any, ...], tuple[tuple[Any, ...], Any]] = {}
"""Look-ups by name and the identities of their sources (see the module's docstring)."""


class TakenokoWork(Work[TakenokoState, TakenokoAction], state=TakenokoState):
    """A Takenoko state while one move is played (same fields as the state)."""

    players: int
    pros: bool
    first: int
    turn: int
    round: int
    step: Step
    back: Step
    weather: str
    condition: str
    used: tuple[str, ...]
    garden: tuple[Plot, ...]
    canals: tuple[tuple[int, int, int], ...]
    gardener: tuple[int, int]
    panda: tuple[int, int]
    plots: tuple[str, ...]
    drawn: tuple[str, ...]
    placing: str
    spot: tuple[int, int] | None
    group: int
    pick: str
    bamboo: tuple[int, int, int]
    canal_supply: int
    chip_supply: tuple[int, int, int]
    boards: tuple[PlayerBoard, ...]
    hands: tuple[tuple[str, ...], ...]
    decks: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    returned: tuple[str, ...]
    done: tuple[tuple[str, ...], ...]
    emperor: int

    def __init__(self, state: TakenokoState | None = None, rng: random.Random | None = None) -> None:
        super().__init__(state, rng)
        self.asked: list[TakenokoAction] = []
        """The choices the last ``pending`` found (after ``settle``: those of the new state)."""
        # The hottest look-ups, kept on the copy itself too (same rule: valid for their source).
        self._indexed: object = None
        self._index: dict[Hex, int] = {}
        self._laid_out: object = None
        self._laid_out_spots = False
        self._layout: Layout | None = None

    # -- look-ups kept while their sources are unchanged ------------------------------------------
    def memo(self, name: str, *sources: Any) -> Any:
        """The value remembered under ``name`` if it was computed from these very ``sources``."""
        # The memory holds the sources it was computed from, so while an entry lives no other
        # object can have their identities: a hit on the ids is a hit on the very objects.
        found = _MEMORY.get((name, *map(id, sources)))
        return None if found is None else found[1]

    def remember(self, name: str, value: Any, *sources: Any) -> Any:
        """Remember ``value`` as computed from ``sources``; return it."""
        if len(_MEMORY) >= MEMORY_SIZE:
            _MEMORY.clear()
        _MEMORY[(name, *map(id, sources))] = (sources, value)
        return value

    def index(self) -> dict[Hex, int]:
        """Position in ``garden`` of the plot on each hex."""
        garden = self.garden
        if self._indexed is garden:
            return self._index
        found: dict[Hex, int] | None = self.memo("index", garden)
        if found is None:
            found = self.remember("index", {(p.q, p.r): i for i, p in enumerate(garden)}, garden)
        self._indexed, self._index = garden, found
        return found

    def placed(self) -> set[Hex]:
        """Every placed hex, the pond included."""
        found: set[Hex] | None = self.memo("placed", self.garden)
        if found is None:
            found = self.remember("placed", {*self.index(), POND}, self.garden)
        return found

    def canal_set(self) -> frozenset[Edge]:
        """The canals as a set."""
        found: frozenset[Edge] | None = self.memo("canals", self.canals)
        if found is None:
            found = self.remember("canals", frozenset(self.canals), self.canals)
        return found

    def plot_at(self, h: Hex) -> Plot | None:
        """The plot on ``h`` (None for the pond or an empty hex)."""
        i = self.index().get(h)
        return None if i is None else self.garden[i]

    def set_plot(self, plot: Plot, **changes: Any) -> Plot:
        """Replace a placed plot by a copy with ``changes``; return the copy."""
        i = self.index()[(plot.q, plot.r)]
        new = trusted(Plot, {**plot.__dict__, **changes})
        garden = (*self.garden[:i], new, *self.garden[i + 1 :])
        # The positions did not move: carry the index over to the new tuple.
        self.remember("index", self.index(), garden)
        self.remember("placed", self.placed(), garden)
        self.garden = garden
        return new

    def positions(self) -> tuple[Hex, ...]:
        """The placed plots' hexes, in the order they were placed."""
        index = self.index()
        found: tuple[Hex, ...] | None = self.memo("positions", index)
        if found is None:
            found = self.remember("positions", tuple(index), index)
        return found

    def layout(self) -> Layout:
        """The board layout of the current garden (see layout.py)."""
        index = self.index()
        spots = shows_spots(self)
        if self._laid_out is index and self._laid_out_spots is spots and self._layout is not None:
            return self._layout
        layout = self._layout = layout_for(self.positions(), spots)
        self._laid_out, self._laid_out_spots = index, spots
        return layout

    def board(self, seat: Seat) -> PlayerBoard:
        """A player's board."""
        return self.boards[seat]

    def set_board(self, seat: Seat, **changes: Any) -> None:
        """Change a player's board."""
        self.boards = with_item(self.boards, seat, trusted(PlayerBoard, {**self.boards[seat].__dict__, **changes}))

    # -- the turn-flow hooks -----------------------------------------------------------------------
    def pending(self) -> tuple[Seat, Sequence[TakenokoAction]] | None:
        """The active seat and its choices, or None at the weather roll or once the game is over."""
        if self.step in ("start", "over"):
            return None
        self.asked = turn_flow.choices(self)
        return self.turn, self.asked

    def advance(self) -> bool:
        """Roll the weather die at the start of a turn (W0); False once the game is over."""
        if self.step != "start":
            return False
        turn_flow.start_turn(self)
        return True

    def play(self, seat: Seat, action: TakenokoAction, *, forced: bool = False) -> None:
        """Play one choice of the open decision."""
        turn_flow.play(self, action, forced=forced)

    def offer_size(self, seat: Seat, choices: Sequence[TakenokoAction]) -> int:
        """The size of the public offer of the open decision (secrets.py). A top step offers VALIDATE
        whenever the hand holds a card, so its lone legal choice (END_TURN, a weather SKIP) is
        asked, not played, unless the hand is empty: else the table would learn from the timing
        that no card holds."""
        if self.step in SECRET_STEPS:
            # Only ever shown to the player: no public offer to match.
            return len(choices)
        return len(turn_flow.choices(self, public=True))
