"""Board, labels, prompts and private text (spec §9), in English and French, fitting a phone."""

from __future__ import annotations

import pytest

from bot.i18n import Text
from rules.engine import rng_for
from rules.racebow import GAME
from rules.racebow.render import MAX_FULL_TILES, WIDTH
from rules.racebow.state import RacebowState
from tests.rules.racebow.helpers import ANN, NAMES, custom, play, position, section9
from tests.support.pictures import positions
from tests.support.text import code_lines

LONG_NAMES = ["Annabelle-Marie", "Bob", "Cyd", "Dee"]


def _states(players: int, seed: int) -> list[RacebowState]:
    return positions(GAME, players, seed, {"rotate_first_player": "on"})


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_boards_fit_discord_and_a_phone_through_whole_games(locale: str) -> None:
    tr = Text(locale, LONG_NAMES)
    for players in (2, 4):
        for state in _states(players, 21 + players):
            board = GAME.presentation.render_board(GAME.view(state, None), tr)
            assert len(board) <= 1900
            assert max(len(line) for line in code_lines(board)) <= WIDTH
            assert board.count("```") == 2
            for seat in range(players):
                assert GAME.presentation.render_private(GAME.view(state, seat), tr)
                assert tr.msg(GAME.presentation.prompt(state, seat))
            for action in GAME.legal_actions(state, state.turn):
                assert len(tr.msg(GAME.presentation.action_label(state, state.turn, action))) <= 80


def test_a_very_long_track_shows_the_tiles_around_the_players_and_says_so() -> None:
    """With more tiles in play than blocks can show, the strip keeps each racer's tile and the
    two after it (plus the front tile); ``:`` marks the gaps and the legend explains them."""
    rows = [custom() for _ in range(60)]
    state = position(rows, [(10, "E1"), (30, "E2"), (31, "E3"), (64, "E4")], first=10)
    assert len(state.tiles) > MAX_FULL_TILES
    for locale in ("en", "fr"):
        board = GAME.presentation.render_board(GAME.view(state, None), Text(locale, LONG_NAMES))
        assert len(board) <= 1900 and max(len(line) for line in code_lines(board)) <= WIDTH
        lines = code_lines(board)
        heads = [
            w
            for i, line in enumerate(lines[:-1])
            if lines[i + 1].startswith("A ")
            for w in line.replace(":", " ").split()
        ]
        numbers = [int(h.rstrip("ROYGB")) for h in heads]
        assert numbers == [10, 11, 12, 30, 31, 32, 33, 64, 65, 66, 69]
        assert "`:`" in board


def test_the_longest_unabridged_strip_still_fits_in_french() -> None:
    """35 tiles in play (5 blocks of 7), every tile full, four long names, a wrapped moves line."""
    rows = [custom(A1=">", E2="G", W2="o", W3="x") for _ in range(MAX_FULL_TILES)]
    state = position([custom()] * MAX_FULL_TILES, [(10, "E2"), (12, "E2"), (11, "E3"), (39, "E4")], first=10)
    state = state.model_copy(update={"cells": tuple(rows)})
    for locale in ("en", "fr"):
        board = GAME.presentation.render_board(GAME.view(state, None), Text(locale, LONG_NAMES))
        assert len(board) <= 1900 and max(len(line) for line in code_lines(board)) <= WIDTH
        assert sum(1 for line in code_lines(board) if line.startswith("A ")) == 5


def test_section9_board_in_french_keeps_the_symbols_and_translates_the_words() -> None:
    """The symbols stay; the words, and the letters of colours and levels (J jaune, V vert, T terre,
    E eau: issue 28), are French."""
    board = GAME.presentation.render_board(GAME.view(section9(), None), Text("fr", NAMES))
    assert "pioche 47  défausse 5" in board
    assert "réserve R6 O5 J5 V3 B5 >4 +4 o3" in board
    assert "> 1 Ann    ROJVB JOR__ >1 +2 o3 8T1" in board
    assert "manche 8" in board


