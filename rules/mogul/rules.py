"""Mogul rules: setup, decision points, automatic steps and the ``Rules`` contract (spec §2-§7).

``apply`` copies the state into a small mutable scratch (``_Work``), plays the chosen action and
then every automatic step that follows (forced drops, SELL 0 with nothing to sell, the last pick,
reveal, dividends, Crash), and freezes the result once. So the returned state always waits on a
real choice (two options or more) or is over.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, TypeVar

from rules.engine import (
    Event,
    IllegalAction,
    Msg,
    Options,
    OptionSpec,
    Outcome,
    ParamValue,
    Seat,
    Standing,
    Text,
    fill_options,
    rank_by,
    trusted,
    with_item,
)

from . import ai, render
from .actions import DECLINE, DROP, LOAN, PAY, PICKS, SELLS, TAKE, MogulAction
from .actions import action_code as _action_code
from .actions import parse_action as _parse_action
from .data import (
    CARD_LIST,
    CARDS,
    CHIPS_PER_POINT,
    COLOURS,
    CRASH,
    CRASH_ZONE,
    LOAN_CHIPS,
    MAX_PLAYERS,
    MAX_QUICK_START_PLAYERS,
    MIN_PLAYERS,
    START_CHIPS,
    START_IDS,
    bank_for,
)
from .state import MogulState, QuickStart
from .view import MogulView, build_view

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(name="loan_cost", choices=("1", "2"), default="1"),
    OptionSpec(name="quick_start", choices=("off", "deal", "pick"), default="off"),
)


# -- small helpers -------------------------------------------------------------------------------

T = TypeVar("T")
_SEAT_SETS = tuple(frozenset((seat,)) for seat in range(MAX_PLAYERS))
"""The audience of a private event, per seat (shared, immutable)."""


def _event(
    key: str,
    *,
    to: frozenset[Seat] | None = None,
    params: dict[str, ParamValue] | None = None,
    terms: dict[str, str] | None = None,
    seats: dict[str, Seat] | None = None,
) -> Event:
    """An event built without re-validation (every input here is produced by this module)."""
    return trusted(Event, {"key": key, "params": params or {}, "terms": terms or {}, "seats": seats or {}, "to": to})


def _msg(
    key: str,
    *,
    params: dict[str, ParamValue] | None = None,
    terms: dict[str, str] | None = None,
    seats: dict[str, Seat] | None = None,
) -> Msg:
    return Msg.model_construct(key=key, params=params or {}, terms=terms or {}, seats=seats or {})


_CENTRE: dict[str, str] = {card.id: card.centre for card in CARD_LIST}


def colour_key(colour: str) -> str:
    """The catalogue key of a colour name."""
    return f"mogul.colour.{colour}"


def count_colour(owned: Sequence[str], colour: str) -> int:
    """How many of ``owned`` have ``colour`` as their centre (only the centre counts once owned)."""
    return [_CENTRE[card] for card in owned].count(colour)


def final_score(state: MogulState, seat: Seat) -> int:
    """Track score plus floor(chips / 5), MG-END-2."""
    return state.scores[seat] + state.chips[seat] // CHIPS_PER_POINT


def can_loan(state: MogulState, seat: Seat) -> bool:
    """MG-LOAN-2: once per player per auction, and the bank must hold at least 2 chips."""
    return not state.loaned[seat] and state.bank >= LOAN_CHIPS


def _shuffle_with_crash(deck: list[str], rng: random.Random) -> None:
    """MG-SETUP-5: shuffle, then put Crash at a uniformly random place among the bottom five."""
    rng.shuffle(deck)
    deck.insert(len(deck) - (CRASH_ZONE - 1) + rng.randrange(CRASH_ZONE), CRASH)


# -- the mutable scratch used inside apply -------------------------------------------------------


class _Work:
    """The new state's fields, as a plain dict, for the duration of one ``apply``.

    The dict starts as a copy of the old state's fields and becomes the new state's ``__dict__``
    (``freeze``), so an action costs one dict copy instead of a validation pass. Values stay
    immutable (tuples); a changed seat entry makes a new tuple (``_set``).
    """

    __slots__ = ("d", "events", "n")

    def __init__(self, state: MogulState) -> None:
        self.d: dict[str, Any] = state.__dict__.copy()
        self.n: int = state.players
        self.events: list[Event] = []

    def freeze(self) -> MogulState:
        """The new state (no re-validation: every value here was built by this module)."""
        return trusted(MogulState, self.d)

    def add(self, name: str, seat: Seat, delta: int) -> None:
        """Add ``delta`` to a per-seat number (chips, scores, loans)."""
        values = self.d[name]
        self.d[name] = (*values[:seat], values[seat] + delta, *values[seat + 1 :])

    def tell_chips(self, seat: Seat) -> None:
        """Private: the seat's new chip count after a gain (DROP, LOAN); never public (§6)."""
        self.events.append(
            _event("mogul.event.your_chips", to=_SEAT_SETS[seat], params={"chips": self.d["chips"][seat]})
        )

    def next_active(self, seat: Seat) -> Seat:
        """The next seat clockwise after ``seat`` still in the auction (MG-AUC-1)."""
        active = self.d["active"]
        n = self.n
        for step in range(1, n + 1):
            other = (seat + step) % n
            if active[other]:
                return other
        return seat

    # -- rounds ---------------------------------------------------------------------------------

    def reveal(self) -> None:
        """Steps 1-3 of a round: reveal, dividends, open the auction (or end on Crash)."""
        d = self.d
        deck = d["deck"]
        card_id = deck[0]
        d["deck"] = deck[1:]
        d["revealed"] = card_id
        if card_id == CRASH:
            self.end_game()
            return
        d["round"] += 1
        card = CARDS[card_id]
        shares = d["shares"]
        # MG-ACT-1: n only changes when shares change hands, which happens after the auction, so
        # the value computed now is the value "fixed when the action step starts".
        d["sale_value"] = sum(count_colour(owned, card.border) for owned in shares)
        self.events.append(
            _event(
                "mogul.event.reveal",
                params={"round": d["round"], "card": card_id, "n": d["sale_value"]},
                terms={"centre": colour_key(card.centre), "border": colour_key(card.border)},
            )
        )
        # MG-DIV-1/2: +1 per owned share of the revealed centre; the revealed card is nobody's yet.
        dividends = tuple(count_colour(owned, card.centre) for owned in shares)
        d["dividends"] = dividends
        d["scores"] = tuple(score + points for score, points in zip(d["scores"], dividends, strict=True))
        for seat, points in enumerate(dividends):
            if points:
                self.events.append(_event("mogul.event.dividend", params={"points": points}, seats={"player": seat}))
        if not any(dividends):
            self.events.append(_event("mogul.event.no_dividend", terms={"colour": colour_key(card.centre)}))
        d["active"] = (True,) * self.n
        d["loaned"] = (False,) * self.n
        d["last_drop"] = None
        d["winner"] = None
        d["phase"] = "auction"
        d["turn"] = d["first"]
        self.run_auction()

    def end_round(self) -> None:
        """Clear the action step and start the next round (led by the first player as it stands)."""
        d = self.d
        d["revealed"] = None
        d["taker"] = None
        d["winner"] = None
        d["last_drop"] = None
        self.reveal()

    def end_game(self) -> None:
        """MG-END-1/2: Crash ends the game at once; chips convert and become public."""
        d = self.d
        d["phase"] = "over"
        d["turn"] = -1
        d["dividends"] = ()
        d["active"] = (False,) * self.n
        d["loaned"] = (False,) * self.n
        self.events.append(_event("mogul.event.crash"))
        for seat in range(self.n):
            chips = d["chips"][seat]
            track = d["scores"][seat]
            bonus = chips // CHIPS_PER_POINT
            self.events.append(
                _event(
                    "mogul.event.final",
                    params={"track": track, "chips": chips, "bonus": bonus, "final": track + bonus},
                    seats={"player": seat},
                )
            )

    # -- auction (MG-AUC) -----------------------------------------------------------------------

    def run_auction(self) -> None:
        """Resolve forced drops (MG-AUC-3) and the end of the auction (MG-AUC-4)."""
        d = self.d
        while True:
            active = d["active"]
            if active.count(True) == 1:
                winner = active.index(True)
                # MG-AUC-4: the runner-up took the pot when dropping, so nothing is left.
                assert d["pot"] == 0, "the pot must be empty when an auction ends"
                assert d["last_drop"] is not None
                d["winner"] = winner
                d["phase"] = "winner"
                d["turn"] = winner
                self.events.append(
                    _event("mogul.event.auction_won", seats={"winner": winner, "runner": d["last_drop"]})
                )
                return
            seat = d["turn"]
            if d["chips"][seat] == 0 and (d["loaned"][seat] or d["bank"] < LOAN_CHIPS):
                self.drop(seat, forced=True)
                continue
            return

    def pay(self, seat: Seat) -> None:
        """MG-AUC-2 PAY: one chip into the pot, stay in."""
        d = self.d
        self.add("chips", seat, -1)
        d["pot"] += 1
        # No private chip event: a PAY always costs exactly one chip (only gains are told).
        self.events.append(_event("mogul.event.pay", params={"pot": d["pot"]}, seats={"player": seat}))
        d["turn"] = self.next_active(seat)

    def drop(self, seat: Seat, *, forced: bool = False) -> None:
        """MG-AUC-2 DROP: leave the auction and take the whole pot (the amount is public)."""
        d = self.d
        taken = d["pot"]
        self.add("chips", seat, taken)
        d["pot"] = 0
        d["active"] = with_item(d["active"], seat, False)
        d["last_drop"] = seat
        key = "mogul.event.auto_drop" if forced else "mogul.event.drop"
        self.events.append(_event(key, params={"taken": taken}, seats={"player": seat}))
        self.tell_chips(seat)
        d["turn"] = self.next_active(seat)

    def loan(self, seat: Seat) -> None:
        """MG-LOAN-1: +2 chips from the bank, −loan_cost points; the same seat decides again."""
        d = self.d
        cost = d["loan_cost"]
        self.add("chips", seat, LOAN_CHIPS)
        d["bank"] -= LOAN_CHIPS
        self.add("scores", seat, -cost)
        self.add("loans", seat, 1)
        d["loaned"] = with_item(d["loaned"], seat, True)
        self.events.append(_event("mogul.event.loan", params={"cost": cost}, seats={"player": seat}))
        self.tell_chips(seat)

    # -- actions (MG-ACT) -----------------------------------------------------------------------

    def take(self, seat: Seat) -> None:
        """MG-ACT-3 TAKE: the share goes face up to the taker, who becomes first player."""
        d = self.d
        card_id = d["revealed"]
        assert card_id is not None and card_id != CRASH and d["taker"] is None
        d["shares"] = with_item(d["shares"], seat, (*d["shares"][seat], card_id))
        d["first"] = seat
        d["taker"] = seat
        self.events.append(
            _event(
                "mogul.event.take",
                params={"card": card_id},
                terms={"colour": colour_key(CARDS[card_id].centre)},
                seats={"player": seat},
            )
        )

    def sell(self, seat: Seat, k: int) -> None:
        """MG-ACT-2 SELL k: discard k own X-centre shares and score k × n (n fixed, MG-ACT-1)."""
        d = self.d
        colour = CARDS[d["revealed"]].border
        owned = list(d["shares"][seat])
        sold: list[str] = []
        for index in range(len(owned) - 1, -1, -1):
            if len(sold) == k:
                break
            if CARDS[owned[index]].centre == colour:
                sold.append(owned.pop(index))
        assert len(sold) == k
        d["shares"] = with_item(d["shares"], seat, tuple(owned))
        d["discard"] = (*d["discard"], *reversed(sold))  # MG-ACT-6
        points = k * d["sale_value"]
        self.add("scores", seat, points)
        if k:
            self.events.append(
                _event(
                    "mogul.event.sell",
                    params={"k": k, "n": d["sale_value"], "points": points},
                    terms={"colour": colour_key(colour)},
                    seats={"player": seat},
                )
            )
        else:
            self.events.append(
                _event("mogul.event.sell_zero", terms={"colour": colour_key(colour)}, seats={"player": seat})
            )

    def after_winner_take(self, runner: Seat) -> None:
        """MG-ACT-4: the runner-up may sell at the same n; SELL 0 is automatic with nothing to sell."""
        d = self.d
        colour = CARDS[d["revealed"]].border
        if count_colour(d["shares"][runner], colour) == 0:
            self.events.append(
                _event(
                    "mogul.event.auto_sell_zero",
                    terms={"colour": colour_key(colour)},
                    seats={"player": runner},
                )
            )
            self.end_round()
        else:
            d["phase"] = "runner_sell"
            d["turn"] = runner

    # -- quick_start pick (DP-Q) ----------------------------------------------------------------

    def pick(self, seat: Seat, card_id: str, *, forced: bool = False) -> None:
        """Give ``card_id`` from the pick pile to ``seat``."""
        d = self.d
        d["pick_pile"] = tuple(card for card in d["pick_pile"] if card != card_id)
        d["pick_order"] = d["pick_order"][1:]
        d["shares"] = with_item(d["shares"], seat, (*d["shares"][seat], card_id))
        self.events.append(
            _event(
                "mogul.event.auto_pick" if forced else "mogul.event.pick",
                params={"card": card_id},
                terms={"colour": colour_key(CARDS[card_id].centre)},
                seats={"player": seat},
            )
        )

    def settle_picks(self, rng: random.Random) -> None:
        """Force the last pick if one card remains, then return the rest and start the game."""
        d = self.d
        if d["pick_order"] and len(d["pick_pile"]) == 1:
            self.pick(d["pick_order"][0], d["pick_pile"][0], forced=True)
        if d["pick_order"]:
            d["turn"] = d["pick_order"][0]
            return
        # quick_start step 4, then MG-SETUP-5.
        deck = [*d["deck"], *d["pick_pile"]]
        d["pick_pile"] = ()
        _shuffle_with_crash(deck, rng)
        d["deck"] = tuple(deck)
        self.events.append(_event("mogul.event.picks_done"))
        self.reveal()

    def start(self, rng: random.Random) -> None:
        """MG-SETUP-5 without pick: shuffle the deck with Crash and play the first reveal."""
        deck = list(self.d["deck"])
        _shuffle_with_crash(deck, rng)
        self.d["deck"] = tuple(deck)
        self.d["pick_order"] = ()
        self.reveal()


