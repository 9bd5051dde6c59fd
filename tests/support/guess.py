"""A tiny test game with every shape the engine contract allows: a one-seat decision, then a
simultaneous secret one. Each round the leader calls the stake (x1 or x2), then every seat secretly
picks 1, 2 or 3; a number nobody else picked scores number x stake. Two rounds."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from bot.i18n import add_catalogue
from rules.engine import (
    Event,
    Frozen,
    IllegalAction,
    Msg,
    Options,
    OptionSpec,
    Outcome,
    Standing,
    Text,
    fill_options,
    rank_by,
)

for _loc in ("en", "fr"):
    add_catalogue(
        _loc,
        {
            "guess.name": "Guess",
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


class GuessRules:
    """The Guess test game."""

    name: ClassVar[str] = "guess"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options: ClassVar[tuple[OptionSpec, ...]] = (OptionSpec(name="rounds", choices=("2",), default="2"),)
    state_type: ClassVar[type[Frozen]] = GuessState
    state_version: ClassVar[int] = 1

    def check_options(self, players: int, options: Options) -> dict[str, str]:
        """Defaults only."""
        return fill_options(self.options, options)

    def setup(self, players: int, options: Options, rng: random.Random) -> GuessState:
        """Round 1, nobody has scored."""
        return GuessState(players=players, picks=(0,) * players, scores=(0,) * players)

    def to_act(self, state: GuessState) -> frozenset[int]:
        """The leader, then everyone who has not picked."""
        if state.round > 2:
            return frozenset()
        if state.stake == 0:
            return frozenset({(state.round - 1) % state.players})
        return frozenset(i for i, p in enumerate(state.picks) if p == 0)

    def legal_actions(self, state: GuessState, seat: int) -> Sequence[GuessAction]:
        """Stakes for the leader, numbers for the others."""
        if seat not in self.to_act(state):
            return []
        kind = "stake" if state.stake == 0 else "pick"
        return [GuessAction(kind=kind, n=n) for n in ((1, 2) if kind == "stake" else (1, 2, 3))]

    def apply(
        self, state: GuessState, seat: int, action: GuessAction, rng: random.Random
    ) -> tuple[GuessState, list[Event]]:
        """Play one call or pick."""
        if action not in self.legal_actions(state, seat):
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

    def outcome(self, state: GuessState) -> Outcome | None:
        """Highest score wins."""
        if state.round <= 2:
            return None
        ranks = rank_by([(i, (s,)) for i, s in enumerate(state.scores)])
        return Outcome(standings=tuple(Standing(seat=s, rank=r, score=state.scores[s]) for s, r in ranks))

    def view(self, state: GuessState, seat: int | None) -> GuessView:
        """Picks stay secret but for one's own."""
        return GuessView(
            round=state.round,
            stake=state.stake,
            scores=state.scores,
            picked=tuple(p > 0 for p in state.picks),
            mine=None if seat is None else state.picks[seat],
        )

    def action_code(self, action: GuessAction) -> str:
        """'stake:2', 'pick:3'."""
        return f"{action.kind}:{action.n}"

    def parse_action(self, code: str) -> GuessAction:
        """Inverse of action_code."""
        kind, _, n = code.partition(":")
        if kind not in ("stake", "pick") or not n.isdigit():
            raise IllegalAction("error.illegal_action")
        return GuessAction(kind=kind, n=int(n))

    def action_label(self, state: GuessState, seat: int, action: GuessAction) -> Msg:
        """'Stake x2', 'Pick 3'."""
        return Msg(key=f"guess.{action.kind}", params={"n": action.n})

    def prompt(self, state: GuessState, seat: int) -> Msg:
        """What is asked."""
        return Msg(key="guess.prompt_stake" if state.stake == 0 else "guess.prompt_pick")

    def render_board(self, view: GuessView, tr: Text) -> str:
        """One line."""
        return tr(
            "guess.board",
            round=view.round,
            stake=view.stake,
            scores=" ".join(f"{tr.name(i)}={s}" for i, s in enumerate(view.scores)),
            picked=" ".join(tr.name(i) for i, p in enumerate(view.picked) if p),
        )

    def render_private(self, view: GuessView, tr: Text) -> str:
        """Own pick."""
        return tr("guess.private", pick=view.mine or "-")

    def ai_action(self, state: GuessState, seat: int, rng: random.Random) -> GuessAction:
        """Random."""
        return rng.choice(list(self.legal_actions(state, seat)))

    def swap_secrets(self, state: GuessState, a: int, b: int, rng: random.Random) -> GuessState:
        """Swap the two seats' picks (only if both have picked, so who-picked stays equal)."""
        picks = list(state.picks)
        if picks[a] and picks[b]:
            picks[a], picks[b] = picks[b], picks[a]
        return state.model_copy(update={"picks": tuple(picks)})

    def upgrade(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """Version 1 only."""
        return data


GUESS = GuessRules()
