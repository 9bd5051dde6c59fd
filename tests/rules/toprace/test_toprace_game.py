"""Top Race as a bundle: options, codes, refusals, the working copy, views and secrets (§6), text
that fits, the AI, and hypothesis playouts holding the game's own invariants for 2–6 players and
every option. (tests/test_contract.py checks what every game must do; this file checks Top Race.)"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.i18n import Text
from rules.engine import IllegalAction, MalformedAction, rng_for
from rules.toprace import GAME
from rules.toprace.actions import _CACHE, MAX_CACHED_BID
from rules.toprace.data import NCARS, OFF, START_MONEY
from rules.toprace.fields import TopRaceFields
from rules.toprace.state import TopRaceState
from rules.toprace.work import TopRaceWork
from tests.rules.toprace.helpers import base, play

ROOT = Path(__file__).resolve().parents[3]
LONG_NAMES = [f"{c}" * 28 + f"_{i}" for i, c in enumerate("ABCDEF")]


def test_identity_and_options() -> None:
    """The bundle: name, player range, §5 options exactly, defaults filled by check_options."""
    assert GAME.name == "toprace" and GAME.state_type is TopRaceState
    assert (GAME.min_players, GAME.max_players, GAME.state_version) == (2, 6, 1)
    assert [(o.name, o.choices, o.default) for o in GAME.options] == [
        ("edition", ("classic", "alt"), "classic"),
        ("races", ("1", "3"), "1"),
        ("betting", ("on", "off"), "on"),
        ("allow_no_bet", ("off", "on"), "off"),
        ("restrict_pair_after_tip2", ("off", "on"), "off"),
        ("auction", ("turn_order",), "turn_order"),
    ]
    assert GAME.check_options(3, {"races": "3"})["races"] == "3"
    for bad in ({"races": "2"}, {"colour": "red"}):
        with pytest.raises(IllegalAction):
            GAME.check_options(3, bad)
    with pytest.raises(IllegalAction):
        GAME.start(7, {}, 1)


def test_working_copy_mirrors_the_state() -> None:
    """TopRaceWork declares exactly TopRaceState's fields; a working copy that drifts is refused
    when its class is created."""
    assert TopRaceWork.fields == tuple(TopRaceState.model_fields)
    with pytest.raises(TypeError):

        class Drifted(TopRaceFields, state=TopRaceState):
            extra: int


def test_action_codes_round_trip_and_garbage() -> None:
    """Codes are short and stable; parse_action inverts action_code and refuses what names nothing."""
    for code in (
        "bid:120000",
        "pass",
        "block:3",
        "grid:-1.2",
        "play:37",
        "play:J5",
        "turbo",
        "panne",
        "joker:C",
        "end:15.2",
        "end:F",
        "bet:A",
        "bet:none",
    ):
        assert GAME.action_code(GAME.parse_action(code)) == code
    assert GAME.parse_action("play:17") == GAME.parse_action("play:J5")
    junk = ["", "bid", "bid:-5", "bid:abc", "bid:1_000", "bid:" + "9" * 5000, "play:²", "play:49", "play:٣"]
    junk += ["grid:5.5", "end:99.1", "end:16.2", "end: 5.1", "joker:J", "bet:G", "fly:1", "pass:1", "block:25"]
    for code in junk:
        with pytest.raises(MalformedAction):
            GAME.parse_action(code)


def test_typed_codes_never_grow_the_action_cache() -> None:
    """Only actions that can be legal are shared; any other well-formed code gets a fresh action
    (refused by apply), so codes typed by players cannot fill memory."""
    size = len(_CACHE)
    for amount in (15_000, MAX_CACHED_BID + 10_000, 10**11, 0):
        action = GAME.parse_action(f"bid:{amount}")
        assert action.n == amount
        with pytest.raises(IllegalAction):
            play(base(2), 0, f"bid:{amount}")
    assert GAME.parse_action("bid:20000") is GAME.parse_action("bid:20000")
    assert len(_CACHE) == size


def test_apply_refuses_and_never_mutates() -> None:
    """apply raises IllegalAction for a seat not to act or an action that does not fit the step,
    leaving the state equal."""
    s = base(3)
    before = s.model_dump_json()
    with pytest.raises(IllegalAction) as err:
        play(s, 1, "pass")
    assert err.value.msg.key == "toprace.error.not_your_turn"
    with pytest.raises(IllegalAction):
        play(s, 0, "play:1")
    assert s.model_dump_json() == before


def _money_expected(s: TopRaceState) -> list[int]:
    out = [START_MONEY] * s.players
    for res in s.results:
        for c in range(NCARS):
            if res.owners[c] >= 0:
                out[res.owners[c]] += res.prizes[c]
        for p in res.purchases:
            out[p.seat] -= p.price
        for b in res.bets:
            out[b.seat] += b.payout
    if s.phase != "over" and (not s.results or s.results[-1].race != s.race):
        for p in s.purchases:
            out[p.seat] -= p.price
    return out


def check_invariants(s: TopRaceState) -> None:
    """Money adds up, every card is somewhere once, one car per cell, a broken car is off the track,
    carless players never outnumber the cars left (TR-AUC-2)."""
    assert list(s.money) == _money_expected(s)
    cards = [*s.removed, *s.folded, *s.played, *(c for h in s.hands for c in h)]
    assert sorted(cards) == list(range(1, 49))
    on = [c for c in s.cell if c != OFF]
    assert len(on) == len(set(on))
    for c in range(NCARS):
        assert not (s.ref[c] != OFF and (s.cell[c] != OFF or c in s.finish))
    if s.phase == "auction":
        carless = sum(1 for seat in range(s.players) if seat not in s.owner)
        assert carless <= len(s.drivers)


OPTION_SETS = st.fixed_dictionaries(
    {
        "edition": st.sampled_from(["classic", "alt"]),
        "races": st.sampled_from(["1", "1", "3"]),
        "betting": st.sampled_from(["on", "off"]),
        "allow_no_bet": st.sampled_from(["off", "on"]),
        "restrict_pair_after_tip2": st.sampled_from(["off", "on"]),
    }
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), options=OPTION_SETS)
def test_random_playouts_hold_invariants(players: int, seed: int, options: dict[str, str]) -> None:
    """Hypothesis playouts (TR-AUC-2 invariant included): every invariant holds at every ply, and a
    game plays as many races as chosen."""
    rng = random.Random(seed)
    s = GAME.start(players, options, seed)
    ply = 0
    while GAME.to_act(s):
        check_invariants(s)
        seat = rng.choice(sorted(GAME.to_act(s)))
        s, _ = GAME.apply(s, seat, rng.choice(list(GAME.legal_actions(s, seat))), rng_for(seed, ply + 1))
        ply += 1
        assert ply < 5_000
    check_invariants(s)
    assert len(s.results) == int(options["races"])


def _playout_states(players: int, seed: int, options: dict[str, str] | None = None) -> list[TopRaceState]:
    rng = random.Random(seed)
    s = GAME.start(players, options or {}, seed)
    states = [s]
    while GAME.to_act(s):
        seat = rng.choice(sorted(GAME.to_act(s)))
        s, _ = GAME.apply(s, seat, rng.choice(list(GAME.legal_actions(s, seat))), rng_for(seed, len(states)))
        states.append(s)
    return states


@pytest.mark.parametrize("options", [{"races": "3"}, {"races": "3", "edition": "alt", "allow_no_bet": "on"}])
def test_boards_fit_six_long_names(options: dict[str, str]) -> None:
    """Boards stay ≤ 1,900 characters in English and French with six 30-character names (cut to 16)."""
    worst = 0
    for seed in (1, 2):
        for s in _playout_states(6, seed, options):
            for locale in ("en", "fr"):
                board = GAME.presentation.render_board(GAME.view(s, None), Text(locale, LONG_NAMES))
                worst = max(worst, len(board))
                assert len(board) <= 1900, (locale, len(board), board)
    assert worst > 1000


def test_views_hide_secrets() -> None:
    """§6: the public view holds no hand, no bets before race end, no removed cards, no driver order;
    a seat's view adds only its hand, its bets and its question."""
    for s in _playout_states(5, 3, {"allow_no_bet": "on"})[::7]:
        public = GAME.view(s, None)
        assert public.hand is None and public.my_bets is None and public.question is None
        dumped = public.model_dump_json()
        assert "removed" not in dumped and 'drivers"' not in dumped and "folded" not in dumped
        for seat in range(5):
            v = GAME.view(s, seat)
            assert v.hand == s.hands[seat]
            assert v.my_bets == tuple(s.bets[k][seat] for k in range(3))
            assert (v.question is not None) == (seat in GAME.to_act(s))
            rest = v.model_copy(update={"seat": None, "hand": None, "my_bets": None, "question": None})
            assert rest == public


