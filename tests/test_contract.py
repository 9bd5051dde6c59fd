"""The engine contract, checked on every registered game, player count and option combination."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from bot.i18n import Text
from rules.engine import IllegalAction, Rules, rng_for
from rules.registry import GAMES
from tests.support.guess import GUESS

ALL: dict[str, Rules[Any, Any, Any]] = {**GAMES, "guess": GUESS}
SEEDS = (1, 2)
MAX_PLIES = 20_000


def option_sets(rules: Rules[Any, Any, Any], players: int) -> list[dict[str, str]]:
    """Every combination of option values the game accepts at this player count."""
    names = [o.name for o in rules.options]
    combos = []
    for values in itertools.product(*(o.choices for o in rules.options)):
        options = dict(zip(names, values, strict=True))
        try:
            combos.append(rules.check_options(players, options))
        except IllegalAction:
            continue
    return combos


CASES = [
    pytest.param(name, players, options, id=f"{name}-{players}p-" + "-".join(options.values()))
    for name, rules in ALL.items()
    for players in range(rules.min_players, rules.max_players + 1)
    for options in option_sets(rules, players)
]


def assert_view_and_text(rules: Rules[Any, Any, Any], state: Any, players: int) -> None:
    """Every view renders in both languages and the board fits a Discord message."""
    names = [f"player{i}" for i in range(players)]
    for locale in ("en", "fr"):
        tr = Text(locale, names)
        board = rules.render_board(rules.view(state, None), tr)
        assert board and len(board) <= 1900, len(board)
        for seat in range(players):
            assert isinstance(rules.render_private(rules.view(state, seat), tr), str)
            if seat in rules.to_act(state):
                assert tr.msg(rules.prompt(state, seat))


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_random_playouts_keep_the_contract(name: str, players: int, options: dict[str, str]) -> None:
    """Seeded random playouts end and hold every property of the contract along the way."""
    rules = ALL[name]
    state_type = rules.state_type
    for seed in SEEDS:
        rng = random.Random(seed)
        initial = rules.setup(players, options, rng_for(seed, 0))
        state = initial
        log: list[tuple[int, Any]] = []
        while True:
            to_act = rules.to_act(state)
            outcome = rules.outcome(state)
            # to_act is empty exactly when the game is over.
            assert (not to_act) == (outcome is not None)
            # JSON round trip.
            assert state_type.model_validate_json(state.model_dump_json()) == state
            if outcome is not None:
                assert sorted(s.seat for s in outcome.standings) == list(range(players))
                assert min(s.rank for s in outcome.standings) == 1
                break
            assert len(log) < MAX_PLIES, "the game did not end"
            for seat in range(players):
                legal = list(rules.legal_actions(state, seat))
                if seat not in to_act:
                    assert legal == []
                    continue
                # A decision is only asked with 2..25 choices, each with a stable code and a label.
                assert 2 <= len(legal) <= 25, (seat, legal)
                for action in legal:
                    assert rules.parse_action(rules.action_code(action)) == action
                    assert len(Text("fr", []).msg(rules.action_label(state, seat, action))) <= 80
            if len(log) % 7 == 0:
                assert_view_and_text(rules, state, players)
                # Every legal action applies (on a sample of states, to keep the test fast).
                for seat in to_act:
                    for action in rules.legal_actions(state, seat):
                        rules.apply(state, seat, action, rng_for(seed, len(log) + 1))
            # Illegal actions raise IllegalAction and leave the state equal.
            seat = rng.choice(sorted(to_act))
            legal = list(rules.legal_actions(state, seat))
            idle = [s for s in range(players) if s not in to_act]
            before = state.model_dump_json()
            if idle:
                with pytest.raises(IllegalAction):
                    rules.apply(state, idle[0], legal[0], rng_for(seed, len(log) + 1))
                assert state.model_dump_json() == before
            with pytest.raises(IllegalAction):
                rules.parse_action("no-such-action!")
            action = rng.choice(legal)
            state, events = rules.apply(state, seat, action, rng_for(seed, len(log) + 1))
            assert state.model_dump_json() != before or events
            log.append((seat, action))
        assert_view_and_text(rules, state, players)
        # Replay from the initial state and the log equals the snapshot.
        replayed = initial
        for ply, (seat, action) in enumerate(log, start=1):
            replayed, _ = rules.apply(replayed, seat, rules.parse_action(rules.action_code(action)), rng_for(seed, ply))
        assert replayed == state


@pytest.mark.parametrize(
    ("name", "players"),
    [(n, p) for n, r in ALL.items() for p in range(max(3, r.min_players), r.max_players + 1)],
)
def test_one_seats_secret_does_not_reach_another_seat(name: str, players: int) -> None:
    """Changing what seats a and b privately know changes no other seat's view, nor the public one."""
    rules = ALL[name]
    options = rules.check_options(players, {})
    changed = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = rules.setup(players, options, rng_for(seed, 0))
        for ply in range(1, 400):
            to_act = rules.to_act(state)
            if not to_act:
                break
            # Every ply: secrets exist at moments (mid-way through a secret round) a sample would miss.
            a, b = rng.sample(range(players), 2)
            other = rules.swap_secrets(state, a, b, rng)
            changed += other != state
            for seat in [None, *range(players)]:
                if seat not in (a, b):
                    assert rules.view(other, seat) == rules.view(state, seat), (seat, a, b)
            seat = rng.choice(sorted(to_act))
            state, _ = rules.apply(state, seat, rng.choice(list(rules.legal_actions(state, seat))), rng_for(seed, ply))
    assert changed, "swap_secrets never changed anything: the check would be empty"


@pytest.mark.parametrize("name", sorted(ALL))
def test_events_are_public_or_addressed(name: str) -> None:
    """Events render in both languages; private ones name seats that exist."""
    rules = ALL[name]
    players = rules.min_players + 1 if rules.max_players > rules.min_players else rules.min_players
    options = rules.check_options(players, {})
    state = rules.setup(players, options, rng_for(9, 0))
    rng = random.Random(9)
    for ply in range(1, 300):
        to_act = rules.to_act(state)
        if not to_act:
            break
        seat = rng.choice(sorted(to_act))
        state, events = rules.apply(state, seat, rng.choice(list(rules.legal_actions(state, seat))), rng_for(9, ply))
        for event in events:
            assert event.to is None or (event.to and all(0 <= s < players for s in event.to))
            for locale in ("en", "fr"):
                assert Text(locale, []).msg(event)
