"""The engine contract, checked on every registered game (and the two test games: Guess, with a
secret simultaneous decision, and Nim, with perfect information), every player count and every
option combination."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from bot.i18n import Text
from rules.engine import MAX_CHOICES, Game, IllegalAction, MalformedAction, rng_for
from rules.registry import GAMES
from tests.support.guess import GUESS
from tests.support.nim import NIM

ALL: dict[str, Game[Any, Any, Any]] = {**GAMES, "guess": GUESS, "nim": NIM}
SEEDS = (1, 2)
MAX_PLIES = 20_000


def option_sets(game: Game[Any, Any, Any], players: int) -> list[dict[str, str]]:
    """Every combination of option values the game accepts at this player count."""
    names = [o.name for o in game.options]
    combos = []
    for values in itertools.product(*(o.choices for o in game.options)):
        options = dict(zip(names, values, strict=True))
        try:
            combos.append(game.check_options(players, options))
        except IllegalAction:
            continue
    return combos


CASES = [
    pytest.param(name, players, options, id=f"{name}-{players}p-" + "-".join(options.values()))
    for name, game in ALL.items()
    for players in range(game.min_players, game.max_players + 1)
    for options in option_sets(game, players)
]


PHONE_WIDTH = 40
"""A code block wider than this scrolls sideways on a phone."""


def code_lines(text: str) -> list[str]:
    """The lines of ``text`` inside code blocks."""
    inside, found = False, []
    for line in text.splitlines():
        if line.strip().startswith("```"):
            inside = not inside
        elif inside:
            found.append(line)
    return found


def assert_view_and_text(game: Game[Any, Any, Any], state: Any, players: int) -> None:
    """Every view renders in both languages, the board fits a Discord message and every code
    block reads on a phone."""
    names = [f"player{i}" for i in range(players)]
    ui = game.presentation
    for locale in ("en", "fr"):
        tr = Text(locale, names)
        board = ui.render_board(game.view(state, None), tr)
        assert board and len(board) <= 1900, len(board)
        assert [line for line in code_lines(board) if len(line) > PHONE_WIDTH] == []
        for seat in range(players):
            private = ui.render_private(game.view(state, seat), tr)
            assert isinstance(private, str)
            assert [line for line in code_lines(private) if len(line) > PHONE_WIDTH] == []
            if seat in game.to_act(state):
                assert tr.msg(ui.prompt(state, seat))


def public_offer(game: Game[Any, Any, Any], state: Any, seat: int) -> tuple[str, tuple[tuple[str, str], ...]] | None:
    """What a public message would show of ``seat``'s decision: its prompt and (code, label) pairs."""
    choices = game.public_choices(state, seat)
    if choices is None:
        return None
    tr = Text("en", [f"player{i}" for i in range(8)])
    labels = tuple((game.action_code(a), tr.msg(game.presentation.action_label(state, seat, a))) for a in choices)
    return tr.msg(game.presentation.prompt(state, seat)), labels


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_random_playouts_keep_the_contract(name: str, players: int, options: dict[str, str]) -> None:
    """Seeded random playouts end and hold every property of the contract along the way."""
    game = ALL[name]
    state_type = game.state_type
    for seed in SEEDS:
        rng = random.Random(seed)
        initial, opening = game.setup(players, options, rng_for(seed, 0))
        assert all(event.to is None or event.to for event in opening)
        state = initial
        log: list[tuple[int, Any]] = []
        while True:
            to_act = game.to_act(state)
            outcome = game.outcome(state)
            # to_act is empty exactly when the game is over.
            assert (not to_act) == (outcome is not None)
            # JSON round trip.
            assert state_type.model_validate_json(state.model_dump_json()) == state
            if outcome is not None:
                assert sorted(s.seat for s in outcome.standings) == list(range(players))
                assert min(s.rank for s in outcome.standings) == 1
                assert all(len(s.keys) == len(outcome.tiebreaks) for s in outcome.standings)
                break
            assert len(log) < MAX_PLIES, "the game did not end"
            for seat in range(players):
                legal = list(game.legal_actions(state, seat))
                if seat not in to_act:
                    assert legal == []
                    continue
                # A decision is only asked with 2..25 choices (as offered: a public offer may hold
                # choices only the seat's secret rules out, and then one legal choice is enough),
                # each with a stable code and a label.
                offered = game.public_choices(state, seat)
                assert 1 <= len(legal) <= MAX_CHOICES, (seat, legal)
                assert len(legal) >= 2 or (offered is not None and len(offered) >= 2), (seat, legal)
                for action in legal:
                    assert game.parse_action(game.action_code(action)) == action
                    assert len(Text("fr", []).msg(game.presentation.action_label(state, seat, action))) <= 80
                # The pass played for a seat whose time ran out (a table's "skip" policy) is legal.
                passed = game.skip(state, seat) if game.skip is not None else None
                assert passed is None or passed in legal, (seat, passed)
                # What a public message offers covers every legal choice and fits one decision.
                if offered is not None:
                    codes = [game.action_code(a) for a in offered]
                    assert len(codes) == len(set(codes)) <= MAX_CHOICES
                    assert {game.action_code(a) for a in legal} <= set(codes)
            if len(log) % 7 == 0:
                assert_view_and_text(game, state, players)
                # Every legal action applies (on a sample of states, to keep the test fast).
                for seat in to_act:
                    for action in game.legal_actions(state, seat):
                        game.apply(state, seat, action, rng_for(seed, len(log) + 1))
            # Illegal actions raise IllegalAction and leave the state equal.
            seat = rng.choice(sorted(to_act))
            legal = list(game.legal_actions(state, seat))
            idle = [s for s in range(players) if s not in to_act]
            before = state.model_dump_json()
            if idle:
                with pytest.raises(IllegalAction):
                    game.apply(state, idle[0], legal[0], rng_for(seed, len(log) + 1))
                assert state.model_dump_json() == before
            with pytest.raises(MalformedAction):
                game.parse_action("no-such-action!")
            action = rng.choice(legal)
            state, events = game.apply(state, seat, action, rng_for(seed, len(log) + 1))
            assert state.model_dump_json() != before or events
            log.append((seat, action))
        assert_view_and_text(game, state, players)
        # Replay from the initial state and the log equals the snapshot.
        replayed = initial
        for ply, (seat, action) in enumerate(log, start=1):
            replayed, _ = game.apply(replayed, seat, game.parse_action(game.action_code(action)), rng_for(seed, ply))
        assert replayed == state


