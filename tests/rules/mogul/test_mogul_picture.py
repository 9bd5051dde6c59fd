"""Mogul's picture (rules/mogul/picture.py) and the marks of the last move, on the text board and
in the picture: drawn from the public view alone (never a chip count before the Crash), readable
on a phone, the players who moved and the shares they took or sold ringed in violet."""

from __future__ import annotations

import random

import pytest

from bot.i18n import Text
from rules import fonts
from rules.drawing import TEXT, wrap
from rules.engine import Event, rng_for
from rules.mogul import GAME
from rules.mogul.picture import render_picture, replay_turn
from rules.mogul.state import MogulState
from rules.mogul.view import Move
from tests.rules.mogul.helpers import build, cards
from tests.support.pictures import fits_a_phone, marked, picture, positions, text

NAMES = ["Ann", "Ben", "Cyd"]


def play(state: MogulState, seat: int, code: str) -> tuple[MogulState, list[Event]]:
    """Apply the action a code names for ``seat``."""
    return GAME.apply(state, seat, GAME.parse_action(code), rng_for(1, 1))


def test_the_bundle_draws_the_table_and_a_replay_shows_a_picture_per_round() -> None:
    assert GAME.presentation.render_picture is render_picture
    assert GAME.presentation.replay_turn is replay_turn
    state = build(3)
    paid, _ = play(state, 0, "pay")
    assert replay_turn(paid) == replay_turn(state)
    assert replay_turn(state.model_copy(update={"round": 2})) != replay_turn(state)


def test_chips_and_the_deck_order_never_change_the_picture() -> None:
    """§6: chips are private (MG-ORD-3: an order's limits too) and the deck order hidden from
    all; two states that differ only there draw the same bytes, until the Crash reveals chips."""
    rng = random.Random(2)
    tr = text("en", 4)
    states = positions(GAME, 4, 6)
    changed = 0
    for state in states[:-1:5]:
        a, b = rng.sample(range(4), 2)
        other = GAME.swap_secrets(state, a, b, rng)
        deck = list(other.deck)
        rng.shuffle(deck)
        other = other.model_copy(update={"deck": tuple(deck)})
        changed += other.chips != state.chips
        public = picture(GAME, state, tr)
        assert picture(GAME, other, tr) == public
        assert picture(GAME, state, tr, a) == public
    assert changed
    over = states[-1]
    richer = over.model_copy(update={"chips": (over.chips[0] + 5, *over.chips[1:])})
    assert picture(GAME, richer, tr) != picture(GAME, over, tr)  # MG-END-2: the final standings show them


@pytest.mark.parametrize(("players", "locale", "options"), [(3, "en", {}), (6, "fr", {"loan_cost": "2"})])
def test_every_picture_of_a_game_fits_a_phone(players: int, locale: str, options: dict[str, str]) -> None:
    tr = text(locale, players)
    states = positions(GAME, players, 9, options)
    for state in [*states[::25], states[-1]]:
        assert fits_a_phone(picture(GAME, state, tr))


def test_a_quick_start_pick_fits_a_phone() -> None:
    """DP-Q: the pick pile is drawn as cards to choose from."""
    state = GAME.start(4, {"quick_start": "pick"}, 3)
    assert state.phase == "pick" and fits_a_phone(picture(GAME, state, text("fr", 4)))


def test_the_last_move_is_recorded_with_what_the_turn_flow_played() -> None:
    """MG-AUC-2: Ann pays; MG-AUC-3: Ben, with no chip and his loan taken, drops for himself in
    the same ply and takes the pot; the record holds both, in order. Cyd's drop then closes the
    auction (MG-AUC-4) and is the next record, alone."""
    state = build(3, chips=(3, 0, 2), loaned=(False, True, False))
    paid, _ = play(state, 0, "pay")
    assert paid.last == ((0, "pay", 0, ""), (1, "drop", 1, ""))
    assert GAME.view(paid, None).last == (Move(seat=0, kind="pay"), Move(seat=1, kind="drop", count=1))
    assert paid.turn == 2
    closed, _ = play(paid, 2, "drop")
    assert GAME.view(closed, None).last == (Move(seat=2, kind="drop", count=0),)
    assert closed.phase == "winner" and closed.winner == 0


def test_taking_and_selling_mark_the_shares_they_moved() -> None:
    """MG-ACT-3 TAKE and MG-ACT-2 SELL k: the text board says what each player did (✨, in the
    legend), the picture rings their rows and the colours that changed."""
    tr = Text("en", NAMES)
    pink = cards("pink", 3)
    state = build(
        3,
        phase="winner",
        turn=0,
        winner=0,
        last_drop=1,
        revealed="M09",  # green centre, pink border
        shares=(pink[:2], pink[2:], ()),
        sale_value=3,
        active=(True, False, False),
    )
    sold, _ = play(state, 0, "sell:2")
    assert GAME.view(sold, None).last == (Move(seat=0, kind="sell", count=2, colour="pink"),)
    board = GAME.presentation.render_board(GAME.view(sold, None), tr)
    assert "✨ sold 2 shares" in board and "✨ the last move" in board
    assert marked(render_picture(GAME.view(sold, None), tr)) > 500
    taken, _ = play(sold, 1, "take")
    assert GAME.view(taken, None).last[0] == Move(seat=1, kind="take", card="M09")
    assert "✨ took M09" in GAME.presentation.render_board(GAME.view(taken, None), tr)
    quiet = taken.model_copy(update={"last": ()})
    assert "✨" not in GAME.presentation.render_board(GAME.view(quiet, None), tr)
    assert marked(render_picture(GAME.view(quiet, None), tr)) == 0


def test_a_stored_state_without_the_record_still_loads() -> None:
    data = build(3).model_dump(mode="json")
    data.pop("last", None)
    assert type(build(3)).model_validate(data).last == ()


@pytest.mark.parametrize("room", range(300, 760, 10))
def test_a_line_never_breaks_inside_a_parenthesis(room: int) -> None:
    """'(0 jeton)' stays on one line, wherever the rest of the sentence wraps."""
    said = "Ann : payer 1 jeton pour rester, ou se retirer et prendre le pot (0 jeton)"
    lines = wrap(said, TEXT, room)
    assert " ".join(lines) == said
    assert all(line.count("(") == line.count(")") for line in lines), lines


def test_the_french_picture_takes_the_pot_with_one_verb_and_keeps_parentheses_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """MG-AUC-2: dropping out takes the pot, said "prendre le pot" as the rules say, never "ramasser";
    each text the picture draws along a game (names of several lengths) closes what it opens."""
    drawn: list[str] = []
    draw = fonts.draw

    def spy(canvas: object, xy: tuple[float, float], said: str, **kwargs: object) -> None:
        drawn.append(said)
        draw(canvas, xy, said, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(fonts, "draw", spy)
    tr = Text("fr", ["Ann", "Maximilien-Alexandre", "Zoé", "Bartholomew"])
    states = positions(GAME, 4, 6)
    for state in states[:: max(1, len(states) // 40)]:
        picture(GAME, state, tr)
    assert any("retirer" in said for said in drawn)
    assert "prendre le pot (2 jetons)" in tr("mogul.picture.ask.auction", player="Zoé", pot=2)
    assert not [said for said in drawn if "ramass" in said]
    assert all(said.count("(") == said.count(")") for said in drawn)
