"""The weather die and its conditions (TK-SETUP-05, TK-WEATHER-01..07)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rules.takenoko.work import TakenokoWork
from tests.rules.takenoko.helpers import at, codes, keys, play, plot, position

FREE = {"act:place_canal", "act:place_chip", "act:validate"}
GARDEN = [plot("G", 1, 0, 1), plot("Y", 1, -1, 4), plot("P", 0, -1, 2), plot("G", 2, -1, 0, irrigated=False)]


class Die(random.Random):
    """A die that shows the face a test asks for."""

    def __init__(self, face: str) -> None:
        super().__init__(0)
        self.face = face

    def choice(self, seq: Sequence[Any]) -> Any:
        """The chosen face."""
        assert self.face in seq
        return self.face


def rolled(face: str, **changes: Any) -> TakenokoWork:
    """A turn of round 2 opened with ``face`` on the die."""
    w = TakenokoWork(position(garden=GARDEN, round=2, step="start", **changes), Die(face))
    w.settle()
    return w


def test_tk_setup_05_round_one_has_no_weather() -> None:
    """TK-SETUP-05: the first round opens straight on the actions; round 2 rolls the die."""
    first = position()
    assert first.step == "action" and first.weather == "" and first.round == 1
    w = rolled("SUN")
    assert w.weather == "SUN" and "roll" in keys(w.events)


def test_tk_weather_02_sun_gives_a_third_different_action() -> None:
    """TK-WEATHER-02: SUN allows 3 actions, all different; END_TURN is offered after two."""
    w = rolled("SUN")
    state = w.freeze()
    assert state.step == "action" and state.condition == "SUN"
    after, _ = play(state, "act:irrigation", "act:objective")
    after, _ = play(after, *(["cat:PL"] if after.step == "category" else []))
    assert "end" in codes(after) and "act:plot" in codes(after)
    assert "act:irrigation" not in codes(after) and "act:objective" not in codes(after)
    third, _ = play(after, "act:gardener", "tile:1,0")
    assert "act:plot" not in codes(third) and "end" in codes(third)


def test_tk_weather_04_wind_allows_the_same_action_twice() -> None:
    """TK-WEATHER-04: with WIND the second action may repeat the first (still two in all)."""
    state = rolled("WIND").freeze()
    once, _ = play(state, "act:irrigation")
    assert "act:irrigation" in codes(once)
    twice, _ = play(once, "act:irrigation")
    assert twice.boards[twice.turn].canals == 2 and "act:plot" not in codes(twice)
    plain, _ = play(position(garden=GARDEN), "act:irrigation")
    assert "act:irrigation" not in codes(plain)


def test_tk_weather_01_03_rain_grows_one_irrigated_plot_or_is_skipped() -> None:
    """TK-WEATHER-03: RAIN offers colours with an irrigated plot below 4 (here green and pink: the
    yellow is full, the dry green does not count); TK-WEATHER-01: SKIP is always offered."""
    state = rolled("RAIN").freeze()
    assert codes(state)[:3] == ["col:G", "col:P", "skip"]
    grown, _ = play(state, "col:P")  # one pink plot: played alone
    assert at(grown, (0, -1)).height == 3 and grown.step == "action"
    skipped, events = play(state, "skip")
    assert skipped.garden == state.garden and "skip_effect" in keys(events)


def test_rain_with_nothing_to_grow_is_skipped_for_the_player() -> None:
    """TK-WEATHER-01, TK-WEATHER-03: no target and no free action: the only choice, SKIP, is played
    alone when the hand is empty; with a card in hand the public offer shows VALIDATE beside it
    (secrets.py), so SKIP is asked even when no card holds."""
    w = rolled("RAIN", bamboo=(0, 0, 0), hands={0: (), 1: ()})
    assert w.step == "action" and "no_effect" in keys(w.events)
    asked = rolled("RAIN", bamboo=(0, 0, 0), hands={0: ("PA-GG-1",), 1: ("PA-GG-2",)})
    assert asked.step == "rain" and codes(asked.freeze()) == ["skip"]


def test_tk_weather_05_storm_sends_the_panda_anywhere_but_where_it_stands() -> None:
    """TK-WEATHER-05: any tile but the panda's, the pond allowed [D]; it then eats there."""
    state = rolled("STORM", panda=(0, -1)).freeze()
    assert codes(state)[:4] == ["col:G", "col:Y", "tile:0,0", "skip"]  # pink's only plot holds the panda
    stormed, _ = play(state, "col:Y")
    assert stormed.panda == (1, -1) and at(stormed, (1, -1)).height == 3
    assert stormed.boards[stormed.turn].eaten == (0, 1, 0)
    pond, _ = play(state, "tile:0,0")
    assert pond.panda == (0, 0) and pond.garden == state.garden


def test_tk_weather_06_clouds_take_a_chip_or_fall_back_when_none_is_left() -> None:
    """TK-WEATHER-06: CLOUDS takes a chip of a type in supply onto the board; with none left the
    player picks SUN, RAIN, WIND or STORM (TK-IMP-06: an empty type cannot be taken)."""
    state = rolled("CLOUDS", chip_supply=(0, 2, 1)).freeze()
    assert codes(state)[:3] == ["chip:e", "chip:f", "skip"]
    taken, _ = play(state, "chip:f")
    assert taken.chip_supply == (0, 2, 0) and taken.boards[taken.turn].chips == (0, 0, 1)
    empty = rolled("CLOUDS", chip_supply=(0, 0, 0))
    assert empty.step == "face" and "clouds_empty" in keys(empty.events)
    assert [c for c in codes(empty.freeze()) if c not in FREE] == ["face:SUN", "face:RAIN", "face:WIND", "face:STORM"]


def test_tk_weather_07_choice_picks_a_condition_resolved_as_rolled() -> None:
    """TK-WEATHER-07: CHOICE offers the five conditions (CLOUDS only while chips remain)."""
    state = rolled("CHOICE").freeze()
    assert [c for c in codes(state) if c not in FREE] == [
        f"face:{f}" for f in ("SUN", "RAIN", "WIND", "STORM", "CLOUDS")
    ]
    sunny, events = play(state, "face:SUN")
    assert sunny.condition == "SUN" and sunny.weather == "CHOICE" and "sun" in keys(events)
    rainy, _ = play(state, "face:RAIN")
    assert rainy.step == "rain"
    bare = rolled("CHOICE", chip_supply=(0, 0, 0)).freeze()
    assert "face:CLOUDS" not in codes(bare)