# -- the Rules object ----------------------------------------------------------------------------


class MogulRules:
    """Mogul (Michael Schacht, 2002) for 3-6 players: see the spec ``rules/mogul.md``."""

    name: ClassVar[str] = "mogul"
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    options: ClassVar[tuple[OptionSpec, ...]] = OPTIONS
    state_type: ClassVar[type[MogulState]] = MogulState
    state_version: ClassVar[int] = 1

    # -- rules ---------------------------------------------------------------------------------

    def check_options(self, players: int, options: Options) -> dict[str, str]:
        """Fill defaults and validate; quick_start is refused at a table of six (§5)."""
        filled = fill_options(OPTIONS, options)
        if filled["quick_start"] != "off" and players > MAX_QUICK_START_PLAYERS:
            raise IllegalAction("mogul.error.quick_start_six")
        return filled

    def setup(self, players: int, options: Options, rng: random.Random) -> MogulState:
        """MG-SETUP-1..5: chips and bank, start shares, first player, quick_start, deck and Crash."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise IllegalAction("mogul.error.players")
        opts = self.check_options(players, options)
        quick: QuickStart = "deal" if opts["quick_start"] == "deal" else "off"
        if opts["quick_start"] == "pick":
            quick = "pick"
        starts = list(START_IDS)
        rng.shuffle(starts)  # MG-SETUP-2
        shares = [[starts[seat]] for seat in range(players)]
        deck = [card.id for card in CARD_LIST if not card.start] + starts[players:]
        first = rng.randrange(players)  # MG-SETUP-3
        pile: list[str] = []
        if quick != "off":  # MG-SETUP-4, quick_start step 1
            for colour in COLOURS:
                card_id = rng.choice(sorted(c for c in deck if CARDS[c].centre == colour))
                deck.remove(card_id)
                pile.append(card_id)
        if quick == "deal":  # quick_start step 2
            rng.shuffle(pile)
            for seat in range(players):
                shares[seat].append(pile[seat])
            deck.extend(pile[players:])
            pile = []
        state = MogulState(
            players=players,
            loan_cost=int(opts["loan_cost"]),
            quick_start=quick,
            phase="pick",
            turn=first,
            round=0,
            first=first,
            chips=(START_CHIPS,) * players,
            scores=(0,) * players,
            shares=tuple(tuple(owned) for owned in shares),
            loans=(0,) * players,
            bank=bank_for(players),
            pot=0,
            deck=tuple(sorted(deck)),
            discard=(),
            active=(False,) * players,
            loaned=(False,) * players,
            pick_pile=tuple(pile),
            # quick_start step 3: counter-clockwise, F picks last: F-1, F-2, ..., F.
            pick_order=tuple((first - step) % players for step in range(1, players + 1)),
        )
        work = _Work(state)
        if quick == "pick":
            work.settle_picks(rng)
        else:
            work.start(rng)
        return work.freeze()

    def to_act(self, state: MogulState) -> frozenset[Seat]:
        """The one seat that decides now; empty exactly when the game is over."""
        if state.phase == "over":
            return frozenset()
        return _SEAT_SETS[state.turn]

    def legal_actions(self, state: MogulState, seat: Seat) -> Sequence[MogulAction]:
        """DP-Q / DP-A / DP-W / DP-R choices of ``seat`` in board order; [] if not its turn."""
        if state.phase == "over" or seat != state.turn:
            return []
        phase = state.phase
        if phase == "auction":
            acts: list[MogulAction] = []
            if state.chips[seat] >= 1:
                acts.append(PAY)
            acts.append(DROP)
            if can_loan(state, seat):
                acts.append(LOAN)
            return acts
        if phase == "winner":
            return [TAKE, *SELLS[: self._sellable(state, seat) + 1]]
        if phase == "runner_sell":
            return list(SELLS[: self._sellable(state, seat) + 1])
        if phase == "runner_take":
            return [TAKE, DECLINE]
        return [PICKS[card] for card in state.pick_pile]

    @staticmethod
    def _sellable(state: MogulState, seat: Seat) -> int:
        """m: the seat's shares whose centre is the revealed card's border colour."""
        return count_colour(state.shares[seat], _border(state))

    def apply(
        self, state: MogulState, seat: Seat, action: MogulAction, rng: random.Random
    ) -> tuple[MogulState, list[Event]]:
        """Play ``action`` for ``seat`` and every automatic step after it; raise IllegalAction."""
        self._check(state, seat, action)
        work = _Work(state)
        kind = action.kind
        phase = state.phase
        if phase == "auction":
            if kind == "pay":
                work.pay(seat)
            elif kind == "drop":
                work.drop(seat)
            else:
                work.loan(seat)
            work.run_auction()
        elif phase == "winner":
            runner = state.last_drop
            assert runner is not None
            if kind == "take":
                work.take(seat)
                work.after_winner_take(runner)
            else:
                work.sell(seat, action.count)
                work.d["phase"] = "runner_take"
                work.d["turn"] = runner
        elif phase == "runner_sell":
            work.sell(seat, action.count)
            work.end_round()
        elif phase == "runner_take":
            if kind == "take":
                work.take(seat)
            else:
                # MG-ACT-5/6: a declined share is discarded; the first player does not change.
                assert state.revealed is not None
                work.d["discard"] = (*state.discard, state.revealed)
                work.events.append(
                    _event("mogul.event.decline", params={"card": state.revealed}, seats={"player": seat})
                )
            work.end_round()
        else:
            work.pick(seat, action.card)
            work.settle_picks(rng)
        return work.freeze(), work.events

    def _check(self, state: MogulState, seat: Seat, action: MogulAction) -> None:
        """Raise the IllegalAction that explains why ``action`` is refused, if it is."""
        if not isinstance(action, MogulAction):
            raise IllegalAction("error.illegal_action")
        if state.phase == "over":
            raise IllegalAction("mogul.error.game_over")
        if seat != state.turn:
            raise IllegalAction("mogul.error.not_your_turn")
        kind = action.kind
        phase = state.phase
        if phase == "auction":
            if kind == "pay" and state.chips[seat] < 1:
                raise IllegalAction("mogul.error.no_chips")
            if kind == "loan":
                if state.loaned[seat]:
                    raise IllegalAction("mogul.error.loan_taken")
                if state.bank < LOAN_CHIPS:
                    raise IllegalAction("mogul.error.bank_low")
            if kind in ("pay", "drop", "loan"):
                return
        elif phase in ("winner", "runner_sell"):
            if kind == "sell":
                if action.count > self._sellable(state, seat):
                    raise IllegalAction("mogul.error.too_many_shares", k=action.count)
                return
            if kind == "take" and phase == "winner":
                return
        elif phase == "runner_take":
            if kind in ("take", "decline"):
                return
        elif kind == "pick":
            if action.card not in state.pick_pile:
                raise IllegalAction("mogul.error.not_in_pile", card=action.card)
            return
        raise IllegalAction("mogul.error.wrong_step")

    def outcome(self, state: MogulState) -> Outcome | None:
        """MG-END-3: final score, then shares held; full ties share the rank."""
        if state.phase != "over":
            return None
        finals = [final_score(state, seat) for seat in range(state.players)]
        ranked = rank_by([(seat, (finals[seat], len(state.shares[seat]))) for seat in range(state.players)])
        return Outcome(standings=tuple(Standing(seat=seat, rank=rank, score=finals[seat]) for seat, rank in ranked))

    def view(self, state: MogulState, seat: Seat | None) -> MogulView:
        """The public view (None) or one seat's view (public + own chips + what it is asked)."""
        return build_view(state, seat, None if seat is None else self.prompt(state, seat))

    # -- codes and text ------------------------------------------------------------------------

    def action_code(self, action: MogulAction) -> str:
        """pay, drop, loan, take, decline, sell:<k>, pick:<card>."""
        return _action_code(action)

    def parse_action(self, code: str) -> MogulAction:
        """The action named by ``code``; IllegalAction("error.illegal_action") otherwise."""
        return _parse_action(code)

    def action_label(self, state: MogulState, seat: Seat, action: MogulAction) -> Msg:
        """A short button label, e.g. "Drop out (take the pot: 3)" or "Sell 2 × 4 pts"."""
        kind = action.kind
        if kind == "pay":
            return _msg("mogul.action.pay")
        if kind == "drop":
            return _msg("mogul.action.drop", params={"pot": state.pot})
        if kind == "loan":
            return _msg("mogul.action.loan", params={"cost": state.loan_cost})
        on_offer = state.revealed if state.revealed in CARDS else None
        if kind == "take":
            if on_offer is None:
                return _msg("mogul.action.take_plain")
            return _msg("mogul.action.take", params={"card": on_offer}, terms={"colour": _centre_key(on_offer)})
        if kind == "decline":
            if on_offer is None:
                return _msg("mogul.action.decline_plain")
            return _msg("mogul.action.decline", params={"card": on_offer})
        if kind == "pick":
            return _msg("mogul.action.pick", params={"card": action.card}, terms={"colour": _centre_key(action.card)})
        if action.count == 0:
            key = "mogul.action.sell_block" if state.phase == "winner" else "mogul.action.sell_none"
            return _msg(key)
        if on_offer is None:
            return _msg("mogul.action.sell_plain", params={"k": action.count})
        n = state.sale_value
        return _msg(
            "mogul.action.sell",
            params={"k": action.count, "n": n, "points": action.count * n},
            terms={"colour": colour_key(CARDS[on_offer].border)},
        )

    def prompt(self, state: MogulState, seat: Seat) -> Msg:
        """What ``seat`` is asked now, or whom it waits for."""
        if state.phase == "over":
            return _msg("mogul.prompt.over")
        if seat != state.turn:
            return _msg("mogul.prompt.wait", seats={"player": state.turn})
        if state.phase == "pick":
            return _msg("mogul.prompt.pick")
        card = state.revealed or ""
        if state.phase == "auction":
            return _msg(
                "mogul.prompt.auction",
                params={"card": card, "pot": state.pot},
                terms={"colour": _centre_key(card)},
            )
        border = {"colour": colour_key(_border(state))}
        if state.phase == "winner":
            return _msg("mogul.prompt.winner", params={"card": card, "n": state.sale_value}, terms=border)
        assert state.winner is not None
        if state.phase == "runner_sell":
            return _msg(
                "mogul.prompt.runner_sell",
                params={"n": state.sale_value},
                terms=border,
                seats={"winner": state.winner},
            )
        return _msg("mogul.prompt.runner_take", params={"card": card}, seats={"winner": state.winner})

    def render_board(self, view: MogulView, tr: Text) -> str:
        """The public board (never a chip count before the end), at most 1,900 characters."""
        return render.render_board(view, tr)

    def render_private(self, view: MogulView, tr: Text) -> str:
        """A seat's chips, shares and current question."""
        return render.render_private(view, tr)

    # -- players and tests ---------------------------------------------------------------------

    def ai_action(self, state: MogulState, seat: Seat, rng: random.Random) -> MogulAction:
        """The heuristic player's choice (see ai.py)."""
        return ai.choose(state, seat, self.legal_actions(state, seat), rng)

    def swap_secrets(self, state: MogulState, a: Seat, b: Seat, rng: random.Random) -> MogulState:
        """Move some chips between a and b (totals kept): only their private views change."""
        if state.phase == "over" or a == b:
            return state  # at the end every chip count is public: nothing is secret any more
        chips = list(state.chips)
        for giver, taker in ((a, b), (b, a)):
            # Leave the seat to act at least one chip if it had any, so it still has a real choice.
            keep = 1 if giver == state.turn and state.phase == "auction" else 0
            spare = chips[giver] - keep
            if spare > 0:
                moved = rng.randint(1, spare)
                chips[giver] -= moved
                chips[taker] += moved
                return state.model_copy(update={"chips": tuple(chips)})
        return state

    def upgrade(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """Stored states are at version 1, the only version so far."""
        if version != self.state_version:
            raise ValueError(f"mogul: unknown state version {version}")
        return data


def _border(state: MogulState) -> str:
    """The border colour of the card on offer this round."""
    assert state.revealed is not None and state.revealed != CRASH
    return CARDS[state.revealed].border


def _centre_key(card_id: str) -> str:
    """The catalogue key of a card's centre colour."""
    return colour_key(CARDS[card_id].centre)
