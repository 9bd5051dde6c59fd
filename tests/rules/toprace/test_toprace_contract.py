"""Top Race against the engine contract: options, codes, views and secrets, JSON, text, AI, and
hypothesis playouts holding the game's invariants for 2–6 players and every option."""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toprace_helpers import base, play

from bot.i18n import Text, catalogue, placeholders
from rules.engine import IllegalAction, rng_for
from rules.toprace import RULES, TopRaceRules
from rules.toprace.data import NCARS, OFF, START_MONEY
from rules.toprace.state import TopRaceState

ROOT = Path(__file__).resolve().parents[3]
LONG_NAMES = [f"{c}" * 28 + f"_{i}" for i, c in enumerate("ABCDEF")]


def test_identity_and_options() -> None:
    """The rules object: name, player range, §5 options exactly, defaults filled by check_options."""
    assert isinstance(RULES, TopRaceRules) and RULES.name == "toprace"
    assert (RULES.min_players, RULES.max_players, RULES.state_version) == (2, 6, 1)
    assert [(o.name, o.choices, o.default) for o in RULES.options] == [
        ("edition", ("classic", "alt"), "classic"),
        ("races", ("1", "3"), "1"),
        ("betting", ("on", "off"), "on"),
        ("allow_no_bet", ("off", "on"), "off"),
        ("restrict_pair_after_tip2", ("off", "on"), "off"),
        ("auction", ("turn_order",), "turn_order"),
    ]
    assert RULES.check_options(3, {"races": "3"})["races"] == "3"
    for bad in ({"races": "2"}, {"colour": "red"}):
        with pytest.raises(IllegalAction):
            RULES.check_options(3, bad)
    assert RULES.upgrade({"x": 1}, 1) == {"x": 1}


def test_action_codes_round_trip_and_garbage() -> None:
    """Codes are short and stable; parse_action inverts action_code and refuses garbage."""
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
        assert RULES.action_code(RULES.parse_action(code)) == code
    for junk in ("", "bid", "bid:-5", "play:49", "grid:5.5", "end:99.1", "joker:J", "bet:G", "fly:1", "end:16.2"):
        with pytest.raises(IllegalAction):
            RULES.parse_action(junk)


def test_apply_refuses_and_never_mutates() -> None:
    """apply raises IllegalAction for a seat not to act or an illegal action, leaving the state equal."""
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
    """Money, cards, cells, to_act/outcome and decision size invariants."""
    assert list(s.money) == _money_expected(s)
    cards = [*s.removed, *s.folded, *s.played, *(c for h in s.hands for c in h)]
    assert sorted(cards) == list(range(1, 49))
    on = [c for c in s.cell if c != OFF]
    assert len(on) == len(set(on))
    for c in range(NCARS):
        assert not (s.ref[c] != OFF and (s.cell[c] != OFF or c in s.finish))
    to_act = RULES.to_act(s)
    assert (not to_act) == (RULES.outcome(s) is not None)
    if s.phase == "auction":
        carless = sum(1 for seat in range(s.players) if seat not in s.owner)
        assert carless <= len(s.drivers)
    if to_act:
        sizes = [len(RULES.legal_actions(s, seat)) for seat in to_act]
        assert max(sizes) >= 2 and max(sizes) <= 25 and min(sizes) >= 1


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
    """Hypothesis playouts (TR-AUC-2 invariant included): the game ends with every invariant holding."""
    rng = random.Random(seed)
    s = RULES.setup(players, RULES.check_options(players, options), rng_for(seed, 0))
    ply = 0
    while RULES.to_act(s):
        check_invariants(s)
        seat = rng.choice(sorted(RULES.to_act(s)))
        s, events = RULES.apply(s, seat, rng.choice(list(RULES.legal_actions(s, seat))), rng_for(seed, ply + 1))
        for e in events:
            assert e.to is None or all(0 <= x < players for x in e.to)
        ply += 1
        assert ply < 5_000
    check_invariants(s)
    assert len(s.results) == int(options["races"])
    assert TopRaceState.model_validate_json(s.model_dump_json()) == s


