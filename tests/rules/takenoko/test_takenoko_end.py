"""The end of the game: the Emperor, last turns, scores, standings and the round limit
(TK-END-01..06) and worked examples 8 and 9 of §10."""

from __future__ import annotations

import random

from bot.i18n import Text
from rules.engine import rng_for
from rules.takenoko import GAME
from rules.takenoko.scoring import outcome_of, score
from rules.takenoko.state import TakenokoState
from tests.rules.takenoko.helpers import board, keys, play, plot, position

SEVEN = ("PL-G-LINE", "PL-G-CURVE", "PL-G-TRI", "PL-Y-LINE", "PL-Y-CURVE", "PL-Y-TRI", "PL-P-LINE")
SEVEN_MORE = ("GA-G-F", "GA-G-W", "GA-G-E", "GA-Y-F", "GA-Y-W", "GA-Y-E", "GA-P-F")
GARDEN = [plot("G", 1, 0, 1), plot("Y", 1, -1, 1), plot("P", 0, -1, 1)]


def finish_turn(state: TakenokoState, seed: int = 7) -> tuple[TakenokoState, list[str]]:
    """Let the AI play the rest of the current player's turn; return the state and event keys."""
    seat, said = state.turn, []
    ply = 0
    while state.step != "over" and state.turn == seat:
        ply += 1
        action = GAME.ai_action(state, seat, random.Random(seed + ply))
        state, events = GAME.apply(state, seat, action, rng_for(seed, ply))
        said += keys(events)
    return state, said


def test_example_8_emperor_then_one_last_turn_each() -> None:
    """§10 example 8 (TK-END-01, TK-END-02, TK-END-03): Ann, Bea, Cal, N = 8. Bea validates her 8th: she takes the
    Emperor and may validate more; Cal then Ann play a last turn; Bea does not play again. Cal
    reaching 8 gets no Emperor."""
    ann, bea, cal = 0, 1, 2
    state = position(
        3,
        garden=GARDEN,
        boards={bea: board(eaten=(4, 0, 0)), cal: board(eaten=(2, 0, 0))},
        hands={ann: ("GA-P-W",), bea: ("PA-GG-1", "PA-GG-2"), cal: ("PA-GG-3",)},
        turn=bea,
        used=("irrigation", "objective"),
    )
    state = state.model_copy(update={"done": ((), SEVEN, SEVEN_MORE), "first": ann})
    asked, _ = play(state, "act:validate")
    emperor, events = play(asked, "val:PA-GG-1")
    assert emperor.emperor == bea and "emperor" in keys(events) and emperor.turn == bea
    # Still her turn: she validates again; with nothing left to do, her turn then ends by itself.
    last, said = play(emperor, "act:validate")
    assert len(last.done[bea]) == 9 and last.emperor == bea
    assert last.turn == cal and keys(said)[-2:] == ["turn_end", "final_turn"]
    cal_done, _ = play(last, "act:validate")
    assert len(cal_done.done[cal]) == 8 and cal_done.emperor == bea
    after_cal, _ = finish_turn(cal_done)
    assert after_cal.turn == ann and after_cal.step != "over"
    over, said = finish_turn(after_cal)
    assert over.step == "over" and "game_over" in said
    result = GAME.outcome(over)
    assert result is not None
    bea_row = next(s for s in result.standings if s.seat == bea)
    assert bea_row.score == score(over.done[bea], True)


def test_example_9_panda_points_break_ties_then_the_win_is_shared() -> None:
    """§10 example 9 (TK-END-04): Ann 31 (panda 9) and Bea 31 with the Emperor (panda 12): Bea wins;
    with equal panda points they share first place."""
    ann = ("PA-GG-1", "PA-GYP-1", "GA-P-0", "GA-Y-0", "PL-P-DIA", "PL-P-LINE")
    bea = ("PA-GYP-2", "PA-GYP-3", "GA-G-4x3", "GA-Y-3x3", "PL-G-LINE")
    assert score(ann, False) == 31 and score(bea, True) == 31
    result = outcome_of((ann, bea), emperor=1)
    assert [(s.seat, s.rank, s.score, s.keys) for s in result.standings] == [(1, 1, 31, (12,)), (0, 2, 31, (9,))]
    assert result.tiebreaks == ("takenoko.tiebreak.panda",)
    level = ("PA-GG-2", "PA-GYP-2", "GA-G-4x3", "GA-Y-3x3", "PL-P-DIA")
    shared = outcome_of((ann, level), emperor=1)
    assert shared.winners() == frozenset({0, 1}) and {s.rank for s in shared.standings} == {1}


