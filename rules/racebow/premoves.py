"""Racebow pre-moves (RB-PRE): the next player's own turn, chosen early, as the engine's ``Orders``.

While the table waits on another player, the player who plays next (RB-SETUP-04, as the board
tells now: ``up_next``) may set one private pre-move (RB-PRE-1). Its form comes in two steps,
because the later parts depend on the first (``follow_up``):

- ``m1``: a destination on their next tile, among the cells their position offers now;
- then, for that destination, ``stack`` (``ask`` or an action of decision S, offered when that
  cell prints an action and the stack would hold two pawns) and ``then`` (offered when the turbo
  would be: ``ask``, ``end``, ``turbo`` and then ask, or ``turbo:<cell>``, the second destination).

``check`` keeps with it the turn it is for (``turn``: round and seat), where the player stands
(``from``) and what each named cell holds (``m1_holds``, ``m2_holds``: a colour, a bonus, an
action or nothing). When the turn begins each part plays as the player's own decision if it is
legal then and its cell holds the same content (RB-PRE-2; the cost of a cell is its level's, so
the same cell costs the same); at the first part that fails the rest is dropped and
``why_stopped`` gives the private line. A pre-move for a turn that no longer comes next is dropped
(``keep``). What it plays is an ordinary move (RB-PRE-3).
"""

from __future__ import annotations

import random

from rules.engine import FieldSpec, IllegalAction, Msg, Order, Seat, msg, trusted, unfilled

from .actions import END, MOVES, SKIP, TURBO, RacebowAction, action_code, parse_action
from .data import CELL_CODES
from .movement import move_choices, next_row
from .rules import apply, legal_actions
from .state import RacebowState
from .turns import LATER, first_seat, round_order

M1, STACK, THEN = "m1", "stack", "then"
TURN, FROM, M1_HOLDS, M2_HOLDS = "turn", "from", "m1_holds", "m2_holds"
ASK = "ask"
MOVES_PER_CODE = {code: MOVES[i] for i, code in enumerate(CELL_CODES)}
"""The move to each destination code (``A2``)."""
_NO_DRAW = random.Random(0)
"""The source for a rehearsal of the turn: the tiles it could reveal are never read."""


def next_turn(state: RacebowState) -> tuple[int, Seat] | None:
    """The (round, seat) of the turn after the current one, as the board tells now (RB-SETUP-04:
    seats in round order, finished ones skipped); None once the game is over."""
    if state.ask == "over" or state.turn < 0:
        return None
    for seat in LATER[state.players][first_seat(state.round, state.players, state.rotate)][state.turn]:
        if not state.places[seat]:
            return state.round, seat
    order = round_order(state.round + 1, state.players, state.rotate, state.places)
    return (state.round + 1, order[0]) if order else None


def up_next(state: RacebowState) -> Seat | None:
    """Who plays after the current turn (RB-SETUP-04), as the board tells now."""
    found = next_turn(state)
    return None if found is None else found[1]


def _rehearsal(state: RacebowState, seat: Seat) -> RacebowState:
    """The state as if ``seat``'s turn began now (their position, the cells as they are)."""
    return trusted(RacebowState, {**state.__dict__, "turn": seat, "step": 1, "ask": "move"})


def _holds(state: RacebowState, seat: Seat, cell: int) -> str:
    """What the cell ``cell`` of the tile in front of ``seat`` holds now (its board character)."""
    return next_row(state, seat)[cell]


def fields(state: RacebowState, seat: Seat) -> list[FieldSpec]:
    """RB-PRE-1: the first destination, for the player who plays next while another plays."""
    if state.ask == "over" or seat == state.turn or up_next(state) != seat:
        return []
    codes = tuple(action_code(a)[3:] for a in move_choices(state, seat))
    return [FieldSpec(name=M1, choices=codes, default=codes[0])]


def _after_m1(state: RacebowState, seat: Seat, m1: str) -> RacebowState | None:
    """The rehearsed turn once ``m1`` is played (None if it is not a choice now)."""
    rehearsal = _rehearsal(state, seat)
    move = MOVES_PER_CODE.get(m1.upper())
    if move is None or move not in move_choices(rehearsal, seat):
        return None
    return apply(rehearsal, seat, move, _NO_DRAW)[0]