def _playout_states(players: int, seed: int, options: dict[str, str] | None = None) -> list[TopRaceState]:
    rng = random.Random(seed)
    s = RULES.setup(players, RULES.check_options(players, options or {}), rng_for(seed, 0))
    states = [s]
    while RULES.to_act(s):
        seat = rng.choice(sorted(RULES.to_act(s)))
        s, _ = RULES.apply(s, seat, rng.choice(list(RULES.legal_actions(s, seat))), rng_for(seed, len(states)))
        states.append(s)
    return states


@pytest.mark.parametrize("options", [{"races": "3"}, {"races": "3", "edition": "alt", "allow_no_bet": "on"}])
def test_render_fits_for_six_players(options: dict[str, str]) -> None:
    """Boards stay ≤ 1,900 characters (en, fr, six long names); labels ≤ 80; prompts and private views render."""
    worst = 0
    for seed in (1, 2):
        for i, s in enumerate(_playout_states(6, seed, options)):
            for locale in ("en", "fr"):
                tr = Text(locale, LONG_NAMES)
                board = RULES.render_board(RULES.view(s, None), tr)
                worst = max(worst, len(board))
                assert len(board) <= 1900, (locale, len(board), board)
                if i % 3:
                    continue
                for seat in RULES.to_act(s):
                    assert tr.msg(RULES.prompt(s, seat))
                    assert "❓" in RULES.render_private(RULES.view(s, seat), tr)
                    for a in RULES.legal_actions(s, seat):
                        assert 0 < len(tr.msg(RULES.action_label(s, seat, a))) <= 80
    assert worst > 1000


def test_views_hide_secrets_and_round_trip() -> None:
    """§6: the public view holds no hand, no bets before race end, no removed cards, no driver order."""
    for s in _playout_states(5, 3, {"allow_no_bet": "on"})[::7]:
        public = RULES.view(s, None)
        assert public.hand is None and public.my_bets is None and public.question is None
        dumped = public.model_dump_json()
        assert "removed" not in dumped and 'drivers"' not in dumped and "folded" not in dumped
        assert type(public).model_validate_json(dumped) == public
        for seat in range(5):
            v = RULES.view(s, seat)
            assert v.hand == s.hands[seat]
            assert v.my_bets == tuple(s.bets[k][seat] for k in range(3))
            assert (v.question is not None) == (seat in RULES.to_act(s))
            rest = v.model_copy(update={"seat": None, "hand": None, "my_bets": None, "question": None})
            assert rest == public


def test_swap_secrets_changes_only_two_seats() -> None:
    """swap_secrets: the public view and other seats' views are unchanged; a and b may differ."""
    changed = 0
    rng = random.Random(4)
    for s in _playout_states(4, 5)[::9]:
        if not RULES.to_act(s):
            continue
        other = RULES.swap_secrets(s, 0, 2, rng)
        changed += other != s
        for seat in (None, 1, 3):
            assert RULES.view(other, seat) == RULES.view(s, seat)
        assert RULES.to_act(other) == RULES.to_act(s)
    assert changed


def test_ai_beats_random_players() -> None:
    """ai_action: one AI against two random players wins far more than its fair third (40 seeded games)."""
    wins = 0
    for game in range(40):
        ai_seat = game % 3
        s = RULES.setup(3, RULES.check_options(3, {}), rng_for(game, 0))
        chooser = random.Random(game)
        ply = 0
        while RULES.to_act(s):
            seat = min(RULES.to_act(s))
            legal = list(RULES.legal_actions(s, seat))
            if seat == ai_seat:
                action = RULES.ai_action(s, seat, random.Random(ply))
                assert action in legal
            else:
                action = chooser.choice(legal)
            ply += 1
            s, _ = RULES.apply(s, seat, action, rng_for(game, ply))
        outcome = RULES.outcome(s)
        assert outcome is not None
        wins += ai_seat in outcome.winners()
    assert wins >= 24, wins  # observed ≈ 95%+; fair share is 1/3