SECRET_CASES = [
    (n, p) for n, g in ALL.items() if g.has_secrets for p in range(max(3, g.min_players), g.max_players + 1)
]


@pytest.mark.parametrize(("name", "players"), SECRET_CASES)
def test_one_seats_secret_reaches_no_one_else(name: str, players: int) -> None:
    """Changing what seats a and b privately know changes no other seat's view, nor the public one,
    nor anything a public message offers: prompts, button codes and labels of public decisions."""
    game = ALL[name]
    options = game.check_options(players, {})
    changed = 0
    for seed in range(6):
        rng = random.Random(seed)
        state, _ = game.setup(players, options, rng_for(seed, 0))
        for ply in range(1, 400):
            to_act = game.to_act(state)
            if not to_act:
                break
            # Every ply: secrets exist at moments (mid-way through a secret round) a sample would miss.
            a, b = rng.sample(range(players), 2)
            other = game.swap_secrets(state, a, b, rng)
            changed += other != state
            for seat in [None, *range(players)]:
                if seat not in (a, b):
                    assert game.view(other, seat) == game.view(state, seat), (seat, a, b)
            assert game.to_act(other) == to_act
            for seat in to_act:
                assert public_offer(game, other, seat) == public_offer(game, state, seat), (seat, a, b)
            seat = rng.choice(sorted(to_act))
            state, _ = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))), rng_for(seed, ply))
    assert changed, "swap_secrets never changed anything: the check would be empty"


def test_perfect_information_games_need_no_secrets_hook() -> None:
    """A game without Secrets offers every decision in public, exactly its legal choices."""
    state = NIM.start(2, {}, 3)
    seat = min(NIM.to_act(state))
    assert not NIM.has_secrets
    assert list(NIM.public_choices(state, seat) or []) == list(NIM.legal_actions(state, seat))
    assert NIM.swap_secrets(state, 0, 1, random.Random(1)) is state


@pytest.mark.parametrize("name", sorted(ALL))
def test_events_are_public_or_addressed(name: str) -> None:
    """Events render in both languages; private ones name seats that exist."""
    game = ALL[name]
    players = game.min_players + 1 if game.max_players > game.min_players else game.min_players
    state = game.start(players, {}, 9)
    rng = random.Random(9)
    for ply in range(1, 300):
        to_act = game.to_act(state)
        if not to_act:
            break
        seat = rng.choice(sorted(to_act))
        state, events = game.apply(state, seat, rng.choice(list(game.legal_actions(state, seat))), rng_for(9, ply))
        for event in events:
            assert event.to is None or (event.to and all(0 <= s < players for s in event.to))
            for locale in ("en", "fr"):
                assert Text(locale, []).msg(event)


@pytest.mark.parametrize("name", sorted(ALL))
def test_a_lone_choice_is_asked_only_when_the_public_offer_is_wider(name: str) -> None:
    """A decision with one legal choice is played for the player (docs/design.md), but only when what a
    public message offers for it is lone too (rules/flow.py, ``Work.offer_size``): otherwise the
    instant move would tell the table what the offer hides. So every decision that is asked has
    two choices or more, legally or in its public offer; and where the public offer is wider than
    the legal choices, the decision is asked, not played. (A move a game's own rules announce,
    such as Mogul's forced drop, MG-AUC-3/4, is reported by its events, not guessed from timing.)"""
    game = ALL[name]
    for players in (game.min_players, game.max_players):
        state = game.start(players, {}, 11)
        for ply in playout_states(game, state, 11, plies=600):
            for seat in game.to_act(ply):
                legal = list(game.legal_actions(ply, seat))
                public = game.public_choices(ply, seat)
                offered = len(public) if public is not None else len(legal)
                assert len(legal) >= 2 or offered >= 2, (name, seat, legal)


def playout_states(game: Game[Any, Any, Any], state: Any, seed: int, plies: int) -> list[Any]:
    """The states of the first ``plies`` plies of a random playout from ``state``."""
    rng = random.Random(seed)
    found = [state]
    for ply in range(1, plies + 1):
        to_act = game.to_act(state)
        if not to_act:
            break
        seat = min(to_act)
        action = rng.choice(list(game.legal_actions(state, seat)))
        state, _ = game.apply(state, seat, action, rng_for(seed, ply))
        found.append(state)
    return found
