"""The scripted Racebow players the AI is measured against (tests/support/strategies/racebow.py):
each plays legal moves through whole games at 2 and 4 players, decides as its rule says, and the
blunder count reads a finished game."""

from __future__ import annotations

import random

import pytest

from rules.engine import rng_for
from rules.racebow import GAME
from rules.racebow.state import RacebowState
from tests.rules.racebow.helpers import custom, position
from tests.support.strategies import racebow as strategies
from tests.support.strength import Match, Strategy, ai_at, play_match

EMPTY_ROWS = [custom() for _ in range(6)]


def checked(strategy: Strategy, seen: list[str]) -> Strategy:
    """``strategy``, asserting that each action it returns is legal, and noting what was asked."""

    def play(state: RacebowState, seat: int, rng: random.Random) -> object:
        action = strategy(state, seat, rng)
        assert action in GAME.legal_actions(state, seat), (GAME.action_code(action), state.ask)
        seen.append(state.ask)
        return action

    return play


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name", sorted(strategies.STRATEGIES))
def test_rb_end_01_each_strategy_plays_whole_games_to_a_finish(name: str, players: int) -> None:
    """RB-END-01 / RB-END-03: a table of one scripted player plays legal moves, answering every
    kind of decision (move, stack, turbo), until the race is decided by finishes, not by the
    round-200 safety end."""
    seen: list[str] = []
    strategy = checked(strategies.STRATEGIES[name], seen)
    for seed in range(2):
        match = play_match(GAME, players, seed, [strategy] * players)
        assert match.state.end == "finish", match.state.end
        assert sorted(match.state.places) == list(range(1, players + 1))
        assert sum(match.wins) == pytest.approx(1.0)
    assert {"move", "stack", "turbo"} <= set(seen)


@pytest.mark.parametrize("name", sorted(strategies.STRATEGIES))
def test_each_strategy_plays_whole_games_against_the_ai(name: str) -> None:
    """Beside the AI (what the bench measures), at 2 and 4 players, every move is legal."""
    seen: list[str] = []
    strategy = checked(strategies.STRATEGIES[name], seen)
    for players in (2, 4):
        seats = [ai_at(GAME) if seat == 0 else strategy for seat in range(players)]
        match = play_match(GAME, players, players, seats)
        assert GAME.outcome(match.state) is not None and sum(match.wins) == pytest.approx(1.0)
    assert seen


def mid_game_states(players: int, seed: int) -> list[RacebowState]:
    """Every third state of a game between the scripted players in turn (all three decisions)."""
    names = list(strategies.STRATEGIES.values())
    seats = [names[seat % len(names)] for seat in range(players)]
    match = play_match(GAME, players, seed, seats, keep_log=True)
    found: list[RacebowState] = []
    state = GAME.start(players, {}, seed)
    for ply, (seat, action) in enumerate(match.log, start=1):
        if ply % 3 == 0:
            found.append(state)
        state, _ = GAME.apply(state, seat, action, rng_for(seed, ply))
    assert state == match.state
    return found


@pytest.mark.parametrize("name", sorted(strategies.STRATEGIES))
def test_each_strategy_decides_from_the_public_board_only(name: str) -> None:
    """§7: the draw pile's order is the one hidden fact; every scripted player plays the same
    whatever it is (the pile shuffled), on many states of every kind of decision."""
    strategy = strategies.STRATEGIES[name]
    asked: set[str] = set()
    for players in (2, 4):
        for state in mid_game_states(players, 20 + players):
            seat = state.turn
            expected = GAME.action_code(strategy(state, seat, random.Random(7)))
            pile = list(state.pile)
            random.Random(seat).shuffle(pile)
            shuffled = state.model_copy(update={"pile": tuple(pile)})
            assert pile != list(state.pile) and GAME.action_code(strategy(shuffled, seat, random.Random(7))) == expected
            asked.add(state.ask)
    assert asked == {"move", "stack", "turbo"}


def choice(name: str, state: RacebowState) -> str:
    """The code ``name`` plays for seat 0 in ``state``."""
    return GAME.action_code(strategies.STRATEGIES[name](state, 0, random.Random(3)))


