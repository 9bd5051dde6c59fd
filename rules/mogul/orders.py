"""Standing orders (MG-ORD): a player's private instructions for their own auction turns.

An order holds any of three limits and a scope (MG-ORD-1), as text like a table's options:

- ``pays`` (N): pay at most N more times;
- ``pot`` (P): drop out as soon as the pot, on my turn, holds at least P chips;
- ``keep`` (C): never pay if that would leave me fewer than C chips;
- ``scope``: ``auction`` (one auction: the one under way if the holder is still in it, else the
  next one) or ``always`` (every auction until the holder changes it; N then counts the payments
  of each auction, from the one under way).

"off" means a limit is not set. The kept order also holds two entries of its own bookkeeping:
``round``, the round whose auction it counts payments for, and ``left``, the payments N still
allows in that auction.

On the holder's auction turn the order plays exactly as MG-ORD-2 says, and only ``PAY`` or
``DROP``: it never borrows. It reads the holder's own chips and the public board, nothing else,
so nothing it does can tell the table more than the player's own click would (MG-ORD-3).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine import FieldSpec, IllegalAction, Msg, Order, Seat, msg

from .actions import DROP, PAY, MogulAction
from .state import MogulState

OFF = "off"
"""The value of a limit that is not set (the first value of each limit's field)."""
PAYS, POT, KEEP, SCOPE = "pays", "pot", "keep", "scope"
"""The fields a player sets: N, P, C and the scope (MG-ORD-1)."""
FIELDS = (PAYS, POT, KEEP, SCOPE)
ROUND, LEFT = "round", "left"
"""The order's own bookkeeping: the round whose auction it counts for, the payments left there."""
ONE_AUCTION, EVERY_AUCTION = "auction", "always"
SCOPES = (ONE_AUCTION, EVERY_AUCTION)
MAX_POT = 23
"""The highest pot limit a menu offers ("off", 0..23: 25 values, a Discord menu's most). A pot
of 23 chips or more is half the chips of the whole game: no order needs to wait for more."""
MAX_LIMIT = 24
"""The most payments or reserve chips a menu offers (the menu's 25 values, less "off")."""


def _seated(state: MogulState, seat: Seat) -> bool:
    return 0 <= seat < state.players


def fields(state: MogulState, seat: Seat) -> Sequence[FieldSpec]:
    """What ``seat`` may set now: N and C up to its own chips, P up to 23, the scope (MG-ORD-1).

    Empty once the game is over or for someone not seated: there is no auction left to order."""
    if state.phase == "over" or not _seated(state, seat):
        return ()
    chips = state.chips[seat]
    pays = (OFF, *(str(n) for n in range(min(chips, MAX_LIMIT - 1) + 1)))
    keep = (OFF, *(str(c) for c in range(1, min(chips, MAX_LIMIT) + 1)))
    pot = (OFF, *(str(p) for p in range(MAX_POT + 1)))
    return (
        FieldSpec(name=PAYS, choices=pays, default=OFF),
        FieldSpec(name=POT, choices=pot, default=OFF),
        FieldSpec(name=KEEP, choices=keep, default=OFF),
        FieldSpec(name=SCOPE, choices=SCOPES, default=ONE_AUCTION),
    )


def target_round(state: MogulState, seat: Seat) -> int:
    """The round whose auction an order set now counts for: the auction under way if ``seat`` is
    still in it, else the next one (the order waits for it)."""
    in_auction = state.phase == "auction" and state.active[seat]
    return state.round if in_auction else state.round + 1


def _named(field: str) -> dict[str, str]:
    """The terms that name ``field`` in an error (its menu title, in the reader's language)."""
    return {"field": f"mogul.order.{field}"}


def _limit(field: str, raw: str, most: int, chips: int) -> int | None:
    """One limit as a number (None: not set), or IllegalAction saying what is wrong with it."""
    if raw == OFF:
        return None
    if raw.startswith("-") and raw[1:].isdigit():
        raise IllegalAction("mogul.error.order.negative", terms=_named(field), value=raw)
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 3:
        raise IllegalAction("mogul.error.order.not_number", terms=_named(field), value=raw[:20])
    value = int(raw)
    if field == POT and value > most:
        raise IllegalAction("mogul.error.order.pot_too_high", most=most)
    if field == PAYS and value > chips:
        raise IllegalAction("mogul.error.order.pays_above_chips", value=value, chips=chips)
    if field == KEEP and value > chips:
        raise IllegalAction("mogul.error.order.keep_above_chips", value=value, chips=chips)
    if value > most:  # only reachable with more than 24 chips: the menu's own bound
        raise IllegalAction("mogul.error.order.too_high", terms=_named(field), most=most)
    return value


def check(state: MogulState, seat: Seat, order: Order) -> Order:
    """The order as it will be kept (MG-ORD-1), or IllegalAction with a reason the player can act on.

    Values are normalised ("OFF " is "off"; a keep of 0 is no reserve); with a pot limit of 0 the
    order drops out at once, so its other limits are cleared. The bookkeeping starts afresh: N
    counts from now."""
    if not _seated(state, seat):
        raise IllegalAction("mogul.error.order.not_seated")
    if state.phase == "over":
        raise IllegalAction("mogul.error.order.over")
    unknown = [name for name in order if name not in (*FIELDS, ROUND, LEFT)]
    if unknown:
        raise IllegalAction("mogul.error.order.unknown_field", field=unknown[0][:20])
    raw = {name: str(order.get(name, "")).strip().lower() or OFF for name in FIELDS}
    scope = raw[SCOPE] if raw[SCOPE] != OFF else ONE_AUCTION
    if scope not in SCOPES:
        scopes = {"one": f"mogul.order.value.scope.{ONE_AUCTION}", "every": f"mogul.order.value.scope.{EVERY_AUCTION}"}
        raise IllegalAction("mogul.error.order.scope", terms=scopes, value=raw[SCOPE][:20])
    chips = state.chips[seat]
    pays = _limit(PAYS, raw[PAYS], MAX_LIMIT - 1, chips)
    pot = _limit(POT, raw[POT], MAX_POT, chips)
    keep = _limit(KEEP, raw[KEEP], MAX_LIMIT, chips)
    if pot == 0:
        pays = keep = None  # it drops out at the holder's next turn: nothing else can apply
    if keep == 0 or pays == 0:
        keep = None  # MG-ORD-2 reads an unset C as 0; with N = 0 the order never pays anyway
    if pays == 0 and pot is None:
        raise IllegalAction("mogul.error.order.never_plays")
    return _order(pays, pot, keep, scope, target_round(state, seat), pays)


def _order(pays: int | None, pot: int | None, keep: int | None, scope: str, round_: int, left: int | None) -> Order:
    def text(value: int | None) -> str:
        return OFF if value is None else str(value)

    return {
        PAYS: text(pays),
        POT: text(pot),
        KEEP: text(keep),
        SCOPE: scope,
        ROUND: str(round_),
        LEFT: text(left),
    }


def _counted(state: MogulState, order: Order) -> int:
    """The round whose auction the order counts for (one never checked counts for this one)."""
    stamp = order.get(ROUND, "")
    return int(stamp) if stamp.isdigit() else state.round


def _number(order: Order, name: str) -> int | None:
    value = order.get(name, OFF)
    return None if value == OFF else int(value)


def decide(state: MogulState, seat: Seat, order: Order) -> tuple[MogulAction | None, Order | None]:
    """MG-ORD-2 on the holder's auction turn: DROP at pot ≥ P; else PAY if N allows it and C is
    kept; else nothing (the player is asked, and a one-auction order is used up). Never a LOAN."""
    if state.phase != "auction" or state.turn != seat or not state.active[seat]:
        return None, order  # not the holder's auction turn: nothing to answer (MG-ORD-2)
    counted = _counted(state, order)
    one_auction = order.get(SCOPE) != EVERY_AUCTION
    if one_auction and counted != state.round:
        # An order for a later auction waits; one for an auction that is over has lapsed.
        return (None, order) if counted > state.round else (None, None)
    pays, pot, keep = _number(order, PAYS), _number(order, POT), _number(order, KEEP)
    # Each auction counts afresh; an order never checked has no count yet: N is whole.
    left = _number(order, LEFT) if counted == state.round and LEFT in order else pays
    chips = state.chips[seat]
    if pot is not None and state.pot >= pot:
        # The holder is out of this auction: a one-auction order is done, a standing one waits.
        return DROP, None if one_auction else order
    if (left is None or left > 0) and chips >= 1 and chips - 1 >= (keep or 0):
        after = None if left is None else left - 1
        return PAY, _order(pays, pot, keep, EVERY_AUCTION if not one_auction else ONE_AUCTION, state.round, after)
    return None, None if one_auction else order


def keep(state: MogulState, seat: Seat, order: Order) -> bool:
    """After any move: False once the order's scope has ended (its auction is over for the holder,
    or the game is)."""
    if state.phase == "over":
        return False
    if order.get(SCOPE) == EVERY_AUCTION:
        return True
    counted = _counted(state, order)
    if state.round != counted:
        return state.round < counted
    return state.phase == "auction" and state.active[seat]


def describe(order: Order) -> Msg:
    """The order in words, for its holder alone (MG-ORD-3)."""
    scope = "always" if order.get(SCOPE) == EVERY_AUCTION else "auction"
    pays, pot, keep = _number(order, PAYS), _number(order, POT), _number(order, KEEP)
    if pot == 0:
        return msg(f"mogul.order.describe.{scope}.drop_now")
    if pays == 0 and pot is not None:
        return msg(f"mogul.order.describe.{scope}.wait", params={"p": pot})  # it never pays
    shown = {"n": pays, "p": pot, "c": keep}
    params = {name: value for name, value in shown.items() if value is not None}
    mask = "".join(params) or "none"
    return msg(f"mogul.order.describe.{scope}.{mask}", params=dict(params))


def label(field: str, value: str) -> Msg:
    """The menu entry for one value of a field (the field's own name is ``mogul.order.<field>``)."""
    if field == SCOPE:
        return msg(f"mogul.order.value.scope.{value if value in SCOPES else ONE_AUCTION}")
    if field not in FIELDS:
        return msg("mogul.order.value.unknown", params={"value": value[:20]})
    if value == OFF or not value.isdigit():
        return msg(f"mogul.order.value.{field}.off")
    number = int(value)
    if field in (PAYS, POT) and number == 0:
        return msg(f"mogul.order.value.{field}.zero")
    return msg(f"mogul.order.value.{field}", params={"n": number})