def test_public_choices_hide_hands_and_bets() -> None:
    """§6: playing a card (its choices are the hand) and the TIP bets are never offered in public;
    every other decision is, with exactly its legal choices."""
    seen = set()
    for s in _playout_states(3, 8):
        for seat in GAME.to_act(s):
            offered = GAME.public_choices(s, seat)
            seen.add(s.ask)
            if s.ask in ("play", "bet"):
                assert offered is None
            else:
                assert offered == GAME.legal_actions(s, seat)
    assert {"bid", "grid", "play", "end", "bet"} <= seen


def test_ai_beats_random_players() -> None:
    """ai_action: one AI against two random players wins far more than its fair third (40 seeded games)."""
    wins = 0
    for game in range(40):
        ai_seat = game % 3
        s = GAME.start(3, {}, game)
        chooser = random.Random(game)
        ply = 0
        while GAME.to_act(s):
            seat = min(GAME.to_act(s))
            legal = list(GAME.legal_actions(s, seat))
            if seat == ai_seat:
                action = GAME.ai_action(s, seat, random.Random(ply))
                assert action in legal
            else:
                action = chooser.choice(legal)
            ply += 1
            s, _ = GAME.apply(s, seat, action, rng_for(game, ply))
        outcome = GAME.outcome(s)
        assert outcome is not None
        wins += ai_seat in outcome.winners()
    assert wins >= 24, wins  # observed ≈ 95%+; fair share is 1/3


