"""Mogul views, boards and catalogues: §6 information rules, §7 standings, long names, French."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from bot.i18n import Text, placeholders
from rules.engine import playout, random_player
from rules.mogul import GAME
from rules.mogul.actions import DECLINE, DROP, SELLS
from rules.mogul.state import MogulState
from rules.mogul.view import FinalRow, MogulSeatView, MogulView, PlayerView
from tests.rules.mogul.helpers import build

ROOT = Path(__file__).resolve().parents[3]
EN = json.loads((ROOT / "bot/i18n/en/mogul.json").read_text(encoding="utf-8"))
FR = json.loads((ROOT / "bot/i18n/fr/mogul.json").read_text(encoding="utf-8"))
LONG_NAMES = [f"{'Wolfeschlegelsteinhausen'[:20]}{i} the Magnificent"[:32] for i in range(6)]


def _game(players: int, seed: int, **options: str) -> list[MogulState]:
    """Every state of a random game, from the first decision to the end."""
    state = GAME.start(players, options, seed)
    return [state, *(ply.after for ply in playout(GAME, state, seed, random_player(GAME, seed)))]


def _chip_fields(model: type[MogulView] | type[PlayerView]) -> set[str]:
    return {name for name in model.model_fields if "chip" in name}


def test_public_view_has_no_chip_or_deck_field() -> None:
    """§6: the public view has no field for any player's chips, nor for the deck order."""
    assert _chip_fields(MogulView) == set()
    assert _chip_fields(PlayerView) == set()
    assert "deck" not in MogulView.model_fields
    assert "deck_size" in MogulView.model_fields
    # A seat view adds only that seat's chips (and what it is asked).
    assert set(MogulSeatView.model_fields) - set(MogulView.model_fields) == {"seat", "chips"}


def test_chips_become_public_only_at_the_end() -> None:
    """§6 'At game end': final standings with every player's chips appear only once the game is over."""
    states = _game(4, 11)
    for state in states[:-1]:
        assert GAME.view(state, None).final_standings is None
    end = states[-1]
    rows = GAME.view(end, None).final_standings
    assert rows is not None
    assert [r.chips for r in sorted(rows, key=lambda r: r.seat)] == list(end.chips)
    assert all(isinstance(r, FinalRow) for r in rows)


def test_seat_view_adds_own_chips_only() -> None:
    """§6 private: a seat sees its own chip count; the rest equals the public view."""
    state = _game(3, 5)[10]
    public = GAME.view(state, None)
    for seat in range(3):
        mine = GAME.view(state, seat)
        assert isinstance(mine, MogulSeatView)
        assert mine.chips == state.chips[seat]
        assert MogulView(**{k: getattr(mine, k) for k in MogulView.model_fields}) == public


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_board_never_shows_chips_before_the_end(locale: str) -> None:
    """§6: the channel never prints a chip total: the board is the same whatever the chips are."""
    tr = Text(locale, ["Ana", "Ben", "Cy", "Dee"])
    chips_word = {"en": "Chips", "fr": "Jetons"}[locale]
    for seed in range(3):
        for state in _game(4, seed):
            board = GAME.presentation.render_board(GAME.view(state, None), tr)
            if state.phase == "over":
                assert chips_word in board
                continue
            assert chips_word not in board and "🪙" not in board
            # The board drawn from a seat's view is the public board, not a leak of that seat's chips.
            assert GAME.presentation.render_board(GAME.view(state, state.turn), tr) == board
            other = GAME.swap_secrets(state, 0, 1, random.Random(seed))
            assert GAME.presentation.render_board(GAME.view(other, None), tr) == board


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_board_fits_discord_for_six_players(locale: str) -> None:
    """Board ≤ 1,900 characters for 6 players with long names, over whole random games; the
    standings table stays 40 columns wide (a phone's width), cutting the names."""
    tr = Text(locale, LONG_NAMES)
    longest = 0
    for seed in range(4):
        for state in _game(6, seed):
            board = GAME.presentation.render_board(GAME.view(state, None), tr)
            longest = max(longest, len(board))
            assert len(board) <= 1900
            assert not board.endswith("…")  # fits without truncation
            if "```" in board:
                table = board.split("```")[1].strip("\n").splitlines()
                assert max(len(line) for line in table) <= 40
                assert all("…" in line for line in table[1:])  # every long name is cut, visibly
            for seat in range(6):
                assert len(GAME.presentation.render_private(GAME.view(state, seat), tr)) <= 1900
    assert longest > 500


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_board_contents(locale: str) -> None:
    """§6 public: revealed card, n, pot, bank, deck size with the Crash note, first player, whose turn;
    and a legend of the markers and colour squares it uses."""
    tr = Text(locale, ["Ana", "Ben", "Cy"])
    state = GAME.start(3, {}, 3)
    board = GAME.presentation.render_board(GAME.view(state, None), tr)
    assert state.revealed is not None and state.revealed in board
    assert state.sale_value == 3 and "**3 points**" in board
    cards = {"en": "cards", "fr": "cartes"}[locale]
    assert f"**{state.bank}**" in board and f"**{len(state.deck)} {cards}**" in board
    assert "5" in board and "Crash" in board
    assert tr.name(state.first) in board
    assert "➡️ **" + tr.name(state.turn) + "**" in board
    assert "```" not in board  # no code block while playing: emoji stay outside code blocks
    legend = board.splitlines()[-1]
    assert legend.startswith("-# ")
    assert all(symbol in legend for symbol in ("▶️", "⭐", "🟫", "🟩", "🟨", "🟦", "🩷"))


