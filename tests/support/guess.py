"""A tiny test game with every shape the engine contract allows: a one-seat decision, then a
simultaneous secret one. Each round the leader calls the stake (x1 or x2), then every seat secretly
picks 1, 2 or 3; a number nobody else picked scores number x stake. Two rounds."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bot.i18n import add_catalogue
from rules.engine import (
    Event,
    Frozen,
    Game,
    IllegalAction,
    MalformedAction,
    Msg,
    OptionSpec,
    Outcome,
    Presentation,
    Secrets,
    Text,
)
from rules.flow import standings

for _loc in ("en", "fr"):
    add_catalogue(
        _loc,
        {
            "guess.name": "Guess",
            "cmd.guess.name": "guess",
            "cmd.guess.description": "The Guess test game",
            "cmd.guess.new.name": "new",
            "cmd.guess.new.description": "Open a Guess table",
            "guess.stake": "Stake x{n}",
            "guess.pick": "Pick {n}",
            "guess.prompt_stake": "Call the stake",
            "guess.prompt_pick": "Pick a number",
            "guess.event.stake": "{player} calls x{n}",
            "guess.event.picked": "{player} has picked",
            "guess.event.you_picked": "You picked {n}",
            "guess.event.reveal": "{player} picked {n} and scores {points}",
            "guess.board": "Guess round {round} stake x{stake} scores {scores} picked {picked}",
            "guess.private": "You picked {pick}",
        },
    )


class GuessState(Frozen):
    """Round, stake, scores, and the secret picks of the running round."""

    players: int
    round: int = 1
    stake: int = 0  # 0 = the leader has not called it yet
    picks: tuple[int, ...] = ()  # 0 = not picked yet
    scores: tuple[int, ...] = ()


class GuessAction(Frozen):
    """Call a stake or pick a number."""

    kind: str
    n: int


class GuessView(Frozen):
    """Public: round, stake, scores, who picked. A seat also sees its own pick."""

    round: int
    stake: int
    scores: tuple[int, ...]
    picked: tuple[bool, ...]
    mine: int | None = None


def _to_act(state: GuessState) -> frozenset[int]:
    """The leader, then everyone who has not picked."""
    if state.round > 2:
        return frozenset()
    if state.stake == 0:
        return frozenset({(state.round - 1) % state.players})
    return frozenset(i for i, p in enumerate(state.picks) if p == 0)


def _legal(state: GuessState, seat: int) -> Sequence[GuessAction]:
    """Stakes for the leader, numbers for the others."""
    if seat not in _to_act(state):
        return []
    kind = "stake" if state.stake == 0 else "pick"
    return [GuessAction(kind=kind, n=n) for n in ((1, 2) if kind == "stake" else (1, 2, 3))]


def _apply(state: GuessState, seat: int, action: GuessAction, rng: random.Random) -> tuple[GuessState, list[Event]]:
    """Play one call or pick."""
    if action not in _legal(state, seat):
        raise IllegalAction("error.illegal_action")
    if action.kind == "stake":
        ev = Event(key="guess.event.stake", params={"n": action.n}, seats={"player": seat})
        return state.model_copy(update={"stake": action.n}), [ev]
    picks = list(state.picks)
    picks[seat] = action.n
    events = [
        Event(key="guess.event.picked", seats={"player": seat}),
        Event(key="guess.event.you_picked", params={"n": action.n}, to=frozenset({seat})),
    ]
    if all(picks):
        scores = list(state.scores)
        for i, p in enumerate(picks):
            points = p * state.stake if picks.count(p) == 1 else 0
            scores[i] += points
            events.append(Event(key="guess.event.reveal", params={"n": p, "points": points}, seats={"player": i}))
        return GuessState(
            players=state.players, round=state.round + 1, picks=(0,) * state.players, scores=tuple(scores)
        ), events
    return state.model_copy(update={"picks": tuple(picks)}), events


def _outcome(state: GuessState) -> Outcome | None:
    """Highest score wins."""
    return None if state.round <= 2 else standings(state.scores)


def _view(state: GuessState, seat: int | None) -> GuessView:
    """Picks stay secret but for one's own."""
    return GuessView(
        round=state.round,
        stake=state.stake,
        scores=state.scores,
        picked=tuple(p > 0 for p in state.picks),
        mine=None if seat is None else state.picks[seat],
    )


def _parse(code: str) -> GuessAction:
    """Inverse of the action code ('stake:2', 'pick:3')."""
    kind, _, n = code.partition(":")
    if kind not in ("stake", "pick") or n not in ("1", "2", "3"):
        raise MalformedAction("error.bad_code", code=code[:40])
    return GuessAction(kind=kind, n=int(n))


def _board(view: GuessView, tr: Text) -> str:
    """One line."""
    return tr(
        "guess.board",
        round=view.round,
        stake=view.stake,
        scores=" ".join(f"{tr.name(i)}={s}" for i, s in enumerate(view.scores)),
        picked=" ".join(tr.name(i) for i, p in enumerate(view.picked) if p),
    )


def _swap(state: GuessState, a: int, b: int, rng: random.Random) -> GuessState:
    """Swap the two seats' picks (only if both have picked, so who-picked stays equal)."""
    picks = list(state.picks)
    if picks[a] and picks[b]:
        picks[a], picks[b] = picks[b], picks[a]
    return state.model_copy(update={"picks": tuple(picks)})


def _public_choices(state: GuessState, seat: int) -> Sequence[GuessAction] | None:
    """The stake call is public; the picks are secret."""
    return _legal(state, seat) if state.stake == 0 else None


GUESS: Game[GuessState, GuessAction, GuessView] = Game(
    name="guess",
    min_players=2,
    max_players=4,
    state_type=GuessState,
    options=(OptionSpec(name="rounds", choices=("2",), default="2"),),
    setup=lambda players, options, rng: (GuessState(players=players, picks=(0,) * players, scores=(0,) * players), []),
    to_act=_to_act,
    legal_actions=_legal,
    apply=_apply,
    outcome=_outcome,
    view=_view,
    action_code=lambda action: f"{action.kind}:{action.n}",
    parse_action=_parse,
    presentation=Presentation(
        action_label=lambda state, seat, action: Msg(key=f"guess.{action.kind}", params={"n": action.n}),
        prompt=lambda state, seat: Msg(key="guess.prompt_stake" if state.stake == 0 else "guess.prompt_pick"),
        render_board=_board,
        render_private=lambda view, tr: tr("guess.private", pick=view.mine or "-"),
    ),
    secrets=Secrets(public_choices=_public_choices, swap=_swap),
)
"""A test game with a public one-seat decision and a simultaneous secret one (no AI: random)."""
