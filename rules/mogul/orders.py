"""Standing orders (MG-ORD): a player's private instructions for their own auction turns and,
optionally, their take-or-sell decision after the auction (MG-ORD-5).

An order holds any of three limits, a scope and the action step's answers, as text like a
table's options; the five are the five fields of one form (MG-ORD-6):

- ``pays`` (N): pay at most N more times;
- ``pot`` (P): drop out as soon as the pot, on my turn, holds at least P chips;
- ``keep`` (C): never pay if that would leave me fewer than C chips;
- ``scope``: ``always`` (every auction until the holder changes it, the first offered, MG-ORD-6;
  N then counts the payments of each auction, from the one under way) or ``auction`` (one
  auction: the one under way if the holder is still in it, else the next one);
- ``after`` (MG-ORD-5), a menu where several entries may be picked, at most one per part:
  ``win:take`` or ``win:sell:S`` (as winner: SELL all of one's border-colour shares when that
  scores at least S points, else TAKE); ``taken:sell:S'`` (as runner-up after a TAKE: SELL all
  when that scores at least S', else SELL 0); ``sold:take`` or ``sold:decline`` (as runner-up
  after a SELL). A part not picked is "ask me"; ``ask`` alone asks every time.

Every field must be given (``check`` names one that is missing or empty, MG-ORD-6).

"off" means a limit is not set. The kept order also holds two entries of its own bookkeeping:
``round``, the round whose auction it counts payments for, and ``left``, the payments N still
allows in that auction.

On the holder's auction turn the order plays exactly as MG-ORD-2 says, and only ``PAY`` or
``DROP``: it never borrows. On the holder's own take-or-sell decision it plays as MG-ORD-5 says,
with the sale value n of MG-ACT-1 and the holder's shares at that moment. It reads the holder's
own chips and the public board, nothing else, so nothing it does can tell the table more than the
player's own click would (MG-ORD-3).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine import FieldSpec, IllegalAction, Msg, Order, Seat, msg, unfilled

from .actions import DECLINE, DROP, PAY, SELLS, TAKE, MogulAction
from .shares import sellable
from .state import MogulState

OFF = "off"
"""The value of a limit that is not set (the first value of each limit's field)."""
PAYS, POT, KEEP, SCOPE, AFTER = "pays", "pot", "keep", "scope", "after"
"""The fields a player sets: N, P, C and the scope (MG-ORD-1), the action step (MG-ORD-5)."""
FIELDS = (PAYS, POT, KEEP, SCOPE, AFTER)
ROUND, LEFT = "round", "left"
"""The order's own bookkeeping: the round whose auction it counts for, the payments left there."""
ONE_AUCTION, EVERY_AUCTION = "auction", "always"
SCOPES = (EVERY_AUCTION, ONE_AUCTION)
"""Every auction first: the scope a form offers first (MG-ORD-6)."""
ASK = "ask"
"""The ``after`` value that answers nothing: the player is asked (MG-ORD-5's "ask me")."""
WIN_SELL_AT = (1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20)
"""The thresholds S a winner's answer offers (points a sale must score, MG-ORD-5)."""
TAKEN_SELL_AT = (1, 2, 3, 4, 5, 6, 8, 10)
"""The thresholds S' a runner-up's answer after a TAKE offers."""
AFTER_CHOICES: tuple[str, ...] = (
    ASK,
    "win:take",
    *(f"win:sell:{s}" for s in WIN_SELL_AT),
    *(f"taken:sell:{s}" for s in TAKEN_SELL_AT),
    "sold:take",
    "sold:decline",
)
"""Every entry of the ``after`` menu (25 at most): "ask me", then each part's answers."""
PARTS = ("win", "taken", "sold")
"""The action step's parts (MG-ORD-5): as winner, as runner-up after a TAKE, after a SELL."""
MAX_POT = 23
"""The highest pot limit a menu offers ("off", 0..23: 25 values, a Discord menu's most). A pot
of 23 chips or more is half the chips of the whole game: no order needs to wait for more."""
MAX_LIMIT = 24
"""The most payments or reserve chips a menu offers (the menu's 25 values, less "off")."""


def _seated(state: MogulState, seat: Seat) -> bool:
    return 0 <= seat < state.players


def fields(state: MogulState, seat: Seat) -> Sequence[FieldSpec]:
    """What ``seat`` may set now, one form of five fields (MG-ORD-6): the scope (every auction
    first), N and C up to its own chips, P up to 23 (MG-ORD-1), the action step (MG-ORD-5).

    Empty once the game is over or for someone not seated: there is no auction left to order."""
    if state.phase == "over" or not _seated(state, seat):
        return ()
    chips = state.chips[seat]
    pays = (OFF, *(str(n) for n in range(min(chips, MAX_LIMIT - 1) + 1)))
    keep = (OFF, *(str(c) for c in range(1, min(chips, MAX_LIMIT) + 1)))
    pot = (OFF, *(str(p) for p in range(MAX_POT + 1)))
    return (
        FieldSpec(name=SCOPE, choices=SCOPES, default=EVERY_AUCTION),
        FieldSpec(name=PAYS, choices=pays, default=OFF),
        FieldSpec(name=POT, choices=pot, default=OFF),
        FieldSpec(name=KEEP, choices=keep, default=OFF),
        FieldSpec(name=AFTER, choices=AFTER_CHOICES, default=ASK, kind="multi", high=len(PARTS)),
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


def parse_after(raw: str) -> dict[str, str]:
    """The ``after`` field's answers by part (``win``, ``taken``, ``sold``), from its text: its
    entries joined by ","; ``ask`` (or nothing picked) answers none. IllegalAction if an entry is
    unknown, or two answer one part."""
    entries = [entry.strip().lower() for entry in raw.split(",") if entry.strip()]
    if entries == [ASK] or not entries:
        return {}
    answers: dict[str, str] = {}
    for entry in entries:
        if entry not in AFTER_CHOICES or entry == ASK:
            raise IllegalAction("mogul.error.order.after_unknown", value=entry[:20])
        part, _, answer = entry.partition(":")
        if part in answers:
            raise IllegalAction("mogul.error.order.after_twice", terms={"part": f"mogul.order.part.{part}"})
        answers[part] = answer
    return answers


def _after_text(answers: dict[str, str]) -> str:
    """The ``after`` field as kept: its entries in the menu's order, or ``ask``."""
    kept = [entry for entry in AFTER_CHOICES if entry.partition(":")[2] == answers.get(entry.partition(":")[0])]
    return ",".join(kept) or ASK


def check(state: MogulState, seat: Seat, order: Order) -> Order:
    """The order as it will be kept (MG-ORD-1, MG-ORD-5), or IllegalAction with a reason the
    player can act on. The order is whole (MG-ORD-6): each of the five fields is given, with a
    value; a missing one is refused, named.

    Values are normalised ("OFF " is "off"; a keep of 0 is no reserve); with a pot limit of 0 the
    order drops out at once, so its other limits are cleared. The bookkeeping starts afresh: N
    counts from now."""
    if not _seated(state, seat):
        raise IllegalAction("mogul.error.order.not_seated")
    if state.phase == "over":
        raise IllegalAction("mogul.error.order.over")
    unknown, missing = unfilled(fields(state, seat), order, (ROUND, LEFT))
    if unknown:
        raise IllegalAction("mogul.error.order.unknown_field", field=unknown[0][:20])
    if missing:
        raise IllegalAction("mogul.error.order.missing", terms=_named(missing[0]))
    raw = {name: str(order[name]).strip().lower() for name in FIELDS}
    scope = raw[SCOPE]
    if scope not in SCOPES:
        scopes = {"one": f"mogul.order.value.scope.{ONE_AUCTION}", "every": f"mogul.order.value.scope.{EVERY_AUCTION}"}
        raise IllegalAction("mogul.error.order.scope", terms=scopes, value=raw[SCOPE][:20])
    chips = state.chips[seat]
    pays = _limit(PAYS, raw[PAYS], MAX_LIMIT - 1, chips)
    pot = _limit(POT, raw[POT], MAX_POT, chips)
    keep = _limit(KEEP, raw[KEEP], MAX_LIMIT, chips)
    answers = parse_after(raw[AFTER])
    if pot == 0:
        pays = keep = None  # it drops out at the holder's next turn: nothing else can apply
    if keep == 0 or pays == 0:
        keep = None  # MG-ORD-2 reads an unset C as 0; with N = 0 the order never pays anyway
    if pays == 0 and pot is None and not answers:
        raise IllegalAction("mogul.error.order.never_plays")
    return _order(pays, pot, keep, scope, target_round(state, seat), pays, _after_text(answers))


def _order(
    pays: int | None, pot: int | None, keep: int | None, scope: str, round_: int, left: int | None, after: str
) -> Order:
    def text(value: int | None) -> str:
        return OFF if value is None else str(value)

    return {
        SCOPE: scope,
        PAYS: text(pays),
        POT: text(pot),
        KEEP: text(keep),
        AFTER: after,
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


def _answers(order: Order) -> dict[str, str]:
    """The order's action-step answers (none for an order kept before MG-ORD-5)."""
    try:
        return parse_after(order.get(AFTER, ASK))
    except IllegalAction:
        return {}


ACTION_STEP = {"winner": "win", "runner_sell": "taken", "runner_take": "sold"}
"""The action step's decisions (DP-W, DP-R after TAKE, DP-R after SELL) and the order's part that
answers each (MG-ORD-5)."""


def sale_score(state: MogulState, seat: Seat) -> int:
    """What selling all of ``seat``'s border-colour shares scores now: m × n, with n the sale value
    fixed when the action step started (MG-ACT-1, MG-ACT-2)."""
    return sellable(state, seat) * state.sale_value


def _step_answer(state: MogulState, seat: Seat, answer: str) -> MogulAction | None:
    """MG-ORD-5: the move one part's answer plays on the holder's action-step decision now."""
    kind, _, threshold = answer.partition(":")
    if state.phase == "winner":
        if kind == "take":
            return TAKE
        m = sellable(state, seat)
        return SELLS[m] if m and sale_score(state, seat) >= int(threshold) else TAKE
    if state.phase == "runner_sell":
        m = sellable(state, seat)
        return SELLS[m] if m and sale_score(state, seat) >= int(threshold) else SELLS[0]
    return TAKE if kind == "take" else DECLINE


def _in_scope(state: MogulState, order: Order) -> bool | None:
    """Whether the order counts now: True; False once its one auction is over; None while it
    waits for the next auction."""
    if order.get(SCOPE) == EVERY_AUCTION:
        return True
    counted = _counted(state, order)
    if counted > state.round:
        return None
    return counted == state.round


def decide(state: MogulState, seat: Seat, order: Order) -> tuple[MogulAction | None, Order | None]:
    """MG-ORD-2 on the holder's auction turn: DROP at pot ≥ P; else PAY if N allows it and C is
    kept; else nothing (the player is asked, and a one-auction order is used up). Never a LOAN.
    MG-ORD-5 on the holder's own take-or-sell decision: the answer its part gives, or nothing."""
    if state.turn != seat or state.phase not in ("auction", *ACTION_STEP):
        return None, order  # not the holder's decision: nothing to answer (MG-ORD-2)
    counts = _in_scope(state, order)
    one_auction = order.get(SCOPE) != EVERY_AUCTION
    if counts is None:
        return None, order  # an order for a later auction waits
    if not counts:
        return None, None  # one for an auction that is over has lapsed
    if state.phase != "auction":
        answer = _answers(order).get(ACTION_STEP[state.phase])
        return (None if answer is None else _step_answer(state, seat, answer)), order
    if not state.active[seat]:
        return None, order
    pays, pot, keep = _number(order, PAYS), _number(order, POT), _number(order, KEEP)
    # Each auction counts afresh; an order never checked has no count yet: N is whole.
    left = _number(order, LEFT) if _counted(state, order) == state.round and LEFT in order else pays
    chips = state.chips[seat]
    if pot is not None and state.pot >= pot:
        # The holder is out of this auction: a one-auction order is done unless it answers the
        # action step (the holder may come second); a standing one waits.
        done = one_auction and not _answers(order)
        return DROP, None if done else order
    if (left is None or left > 0) and chips >= 1 and chips - 1 >= (keep or 0):
        after = None if left is None else left - 1
        scope = order.get(SCOPE, ONE_AUCTION)
        return PAY, _order(pays, pot, keep, scope, state.round, after, order.get(AFTER, ASK))
    return None, None if one_auction else order


def keep(state: MogulState, seat: Seat, order: Order) -> bool:
    """After any move: False once the order's scope has ended (its auction is over for the holder,
    with its action step if the order answers it, or the game is)."""
    if state.phase == "over":
        return False
    counts = _in_scope(state, order)
    if counts is None or (counts and order.get(SCOPE) == EVERY_AUCTION):
        return True
    if not counts:
        return False
    if state.phase == "auction":
        return state.active[seat] or (bool(_answers(order)) and state.last_drop == seat)
    return state.phase in ACTION_STEP and bool(_answers(order)) and seat in (state.winner, state.last_drop)


def why_stopped(state: MogulState, seat: Seat, order: Order) -> Msg | None:
    """The private line when the order leaves the holder's auction turn to them (MG-ORD-2): no
    chip left (an order never borrows), its N payments made, or its reserve of C chips reached;
    None when it decided, or lapsed as set."""
    if state.phase != "auction" or state.turn != seat or not state.active[seat]:
        return None
    if decide(state, seat, order)[0] is not None or _in_scope(state, order) is not True:
        return None
    chips = state.chips[seat]
    if chips == 0:
        return msg("mogul.order.why.no_chips")
    keep_, left = _number(order, KEEP), _number(order, LEFT if LEFT in order else PAYS)
    if keep_ is not None and chips - 1 < keep_:
        return msg("mogul.order.why.reserve", params={"c": keep_})
    if left is not None and left <= 0:
        return msg("mogul.order.why.pays_used", params={"n": _number(order, PAYS) or 0})
    return None


def describe(order: Order) -> Msg:
    """The whole order read back in words, for its holder alone (MG-ORD-3, MG-ORD-6): its limits
    and scope, then each answer of the action step (MG-ORD-5)."""
    scope = "always" if order.get(SCOPE) == EVERY_AUCTION else "auction"
    pays, pot, keep = _number(order, PAYS), _number(order, POT), _number(order, KEEP)
    if pot == 0:
        limits, params = f"mogul.order.describe.{scope}.drop_now", {}
    elif pays == 0 and pot is not None:
        limits, params = f"mogul.order.describe.{scope}.wait", {"p": pot}  # it never pays
    else:
        shown = {"n": pays, "p": pot, "c": keep}
        params = {name: value for name, value in shown.items() if value is not None}
        limits = f"mogul.order.describe.{scope}.{''.join(params) or 'none'}"
    answers = _answers(order)
    if not answers:
        return msg(limits, params=dict(params))
    terms = {"limits": limits}
    for part, answer in answers.items():
        kind, _, threshold = answer.partition(":")
        terms[part] = f"mogul.order.read.{part}.{kind}"
        if threshold:
            params["s" if part == "win" else "s2"] = int(threshold)
    mask = "_".join(part for part in PARTS if part in answers)
    return msg(f"mogul.order.read.{mask}", params=dict(params), terms=terms)


def label(field: str, value: str) -> Msg:
    """The menu entry for one value of a field (the field's own name is ``mogul.order.<field>``)."""
    if field == SCOPE:
        return msg(f"mogul.order.value.scope.{value if value in SCOPES else ONE_AUCTION}")
    if field == AFTER:
        if value not in AFTER_CHOICES:
            return msg("mogul.order.value.unknown", params={"value": value[:20]})
        part, _, answer = value.partition(":")
        kind, _, threshold = answer.partition(":")
        key = "mogul.order.value.after.ask" if value == ASK else f"mogul.order.value.after.{part}.{kind}"
        return msg(key, params={"s": int(threshold)} if threshold else {})
    if field not in FIELDS:
        return msg("mogul.order.value.unknown", params={"value": value[:20]})
    if value == OFF or not value.isdigit():
        return msg(f"mogul.order.value.{field}.off")
    number = int(value)
    if field in (PAYS, POT) and number == 0:
        return msg(f"mogul.order.value.{field}.zero")
    return msg(f"mogul.order.value.{field}", params={"n": number})


def whole(state: MogulState, seat: Seat, values: Order) -> Order:
    """``values`` made whole with each missing field's "not set" value, then checked (for the AI's
    plan and for ``suggest``, which name only the limits they use)."""
    filled = {spec.name: spec.default for spec in fields(state, seat)}
    return check(state, seat, {**filled, **values})


def up_next(state: MogulState) -> Seat | None:
    """Who is asked once the current decision is made, as the board tells: the next seat still in
    the auction (MG-AUC-1), the runner-up after the winner (MG-ACT-4/5), the next picker; None
    where it depends on the choice being made (the runner-up's, which names the next first
    player) or the game is over."""
    if state.phase == "auction":
        for step in range(1, state.players):
            seat = (state.turn + step) % state.players
            if state.active[seat]:
                return seat
        return None
    if state.phase == "winner":
        return state.last_drop
    if state.phase == "pick":
        order = list(state.pick_order)
        if state.turn in order and order.index(state.turn) + 1 < len(order):
            return order[order.index(state.turn) + 1]
    return None