def test_final_standings_table() -> None:
    """§7: rank, player, track score, chips, floor(chips / 5), final score, shares; best first."""
    tr = Text("en", ["Ana", "Ben", "Cy", "Dee"])
    end = _game(4, 3)[-1]
    board = GAME.presentation.render_board(GAME.view(end, None), tr)
    table = board.split("```")[1].strip().splitlines()
    assert table[0].split() == ["#", "Player", "Track", "Chips", "÷5", "Final", "Shares"]
    outcome = GAME.outcome(end)
    assert outcome is not None
    for line, standing in zip(table[1:], outcome.standings, strict=True):
        cells = line.split()
        seat = standing.seat
        assert cells == [
            str(standing.rank),
            tr.name(seat),
            str(end.scores[seat]),
            str(end.chips[seat]),
            str(end.chips[seat] // 5),
            str(standing.score),
            str(len(end.shares[seat])),
        ]
    # No emoji inside the code block.
    assert not re.search(r"[\U0001F000-\U0001FFFF]", board.split("```")[1])


def test_private_render_shows_own_chips_and_question() -> None:
    """§6 private: the seat's panel shows its chips and what it is asked now."""
    tr = Text("en", ["Ana", "Ben", "Cy"])
    state = GAME.start(3, {}, 2)
    text = GAME.presentation.render_private(GAME.view(state, state.turn), tr)
    assert f"**{state.chips[state.turn]}**" in text
    assert tr.msg(GAME.presentation.prompt(state, state.turn)) in text
    assert GAME.presentation.render_private(GAME.view(state, None), tr)


def test_catalogue_required_keys_and_rules_lengths() -> None:
    """The required keys exist; each quick-reference rules text is at most 1,800 characters."""
    required = {
        "mogul.name",
        "mogul.tagline",
        *(f"mogul.rules.{t}" for t in ("overview", "auction", "actions", "loans", "end")),
        *(f"mogul.colour.{c}" for c in ("brown", "green", "yellow", "blue", "pink")),
        "mogul.error.quick_start_six",
    }
    assert required <= EN.keys()
    assert all(key.startswith(("mogul.", "cmd.mogul.")) for key in EN)  # one game's file holds only its keys
    assert EN["mogul.name"] == FR["mogul.name"] == "Mogul"
    for topic in ("overview", "auction", "actions", "loans", "end"):
        assert len(EN[f"mogul.rules.{topic}"]) <= 1800
        assert len(FR[f"mogul.rules.{topic}"]) <= 1800


def test_french_typography() -> None:
    """French uses ’ and a no-break space before : ; ! ?."""
    for key, text in FR.items():
        assert "'" not in text, key
        assert not re.search(r"[^\s\u00a0\u202f][:;!?](\s|$)", text.replace("http:", "")), key
        assert not re.search(r" [:;!?]", text), key


def test_catalogues_fill_the_same_placeholders_inside_plural_forms() -> None:
    """A colour inside a plural form ("# {colour} share") is a placeholder too: both languages use
    the same ones (the shared catalogue test looks only at the outer level)."""
    for key in EN:
        assert placeholders(EN[key]) == placeholders(FR[key]), key


@pytest.mark.parametrize(
    ("locale", "count", "text"),
    [
        ("en", 1, "Ann sells 1 blue share at 3 each: +3 points."),
        ("en", 2, "Ann sells 2 blue shares at 3 each: +6 points."),
        ("fr", 1, "Ann vend 1 action bleue à 3 points\u00a0: +3 points."),
        ("fr", 2, "Ann vend 2 actions bleues à 3 points\u00a0: +6 points."),
    ],
)
def test_counts_agree_with_their_nouns(locale: str, count: int, text: str) -> None:
    """MG-ACT-2 sale events: "1 share", "2 shares"; in French the colour agrees with "action(s)"."""
    state = build(
        3,
        phase="winner",
        turn=0,
        winner=0,
        last_drop=1,
        revealed="M27",
        sale_value=3,
        shares=(("M19", "M20")[:count], (), ()),
        active=(True, False, False),
    )
    _, events = GAME.apply(state, 0, SELLS[count], random.Random(0))
    assert Text(locale, ["Ann", "Ben", "Cyd"]).msg(events[0]) == text


@pytest.mark.parametrize(
    ("locale", "chips", "text"),
    [("en", 1, "1 chip"), ("en", 0, "0 chips"), ("fr", 0, "0 jeton"), ("fr", 1, "1 jeton"), ("fr", 2, "2 jetons")],
)
def test_chips_plural_by_language(locale: str, chips: int, text: str) -> None:
    """CLDR plurals: English says "0 chips", French "0 jeton" (0 and 1 are singular in French)."""
    label = GAME.presentation.action_label(build(3, pot=chips), 0, DROP)
    assert Text(locale, []).msg(label).endswith(f"{text})")


def test_french_colours_agree_with_action() -> None:
    """French: "d’action bleue", "actions vertes", but "centre bleu" (le centre)."""
    _, events = GAME.apply(_blue_reveal(), 1, DECLINE, random.Random(0))
    tr = Text("fr", ["Ann", "Ben", "Cyd"])
    said = [tr.msg(e) for e in events]
    reveal = "Manche 2\u00a0: on retourne M19 (centre bleu, bord vert)\u202f; personne n’a d’action verte à vendre."
    assert reveal in said
    assert "Personne ne possède d’action bleue\u00a0: pas de dividendes." in said


def _blue_reveal() -> MogulState:
    """B is about to decline the card on offer; the next card is M19 (blue centre, green border)."""
    deck = ("M19", *[c for c in build(3).deck if c != "M19"])
    return build(
        3,
        phase="runner_take",
        turn=1,
        winner=0,
        last_drop=1,
        revealed="M31",
        shares=(("M01",), ("M03",), ()),
        deck=deck,
        active=(False, False, False),
    )
