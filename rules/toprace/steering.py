"""How a seat expects the other players to steer the cars: the strong AI's model of its rivals.

Players who race push the cars they own and the cars they backed at a TIP line, and hold back the
rival car in front (a breakdown, a jam, a short end cell). The model plays each seat that way by a
weight per car (``weights``): its own cars, the cars it backs, the rival leader. A rival's bets are
secret until the reveal (TR-TIP-3), so on a state dealt from a seat's view (``estimate.determinize``
leaves "has bet" and nothing else) ``guess_bets`` fills each of them with the car in front, the car
a table backs; nothing here reads a hidden hand or bet that the state passed in did not already
hold. A card is chosen by its moves played out on the track (TR-MOVE-3/4: a jammed car's points are
lost), not by its printed points.
"""

from __future__ import annotations

from rules.engine import Seat, trusted
from rules.toprace import ai
from rules.toprace.actions import Action
from rules.toprace.data import BET_NONE, CARD, FINISH, JOKER, NCARS, NOT_BET, OFF, ROW
from rules.toprace.movement import legal_ends
from rules.toprace.scoring import places
from rules.toprace.state import TopRaceState

OWN = 1.0
"""Weight of a seat's own car, per row."""
RIVAL = -0.4
"""Weight of another seat's car, per row (an unowned car weighs nothing)."""
LEADER = -0.4
"""Extra weight of the rival car in front: the car a player most wants held back."""
BACKED = (0.6, 0.5, 0.4)
"""Extra weight of the car a seat backed at TIP 1, 2, 3."""


def front(state: TopRaceState) -> int:
    """The car in front (TR-END-3's order: the first home, else the furthest row)."""
    return places(state)[0]


def guess_bets(state: TopRaceState, seat: Seat) -> TopRaceState:
    """``state`` with every other seat's placed bet that reads 'no bet' (how ``determinize``
    hides it) guessed to be on the car in front now; ``seat``'s own bets as they are."""
    car = front(state)
    rows = tuple(tuple(car if s != seat and b == BET_NONE else b for s, b in enumerate(row)) for row in state.bets)
    if rows == state.bets:
        return state
    return trusted(TopRaceState, {**state.__dict__, "bets": rows})


def weights(state: TopRaceState, seat: Seat) -> list[float]:
    """How much ``seat`` gains per row each car moves: its own cars and the cars it backed gain,
    the other seats' cars lose, the one in front (not its own nor backed) most."""
    found = [OWN if o == seat else (RIVAL if o >= 0 else 0.0) for o in state.owner]
    backed = set()
    for tip in range(3):
        car = state.bets[tip][seat]
        if car not in (NOT_BET, BET_NONE):
            found[car] += BACKED[tip]
            backed.add(car)
    leader = next(
        (c for c in places(state) if c not in state.finish and c not in backed and state.owner[c] not in (-1, seat)),
        None,
    )
    if leader is not None:
        found[leader] += LEADER
    return found


def card_worth(state: TopRaceState, w: list[float], cid: int) -> float:
    """What a card is worth by the weights, its moves played out in turn on the track: a car the
    seat likes goes to its furthest end cell, one it minds to its shortest; a joker to the car it
    gains most on; a pair card by its turbo or breakdown (as the reflexes reckon it)."""
    card = CARD[cid]
    if card.pair is not None:
        return ai.card_push(state, w, cid)
    cells = list(state.cell)
    printed = {car for car, _ in card.slots}
    total = 0.0
    for car, points in card.slots:
        if car == JOKER:
            free = [c for c in range(NCARS) if c not in printed and cells[c] != OFF]
            if not free:
                continue
            car = max(free, key=lambda c: (_moved(cells, c, points, w[c])[0] * w[c], w[c]))
        if cells[car] == OFF:
            continue
        rows, end = _moved(cells, car, points, w[car])
        total += w[car] * rows
        cells[car] = OFF if end == FINISH else end
    return total


def _moved(cells: list[int], car: int, points: int, weight: float) -> tuple[int, int]:
    """(rows moved, end cell) of ``car``'s move, as far as it goes if liked, else as short."""
    # The racer of the strength bench (tests/support/strategies/toprace.py) steps a car the same
    # way: both follow TR-MOVE-3/4 through ``legal_ends``. They stay apart on purpose, so that the
    # bench's opponents are written independently of the AI they measure.
    ends = legal_ends(cells, car, points)
    if not ends:
        return 0, cells[car]
    end = ends[0] if weight >= 0 else ends[-1]
    return ROW[end] - ROW[cells[car]], end


def reply(state: TopRaceState, seat: Seat, opts: list[Action]) -> Action:
    """What ``seat`` plays by the model: the card worth most by its weights, each choice inside it
    by the reflexes with those weights, a bet on the car in front."""
    w = weights(state, seat)
    ask = state.ask
    if ask == "play":
        return max(opts, key=lambda a: (card_worth(state, w, a.n), -a.n))
    if ask == "bet":
        car = front(state)
        return next((a for a in opts if a.n == car), opts[0])
    return ai.reflex(state, seat, opts, w)