def follow_up(state: RacebowState, seat: Seat, chosen: Order) -> list[FieldSpec]:
    """RB-PRE-1: the parts that follow the chosen first destination, each among the choices the
    current position would offer: the stack action, then the turbo and second destination."""
    if M1 not in chosen or STACK in chosen or THEN in chosen or not fields(state, seat):
        return []
    after = _after_m1(state, seat, chosen[M1])
    if after is None or after.turn != seat:
        return []
    found = []
    if after.ask == "stack":
        codes = tuple(action_code(a) for a in legal_actions(after, seat))
        found.append(FieldSpec(name=STACK, choices=(ASK, *codes), default=ASK))
        after = apply(after, seat, SKIP, _NO_DRAW)[0]
    if after.ask == "turbo" and after.turn == seat:
        second = apply(after, seat, TURBO, _NO_DRAW)[0]
        cells = [action_code(a)[3:] for a in legal_actions(second, seat)] if second.ask == "move" else []
        found.append(FieldSpec(name=THEN, choices=(ASK, "end", "turbo", *(f"turbo:{c}" for c in cells)), default=ASK))
    return found


def check(state: RacebowState, seat: Seat, order: Order) -> Order:
    """The pre-move as kept (RB-PRE-1), or IllegalAction: not the next player, a part missing or
    not among the choices offered, an unknown key. ``{}`` (or ``m1`` = ``none``) cancels."""
    if not 0 <= seat < state.players:
        raise IllegalAction("racebow.premove.error.not_seated")
    if not order or order.get(M1, "").strip().lower() == "none":
        return {}
    if not fields(state, seat):
        raise IllegalAction("racebow.premove.error.not_next")
    chosen = {k: str(v).strip() for k, v in order.items()}
    specs = fields(state, seat)
    if chosen.get(M1):
        chosen[M1] = chosen[M1].upper()
        specs += follow_up(state, seat, {M1: chosen[M1]})
    unknown, missing = unfilled(specs, chosen, (TURN, FROM, M1_HOLDS, M2_HOLDS))
    if unknown:
        raise IllegalAction("racebow.premove.error.unknown", field=unknown[0][:20])
    if missing:
        raise IllegalAction("racebow.premove.error.missing", terms={"field": f"racebow.premove.{missing[0]}"})
    for spec in specs:
        value = chosen[spec.name] if spec.name == M1 else chosen[spec.name].lower()
        if spec.name != M1 and ":" in value:
            head, _, cell = value.partition(":")
            value = f"{head}:{cell.upper()}"
        if value not in spec.choices and value.lower() not in spec.choices:
            raise IllegalAction(
                "racebow.premove.error.choice", value=value[:20], terms={"field": f"racebow.premove.{spec.name}"}
            )
        chosen[spec.name] = value if value in spec.choices else value.lower()
    turn = next_turn(state)
    assert turn is not None
    tile, at = state.where[seat]
    kept = {spec.name: chosen[spec.name] for spec in specs}
    kept |= {TURN: f"{turn[0]}.{seat}", FROM: f"{tile}.{at}", M1_HOLDS: _holds(state, seat, CELL_CODES.index(kept[M1]))}
    second = kept.get(THEN, ASK).partition(":")[2]
    if second:
        kept[M2_HOLDS] = state.cells[tile + 2 - state.first][CELL_CODES.index(second)]
    return kept


def _my_turn(state: RacebowState, seat: Seat, order: Order) -> bool:
    """True while the turn the pre-move was set for is under way."""
    return state.turn == seat and order.get(TURN) == f"{state.round}.{seat}" and state.ask in ("move", "stack", "turbo")


def _failure(state: RacebowState, seat: Seat, order: Order) -> tuple[RacebowAction | None, str]:
    """The part that plays now and, when one fails, why ('' when it plays or nothing is left)."""
    tile, at = (int(x) for x in order[FROM].split("."))
    if state.step == 1 and state.ask == "move" and state.where[seat] == (tile, at):
        cell = CELL_CODES.index(order[M1])
        move = MOVES_PER_CODE[order[M1]]
        if _holds(state, seat, cell) != order[M1_HOLDS]:
            return None, "changed"
        return (move, "") if move in legal_actions(state, seat) else (None, "illegal")
    if state.where[seat][0] != tile + 1 and state.step == 1:
        return None, ""
    if state.ask == "stack" and state.step == 1:
        value = order.get(STACK, ASK)
        if value == ASK:
            return None, ""
        action = parse_action(value)
        return (action, "") if action in legal_actions(state, seat) else (None, "illegal")
    then = order.get(THEN, ASK)
    if state.ask == "turbo":
        if then == ASK:
            return None, ""
        action = END if then == "end" else TURBO
        return (action, "") if action in legal_actions(state, seat) else (None, "illegal")
    if state.ask == "move" and state.step == 2 and then.startswith("turbo:"):
        code = then.partition(":")[2]
        if _holds(state, seat, CELL_CODES.index(code)) != order.get(M2_HOLDS):
            return None, "changed"
        move = MOVES_PER_CODE[code]
        return (move, "") if move in legal_actions(state, seat) else (None, "illegal")
    return None, ""