def test_tk_end_05_final_standings_on_the_board_and_in_the_results() -> None:
    """TK-END-05: one row per player on the board with rank, total, plot, gardener and panda
    points, the Emperor and the number of objectives; the results, like an end-of-game table,
    name each player's objectives in the reader's language (never their codes)."""
    state = position(3, garden=GARDEN, step="over", emperor=2)
    state = state.model_copy(update={"done": (("PA-GG-1",), ("PL-G-LINE", "GA-G-F"), SEVEN)})
    view = GAME.view(state, None)
    text = GAME.presentation.render_board(view, Text("en", ["Ann", "Bea", "Cal"]))
    lines = [line for line in text.splitlines() if line[:2] in ("1.", "2.", "3.")]
    assert lines[0].startswith("1. **Cal** 21 pts (plot 19, gardener 0, panda 0, Emperor 2) · 7 objectives")
    assert lines[1] == "2. **Bea** 5 pts (plot 2, gardener 3, panda 0, Emperor 0) · 2 objectives"
    assert lines[2].startswith("3. **Ann** 3 pts (plot 0, gardener 0, panda 3, Emperor 0)")
    assert GAME.presentation.render_results is not None
    results = GAME.presentation.render_results(view, Text("en", ["Ann", "Bea", "Cal"]))
    assert "**Bea** — 5 points: 🧩 plots 2 · 👨‍🌾 gardener 3 · 🐼 panda 0 · 👑 Emperor 0" in results
    assert "2 objectives: Plot: 3 green in a line; Gardener: green bamboo of 4 with fertilizer" in results
    french = GAME.presentation.render_results(view, Text("fr", ["Ann", "Bea", "Cal"]))
    assert "Panda\xa0: 2 sections vertes" in french and "PA-GG" not in french + results


def test_tk_end_06_round_100_ends_the_game_without_an_emperor() -> None:
    """TK-END-06: when round 100 ends with nobody at N objectives, the game ends, scored by TK-END-04
    without an Emperor."""
    first = position().turn
    state = position(garden=GARDEN, round=100, used=("irrigation", "objective"))
    state = state.model_copy(update={"turn": 1 - first, "first": first})
    over, events = play(state, "end")
    assert over.step == "over" and over.emperor == -1 and "round_limit" in keys(events)
    assert GAME.outcome(over) is not None and GAME.to_act(over) == frozenset()
    earlier = state.model_copy(update={"round": 99})
    going, _ = play(earlier, "end")
    assert going.step != "over" and going.round == 100


def test_tk_end_06_last_turns_after_the_emperor_are_completed_past_round_100() -> None:
    """TK-END-06: the Emperor was taken in round 100 (TK-END-01); when round 100 ends, the other
    players' last turns (TK-END-02) are completed first, running into round 101, then the game
    ends, scored with the Emperor."""
    ann, bea, cal = 0, 1, 2
    state = position(3, garden=GARDEN, round=100, emperor=ann, used=("irrigation", "objective"))
    state = state.model_copy(update={"turn": bea, "first": cal, "done": (SEVEN, (), ())})
    going, events = play(state, "end")
    assert going.step != "over" and going.round == 101 and going.turn == cal
    assert "round_limit" not in keys(events) and "final_turn" in keys(events)
    over, said = finish_turn(going)
    assert over.step == "over" and over.emperor == ann and "round_limit" not in said
    result = GAME.outcome(over)
    assert result is not None and next(s for s in result.standings if s.seat == ann).score == score(SEVEN, True)