def test_a_player_standing_on_an_action_cell_shows_it_on_their_line() -> None:
    where = list(section9().where)
    where[ANN] = (11, 6)  # 11E3 is the BOT cell of T49
    board = GAME.presentation.render_board(GAME.view(section9(where=tuple(where)), None), Text("en", NAMES))
    assert "> 1 Ann    ROYGB YOR__ >1 +2 o3 11E3 v" in board


def test_labels_name_costs_pickups_and_the_resulting_stack() -> None:
    state = section9()
    en, fr = Text("en", NAMES), Text("fr", NAMES)
    labels = {
        GAME.action_code(a): en.msg(GAME.presentation.action_label(state, ANN, a))
        for a in GAME.legal_actions(state, ANN)
    }
    assert labels["to:A1"] == "Go to 9A1 (−1 propeller): take blue"
    assert labels["to:E2"] == "Go to 9E2"
    assert labels["to:W1"] == "Go to 9W1 (−1 oxygen)"
    french = fr.msg(GAME.presentation.action_label(state, ANN, GAME.parse_action("to:A1")))
    assert french == "Aller en 9A1 (−1 hélice)\u00a0: prendre le bleu"
    on_top, _ = play(section9(stacks=("YOR", "YO", "YGBR", "G"), where=((10, 6), *section9().where[1:])), ANN, "to:E3")
    assert on_top.ask == "stack"
    shown = [en.msg(GAME.presentation.action_label(on_top, ANN, a)) for a in GAME.legal_actions(on_top, ANN)]
    assert shown == ["Put orange at the bottom → OYR", "Put red at the bottom → RYO", "Leave my stack as it is"]
    shown = [fr.msg(GAME.presentation.action_label(on_top, ANN, a)) for a in GAME.legal_actions(on_top, ANN)]
    assert shown[0] == "Descendre l’orange tout en bas → OJR"  # J for jaune (issue 28)


def test_prompts_say_who_decides_what() -> None:
    state = section9()
    en = Text("en", NAMES)
    assert en.msg(GAME.presentation.prompt(state, ANN)) == "Round 8: move onto tile 9. Pick a cell."
    assert en.msg(GAME.presentation.prompt(state, 1)) == "Waiting for Ann."
    after, _ = play(state, ANN, "to:E2")
    assert en.msg(GAME.presentation.prompt(after, ANN)).startswith("Spend a turbo (you have 1)")


def test_private_text_is_a_short_summary_of_public_facts() -> None:
    en = Text("en", NAMES)
    text = GAME.presentation.render_private(GAME.view(section9(), 2), en)
    assert text.splitlines() == [
        "It is Ann’s turn.",
        "Board C, target Y G B R O (bottom → top).",
        "Your stack: Y G B R · 4 slots already right.",
        "Still to collect: O.",
    ]
    assert GAME.presentation.render_private(GAME.view(section9(), None), en) == ""
    assert GAME.view(section9(), 0).pile == 47  # the pile's size is public, its order is not in any view


def test_the_hand_says_whose_turn_it_is_and_french_writes_its_own_letters() -> None:
    """Issue 28: Racebow's hand did not say whose turn it was, and French boards kept the English
    letters of levels and colours (A/E/W, R O Y G B): French writes A/T/E and R O J V B."""
    state, _ = GAME.setup(2, GAME.check_options(2, {}), rng_for(3, 0))
    names = ["ana", "ben"]
    mover = next(iter(GAME.to_act(state)))
    waiting = 1 - mover
    en_wait = GAME.presentation.render_private(GAME.view(state, waiting), Text("en", names))
    # No ⏳ here: in a DM it marks the heads-up (you play next) and the clock's deadline.
    assert en_wait.splitlines()[0] == f"It is {names[mover]}’s turn."
    assert GAME.presentation.render_private(GAME.view(state, mover), Text("en", names)).startswith("➡️ Your turn.")
    fr = GAME.presentation.render_private(GAME.view(state, waiting), Text("fr", names))
    assert "C’est au tour d" in fr and "Y" not in fr.split("ordre cible", 1)[1].splitlines()[0]
    board = GAME.presentation.render_board(GAME.view(state, None), Text("fr", names))
    rows = [line[:2] for line in board.splitlines() if line[:2] in ("A ", "T ", "E ", "W ")]
    assert rows and {row[0] for row in rows} == {"A", "T", "E"}, rows