def test_ai_plays_every_option_to_the_end() -> None:
    """AI seats alone finish games with every option on, for 2 and 6 players."""
    for players in (2, 6):
        s = RULES.setup(
            players,
            RULES.check_options(players, {"races": "3", "allow_no_bet": "on", "restrict_pair_after_tip2": "on"}),
            rng_for(7, 0),
        )
        ply = 0
        while RULES.to_act(s):
            seat = min(RULES.to_act(s))
            ply += 1
            s, _ = RULES.apply(s, seat, RULES.ai_action(s, seat, random.Random(ply)), rng_for(7, ply))
        assert len(s.results) == 3


# -- catalogues ---------------------------------------------------------------------------------

I18N = ROOT / "bot" / "i18n"


def _cat(locale: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((I18N / locale / "toprace.json").read_text(encoding="utf-8"))
    return data


def test_catalogues_same_keys_placeholders_and_prefix() -> None:
    """en and fr toprace.json: same keys, same placeholders, all prefixed 'toprace.'."""
    en, fr = _cat("en"), _cat("fr")
    assert en.keys() == fr.keys()
    assert all(k.startswith("toprace.") for k in en)
    for k in en:
        assert placeholders(en[k]) == placeholders(fr[k]), k
    for name in ("overview", "auction", "cards", "pair", "betting", "end"):
        for cat in (en, fr):
            assert len(cat[f"toprace.rules.{name}"]) <= 1800
    for spec in RULES.options:
        assert f"toprace.option.{spec.name}" in en
        for value in spec.choices:
            assert f"toprace.option.{spec.name}.{value}" in en
    for ed in ("classic", "alt"):
        for letter in "ABCDEFJ":
            assert f"toprace.car.{ed}.{letter}" in en


def test_french_typography() -> None:
    """fr: typographic apostrophe, no plain space before : ; ! ? (non-breaking spaces instead)."""
    for k, v in _cat("fr").items():
        assert "'" not in v, k
        assert not re.search(r" [:;!?]", v), (k, v)


def test_every_catalogue_key_used_in_code_exists() -> None:
    """Every 'toprace.…' string literal (and event key) in rules/toprace exists in both catalogues."""
    en, fr = catalogue("en"), catalogue("fr")
    used: set[str] = set()
    for path in (ROOT / "rules" / "toprace").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and re.fullmatch(r"toprace\.[a-z_]+(\.[a-z_0-9]+)+", node.value)
            ):
                used.add(node.value)
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "ev"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                used.add("toprace.event." + str(node.args[0].value))
    assert len(used) > 60
    for key in used:
        assert key in en and key in fr, key


def test_every_rule_id_has_a_test() -> None:
    """Every TR- rule of the spec is named in a test docstring of this folder ('TR-PAIR-3/4/6' names three)."""
    ids = [
        (group, i)
        for group, n in (
            ("SETUP", 3),
            ("AUC", 8),
            ("MOVE", 8),
            ("JOKER", 2),
            ("PAIR", 6),
            ("TIP", 5),
            ("END", 4),
            ("GP", 3),
        )
        for i in range(1, n + 1)
    ]
    text = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_toprace_*.py"))
    named = {
        (m.group(1), int(x)) for m in re.finditer(r"TR-([A-Z]+)-(\d+(?:/\d+)*)", text) for x in m.group(2).split("/")
    }
    assert [f"TR-{g}-{i}" for g, i in ids if (g, i) not in named] == []


def test_purity_no_forbidden_imports() -> None:
    """rules/toprace imports no discord, aiosqlite, asyncio, time, datetime and calls no random.* function."""
    for path in (ROOT / "rules" / "toprace").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                for name in names:
                    assert name.split(".")[0] not in {"discord", "aiosqlite", "asyncio", "time", "datetime"}
                if isinstance(node, ast.ImportFrom):
                    assert node.module != "random"
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random":
                assert node.attr == "Random", (path, node.attr)
