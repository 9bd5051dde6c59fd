"""The scripted players the AI is measured against (tests/support/strategies/takenoko.py): each
reads only its own seat's view and plays whole games; the blunder counts read a finished game.
The AI itself is checked the same way (``strength.blind``, the AI as the strategy)."""

from __future__ import annotations

import pytest

from rules.engine import AI_LEVELS, rng_for
from rules.takenoko import GAME
from rules.takenoko.actions import ACT, END, TakenokoAction
from rules.takenoko.state import TakenokoState
from tests.support.strategies import takenoko as strategies
from tests.support.strength import Match, Strategy, ai_at, blind, play_match


def mid_game_states(players: int, seed: int, every: int = 7) -> list[TakenokoState]:
    """States of a game the scripted players play among themselves (one of each, then again),
    every ``every`` plies: each decision kind shows up (weather, actions, spots, canals...)."""
    names = sorted(strategies.STRATEGIES)
    seats = [strategies.STRATEGIES[names[(seat + seed) % len(names)]] for seat in range(players)]
    state = GAME.start(players, {"pros_variant": "on" if seed % 2 else "off"}, seed)
    found = []
    ply = 0
    while GAME.to_act(state):
        ply += 1
        seat = state.turn
        action = seats[seat](state, seat, rng_for(f"{seed}:player{seat}", ply))
        state, _ = GAME.apply(state, seat, action, rng_for(seed, ply))
        if ply % every == 0 and GAME.to_act(state):
            found.append(state)
    return found


STATES = [s for seed in (1, 2) for s in mid_game_states(4, seed)] + mid_game_states(3, 3)


@pytest.mark.parametrize("name", sorted(strategies.STRATEGIES))
def test_each_strategy_reads_only_its_own_view(name: str) -> None:
    """Every scripted player plays the same whatever the other seats privately hold."""
    strategy = strategies.STRATEGIES[name]
    assert len(STATES) > 60
    steps = set()
    for state in STATES:
        assert blind(GAME, strategy, state, state.turn, state.players), (name, state.step)
        steps.add(state.step)
    assert {"action", "gardener", "panda", "plot_spot", "category"} <= steps


@pytest.mark.usefixtures("quick_lookahead")
@pytest.mark.parametrize("level", AI_LEVELS)
def test_the_ai_reads_only_its_own_view(level: str) -> None:
    """The AI at every level plays the same whatever the other seats privately hold: it never reads
    another hand, nor the order of a deck (its search samples them from what the seat can see)."""
    strategy = ai_at(GAME, level)
    for state in STATES[:: 10 if level == "strong" else 2]:
        assert blind(GAME, strategy, state, state.turn, state.players, trials=2), (level, state.step)


@pytest.mark.parametrize(("name", "players"), [("panda_rush", 2), ("gardener", 3), ("plot_builder", 4)])
def test_each_strategy_plays_whole_games(name: str, players: int) -> None:
    """A table of one scripted player reaches the end with an Emperor (not the round limit), with
    legal moves only (``apply`` refuses any other)."""
    seats: list[Strategy] = [strategies.STRATEGIES[name]] * players
    for seed in range(2):
        match = play_match(GAME, players, seed, seats)
        assert match.state.step == "over" and match.state.emperor >= 0 and sum(match.wins) == pytest.approx(1)


def test_blunders_read_a_finished_game() -> None:
    """The blunder counts of the end state: a canal or an improvement still on the board at the
    end, the round limit reached (TK-END-06)."""
    match = play_match(GAME, 2, 5, [strategies.STRATEGIES["plot_builder"], ai_at(GAME, "easy")])
    for seat in (0, 1):
        counts = strategies.blunders(match, seat)
        board = match.state.boards[seat]
        assert counts == {
            "unlaid_canal": int(board.canals > 0),
            "unplaced_chip": int(any(board.chips)),
            "round_limit": 0,
        }
    stuck = match.state.model_copy(
        update={
            "emperor": -1,
            "boards": (match.state.boards[0].model_copy(update={"canals": 2, "chips": (0, 1, 0)}),) * 2,
        }
    )
    assert strategies.blunders(Match(stuck, match.wins), 1) == {
        "unlaid_canal": 1,
        "unplaced_chip": 1,
        "round_limit": 1,
    }


def played(state: TakenokoState, seat: int, actions: list[TakenokoAction]) -> Match:
    """A short match: ``actions`` played by ``seat`` from ``state``, with its log."""
    before = []
    for n, action in enumerate(actions):
        before.append(state)
        state, _ = GAME.apply(state, seat, action, rng_for("played", n))
    return Match(state, (0.0,) * state.players, [(seat, a) for a in actions], before)


def test_blunders_read_a_turn_ended_early_and_a_panda_that_ate_nothing() -> None:
    """TK-WEATHER-02: a SUN turn ended after two actions while a third was open is counted, with
    the SUN turns as its chances; TK-PANDA-02: a PANDA action that ate nothing is counted, with
    the panda moves as its chances (one that eats is not)."""
    sunny = next(s for s in STATES if s.step == "action" and not s.used and s.garden and s.canal_supply)
    seat = sunny.turn
    sunny = sunny.model_copy(update={"condition": "SUN"})
    turn: list[TakenokoAction] = []
    for kind in ("plot", "irrigation"):  # each action, then its own steps (a plot's pick and spot)
        turn.append(ACT[kind])
        state = played(sunny, seat, turn).state
        while state.step != "action":
            turn.append(GAME.legal_actions(state, seat)[0])
            state = played(sunny, seat, turn).state
    assert len(state.used) == 2
    counts = strategies.blunders(played(sunny, seat, [*turn, END]), seat)
    assert (counts["sun_turns"], counts["sun_two_actions"]) == (1, 1)
    counts = strategies.blunders(played(sunny, seat, [*turn, ACT["gardener"]]), seat)
    assert (counts["sun_turns"], counts["sun_two_actions"]) == (1, 0)
    # The panda: a move to a bare plot eats nothing, one to a bamboo eats a section.
    for state in STATES:
        if state.step != "action" or ACT["panda"] not in GAME.legal_actions(state, state.turn):
            continue
        after = played(state, state.turn, [ACT["panda"]]).state
        tiles = [a for a in GAME.legal_actions(after, state.turn) if a.kind == "tile"]
        bare = [a for a in tiles if all(p.height == 0 for p in after.garden if (p.q, p.r) == (a.q, a.r))]
        full = [a for a in tiles if any(strategies.edible(p) for p in after.garden if (p.q, p.r) == (a.q, a.r))]
        if bare and full:
            break
    else:
        raise AssertionError("no position with both kinds of panda moves")
    seat = state.turn
    nothing = strategies.blunders(played(state, seat, [ACT["panda"], bare[0]]), seat)
    eats = strategies.blunders(played(state, seat, [ACT["panda"], full[0]]), seat)
    assert (nothing["panda_moves"], nothing["panda_ate_nothing"]) == (1, 1)
    assert (eats["panda_moves"], eats["panda_ate_nothing"]) == (1, 0)
