"""The engine contract every game follows.

A game is a stateless ``Rules`` object plus frozen pydantic models for its state, actions and
views. ``apply`` never mutates: it returns a new state and the events the move produced. Chance
comes in as a ``random.Random`` derived from the table's secret seed and the ply (``rng_for``),
so a table replays exactly from its initial state and its action log.

Text never lives in the engine: events, labels and boards carry catalogue keys and parameters
(``Msg``) and renderers receive the reader's language (``Text``). That keeps ``rules/``
free of any locale and lets the same engine speak English and French.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict

Seat = int
"""A seat number, 0..players-1, in clockwise order."""

ParamValue = str | int
"""A value that can be put into a catalogue placeholder."""


class Frozen(BaseModel):
    """Base for every state, action, view and event: immutable and JSON-serialisable."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Msg(Frozen):
    """A sentence to be translated: a catalogue key and what fills its placeholders.

    ``params`` are inserted as they are; ``terms`` are catalogue keys translated first (a colour,
    a card name); ``seats`` are replaced by the seated player's display name.
    """

    key: str
    params: dict[str, ParamValue] = {}
    terms: dict[str, str] = {}
    seats: dict[str, Seat] = {}


class Event(Msg):
    """Something that happened, with its audience: ``to=None`` is public, else only those seats."""

    to: frozenset[Seat] | None = None

    def visible_to(self, seat: Seat | None) -> bool:
        """True if ``seat`` (None = the public channel) may read this event."""
        return self.to is None or (seat is not None and seat in self.to)


class IllegalAction(ValueError):
    """A move the rules refuse. ``msg`` is shown to the player, translated."""

    def __init__(self, key: str, **params: ParamValue) -> None:
        super().__init__(key if not params else f"{key} {params}")
        self.msg = Msg(key=key, params=dict(params))


class Standing(Frozen):
    """One line of the final standings: rank 1 is best; equal ranks are shared."""

    seat: Seat
    rank: int
    score: int


class Outcome(Frozen):
    """The result of a finished game, best first."""

    standings: tuple[Standing, ...]

    def winners(self) -> frozenset[Seat]:
        """Seats ranked first."""
        return frozenset(s.seat for s in self.standings if s.rank == 1)


class OptionSpec(Frozen):
    """One table option: its name, allowed values (as text) and default value."""

    name: str
    choices: tuple[str, ...]
    default: str


Options = Mapping[str, str]
"""Chosen option values by name, as text (as typed on a slash command or the command line)."""


class Text(Protocol):
    """The reader's language, handed to renderers: ``tr("key", n=3)``, ``tr.name(seat)``."""

    locale: str

    def __call__(self, key: str, /, **params: ParamValue) -> str:
        """The catalogue text for ``key`` with its placeholders filled."""
        ...

    def name(self, seat: Seat) -> str:
        """The display name of the player in ``seat``."""
        ...

    def msg(self, msg: Msg) -> str:
        """A whole ``Msg``: terms translated, seats named, then the sentence."""
        ...


class _SeededOnFirstUse(random.Random):
    """A ``random.Random`` that seeds itself on its first draw.

    Most plies draw nothing, and seeding a Mersenne Twister costs more than a whole move, so the
    seed is only derived and applied when a value is actually asked for. Every draw goes through
    ``random`` or ``getrandbits``, which the standard library's other methods are built on.
    """

    def __init__(self, material: str) -> None:
        self._material: str | None = material
        self.gauss_next = None

    def _ensure_seeded(self) -> None:
        if self._material is not None:
            digest = hashlib.sha256(self._material.encode()).digest()
            self._material = None
            super().seed(int.from_bytes(digest[:16], "big"))

    def random(self) -> float:
        """The next float in [0, 1)."""
        self._ensure_seeded()
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        """The next ``k`` random bits."""
        self._ensure_seeded()
        return super().getrandbits(k)

    def getstate(self) -> tuple[Any, ...]:
        """The generator's state (seeding first)."""
        self._ensure_seeded()
        return super().getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        """Restore a state from ``getstate``."""
        self._material = None
        super().setstate(state)

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Reseed explicitly (the derived seed is then dropped)."""
        self._material = None
        super().seed(a, version)


def rng_for(seed: str | int, ply: int) -> random.Random:
    """The random source for the action that moves a table to ``ply`` (0 = setup).

    Derived by hashing, so the stream of one ply says nothing about another's and a replay draws
    exactly the same values.
    """
    return _SeededOnFirstUse(f"{seed}:{ply}")


def rank_by(scores: Sequence[tuple[Seat, tuple[int, ...]]]) -> tuple[tuple[Seat, int], ...]:
    """Rank seats by a key, highest first; equal keys share a rank (1, 1, 3 ...)."""
    ordered = sorted(scores, key=lambda item: (tuple(-k for k in item[1]), item[0]))
    ranks: list[tuple[Seat, int]] = []
    for index, (seat, key) in enumerate(ordered):
        if index and key == ordered[index - 1][1]:
            ranks.append((seat, ranks[-1][1]))
        else:
            ranks.append((seat, index + 1))
    return tuple(ranks)


def fill_options(specs: Sequence[OptionSpec], options: Options) -> dict[str, str]:
    """Every option of a game with its chosen or default value; raise IllegalAction if unknown/bad."""
    known = {spec.name: spec for spec in specs}
    for name in options:
        if name not in known:
            raise IllegalAction("error.option_unknown", name=name, choices=", ".join(known) or "-")
    filled: dict[str, str] = {}
    for spec in specs:
        value = str(options.get(spec.name, spec.default))
        if value not in spec.choices:
            raise IllegalAction("error.option_value", name=spec.name, value=value, choices=", ".join(spec.choices))
        filled[spec.name] = value
    return filled


M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")


def with_item(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with the element at ``index`` replaced (states hold tuples indexed by seat)."""
    return (*items[:index], value, *items[index + 1 :])