def test_rb_collect_01_greedy_takes_the_colour_its_target_wants_next() -> None:
    """RB-COLLECT-01: with R O in its stack (target R O Y G B), greedy takes the yellow over a
    blue and a turbo pawn; the grabber takes a colour before the bonus too."""
    rows = [custom(), custom(E1="B", E3="Y", E2=">"), *EMPTY_ROWS]
    state = position(rows, [(10, "E2"), (10, "E4")], stacks=["RO", ""], tracks=[(0, 3, 3), (2, 3, 3)])
    assert choice("greedy", state) == "to:E3"
    assert choice("grabber", state) in ("to:E1", "to:E3")
    grab_bonus = position(
        [custom(), custom(E2=">"), *EMPTY_ROWS], [(10, "E2"), (10, "E4")], tracks=[(0, 3, 3), (2, 3, 3)]
    )
    assert choice("grabber", grab_bonus) == "to:E2"


def test_rb_stack_05_sorter_walks_to_the_cell_that_repairs_before_a_colour() -> None:
    """RB-STACK-05: with O R in its stack, the sorter prefers the swap cell (R O: two slots in
    place) to a yellow pawn, where greedy takes the yellow; both keep to Earth when nothing is
    on offer, to spare propellers and oxygen (RB-MOVE-03)."""
    rows = [custom(), custom(E1="x", E3="Y"), *EMPTY_ROWS]
    state = position(rows, [(10, "E2"), (10, "E4")], stacks=["OR", ""], tracks=[(0, 3, 3), (2, 3, 3)])
    assert choice("sorter", state) == "to:E1"
    assert choice("greedy", state) == "to:E3"
    bare = position([custom(), custom(), *EMPTY_ROWS], [(10, "E2"), (10, "E4")], tracks=[(0, 3, 3), (2, 3, 3)])
    for name in strategies.STRATEGIES:
        assert choice(name, bare).startswith("to:E"), name


def test_rb_stack_03_on_an_action_cell_each_puts_more_slots_in_place_or_skips() -> None:
    """RB-STACK-03/06: on a TOP cell, R O B Y (target R O Y G B) becomes R O Y B with TOP B (three
    slots in place instead of two); R O Y would only lose slots, so it skips."""
    rows = [custom(), custom(E2="^"), *EMPTY_ROWS]
    for stack, expected in (("ROBY", "top:B"), ("ROY", "skip")):
        state = position(rows, [(10, "E2"), (10, "E4")], stacks=[stack, ""], tracks=[(0, 0, 0), (2, 3, 3)])
        state, _ = GAME.apply(state, 0, GAME.parse_action("to:E2"), random.Random(1))
        assert state.ask == "stack"
        for name in strategies.STRATEGIES:
            assert choice(name, state) == expected, (name, stack)


def test_rb_move_07_turbo_only_for_something_wanted() -> None:
    """RB-MOVE-07: after the first step, greedy spends its turbo for a colour the extra step
    reaches, and keeps it when the extra step reaches only a bonus, which the grabber takes."""
    for row, greedy, grabber in ((custom(E2="Y"), "turbo", "turbo"), (custom(E2="+"), "end", "turbo")):
        rows = [custom(), custom(), row, *EMPTY_ROWS]
        state = position(rows, [(10, "E2"), (10, "E4")], tracks=[(1, 3, 3), (2, 3, 3)])
        state, _ = GAME.apply(state, 0, GAME.parse_action("to:E2"), random.Random(1))
        assert state.ask == "turbo"
        assert choice("greedy", state) == greedy
        assert choice("grabber", state) == grabber


def test_blunders_count_the_games_that_ended_without_a_finish() -> None:
    """RB-END-04 / RB-TILE-03: a game cut at round 200 counts for every seat, ``unplaced`` only
    for the seats that had no place when it ended; a finished race counts nothing."""
    finished = play_match(GAME, 2, 0, [strategies.greedy] * 2)
    assert all(value == 0 for value in strategies.blunders(finished, 0).values())
    cut = finished.state.model_copy(update={"end": "limit", "places": (1, 0)})
    match = Match(cut, (1.0, 0.0))
    assert strategies.blunders(match, 0) == {"round_limit": 1, "no_tiles": 0, "unplaced": 0}
    assert strategies.blunders(match, 1) == {"round_limit": 1, "no_tiles": 0, "unplaced": 1}
