"""Turn flow, one vocabulary for every game: the working copy a move is played on, single-choice
steps resolved for the player, long choice lists split in two steps, seat rotation, rankings.

A game's ``apply`` copies the frozen state into its ``Work`` subclass, plays the chosen action,
then calls ``settle()``, which runs every automatic step and plays every decision that has only
one choice (docs/design.md, "Turn flow has one vocabulary"), until a seat
faces a real choice or the game is over; ``freeze()`` makes the new state once.
"""

from __future__ import annotations

import random
import typing
from collections.abc import Callable, Hashable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from rules.engine import (
    MAX_CHOICES,
    Event,
    Frozen,
    Outcome,
    ParamValue,
    Seat,
    Standing,
    event,
    rank_by,
    trusted,
)

__all__ = ["Work", "blocks", "clockwise", "fits", "groups", "next_seat", "rank_by", "standings"]

S = TypeVar("S", bound=Frozen)
A = TypeVar("A")
T = TypeVar("T")
K = TypeVar("K", bound=Hashable)


class Work(Generic[S, A]):
    """A mutable working copy of a frozen state for the length of one ``apply``.

    A subclass names its state (``class MyWork(Work[MyState, MyAction], state=MyState)``) and
    declares the state's fields again as annotations, so mypy types ``w.money`` in every rule
    function; the class statement itself fails if the two lists of fields ever differ. Values stay
    immutable (tuples); rules assign new ones. ``freeze()`` builds the new state without
    re-validation: every value was produced by the game's own code.
    """

    state_type: ClassVar[type[Frozen]]
    fields: ClassVar[tuple[str, ...]]
    working: ClassVar[tuple[str, ...]] = ("rng", "events")
    """The copy's own attributes, not fields of the state: a subclass that sets more names them."""
    rng: random.Random | None
    events: list[Event]

    def __init_subclass__(cls, *, state: type[Frozen] | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if state is None:
            return
        declared = typing.get_type_hints(cls)
        base = set(typing.get_type_hints(Work))
        mirror = {name: hint for name, hint in declared.items() if name not in base}
        fields = {name: info.annotation for name, info in state.model_fields.items()}
        if mirror.keys() != fields.keys():
            raise TypeError(
                f"{cls.__name__} must declare exactly the fields of {state.__name__}: "
                f"missing {sorted(fields.keys() - mirror.keys())}, extra {sorted(mirror.keys() - fields.keys())}"
            )
        wrong = [name for name, hint in mirror.items() if hint != fields[name]]
        if wrong:
            raise TypeError(f"{cls.__name__}: these fields' types differ from {state.__name__}'s: {wrong}")
        cls.state_type = state
        cls.fields = tuple(fields)

    def __init__(self, state: S | None = None, rng: random.Random | None = None) -> None:
        if state is not None:
            self.__dict__.update(state.__dict__)
        self.rng = rng
        self.events = []

    def freeze(self) -> S:
        """The new frozen state."""
        # The copy's attributes are the state's fields plus its own working ones: copying them all
        # and dropping the working ones costs a fraction of picking every field by name, once per
        # move. An attribute ``working`` does not name shows in the count; then pick by name.
        values = self.__dict__.copy()
        for name in self.working:
            values.pop(name, None)
        if len(values) != len(self.fields):
            values = {name: values[name] for name in self.fields}
        return typing.cast(S, trusted(self.state_type, values))

    def event(
        self,
        key: str,
        *,
        to: Seat | None = None,
        params: dict[str, ParamValue] | None = None,
        terms: dict[str, str] | None = None,
        seats: dict[str, Seat] | None = None,
    ) -> None:
        """Record an event: public, or for the one seat ``to``."""
        self.events.append(event(key, to=to, params=params, terms=terms, seats=seats))

    # -- the turn-flow hooks a game fills in --------------------------------------------------
    def pending(self) -> tuple[Seat, Sequence[A]] | None:
        """The open one-seat decision and its choices; None when an automatic step is due, or
        when several seats decide at once, or when the game is over."""
        raise NotImplementedError

    def advance(self) -> bool:
        """Run the automatic step that is due; False when there is none (several seats decide at
        once, or the game is over) and ``settle`` must stop."""
        raise NotImplementedError

    def play(self, seat: Seat, action: A, *, forced: bool = False) -> None:
        """Play ``action`` for ``seat``; ``forced`` when it was the only choice (said in the events)."""
        raise NotImplementedError

    def offer_size(self, seat: Seat, choices: Sequence[A]) -> int:
        """How many choices a public message would offer for the open decision of ``seat``. A game
        with secrets may offer more than are legal (``Secrets.public_choices``); it overrides this
        so that a lone legal choice is played for the player only when the public offer is lone
        too: otherwise the timing of the move would tell the table what the offer hides."""
        return len(choices)

    def settle(self) -> None:
        """Run automatic steps and play single choices until a seat has ≥ 2 choices or none decides."""
        while True:
            decision = self.pending()
            if decision is None:
                if not self.advance():
                    return
                continue
            seat, choices = decision
            if len(choices) != 1 or self.offer_size(seat, choices) > 1:
                return
            self.play(seat, choices[0], forced=True)


# -- seats -----------------------------------------------------------------------------------------
def clockwise(first: Seat, players: int) -> list[Seat]:
    """Every seat, clockwise from ``first`` (included)."""
    return [(first + step) % players for step in range(players)]


def next_seat(after: Seat, players: int, skip: Callable[[Seat], bool] = lambda seat: False) -> Seat | None:
    """The next seat clockwise after ``after`` that is not skipped (``after`` itself comes last);
    None if every seat is skipped."""
    for step in range(1, players + 1):
        seat = (after + step) % players
        if not skip(seat):
            return seat
    return None


# -- long choice lists -----------------------------------------------------------------------------
def fits(count: int, *, reserved: int = 0) -> bool:
    """True if ``count`` choices (plus ``reserved`` fixed ones, e.g. a pass) fit one decision."""
    return count + reserved <= MAX_CHOICES


def blocks(count: int, *, reserved: int = 0, size: int | None = None) -> list[range]:
    """Cut ``count`` choices that do not fit one decision into consecutive blocks for a two-step
    choice: first the block (next to ``reserved`` fixed choices), then an item of that block.
    Blocks hold ``size`` items (by default as many as one decision can show beside the reserved)."""
    width = size or MAX_CHOICES - reserved
    cut = [range(start, min(count, start + width)) for start in range(0, count, width)]
    if len(cut) + reserved > MAX_CHOICES:
        raise ValueError(f"{count} choices do not fit two steps of {MAX_CHOICES}")
    return cut


def groups(items: Sequence[T], key: Callable[[T], K]) -> dict[K, list[T]]:
    """Items gathered by ``key`` in first-seen order (a board row, say): a natural first step."""
    found: dict[K, list[T]] = {}
    for item in items:
        found.setdefault(key(item), []).append(item)
    return found


# -- rankings --------------------------------------------------------------------------------------
def standings(scores: Sequence[int], tiebreaks: Sequence[tuple[str, Sequence[int]]] = ()) -> Outcome:
    """The outcome of a game: highest score first, then each named tie-break (higher is better);
    seats still equal share their rank. ``tiebreaks`` are (catalogue key, value per seat)."""
    keys = [tuple(values[seat] for _, values in tiebreaks) for seat in range(len(scores))]
    ranked = rank_by([(seat, (scores[seat], *keys[seat])) for seat in range(len(scores))])
    return Outcome(
        standings=tuple(Standing(seat=seat, rank=rank, score=scores[seat], keys=keys[seat]) for seat, rank in ranked),
        tiebreaks=tuple(name for name, _ in tiebreaks),
    )