def test_ai_plays_every_option_to_the_end() -> None:
    """AI seats alone finish Grand Prix games with every option on, for 2 and 6 players."""
    options = {"races": "3", "allow_no_bet": "on", "restrict_pair_after_tip2": "on"}
    for players in (2, 6):
        s = GAME.start(players, options, 7)
        ply = 0
        while GAME.to_act(s):
            seat = min(GAME.to_act(s))
            ply += 1
            s, _ = GAME.apply(s, seat, GAME.ai_action(s, seat, random.Random(ply)), rng_for(7, ply))
        assert len(s.results) == 3


# -- the catalogue's Top Race texts -------------------------------------------------------------


def _cat(locale: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((ROOT / "bot" / "i18n" / locale / "toprace.json").read_text(encoding="utf-8"))
    return data


def test_rules_topics_fit_a_message_and_every_car_is_named() -> None:
    """/game rules pages fit one Discord message; every car and joker of both editions has a name."""
    for cat in (_cat("en"), _cat("fr")):
        for name in ("overview", "auction", "cards", "pair", "betting", "end"):
            assert len(cat[f"toprace.rules.{name}"]) <= 1800
        for ed in ("classic", "alt"):
            for letter in "ABCDEFJ":
                assert f"toprace.car.{ed}.{letter}" in cat


def test_french_typography() -> None:
    """fr: typographic apostrophe, no plain space before : ; ! ? (non-breaking spaces instead)."""
    for k, v in _cat("fr").items():
        assert "'" not in v, k
        assert not re.search(r" [:;!?]", v), (k, v)
