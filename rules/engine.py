"""The engine contract every game follows, and the bundle the registry holds for each game.

A game is data plus pure functions (boardgame.io's shape): frozen pydantic models for its state,
actions and views, and functions over them. ``apply`` never mutates: it returns a new state and the
events the move produced. Chance comes in as a ``random.Random`` derived from the table's secret
seed and the ply (``rng_for``), so a table replays exactly from its initial state and its log.

Text never lives in the engine: events, labels and boards carry catalogue keys and parameters
(``Msg``) and renderers receive the reader's language (``Text``). That keeps ``rules/`` free of
any locale and lets the same engine speak English and French.

Each game package assembles one ``Game`` in its ``__init__``: the pure rules, their presentation,
the AI and, for a game with private information, its ``Secrets``. The rules module imports
neither the AI nor the renderers; optional parts have defaults.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, NamedTuple, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict

Seat = int
"""A seat number, 0..players-1, in clockwise order."""

ParamValue = str | int
"""A value that can be put into a catalogue placeholder."""

MAX_CHOICES = 25
"""Most choices one decision may offer (Discord's limit for a menu or an autocomplete list)."""


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


class IllegalAction(ValueError):
    """A well-formed move the rules refuse now. ``msg`` says why, for the player, translated;
    ``terms`` and ``seats`` fill it as a ``Msg``'s do (a colour's name, a player's)."""

    def __init__(
        self,
        key: str,
        *,
        terms: dict[str, str] | None = None,
        seats: dict[str, Seat] | None = None,
        **params: ParamValue,
    ) -> None:
        super().__init__(key if not params else f"{key} {params}")
        self.msg = Msg(key=key, params=dict(params), terms=terms or {}, seats=seats or {})


class MalformedAction(IllegalAction):
    """A code that names no action of the game at all (a typo, a forged button)."""


class Standing(Frozen):
    """One line of the final standings: rank 1 is best; equal ranks are shared.

    ``keys`` are what the ranking compared after the score (the game's tie-breaks, in order)."""

    seat: Seat
    rank: int
    score: int
    keys: tuple[int, ...] = ()


class Outcome(Frozen):
    """The result of a finished game, best first; ``tiebreaks`` names each of the ``keys``."""

    standings: tuple[Standing, ...]
    tiebreaks: tuple[str, ...] = ()

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


# -- randomness ------------------------------------------------------------------------------------
class SeededOnFirstUse(random.Random):
    """A ``random.Random(seed)`` that seeds itself on its first draw.

    Most plies (and most actions an AI tries) draw nothing, and seeding a Mersenne Twister costs
    more than a whole move, so the seed is only applied when a value is actually asked for. Every
    draw goes through ``random`` or ``getrandbits``, which the standard library's other methods are
    built on.
    """

    def __init__(self, seed: Any) -> None:
        self._pending: Any = seed
        self.gauss_next = None

    @staticmethod
    def _derive(seed: Any) -> Any:
        """The value handed to ``random.Random.seed`` on first use."""
        return seed

    def _ensure_seeded(self) -> None:
        if self._pending is not None:
            pending, self._pending = self._pending, None
            super().seed(self._derive(pending))

    def drawn(self) -> bool:
        """Whether a value has been drawn (or the generator reseeded) since it was made."""
        return self._pending is None

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
        self._pending = None
        super().setstate(state)

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Reseed explicitly (the pending seed is then dropped)."""
        self._pending = None
        super().seed(a, version)


class _HashedSeed(SeededOnFirstUse):
    """The source of one ply: its seed is a hash of the table's seed and the ply number."""

    @staticmethod
    def _derive(seed: Any) -> Any:
        return int.from_bytes(hashlib.sha256(str(seed).encode()).digest()[:16], "big")


def rng_for(seed: str | int, ply: int) -> random.Random:
    """The random source for the action that moves a table to ``ply`` (0 = setup).

    Derived by hashing, so the stream of one ply says nothing about another's and a replay draws
    exactly the same values.
    """
    return _HashedSeed(f"{seed}:{ply}")


def drew_randomly(rng: random.Random) -> bool:
    """True if a source from ``rng_for`` has been drawn from (so its move involved chance)."""
    return not isinstance(rng, SeededOnFirstUse) or rng.drawn()


# -- small shared helpers --------------------------------------------------------------------------
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


M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")


def with_item(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with the element at ``index`` replaced (states hold tuples indexed by seat)."""
    return (*items[:index], value, *items[index + 1 :])


def trusted(cls: type[M], values: dict[str, Any]) -> M:
    """A model made from values that already have their exact field types, without validation.

    The one way ``rules/`` builds models on its hot paths. It is ``model_construct`` minus its
    per-field default handling, which dominated ``apply`` (about half of a random playout): every
    field must be given. It writes the same four attributes ``model_construct`` writes, so it
    depends on pydantic v2's model layout; the contract test's JSON round trip on every state (and
    ``tests/test_engine.py``) would catch a change.
    """
    obj = _new(cls)
    _set_dict(obj, values)
    _set_fields_set(obj, set(values))
    _set_extra(obj, None)
    _set_private(obj, None)
    return obj


_new = object.__new__
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__
"""The setters of the four slots a pydantic model instance holds (BaseModel.__slots__), called
directly: ``object.__setattr__`` looks each one up again on every call."""


def event(
    key: str,
    *,
    to: Seat | None = None,
    params: dict[str, ParamValue] | None = None,
    terms: dict[str, str] | None = None,
    seats: dict[str, Seat] | None = None,
) -> Event:
    """An event (public unless ``to`` names the one seat that may read it), built trusted."""
    return trusted(
        Event,
        {
            "key": key,
            "params": params or {},
            "terms": terms or {},
            "seats": seats or {},
            "to": None if to is None else _AUDIENCE[to],
        },
    )


def msg(
    key: str,
    *,
    params: dict[str, ParamValue] | None = None,
    terms: dict[str, str] | None = None,
    seats: dict[str, Seat] | None = None,
) -> Msg:
    """A label or prompt, built trusted."""
    return trusted(Msg, {"key": key, "params": params or {}, "terms": terms or {}, "seats": seats or {}})


_AUDIENCE: tuple[frozenset[Seat], ...] = tuple(frozenset((seat,)) for seat in range(16))
"""The audience of a private event, per seat (shared, immutable)."""


# -- the bundle the registry holds -----------------------------------------------------------------
S = TypeVar("S", bound=Frozen)
A = TypeVar("A", bound=Frozen)
V = TypeVar("V", bound=Frozen)


@dataclass(frozen=True, kw_only=True)
class Presentation(Generic[S, A, V]):
    """How a game reads to players: labels, prompts, boards. Catalogue keys, never literal text."""

    action_label: Callable[[S, Seat, A], Msg]
    """A short label a player recognises (a button, an autocomplete entry), at most 80 characters."""
    prompt: Callable[[S, Seat], Msg]
    """What a seat is being asked right now (shown above its buttons)."""
    render_board: Callable[[V, Text], str]
    """The public board as text and emoji, at most 1,900 characters; code-block lines ≤ 40 wide."""
    render_private: Callable[[V, Text], str]
    """One seat's private view (hand, chips, secret bets) as text."""
    render_picture: Callable[[V, Text], bytes] | None = None
    """Optional: the public board as a PNG, drawn from the same view (a hex garden, say)."""
    render_results: Callable[[V, Text], str] | None = None
    """Optional: the game's own end-of-game table, from the public view once the game is over
    (points by kind, the cards that scored them), shown under the standings."""
    replay_turn: Callable[[S], Hashable] | None = None
    """Optional, with ``render_picture``: what one turn is in a replay (``rules.drawing.frames``
    draws a picture each time it changes: a seat's turn, a race card, a Mogul round). None: each
    time the seats to act change."""


@dataclass(frozen=True, kw_only=True)
class Secrets(Generic[S, A]):
    """What a game with private information declares about it (absent: perfect information)."""

    public_choices: Callable[[S, Seat], Sequence[A] | None]
    """The choices of ``seat``'s open decision that a public message may show, or None when the
    decision is secret (its choices reveal a hand, a bet...): then they are only ever offered in
    private. The list may hold actions the seat cannot take now, if only the seat's secret tells
    (Mogul's "stay in" with no chips); the move is then refused to that player alone. It must be
    computed from public facts: the contract test swaps secrets and checks that it never changes."""
    swap: Callable[[S, Seat, Seat, random.Random], S]
    """A state that differs only in what seats ``a`` and ``b`` privately know (for the tests)."""


Order = dict[str, str]
"""A standing order (or a pre-move) as its holder set it: named values, as text (like a table's
options). The keys are the names of the fields its form offered (``Orders.fields`` and
``Orders.follow_up``), plus any bookkeeping of the game's own that ``check`` adds."""

FieldKind = Literal["select", "multi", "number"]
"""How a form shows a field: ``select``, a menu of its choices (one is picked); ``multi``, a menu
of its choices where several may be picked (their values joined by ","; the game's ``check``
says which go together); ``number``, a short text input where a whole number from ``low`` to
``high`` is typed, or one of its ``choices`` (words such as "off" or "pass")."""

MAX_FORM_FIELDS = 5
"""Most fields one form holds (a Discord modal's five controls): ``fields`` and each step of
``follow_up`` offer at most this many."""


class FieldSpec(OptionSpec):
    """One field of an order's form: its name (the order's key, and the catalogue text
    ``<game>.order.<name>`` that titles it), its kind, its choices and its default.

    A ``select`` or ``multi`` field offers its ``choices`` (at most ``MAX_CHOICES``), each labelled
    by ``Orders.label``; a ``number`` field takes a whole number in ``low``..``high`` or one of its
    ``choices``. ``default`` is the value meaning "not set" or "ask me"; the form is pre-filled
    with ``Orders.suggest`` instead."""

    kind: FieldKind = "select"
    low: int = 0
    high: int = 0


def unfilled(specs: Iterable[FieldSpec], order: Order, bookkeeping: Iterable[str] = ()) -> tuple[list[str], list[str]]:
    """What keeps ``order`` from being whole (MG-ORD-6, TR-ORD-6): its keys that no field of
    ``specs`` names (nor the game's own ``bookkeeping``), and the fields of ``specs`` it leaves
    missing or without a value, each in order."""
    specs = list(specs)
    known = {spec.name for spec in specs} | set(bookkeeping)
    unknown = [name for name in order if name not in known]
    missing = [spec.name for spec in specs if not str(order.get(spec.name, "")).strip()]
    return unknown, missing


def form_fields(orders: Orders[Any, Any], state: Any, seat: Seat, chosen: Order) -> list[FieldSpec]:
    """Every field the forms offer ``seat`` now for the values ``chosen`` so far: the first form,
    then each ``follow_up`` step whose earlier fields all have a value in ``chosen``."""
    found = list(orders.fields(state, seat))
    if orders.follow_up is None:
        return found
    while all(str(chosen.get(spec.name, "")).strip() for spec in found):
        # Each step sees only the values of the forms before it, as the bot's player filled them.
        so_far = {spec.name: chosen[spec.name] for spec in found}
        more = [spec for spec in orders.follow_up(state, seat, so_far) if spec.name not in so_far]
        if not more:
            break
        found.extend(more)
    return found


@dataclass(frozen=True, kw_only=True)
class Orders(Generic[S, A]):
    """Standing orders: a seat's private instructions that answer its own decisions as if it had
    clicked at that moment (Mogul's MG-ORD, Top Race's TR-ORD, Takenoko's end-of-turn preference,
    Racebow's pre-moves RB-PRE).

    An order only ever plays a legal action its holder would be asked; it is read from the state
    the holder could see and from its own values (never from another seat's secrets). It is
    private: nothing public names it, its limits or its existence, and what it plays is logged and
    told exactly as the holder's click would be.

    **The form.** An order is set, changed or cancelled as a whole (MG-ORD-6, TR-ORD-6): the bot
    shows one form, pre-filled with ``suggest``, holding ``fields(state, seat)``; when the game
    has ``follow_up``, the fields chosen so far may call for more (Racebow's stack action and
    second step depend on the first destination; Top Race's per-colour maxima on asking for
    them): the bot shows ``follow_up(state, seat, chosen)`` as a further form until it offers
    nothing. Each form holds at most ``MAX_FORM_FIELDS`` fields, each a ``FieldSpec`` whose kind
    says which control shows it. The whole order is then read back with ``describe`` (one
    sentence the player checks before saving) and only ``check`` + save makes it act.
    """

    fields: Callable[[S, Seat], Sequence[FieldSpec]]
    """The first form: what ``seat`` may set now, at most ``MAX_FORM_FIELDS`` fields; empty when
    no order can be set now (no auction, not the next player...)."""
    check: Callable[[S, Seat, Order], Order]
    """The whole order as it will be kept (values normalised, the game's bookkeeping added), or
    IllegalAction with a reason the player can act on: a field the forms offer now that is
    missing or has no value (the reason names it), an unknown key, a value out of range, the wrong
    moment (nothing to order now), a seat not at the table. ``{}`` cancels where the game allows
    it. A kept order checks again to itself."""
    decide: Callable[[S, Seat, Order], tuple[A | None, Order | None]]
    """On the holder's open decision: the action the order plays now (None: it does not decide,
    the player is asked) and the order left after it (None: used up, lapsed or dropped)."""
    keep: Callable[[S, Seat, Order], bool]
    """After any move: False when the order's scope has ended (the auction, offer or turn it was
    for) or, for a pre-move, when the turn it was set for no longer comes next."""
    describe: Callable[[Order], Msg]
    """The whole order read back in words, one sentence for its holder alone ("You pay up to 3
    chips in every auction and take the pot once it holds 4 or more.")."""
    label: Callable[[str, str], Msg]
    """The label of one value of a field (a menu entry, for the holder alone): ``label(field,
    value)``; the field's own name is the catalogue text ``<game>.order.<field>``."""
    suggest: Callable[[S, Seat], Order] | None = None
    """The values a form is pre-filled with: a sensible order for ``seat`` now, computed from its
    own view only (its hand or chips and public facts: it is the same when other seats' secrets
    are swapped). Every field ``fields`` (and ``follow_up`` for these values) offers is given;
    ``check`` keeps it. ``{}`` when nothing can be set now. None: the fields' defaults."""
    follow_up: Callable[[S, Seat, Order], Sequence[FieldSpec]] | None = None
    """Optional: the fields of the next form once ``chosen`` holds a value for every field offered
    so far and nothing else (``fields``, then each earlier step of ``follow_up``); empty when the
    order is complete. None: the first form is the whole order. ``form_fields`` walks the steps."""
    why_stopped: Callable[[S, Seat, Order], Msg | None] | None = None
    """Optional: the private line for the holder when their order stops without deciding
    (RB-PRE-2's "private line saying why"): called with the order as it was before, on the state
    where ``decide`` played nothing on the holder's open decision or ``keep`` dropped it before it
    acted. None when there is nothing the player needs to be told (the order was used up as set,
    its scope ended, it decided)."""
    plan: Callable[[S, Seat, random.Random], Order | None] | None = None
    """The AI's own plan for this decision expressed as an order (None: the AI decides move by
    move): an AI seat sets it as a person would, and the tempo bench measures with it."""


AI_LEVELS = ("easy", "normal", "strong")
"""The AI's levels, weakest first; "normal" is the ``Game.ai`` and plays for absent players."""

Chooser = Callable[[S, frozenset[Seat], int], tuple[Seat, A] | None]
"""Who plays what at ply ``n``: (seat, action), or None to stop the playout there."""


@dataclass(frozen=True, kw_only=True)
class Game(Generic[S, A, V]):
    """One game as the registry holds it: the pure rules, their presentation, the AI and secrets.

    The rules are plain functions over frozen models (the contract below); ``setup`` receives
    options already filled in by ``check_options``.
    """

    name: str
    """The key naming the rules package, the cog, the database value and the slash group."""
    min_players: int
    max_players: int
    state_type: type[S]
    """The state model (to load a stored state)."""
    setup: Callable[[int, dict[str, str], random.Random], tuple[S, list[Event]]]
    """The initial state and what happened to reach it (deals, a first reveal...), told like any
    move's events; the seat that opens the game is chosen with ``rng`` if random."""
    to_act: Callable[[S], frozenset[Seat]]
    """Seats that must decide now; several = a simultaneous decision; empty = game over."""
    legal_actions: Callable[[S, Seat], Sequence[A]]
    """Every legal action of a seat now, 2 to 25 of them, in the order the board labels them."""
    apply: Callable[[S, Seat, A, random.Random], tuple[S, list[Event]]]
    """Play an action; return the new state and events. Raise IllegalAction to refuse."""
    outcome: Callable[[S], Outcome | None]
    """The final standings once the game is over, else None."""
    view: Callable[[S, Seat | None], V]
    """What a seat may see (None = the public channel): an allow-list model."""
    action_code: Callable[[A], str]
    """A short stable code for an action (buttons, the log, the command line)."""
    parse_action: Callable[[str], A]
    """The action a code names; raise MalformedAction if it names none."""
    presentation: Presentation[S, A, V]
    ai: Callable[[S, Seat, random.Random], A] | None = None
    """A sensible legal action for an AI seat, at the "normal" level (default: a random legal one)."""
    levels: Mapping[str, Callable[[S, Seat, random.Random], A]] = field(default_factory=dict)
    """The AI's other levels by name (``AI_LEVELS``); a level not given plays as "normal"."""
    secrets: Secrets[S, A] | None = None
    """None for a perfect-information game: every decision may then be shown in public."""
    hidden: Callable[[S], Hashable] | None = None
    """What no seat may see (the order of decks and piles); a move that changes it reveals
    something, so it can never be taken back. None: nothing is hidden from everyone."""
    skip: Callable[[S, Seat], A | None] | None = None
    """The move that passes a seat's turn where the rules allow one (a pass in an auction), used
    when a clock runs out at a table whose policy is to skip; None: the AI plays instead."""
    orders: Orders[S, A] | None = None
    """Standing orders a seat may set (None: the game has none)."""
    up_next: Callable[[S], Seat | None] | None = None
    """Who is asked once the current turn is over, as public information says now (the player who
    gets the heads-up "the player before you has started"; the only one who may set a Racebow
    pre-move). None when nobody or nobody in particular: a simultaneous decision, the game's end,
    or a turn whose next player depends on the choice being made. Absent: the game cannot tell."""
    rule_prefix: str = ""
    """The prefix of the rule IDs in the game's spec (``docs/rules/<name>.md``): "MG" for MG-AUC-1."""
    options: tuple[OptionSpec, ...] = ()
    validate_options: Callable[[int, dict[str, str]], None] | None = None
    """Checks of option combinations beyond each value's choices (raise IllegalAction)."""
    state_version: int = 1
    upgrades: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]] = field(default_factory=dict)
    """Stored-state upgrades: ``upgrades[v]`` turns a version-v state into version v + 1."""

    def check_options(self, players: int, options: Options) -> dict[str, str]:
        """Every option filled with its default and validated; raise IllegalAction if refused."""
        filled = fill_options(self.options, options)
        if self.validate_options is not None:
            self.validate_options(players, filled)
        return filled

    def upgrade(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """Bring a stored state written at ``version`` up to ``state_version``."""
        if version > self.state_version:
            raise ValueError(f"{self.name}: stored state version {version} is newer than this code")
        for step in range(version, self.state_version):
            if step not in self.upgrades:
                raise ValueError(f"{self.name}: no upgrade from state version {step}")
            data = self.upgrades[step](data)
        return data

    def ai_action(self, state: S, seat: Seat, rng: random.Random, level: str = "normal") -> A:
        """The AI's choice for ``seat`` at ``level`` (a random legal action if the game has no AI)."""
        chosen = self.levels.get(level, self.ai)
        if chosen is not None:
            return chosen(state, seat, rng)
        return rng.choice(list(self.legal_actions(state, seat)))

    @property
    def has_secrets(self) -> bool:
        """False for a perfect-information game."""
        return self.secrets is not None

    def public_choices(self, state: S, seat: Seat) -> Sequence[A] | None:
        """What a public message may offer ``seat`` now; None = a secret decision (see Secrets)."""
        if self.secrets is None:
            return self.legal_actions(state, seat)
        return self.secrets.public_choices(state, seat)

    def swap_secrets(self, state: S, a: Seat, b: Seat, rng: random.Random) -> S:
        """A state that differs only in what ``a`` and ``b`` privately know (unchanged if none)."""
        return state if self.secrets is None else self.secrets.swap(state, a, b, rng)

    def start(self, players: int, options: Options, seed: str | int) -> S:
        """Check the options and set up a game from ``seed`` (its ply-0 random source)."""
        state, _ = self.setup(players, self.check_options(players, options), rng_for(seed, 0))
        return state


# -- playing a whole game --------------------------------------------------------------------------
class Ply(NamedTuple, Generic[S, A]):
    """One action of a playout: its number (1, 2 ...), who played what, before and after (a
    named tuple: a playout makes one per action, and a tuple is the cheapest to make)."""

    number: int
    seat: Seat
    action: A
    before: S
    after: S
    events: list[Event]


def playout(
    game: Game[S, A, V],
    state: S,
    seed: str | int,
    choose: Chooser[S, A],
    *,
    ply: int = 0,
    max_plies: int = 100_000,
) -> Iterator[Ply[S, A]]:
    """Play from ``state`` (reached after ``ply`` actions) while ``choose`` names a move.

    The one game loop: random playouts, AI seats at a table, golden transcripts and the bench all
    go through it. Each action draws from ``rng_for(seed, its number)``, as a replay does.
    """
    while True:
        to_act = game.to_act(state)
        if not to_act:
            return
        pick = choose(state, to_act, ply + 1)
        if pick is None:
            return
        if ply >= max_plies:
            raise RuntimeError(f"{game.name}: no end after {max_plies} plies")
        seat, action = pick
        ply += 1
        after, events = game.apply(state, seat, action, rng_for(seed, ply))
        yield Ply(ply, seat, action, state, after, events)
        state = after


def random_player(game: Game[S, A, V], seed: str | int) -> Chooser[S, A]:
    """The lowest seat to act plays a uniformly random legal action (one stream for the game)."""
    # Drawn from at every ply: seeded at once, as a plain generator (the same values rng_for(seed, -1)
    # would draw, without a lazy check on each draw).
    chooser = random.Random(_HashedSeed._derive(f"{seed}:-1"))

    def choose(state: S, to_act: frozenset[Seat], ply: int) -> tuple[Seat, A]:
        seat = min(to_act)
        legal = game.legal_actions(state, seat)
        return seat, chooser.choice(legal if isinstance(legal, list | tuple) else list(legal))

    return choose


def ai_player(
    game: Game[S, A, V],
    seed: str | int,
    seats: frozenset[Seat] | None = None,
    levels: Mapping[Seat, str] | None = None,
) -> Chooser[S, A]:
    """The game's AI plays ``seats`` (all by default), lowest seat first, each at its level in
    ``levels`` ("normal" if unnamed); stops when none is to act."""

    def choose(state: S, to_act: frozenset[Seat], ply: int) -> tuple[Seat, A] | None:
        mine = to_act if seats is None else to_act & seats
        if not mine:
            return None
        seat = min(mine)
        level = "normal" if levels is None else levels.get(seat, "normal")
        return seat, game.ai_action(state, seat, rng_for(f"{seed}:ai", ply), level)

    return choose


def ai_against_random(game: Game[S, A, V], seed: str | int, ai_seats: frozenset[Seat]) -> Chooser[S, A]:
    """The game's AI plays ``ai_seats``, the uniformly random player every other seat (how the
    tests and benches measure an AI)."""
    ai = ai_player(game, seed, ai_seats)
    rnd = random_player(game, seed)

    def choose(state: S, to_act: frozenset[Seat], ply: int) -> tuple[Seat, A] | None:
        return ai(state, to_act, ply) if to_act & ai_seats else rnd(state, to_act, ply)

    return choose


def play_random(game: Game[S, A, V], players: int, options: Options, seed: str | int) -> tuple[S, list[tuple[Seat, A]]]:
    """A whole game of uniformly random legal actions: the end state and the log of (seat, action).

    The log keeps no states: holding every state of a long game costs more than playing it."""
    state = game.start(players, options, seed)
    log: list[tuple[Seat, A]] = []
    for ply in playout(game, state, seed, random_player(game, seed)):
        log.append((ply.seat, ply.action))
        state = ply.after
    return state, log


# -- replaying a table's log -----------------------------------------------------------------------
UNDO = "!undo"
"""The log entry of a move taken back: the log stays append-only, and a replay undoes the move."""


class Replayed(NamedTuple, Generic[S]):
    """One entry of a table's log as a replay met it: the move (or ``UNDO``) at ``ply`` by
    ``seat``, the state before and after it, and what happened (an undo tells nothing itself)."""

    ply: int
    seat: Seat
    code: str
    before: S
    after: S
    events: list[Event]

    @property
    def undo(self) -> bool:
        """True for the entry that took the previous move back."""
        return self.code == UNDO


LogEntry = TypeVar("LogEntry", bound=tuple[Any, ...])
"""A log entry: (ply, seat, code), possibly followed by more (who decided it)."""


def replay(game: Game[S, A, V], initial: S, seed: str | int, log: Iterable[tuple[Any, ...]]) -> Iterator[Replayed[S]]:
    """Replay a table's log of (ply, seat, code, ...) from its initial state: each move through
    ``apply`` with its ply's random source, each ``UNDO`` back to the state before the move it
    takes back. The one replay: reading, the history, undo checks and the copy command use it."""
    state = initial
    before: list[S] = []
    for entry in log:
        ply, seat, code = int(entry[0]), int(entry[1]), str(entry[2])
        if code == UNDO:
            previous = before.pop()
            yield Replayed(ply, seat, code, state, previous, [])
            state = previous
            continue
        after, events = game.apply(state, seat, game.parse_action(code), rng_for(seed, ply))
        before.append(state)
        yield Replayed(ply, seat, code, state, after, events)
        state = after


def in_effect(log: Sequence[LogEntry]) -> list[LogEntry]:
    """The moves of a log still in effect once every undo has taken its move back."""
    kept: list[LogEntry] = []
    for entry in log:
        if entry[2] == UNDO:
            kept.pop()
        else:
            kept.append(entry)
    return kept