def decide(state: RacebowState, seat: Seat, order: Order) -> tuple[RacebowAction | None, Order | None]:
    """RB-PRE-2: on the holder's turn, the next part as their own decision if it is legal and its
    cell holds what it did; at the first part that fails (or once nothing is left) it is dropped."""
    if not _my_turn(state, seat, order):
        return None, (order if keep(state, seat, order) else None)
    action, _ = _failure(state, seat, order)
    return (action, order) if action is not None else (None, None)


def keep(state: RacebowState, seat: Seat, order: Order) -> bool:
    """RB-PRE-2: kept while its turn is under way, or while that turn is still the next one."""
    if not order or state.ask == "over":
        return False
    if _my_turn(state, seat, order):
        return True
    turn = next_turn(state)
    return turn is not None and f"{turn[0]}.{turn[1]}" == order.get(TURN) and state.turn != seat


def why_stopped(state: RacebowState, seat: Seat, order: Order) -> Msg | None:
    """RB-PRE-2's private line: the cell no longer holds what it did, the part is no longer a
    choice, or the order of play changed; None when the pre-move played or simply ran out."""
    if not order:
        return None
    if _my_turn(state, seat, order):
        _, why = _failure(state, seat, order)
        return msg(f"racebow.premove.why.{why}") if why else None
    tile, at = (int(x) for x in order[FROM].split("."))
    if state.ask != "over" and state.where[seat] == (tile, at) and not keep(state, seat, order):
        return msg("racebow.premove.why.order")
    return None


def describe(order: Order) -> Msg:
    """The pre-move read back in words, for its holder alone."""
    if not order.get(M1):
        return msg("racebow.premove.describe.none")
    then = order.get(THEN, ASK)
    stack = order.get(STACK, ASK)
    kind = "turbo2" if then.startswith("turbo:") else then
    key = f"racebow.premove.describe.{'stack' if stack != ASK else 'move'}.{kind}"
    params: dict[str, str | int] = {"m1": order[M1], "stack": stack, "m2": then.partition(":")[2]}
    return msg(key, params=params)


def label(field: str, value: str) -> Msg:
    """A menu entry of the pre-move's form."""
    if value == ASK:
        return msg("racebow.premove.value.ask")
    if field == THEN:
        kind, _, cell = value.partition(":")
        return msg(f"racebow.premove.value.{kind}{'.cell' if cell else ''}", params={"cell": cell} if cell else {})
    return msg("racebow.premove.value.code", params={"code": value})


def suggest(state: RacebowState, seat: Seat) -> Order:
    """The form's pre-filled pre-move: the normal AI's own turn if it began now, part by part
    (perfect information: the whole board is the seat's view); ``{}`` when none can be set. A part
    the form offers that the AI's turn would not reach, or whose AI choice the form does not list
    (its choices follow the position with no stack action), is left as "ask". The AI's ties are
    broken by a source of its own, so the same position always suggests the same pre-move."""
    from .ai import ai_action

    if not fields(state, seat):
        return {}
    rng = random.Random(0)
    rehearsal = _rehearsal(state, seat)
    move = ai_action(rehearsal, seat, rng)
    values = {M1: action_code(move)[3:]}
    wanted: dict[str, str] = {}
    after = apply(rehearsal, seat, move, rng)[0]
    if after.turn == seat and after.ask == "stack":
        choice = ai_action(after, seat, rng)
        wanted[STACK] = action_code(choice)
        after = apply(after, seat, choice, rng)[0]
    if after.turn == seat and after.ask == "turbo":
        choice = ai_action(after, seat, rng)
        if choice == END:
            wanted[THEN] = "end"
        else:
            second = apply(after, seat, TURBO, rng)[0]
            if second.turn == seat and second.ask == "move" and len(legal_actions(second, seat)) > 1:
                wanted[THEN] = "turbo:" + action_code(ai_action(second, seat, rng))[3:]
            else:
                wanted[THEN] = "turbo"
    for spec in follow_up(state, seat, values):
        value = wanted.get(spec.name, ASK)
        if value not in spec.choices:
            value = "turbo" if value.startswith("turbo") and "turbo" in spec.choices else ASK
        values[spec.name] = value
    return check(state, seat, values)
