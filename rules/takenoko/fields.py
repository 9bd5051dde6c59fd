"""The mutable working copy one ``apply`` plays on, with the garden look-ups the steps share.

The look-ups (which plot stands on a hex, the placed hexes, the plot spots, the legal canals, which
cards hold...) live in facts.py, kept with the very garden and canals tuples they describe. A step
that replaces a tuple derives the new facts from the old ones and registers them, so the next
move, played on the new state, finds them at once.
"""

from __future__ import annotations

import random
from typing import Any

from rules.engine import Seat, trusted, with_item
from rules.flow import Work
from rules.takenoko.actions import TakenokoAction
from rules.takenoko.facts import (
    CanalFacts,
    GardenFacts,
    canal_facts,
    garden_facts,
    register_canals,
    register_garden,
)
from rules.takenoko.hexes import Edge, Hex
from rules.takenoko.layout import Layout, shows_spots
from rules.takenoko.state import LastTurn, PlayerBoard, Plot, Step, TakenokoState


class TakenokoFields(Work[TakenokoState, TakenokoAction]):
    """A Takenoko state while one move is played: the state's fields, mutable and typed, with the
    garden look-ups every step shares.

    The step modules (garden, figures, weather, objectives, scoring, turn) work on this type;
    ``work.py`` derives ``TakenokoWork`` from it and adds the turn-flow hooks that call them, so the
    steps need not import the flow that calls them. ``TakenokoWork`` is created with
    ``state=TakenokoState``, so the class statement fails if these annotations ever stop matching
    the state's fields."""

    # The state's fields again, on purpose: mypy types every step's ``w.<field>`` through them.
    # One declaration for both loses a check: on a plain base, mypy no longer checks the state's
    # constructor and frozen fields; on a model base, the pydantic plugin gives this copy (and
    # work.py's) the model's constructor. ``rules.flow.Work`` refuses this class if the lists differ.
    # Such lists look alike from game to game (one ``name: type`` a line); each game's are its own.
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
    last: LastTurn

    working = (*Work.working, "asked", "_garden_facts", "_canal_facts", "_touched")

    def __init__(self, state: TakenokoState | None = None, rng: random.Random | None = None) -> None:
        super().__init__(state, rng)
        self.asked: list[TakenokoAction] = []
        """The choices the last ``pending`` found (after ``settle``: those of the new state)."""
        self._garden_facts: GardenFacts | None = None
        self._canal_facts: CanalFacts | None = None
        self._touched: list[_Touch] = []
        """What this move changed, noted as it happened; ``freeze`` folds it into ``last``."""

    def freeze(self) -> TakenokoState:
        """The new frozen state, with what this move changed folded into ``last``."""
        if self._touched:
            self.last = _fold(self.last, self._touched)
        return super().freeze()

    # -- look-ups (facts.py), valid for the very tuples they were computed from -------------------
    def facts(self) -> GardenFacts:
        """The facts of the current garden."""
        found = self._garden_facts
        if found is None or found.garden is not self.garden:
            found = self._garden_facts = garden_facts(self.garden)
        return found

    def canal_facts(self) -> CanalFacts:
        """The facts of the current canals."""
        found = self._canal_facts
        if found is None or found.canals is not self.canals:
            found = self._canal_facts = canal_facts(self.canals)
        return found

    def plot_at(self, h: Hex) -> Plot | None:
        """The plot on ``h`` (None for the pond or an empty hex)."""
        i = self.facts().placement.index.get(h)
        return None if i is None else self.garden[i]

    def set_plot(self, plot: Plot, **changes: Any) -> Plot:
        """Replace a placed plot by a copy with ``changes``; return the copy."""
        facts = self.facts()
        i = facts.placement.index[(plot.q, plot.r)]
        new = trusted(Plot, {**plot.__dict__, **changes})
        garden = (*self.garden[:i], new, *self.garden[i + 1 :])
        self._garden_facts = register_garden(facts.replaced(plot, new, garden))
        self.garden = garden
        self._touched.append((self.turn, self.round, ((plot.q, plot.r),), (), None))  # as touch() does
        return new

    def add_plot(self, plot: Plot) -> None:
        """Lay a new plot (it goes last in ``garden``)."""
        facts = self.facts()
        garden = (*self.garden, plot)
        self._garden_facts = register_garden(facts.added(plot, garden))
        self.garden = garden
        self._touched.append((self.turn, self.round, ((plot.q, plot.r),), (), None))  # as touch() does

    def add_canal(self, edge: Edge) -> None:
        """Lay a canal (it goes last in ``canals``)."""
        facts = self.canal_facts()
        canals = (*self.canals, edge)
        self._canal_facts = register_canals(facts.added(edge, canals))
        self.canals = canals
        self._touched.append((self.turn, self.round, (), (edge,), None))  # as touch() does

    def layout(self) -> Layout:
        """The board layout of the current garden (see layout.py)."""
        return self.facts().placement.layout(shows_spots(self))

    def board(self, seat: Seat) -> PlayerBoard:
        """A player's board."""
        return self.boards[seat]

    def set_board(self, seat: Seat, **changes: Any) -> None:
        """Change a player's board."""
        self.boards = with_item(self.boards, seat, trusted(PlayerBoard, {**self.boards[seat].__dict__, **changes}))
        self._touched.append((self.turn, self.round, (), (), None))  # as touch() does

    # -- what this turn changed (the boards' marks) -----------------------------------------------
    def touch(self, *, hexes: tuple[Hex, ...] = (), canals: tuple[Edge, ...] = ()) -> None:
        """Note that the turn changed the table (and which hexes or canals): its first change
        starts a new record, so the previous turn's marks last until this turn changes something.
        Noted cheaply here (a move may grow seven plots), folded once by ``freeze``."""
        self._touched.append((self.turn, self.round, hexes, canals, None))

    def move_figure(self, figure: str, h: Hex) -> None:
        """Move the gardener or the panda to ``h``, noting where it came from (the first start of
        the turn, when it moves twice) and where it stopped."""
        start = self.gardener if figure == "gardener" else self.panda
        self._touched.append((self.turn, self.round, (h,), (), (figure, start)))
        if figure == "gardener":
            self.gardener = h
        else:
            self.panda = h


_Touch = tuple[int, int, tuple[Hex, ...], tuple[Edge, ...], tuple[str, Hex] | None]
"""One change noted during a move: the seat whose turn it is, the round, the hexes and canals it
touched, and a figure that left a hex (which one, from where)."""


def _fold(last: LastTurn, touched: list[_Touch]) -> LastTurn:
    """``last`` with the changes of one move added, in order: a change in another seat's turn (or
    another round) starts a new record. Most moves add nothing new: ``last`` itself then."""
    seat, round_ = last.seat, last.round
    hexes, canals, gardener, panda = last.hexes, last.canals, last.gardener, last.panda
    changed = False
    for turn, in_round, new_hexes, new_canals, moved in touched:
        if turn != seat or in_round != round_:
            seat, round_, hexes, canals, gardener, panda = turn, in_round, (), (), None, None
            changed = True
        for h in new_hexes:
            if h not in hexes:
                hexes += (h,)
                changed = True
        if new_canals:
            canals += new_canals
            changed = True
        if moved is not None:
            figure, start = moved
            if figure == "gardener" and gardener is None:
                gardener, changed = start, True
            elif figure == "panda" and panda is None:
                panda, changed = start, True
    if not changed:
        return last
    return trusted(
        LastTurn,
        {"seat": seat, "round": round_, "hexes": hexes, "canals": canals, "gardener": gardener, "panda": panda},
    )
