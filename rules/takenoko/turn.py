"""A turn, step by step (§4.2/§4.3): the choices of the open decision and what each one does.

Top steps (W1, W2, A1) offer the free actions beside their own choices (TK-ACT-05); a free action
runs its own steps and comes back to the top step it left (``back``), whose choices are then
computed again. Long lists of spots, canals or tiles are asked in two steps: the board row first.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.flow import fits, groups
from rules.takenoko.actions import (
    ACT,
    CATEGORY,
    CHIP,
    DIRECTION,
    END,
    FREE_KINDS,
    NO_CHIP,
    PLOT,
    ROW,
    VALIDATE,
    TakenokoAction,
    canal,
    spot,
    tile,
)
from rules.takenoko.data import ACTIONS, CATEGORIES, CHIPS, HAND_LIMIT, LAST_ROUND, PLOTS
from rules.takenoko.fields import TakenokoFields
from rules.takenoko.figures import destination_tiles, destinations, move_gardener, move_panda
from rules.takenoko.garden import (
    any_canal_spot,
    any_chip_target,
    canal_spots,
    chip_targets,
    place_canal,
    place_chip,
    place_plot,
    plot_id_term,
    spots,
)
from rules.takenoko.hexes import Hex
from rules.takenoko.objectives import any_met, draw_objective, met, validate
from rules.takenoko.scoring import finish
from rules.takenoko.weather import effect_choices, face_choices, play_effect, resolve, roll, tile_choices

ANNOUNCED = frozenset(
    ("rain_tile", "storm_tile", "plot_spot", "gardener", "panda", "category", "canal", "chip_type", "chip_plot")
)
"""Public steps whose only choice is worth a word in the log when the engine plays it alone."""


# -- the choices of the open decision ----------------------------------------------------------------
def choices(w: TakenokoFields, *, public: bool = False) -> list[TakenokoAction]:
    """The choices of the open decision, in board order. ``public``: what a public message may offer,
    computed from public facts only (VALIDATE whenever the hand holds a card, see secrets.py)."""
    step = w.step
    if step == "action":
        kinds = action_kinds(w)
        done = len(w.used) >= 2 or not kinds
        return [*kinds, *free_kinds(w, public=public), *((END,) if done else ())]
    if step == "face":
        return [*face_choices(w), *free_kinds(w, public=public)]
    if step in ("rain", "storm", "clouds"):
        return [*effect_choices(w), *free_kinds(w, public=public)]
    if step in ("rain_tile", "storm_tile"):
        return tile_choices(w)
    if step == "plot_pick":
        return [PLOT[p] for p in w.drawn]
    if step == "plot_spot":
        layout = w.layout()
        return two_steps(w, [(spot(h), layout.row(h)) for h in spots(w)])
    if step == "plot_chip":
        board = w.board(w.turn)
        return [NO_CHIP, *(CHIP[c] for c, n in zip(CHIPS, board.chips, strict=True) if n)]
    if step in ("gardener", "panda"):
        return figure_choices(w, step)
    if step == "category":
        return [CATEGORY[c] for c, deck in zip(CATEGORIES, w.decks, strict=True) if deck]
    if step == "canal":
        layout = w.layout()
        return two_steps(w, [(canal(e), layout.edge_row(e)) for e in canal_spots(w)])
    if step == "chip_type":
        return [CHIP[c] for c, n in zip(CHIPS, w.board(w.turn).chips, strict=True) if n]
    if step == "chip_plot":
        layout = w.layout()
        return two_steps(w, [(tile(h), layout.row(h)) for h in chip_targets(w)])
    if step == "validate":
        return [VALIDATE[c] for c in met(w, w.turn)]
    return []


def candidates(w: TakenokoFields) -> list[TakenokoAction]:
    """Every spot, canal or tile the open decision is about, ignoring the two-step split (the board
    marks them all while the row is asked); empty for other decisions."""
    step = w.step
    if step in ("rain_tile", "storm_tile"):
        return tile_choices(w)
    if step == "plot_spot":
        return [spot(h) for h in spots(w)]
    if step == "canal":
        return [canal(e) for e in canal_spots(w)]
    if step == "chip_plot":
        return [tile(h) for h in chip_targets(w)]
    if step in ("gardener", "panda"):
        return [tile(h) for _, h in destinations(w, step)]
    return []


def two_steps(w: TakenokoFields, items: list[tuple[TakenokoAction, int]]) -> list[TakenokoAction]:
    """§4.3: up to 25 candidates in one list; more, the board row first (``group``), then its items."""
    if w.group >= 0:
        return [a for a, row in items if row == w.group]
    if fits(len(items)):
        return [a for a, _ in items]
    return [ROW[row] for row in groups(items, key=lambda item: item[1])]


def figure_choices(w: TakenokoFields, figure: str) -> list[TakenokoAction]:
    """GARDENER/PANDA destinations in board order; above 25, the direction first, then the tile."""
    moves = destinations(w, figure)
    if w.group >= 0:
        return [tile(h) for d, h in moves if d == w.group]
    if fits(len(moves)):
        return list(destination_tiles(w, figure))
    return [DIRECTION[d] for d in sorted({d for d, _ in moves})]


def action_kinds(w: TakenokoFields) -> list[TakenokoAction]:
    """A1: the actions still open (TK-ACT-02: different unless WIND; SUN gives a third) that are
    legal now (TK-ACT-03)."""
    allowed = 3 if w.condition == "SUN" else 2
    if len(w.used) >= allowed:
        return []
    wind = w.condition == "WIND"
    return [ACT[name] for name in ACTIONS if (wind or name not in w.used) and action_legal(w, name)]


def action_legal(w: TakenokoFields, name: str) -> bool:
    """TK-ACT-03: PLOT needs a plot in the deck, IRRIGATION a canal in the supply (TK-IRR-04),
    GARDENER and PANDA a destination, OBJECTIVE fewer than 5 cards and a card to draw."""
    if name == "plot":
        return bool(w.plots)
    if name == "irrigation":
        return w.canal_supply > 0
    if name in ("gardener", "panda"):
        # A straight move exists as soon as a neighbour is placed (the list waits for the step).
        return w.facts().placement.can_move(w.gardener if name == "gardener" else w.panda)
    return len(w.hands[w.turn]) < HAND_LIMIT and any(w.decks)


def free_kinds(w: TakenokoFields, *, public: bool = False) -> list[TakenokoAction]:
    """The free actions with a target (TK-ACT-05): a stored canal and a legal edge, a stored chip and
    a plot that may take it, a card that holds (publicly: any card in hand)."""
    board = w.board(w.turn)
    found = []
    if board.canals and any_canal_spot(w):
        found.append(ACT["place_canal"])
    if any(board.chips) and any_chip_target(w):
        found.append(ACT["place_chip"])
    if w.hands[w.turn] if public else any_met(w, w.turn):
        found.append(ACT["validate"])
    return found


# -- playing a choice ----------------------------------------------------------------------------------
def play(w: TakenokoFields, action: TakenokoAction, *, forced: bool = False) -> None:
    """Play one choice of the open decision (already checked to be among its choices)."""
    step = w.step
    if forced and step in ANNOUNCED and action.kind not in ("row", "dir"):
        w.event(f"takenoko.event.only.{step}", seats={"player": w.turn})
    kind = action.kind
    if kind == "act" and action.name in FREE_KINDS:
        w.back = step
        w.step = {"place_canal": "canal", "place_chip": "chip_type", "validate": "validate"}[action.name]  # type: ignore[assignment]
        w.group = -1
        return
    handler = _HANDLERS[step]
    handler(w, action, forced)


def _face(w: TakenokoFields, action: TakenokoAction, forced: bool) -> None:
    w.event("takenoko.event.face", seats={"player": w.turn}, terms={"face": f"takenoko.face.{action.name}"})
    resolve(w, action.name)


def _action(w: TakenokoFields, action: TakenokoAction, forced: bool) -> None:
    if action.kind == "end":
        end_turn(w)
        return
    name = action.name
    w.used = (*w.used, name)
    w.touch()  # an action taken: from now on the boards mark this turn, not the one before
    seat = w.turn
    if name == "plot":
        # TK-PLOT-01: draw up to 3, shown only to the player, in draw order.
        w.drawn, w.plots = w.plots[:3], w.plots[3:]
        w.event("takenoko.event.drew_plots", seats={"player": seat}, params={"n": len(w.drawn)})
        w.event(
            "takenoko.event.you_drew_plots",
            to=seat,
            params={"plots": ", ".join(w.drawn)},
        )
        w.step = "plot_pick"
    elif name == "irrigation":
        # TK-IRR-01: a canal from the supply onto the player's board.
        w.canal_supply -= 1
        w.set_board(seat, canals=w.board(seat).canals + 1)
        w.event("takenoko.event.took_canal", seats={"player": seat}, params={"left": w.canal_supply})
    else:
        w.step = "category" if name == "objective" else name  # type: ignore[assignment]
        w.group = -1


def _plot_pick(w: TakenokoFields, action: TakenokoAction, forced: bool) -> None:
    chosen = action.name
    others = tuple(p for p in w.drawn if p != chosen)
    # TK-PLOT-01: the others go under the deck in drawn order, unseen by the other players.
    w.plots = (*w.plots, *others)
    w.drawn = ()
    w.placing = chosen
    w.event("takenoko.event.chose_plot", seats={"player": w.turn}, terms={"plot": plot_id_term(chosen)})
    if others:
        w.event("takenoko.event.plots_back", to=w.turn, params={"plots": ", ".join(others)})
    w.step = "plot_spot"
    w.group = -1


def _plot_spot(w: TakenokoFields, action: TakenokoAction, forced: bool) -> None:
    if action.kind == "row":
        w.group = action.d
        return
    h: Hex = (action.q, action.r)
    w.group = -1
    chips = w.board(w.turn).chips
    if not PLOTS[w.placing] and any(chips):
        # TK-PLOT-02: a chip may go on a plot with no printed improvement, before it sprouts.
        w.spot = h
        w.step = "plot_chip"
    else:
        _lay(w, h, "")


def _plot_chip(w: TakenokoFields, action: TakenokoAction, forced: bool) -> None:
    assert w.spot is not None
    _lay(w, w.spot, "" if action.name == "none" else action.name)


def _lay(w: TakenokoFields, h: Hex, chip: str) -> None:
    place_plot(w, w.placing, h, chip)
    w.placing = ""
    w.spot = None
    w.step = "action"


def _figure(w: TakenokoFields, action: TakenokoAction, forced: bool) -> None:
    if action.kind == "dir":
        w.group = action.d
        return
    h: Hex = (action.q, action.r)
    if w.step == "gardener":
        move_gardener(w, h)
    else:
        move_panda(w, h)
    w.group = -1
    w.step = "action"


def _category(w: TakenokoFields, action: TakenokoAction, forced: bool) -> None:
    if draw_objective(w, action.name):
        w.step = "action"


def _canal(w: TakenokoFields, action: TakenokoAction, forced: bool) -> None:
    if action.kind == "row":
        w.group = action.d
        return
    place_canal(w, (action.q, action.r, action.d))
    w.group = -1
    w.step = w.back


def _chip_type(w: TakenokoFields, action: TakenokoAction, forced: bool) -> None:
    w.pick = action.name
    w.step = "chip_plot"


def _chip_plot(w: TakenokoFields, action: TakenokoAction, forced: bool) -> None:
    if action.kind == "row":
        w.group = action.d
        return
    place_chip(w, w.pick, (action.q, action.r))
    w.pick = ""
    w.group = -1
    w.step = w.back


def _validate(w: TakenokoFields, action: TakenokoAction, forced: bool) -> None:
    validate(w, action.name)
    w.step = w.back


def _weather(w: TakenokoFields, action: TakenokoAction, forced: bool) -> None:
    play_effect(w, action, forced=forced)


_HANDLERS: dict[str, Callable[[TakenokoFields, TakenokoAction, bool], None]] = {
    "face": _face,
    "rain": _weather,
    "storm": _weather,
    "clouds": _weather,
    "rain_tile": _weather,
    "storm_tile": _weather,
    "action": _action,
    "plot_pick": _plot_pick,
    "plot_spot": _plot_spot,
    "plot_chip": _plot_chip,
    "gardener": _figure,
    "panda": _figure,
    "category": _category,
    "canal": _canal,
    "chip_type": _chip_type,
    "chip_plot": _chip_plot,
    "validate": _validate,
}


# -- turns ----------------------------------------------------------------------------------------------
def start_turn(w: TakenokoFields) -> None:
    """A new turn: round 1 has no weather (TK-SETUP-05); later rounds roll the die first (W0)."""
    w.used = ()
    w.weather = ""
    w.condition = ""
    w.back = "action"
    final = w.emperor >= 0
    w.event(
        "takenoko.event.final_turn" if final else "takenoko.event.turn",
        seats={"player": w.turn},
        params={"round": w.round},
    )
    if w.round == 1:
        w.step = "action"
    else:
        roll(w)


def end_turn(w: TakenokoFields) -> None:
    """END_TURN: actions not taken are forfeited (TK-ACT-04); play passes clockwise. After the Emperor
    each other player has one last turn (TK-END-02); round 100 ends the game (TK-END-06)."""
    seat = w.turn
    if len(w.used) < 2:
        w.event("takenoko.event.forfeit", seats={"player": seat}, params={"n": 2 - len(w.used)})
    w.event("takenoko.event.turn_end", seats={"player": seat})
    w.used = ()
    w.weather = ""
    w.condition = ""
    w.back = "action"
    following = (seat + 1) % w.players
    if w.emperor >= 0 and following == w.emperor:
        finish(w)
        return
    if following == w.first:
        if w.round >= LAST_ROUND and w.emperor < 0:
            w.event("takenoko.event.round_limit", params={"round": w.round})
            finish(w)
            return
        w.round += 1
    w.turn = following
    w.step = "start"
