"""A tiny perfect-information test game on the shared turn flow: players take 1 to 3 sticks in turn
from one pile; whoever takes the last stick wins. No secrets, so no Secrets hook: the contract must
hold without one, and every decision may show on a public board."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.i18n import add_catalogue
from rules.engine import Event, Frozen, Game, IllegalAction, MalformedAction, Msg, Outcome, Presentation, Text, msg
from rules.flow import Work, next_seat, standings

for _loc in ("en", "fr"):
    add_catalogue(
        _loc,
        {
            "nim.name": "Nim",
            "nim.tagline": "Take the last stick.",
            "cmd.nim.name": "nim",
            "cmd.nim.description": "Nim, the sticks game" if _loc == "en" else "Nim, le jeu des bâtonnets",
            "cmd.nim.new.name": "new" if _loc == "en" else "nouvelle",
            "cmd.nim.new.description": "Open a Nim table here" if _loc == "en" else "Ouvrir une table de Nim ici",
            "nim.take": "Take {n}",
            "nim.prompt": "Take 1 to 3 sticks ({pile} left)",
            "nim.event.take": "{player} takes {n}",
            "nim.event.forced": "{player} must take the last stick",
            "nim.board": "Nim: {pile} sticks left",
            "nim.private": "Sticks taken: {taken}",
            "nim.taken": "sticks taken",
        },
    )

PILE = 9


class NimState(Frozen):
    """The pile, who plays next and what everyone took."""

    players: int
    pile: int
    turn: int
    taken: tuple[int, ...]
    last: int = -1


class Take(Frozen):
    """Take ``n`` sticks."""

    n: int


TAKES = (Take(n=1), Take(n=2), Take(n=3))


class NimView(Frozen):
    """Everything is public."""

    pile: int
    taken: tuple[int, ...]


def legal(state: NimState, seat: int) -> Sequence[Take]:
    """1 to 3 sticks, no more than the pile holds."""
    if state.pile == 0 or seat != state.turn:
        return []
    return TAKES[: min(3, state.pile)]


class NimWork(Work[NimState, Take], state=NimState):
    """The pile as one move changes it."""

    players: int
    pile: int
    turn: int
    taken: tuple[int, ...]
    last: int

    def pending(self) -> tuple[int, Sequence[Take]] | None:
        """The player to move and their takes, or None once the pile is empty."""
        return None if self.pile == 0 else (self.turn, TAKES[: min(3, self.pile)])

    def advance(self) -> bool:
        """No automatic step in Nim."""
        return False

    def play(self, seat: int, action: Take, *, forced: bool = False) -> None:
        """Take the sticks; the next player moves."""
        self.pile -= action.n
        self.taken = (*self.taken[:seat], self.taken[seat] + action.n, *self.taken[seat + 1 :])
        self.last = seat
        self.event("nim.event.forced" if forced else "nim.event.take", params={"n": action.n}, seats={"player": seat})
        self.turn = next_seat(seat, self.players) or 0


def apply(state: NimState, seat: int, action: Take, rng: random.Random) -> tuple[NimState, list[Event]]:
    """Take, then let a lone last stick be taken by whoever must."""
    if action not in legal(state, seat):
        raise IllegalAction("error.illegal_action")
    work = NimWork(state, rng)
    work.play(seat, action)
    work.settle()
    return work.freeze(), work.events


def outcome(state: NimState) -> Outcome | None:
    """The last taker wins; then most sticks taken."""
    if state.pile:
        return None
    return standings([int(s == state.last) for s in range(state.players)], [("nim.taken", state.taken)])


def parse(code: str) -> Take:
    """'take:2'."""
    if code in ("take:1", "take:2", "take:3"):
        return TAKES[int(code[-1]) - 1]
    raise MalformedAction("error.bad_code", code=code[:40])


def _board(view: NimView, tr: Text) -> str:
    return tr("nim.board", pile=view.pile)


NIM: Game[NimState, Take, NimView] = Game(
    name="nim",
    min_players=2,
    max_players=3,
    state_type=NimState,
    setup=lambda players, options, rng: (
        NimState(players=players, pile=PILE, turn=rng.randrange(players), taken=(0,) * players),
        [],
    ),
    to_act=lambda state: frozenset() if state.pile == 0 else frozenset((state.turn,)),
    legal_actions=legal,
    apply=apply,
    outcome=outcome,
    view=lambda state, seat: NimView(pile=state.pile, taken=state.taken),
    action_code=lambda action: f"take:{action.n}",
    parse_action=parse,
    presentation=Presentation(
        action_label=lambda state, seat, action: msg("nim.take", params={"n": action.n}),
        prompt=lambda state, seat: Msg(key="nim.prompt", params={"pile": state.pile}),
        render_board=_board,
        render_private=lambda view, tr: "",
    ),
)
"""Nim, the perfect-information test game (random AI, no Secrets)."""