def trusted(cls: type[M], values: dict[str, Any]) -> M:
    """A model made from values that already have their exact field types, without validation.

    This is ``model_construct`` minus its per-field default handling, which dominated both games'
    ``apply`` (about half of a random playout): every field must be given. It writes the same four
    attributes ``model_construct`` writes, so it depends on pydantic v2's model layout; the contract
    test's JSON round trip on every state (and ``tests/test_engine.py``) would catch a change.
    """
    obj = cls.__new__(cls)
    object.__setattr__(obj, "__dict__", values)
    object.__setattr__(obj, "__pydantic_fields_set__", set(values))
    object.__setattr__(obj, "__pydantic_extra__", None)
    object.__setattr__(obj, "__pydantic_private__", None)
    return obj


S = TypeVar("S", bound=Frozen)
A = TypeVar("A", bound=Frozen)
V = TypeVar("V", bound=Frozen)


class Rules(Protocol, Generic[S, A, V]):
    """What every game provides. See DESIGN.md, "The engine contract"."""

    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[OptionSpec, ...]]
    state_version: ClassVar[int]

    @property
    def state_type(self) -> type[Frozen]:
        """The game's state model (to load a stored state)."""
        ...

    # -- rules ---------------------------------------------------------------------------------
    def check_options(self, players: int, options: Options) -> dict[str, str]:
        """Fill defaults and validate; raise IllegalAction for a bad value or combination."""
        ...

    def setup(self, players: int, options: Options, rng: random.Random) -> S:
        """The initial state; the seat that opens the game is chosen with ``rng`` if random."""
        ...

    def to_act(self, state: S) -> frozenset[Seat]:
        """Seats that must decide now; several = a simultaneous decision; empty = game over."""
        ...

    def legal_actions(self, state: S, seat: Seat) -> Sequence[A]:
        """Every legal action of ``seat`` now, at most 25, in the order the board labels them."""
        ...

    def apply(self, state: S, seat: Seat, action: A, rng: random.Random) -> tuple[S, list[Event]]:
        """Play ``action`` for ``seat``; return the new state and events. Raise IllegalAction."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """The final standings once the game is over, else None."""
        ...

    def view(self, state: S, seat: Seat | None) -> V:
        """What ``seat`` may see (None = the public channel): an allow-list model."""
        ...

    # -- codes and text ------------------------------------------------------------------------
    def action_code(self, action: A) -> str:
        """A short stable code for ``action`` (buttons, the log, the command line)."""
        ...

    def parse_action(self, code: str) -> A:
        """The action named by ``code``; raise IllegalAction if it names none."""
        ...

    def action_label(self, state: S, seat: Seat, action: A) -> Msg:
        """A short label a player recognises (a button, an autocomplete entry)."""
        ...

    def prompt(self, state: S, seat: Seat) -> Msg:
        """What ``seat`` is being asked right now (shown above their buttons)."""
        ...

    def render_board(self, view: V, tr: Text) -> str:
        """The public board as text and emoji, at most 1,900 characters."""
        ...

    def render_private(self, view: V, tr: Text) -> str:
        """One seat's private view (hand, chips, secret bets) as text."""
        ...

    # -- players and tests ---------------------------------------------------------------------
    def ai_action(self, state: S, seat: Seat, rng: random.Random) -> A:
        """A sensible legal action for an AI seat (or a player whose time ran out)."""
        ...

    def swap_secrets(self, state: S, a: Seat, b: Seat, rng: random.Random) -> S:
        """A state that differs only in what seats ``a`` and ``b`` privately know (for tests)."""
        ...

    def upgrade(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """Bring a stored state written at ``version`` up to ``state_version``."""
        ...


def play_random(
    rules: Rules[Any, Any, Any],
    players: int,
    options: Options,
    seed: str | int,
    *,
    max_plies: int = 100_000,
) -> tuple[Any, list[tuple[Seat, Any]]]:
    """Play a whole game with uniformly random legal actions; return the end state and log."""
    state = rules.setup(players, rules.check_options(players, options), rng_for(seed, 0))
    log: list[tuple[Seat, Any]] = []
    chooser = rng_for(seed, -1)
    while rules.to_act(state):
        if len(log) >= max_plies:
            raise RuntimeError(f"{rules.name}: no end after {max_plies} plies")
        seat = min(rules.to_act(state))
        action = chooser.choice(list(rules.legal_actions(state, seat)))
        state, _ = rules.apply(state, seat, action, rng_for(seed, len(log) + 1))
        log.append((seat, action))
    return state, log
