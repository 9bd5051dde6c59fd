"""The working copy one Top Race move is played on: the state's fields, mutable and typed, with
what every step needs to tell (events, the notes of the card being played)."""

from __future__ import annotations

import random

from rules.engine import ParamValue, Seat, event, trusted
from rules.flow import Work
from rules.toprace.actions import Action
from rules.toprace.data import car_token
from rules.toprace.state import Ask, LastCard, Note, NoteKind, Phase, Purchase, RaceResult, TopRaceState


class TopRaceFields(Work[TopRaceState, Action]):
    """The state's fields as a mutable, typed working copy, with what every step needs to tell.

    The step modules (auction, movement, betting, scoring) work on this type; ``work.py`` derives
    ``TopRaceWork`` from it and adds the turn flow that calls them, so the steps need not import
    the flow that calls them. ``TopRaceWork`` is created with ``state=TopRaceState``, so the class
    statement fails if these annotations ever stop matching the state's fields.
    """

    # The state's fields again, on purpose: mypy types every step's ``w.<field>`` through them.
    # One declaration for both loses a check: on a plain base, mypy no longer checks the state's
    # constructor and frozen fields; on a model base, the pydantic plugin gives this copy (and
    # work.py's) the model's constructor. ``rules.flow.Work`` refuses this class if the lists differ.
    # Such lists look alike from game to game (one ``name: type`` a line); each game's are its own.
    players: int
    edition: str
    races: int
    betting: bool
    allow_no_bet: bool
    restrict_pair: bool
    race: int
    phase: Phase
    ask: Ask
    turn: int
    money: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    removed: tuple[int, ...]
    folded: tuple[int, ...]
    played: tuple[int, ...]
    drivers: tuple[int, ...]
    offers: int
    offered: tuple[int, ...]
    opener: int
    high: int
    high_bidder: int
    passed: tuple[bool, ...]
    block: int
    placing: int
    purchases: tuple[Purchase, ...]
    owner: tuple[int, ...]
    cell: tuple[int, ...]
    ref: tuple[int, ...]
    stamp: tuple[int, ...]
    counter: int
    finish: tuple[int, ...]
    start: int
    skipped: tuple[bool, ...]
    card: int
    slot: int
    car: int
    points: int
    ends: tuple[int, ...]
    last: LastCard | None
    tips: tuple[bool, ...]
    tip_queue: tuple[int, ...]
    bets: tuple[tuple[int, ...], ...]
    results: tuple[RaceResult, ...]

    working = (*Work.working, "notes")

    def __init__(self, state: TopRaceState | None = None, rng: random.Random | None = None) -> None:
        super().__init__(state, rng)
        self.notes: list[Note] = []
        """What the slots of the card being played did so far (merged into ``last`` by freeze)."""

    def freeze(self) -> TopRaceState:
        """The new frozen state, with the card's notes merged."""
        self.flush_notes()
        return super().freeze()

    def flush_notes(self) -> None:
        """Merge the notes taken so far into ``last`` (the board's line about the last card)."""
        if self.notes and self.last is not None:
            last = self.last
            self.last = trusted(
                LastCard, {"seat": last.seat, "card": last.card, "notes": last.notes + tuple(self.notes)}
            )
            self.notes = []

    def say(
        self,
        key: str,
        *,
        to: Seat | None = None,
        car: int | None = None,
        seat: Seat | None = None,
        place: int | None = None,
        **params: ParamValue,
    ) -> None:
        """Record an event (public unless ``to``): ``car`` fills {car} with the car's token, ``seat``
        {seat} with a player's name, ``place`` {place} with an ordinal (1st, 2nd…)."""
        if car is not None:
            params["car"] = car_token(self.edition, car)
        terms = None if place is None else {"place": f"toprace.place.{place}"}
        seats = None if seat is None else {"seat": seat}
        self.events.append(event(key, to=to, params=params, terms=terms, seats=seats))

    def token(self, car: int) -> str:
        """The car's token for a second car in an event: '🟦E'."""
        return car_token(self.edition, car)

    def note(
        self, kind: NoteKind, car: int, start: int = -1, end: int = -1, points: int = 0, lost: int = 0, other: int = -1
    ) -> None:
        """Remember what a slot did, for the board."""
        self.notes.append(
            trusted(
                Note,
                {"kind": kind, "car": car, "start": start, "end": end, "points": points, "lost": lost, "other": other},
            )
        )

    def owned(self, seat: Seat) -> int:
        """How many cars ``seat`` owns."""
        return sum(1 for o in self.owner if o == seat)


Readable = TopRaceState | TopRaceFields
"""Either form of the state, for the functions that only read it (the choices of a decision)."""
