"""The engine's shared helpers: seeded randomness, ranks, options, trusted construction."""

from __future__ import annotations

import random

import pytest

from rules.engine import (
    Event,
    IllegalAction,
    OptionSpec,
    ai_against_random,
    ai_player,
    fill_options,
    playout,
    random_player,
    rng_for,
    trusted,
)
from rules.flow import rank_by
from tests.support.nim import NIM, NimWork


def test_rng_for_is_deterministic_and_differs_by_ply() -> None:
    assert [rng_for("s", 3).random() for _ in range(2)] == [rng_for("s", 3).random() for _ in range(2)]
    assert rng_for("s", 3).random() != rng_for("s", 4).random()
    assert rng_for("s", 3).random() != rng_for("t", 3).random()


def test_rng_for_draws_like_an_eagerly_seeded_generator() -> None:
    """Seeding on first use changes nothing in what is drawn, whatever method draws first."""
    lazy, other = rng_for("seed", 7), rng_for("seed", 7)
    deck = list(range(30))
    lazy.shuffle(deck)
    other_deck = list(range(30))
    other.shuffle(other_deck)
    assert deck == other_deck
    assert rng_for("x", 1).randrange(1000) == rng_for("x", 1).randrange(1000)
    state = rng_for("x", 2).getstate()
    eager = random.Random()
    eager.setstate(state)
    assert eager.random() == rng_for("x", 2).random()


def test_rank_by_shares_ranks_on_equal_keys() -> None:
    assert rank_by([(0, (5, 1)), (1, (7, 0)), (2, (5, 1)), (3, (5, 0))]) == ((1, 1), (0, 2), (2, 2), (3, 4))


def test_fill_options_fills_defaults_and_refuses_unknown_values() -> None:
    specs = (OptionSpec(name="a", choices=("1", "2"), default="1"),)
    assert fill_options(specs, {}) == {"a": "1"}
    assert fill_options(specs, {"a": "2"}) == {"a": "2"}
    with pytest.raises(IllegalAction) as bad:
        fill_options(specs, {"a": "3"})
    assert bad.value.msg.key == "error.option_value"
    with pytest.raises(IllegalAction) as unknown:
        fill_options(specs, {"b": "1"})
    assert unknown.value.msg.key == "error.option_unknown"


def test_trusted_models_equal_validated_ones() -> None:
    values = {"key": "k", "params": {"n": 1}, "terms": {}, "seats": {"p": 0}, "to": frozenset({1})}
    fast = trusted(Event, dict(values))
    slow = Event.model_validate(values)
    assert fast == slow
    assert Event.model_validate_json(fast.model_dump_json()) == slow
    assert fast.model_copy(update={"key": "other"}).key == "other"
    with pytest.raises(ValueError):  # still frozen (pydantic.ValidationError)
        fast.key = "changed"  # type: ignore[misc]


def test_ai_against_random_gives_each_seat_its_player() -> None:
    """The AI's seat gets the AI's move (the same as ``ai_player`` alone); the other seat a legal
    move of the random player."""
    state = NIM.start(2, {}, 5)
    ai = ai_player(NIM, 5, frozenset({1}))
    seen = set()
    for ply in playout(NIM, state, 5, ai_against_random(NIM, 5, frozenset({1}))):
        if ply.seat == 1:
            assert (ply.seat, ply.action) == ai(ply.before, NIM.to_act(ply.before), ply.number)
        else:
            assert ply.action in NIM.legal_actions(ply.before, ply.seat)
        seen.add(ply.seat)
    assert seen == {0, 1}


def test_random_player_draws_what_rng_for_minus_one_draws() -> None:
    """The chooser's stream, seeded at once for speed, is the stream ``rng_for(seed, -1)`` gives (so
    recorded playouts and golden transcripts stay as they were)."""
    state = NIM.start(3, {}, "s")
    choose, lazy = random_player(NIM, "s"), rng_for("s", -1)
    legal = list(NIM.legal_actions(state, state.turn))
    picks = [choose(state, frozenset({state.turn}), n)[1] for n in range(20)]
    assert picks == [lazy.choice(legal) for _ in range(20)]


def test_freeze_drops_the_working_attributes_and_keeps_every_field() -> None:
    """``freeze`` copies the fields and leaves out ``working`` ones; an attribute ``working`` does
    not name is left out too (the count tells, and the fields are then picked by name)."""
    state = NIM.start(2, {}, 3)
    work = NimWork(state, random.Random(1))
    work.event("nim.event.take", params={"n": 1}, seats={"player": 0})
    assert work.freeze() == state and set(work.freeze().__dict__) == set(NimWork.fields)
    work.scratch = [1, 2]  # type: ignore[attr-defined]
    work.pile -= 1
    frozen = work.freeze()
    assert set(frozen.__dict__) == set(NimWork.fields) and frozen.pile == state.pile - 1
    assert type(frozen).model_validate_json(frozen.model_dump_json()) == frozen
