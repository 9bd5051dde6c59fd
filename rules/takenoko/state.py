"""Takenoko state: one frozen, JSON-friendly model holding a whole table.

Tuples indexed by seat (boards, hands, validated cards) or by colour (G, Y, P) and improvement
(w, e, f); hexes are ``(q, r)`` pairs and canals edge keys ``(q, r, d)`` (see hexes.py). The state
holds what nobody sees (deck orders) and what one seat sees (hands, drawn plots); views filter it.
"""

from __future__ import annotations

from typing import Literal

from rules.engine import Frozen

Step = Literal[
    "start",
    "face",
    "rain",
    "rain_tile",
    "storm",
    "storm_tile",
    "clouds",
    "action",
    "plot_pick",
    "plot_spot",
    "plot_chip",
    "gardener",
    "panda",
    "category",
    "canal",
    "chip_type",
    "chip_plot",
    "validate",
    "over",
]
"""The open decision (§4.2): ``start`` is the automatic weather roll (W0); ``face`` is W1;
``rain``/``rain_tile``, ``storm``/``storm_tile`` and ``clouds`` are W2; ``action`` is A1;
``plot_*`` A2; ``gardener``/``panda`` A4/A5; ``category`` A6; ``canal``, ``chip_type``/``chip_plot``
and ``validate`` the free actions (F); ``over`` once the game has ended."""

TOP_STEPS: frozenset[str] = frozenset(("face", "rain", "storm", "clouds", "action"))
"""Steps where the free actions are offered (W1, W2 and A1, §4.2)."""

SECRET_STEPS: frozenset[str] = frozenset(("plot_pick", "validate"))
"""Decisions whose choices are private: the drawn plots, the cards that hold (see secrets.py)."""


class Plot(Frozen):
    """A placed plot: its printed id, where it lies, its bamboo and its improvement.

    ``irrigated`` is never lost, and a plot's first irrigation gave it its one sprout (TK-IRR-05),
    so it doubles as the "already sprouted" flag the spec asks for.
    """

    id: str
    q: int
    r: int
    colour: str
    improvement: str
    """'' none, 'w' watershed, 'e' enclosure, 'f' fertilizer: printed or from a chip."""
    chip: bool
    """True if the improvement is a chip (TK-IMP-01: one per plot, never moved)."""
    height: int
    irrigated: bool


class PlayerBoard(Frozen):
    """What a player keeps in front of them (public): canals, chips and eaten bamboo."""

    canals: int
    chips: tuple[int, int, int]
    """Chips by type: watershed, enclosure, fertilizer."""
    eaten: tuple[int, int, int]
    """Bamboo sections eaten by the panda, by colour: green, yellow, pink."""


class LastTurn(Frozen):
    """What the latest turn that changed the table touched, for the boards' marks: a player back
    after a day sees it first. A turn starts a new record with its first change, so the previous
    turn's marks stay on the board while the next player has not changed anything yet."""

    seat: int = -1
    """Whose turn it was; -1 before any turn changed anything."""
    round: int = 0
    hexes: tuple[tuple[int, int], ...] = ()
    """Plots laid, grown, eaten from, irrigated or improved, and where a figure stopped."""
    canals: tuple[tuple[int, int, int], ...] = ()
    """Canals laid."""
    gardener: tuple[int, int] | None = None
    """Where the gardener stood before the turn moved it (None: it did not move)."""
    panda: tuple[int, int] | None = None
    """Where the panda stood before the turn moved it (None: it did not move)."""


# fields.py declares these fields again, on purpose (mypy types the working copy through them; see
# there). A list of ``name: type`` lines looks like the other games' lists; each game's are its own.
class TakenokoPublic(Frozen):
    """The part of a Takenoko game everyone may see, as the state holds it: each view shows these fields
    unchanged (``rules.flow.shared_fields``). A field belongs here only if every seat may see it."""

    players: int
    pros: bool
    """The pros variant (TK-OBJ-07)."""
    first: int
    """The first player (TK-SETUP-04); a round ends when play comes back to this seat."""
    turn: int
    """The active seat."""
    round: int
    step: Step
    weather: str
    """The face rolled this turn ('' in round 1)."""
    condition: str
    """The weather in effect this turn once resolved ('' none yet or round 1)."""
    used: tuple[str, ...]
    """Actions taken this turn, in order."""
    garden: tuple[Plot, ...]
    """Placed plots in the order they were placed (the pond is not listed)."""
    canals: tuple[tuple[int, int, int], ...]
    """Canal edge keys, in the order they were placed."""
    gardener: tuple[int, int]
    panda: tuple[int, int]
    placing: str
    """The plot chosen to place (public once chosen, TK-PLOT-01), else ''."""
    pick: str
    """The first choice of a two-part step: the colour for RAIN/STORM, the chip type to place."""
    bamboo: tuple[int, int, int]
    """Bamboo sections left in the reserve: green, yellow, pink."""
    canal_supply: int
    chip_supply: tuple[int, int, int]
    boards: tuple[PlayerBoard, ...]
    done: tuple[tuple[str, ...], ...]
    """Each seat's validated cards, in order (public, never lost: TK-OBJ-02)."""
    emperor: int
    """The seat holding the Emperor (TK-END-01), else -1."""
    last: LastTurn = LastTurn()
    """What the latest turn changed (a default, so states stored before it load)."""


# The secret fields, declared again in fields.py for mypy like the public ones above.
class TakenokoState(TakenokoPublic):
    """A whole Takenoko table."""

    back: Step
    """The top step (W1, W2 or A1) a free action returns to."""
    plots: tuple[str, ...]
    """The plot deck, top first (order hidden from every view)."""
    drawn: tuple[str, ...]
    """Plots drawn by the running PLOT action, in draw order (private to the active seat)."""
    spot: tuple[int, int] | None
    """The spot chosen for it, while the chip is asked."""
    group: int
    """The first step of a two-step choice (a board row, a direction), else -1."""
    hands: tuple[tuple[str, ...], ...]
    """Each seat's objective cards, in the order drawn (private to that seat)."""
    decks: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    """Objective decks PL, GA, PA, top first (order hidden from every view)."""
    returned: tuple[str, ...]
    """Cards the pros variant put back during the running OBJECTIVE action (private)."""
