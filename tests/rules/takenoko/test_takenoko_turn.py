"""A turn's decisions (§4.2/§4.3, TK-ACT-01..05): actions, free actions, single choices played for
the player, long lists asked in two steps."""

from __future__ import annotations

import random
import re
from itertools import islice

import pytest

from bot.i18n import Text
from rules.engine import IllegalAction, ai_player, playout, random_player, rng_for
from rules.takenoko import GAME
from rules.takenoko.actions import ACT, END
from rules.takenoko.data import HAND_LIMIT
from rules.takenoko.hexes import DIRS
from rules.takenoko.work import TakenokoWork
from tests.rules.takenoko.helpers import RING, board, codes, garden_of, keys, play, plot, position

SMALL = [plot("G", 1, 0, 1), plot("Y", 1, -1, 1)]
STRIP = [(q, 0) for q in range(-7, 7) if q] + [(q, 1) for q in range(-6, 7)]
"""26 plots in two long rows: 27 plot spots around them."""


def test_tk_act_01_two_actions_one_after_the_other() -> None:
    """TK-ACT-01: an action's own steps come before the next action; after two, the turn may end."""
    start = position(garden=SMALL)
    assert codes(start) == ["act:plot", "act:irrigation", "act:gardener", "act:panda", "act:objective"]
    moving, _ = play(start, "act:gardener")
    assert moving.step == "gardener" and all(c.startswith("tile:") for c in codes(moving))
    moved, _ = play(moving, "tile:1,0")
    assert moved.step == "action" and moved.used == ("gardener",)
    assert "end" not in codes(moved)
    done, _ = play(moved, "act:irrigation")
    assert done.used == ("gardener", "irrigation") and done.turn == moved.turn
    assert codes(done) == ["act:place_canal", "end"]


def test_tk_act_02_actions_differ() -> None:
    """TK-ACT-02: without WIND the second action differs from the first."""
    state, _ = play(position(garden=SMALL), "act:irrigation")
    assert "act:irrigation" not in codes(state)
    with pytest.raises(IllegalAction):
        play(state, "act:irrigation")


def test_tk_act_03_actions_need_something_to_act_on() -> None:
    """TK-ACT-03: PLOT needs a plot in the deck, IRRIGATION a canal in the supply, OBJECTIVE fewer
    than 5 cards and a card to draw (TK-OBJ-01)."""
    bare = position(garden=SMALL, plots=(), canal_supply=0, decks=((), (), ()))
    assert codes(bare) == ["act:gardener", "act:panda"]
    full = position(garden=SMALL, hands={0: ("PA-GG-1", "PA-GG-2", "PA-GG-3", "PA-GG-4", "PA-GG-5")})
    full = full.model_copy(update={"turn": 0})
    assert len(full.hands[0]) == HAND_LIMIT and "act:objective" not in codes(full)


def test_tk_act_04_missing_actions_are_forfeited() -> None:
    """TK-ACT-04: a player with no legal action (no plot, canal or figure move, a full hand) has
    END_TURN as the only legal choice; it is still asked, since the public offer shows VALIDATE
    beside it (secrets.py), and ending the turn says the lost actions."""
    full = ("PA-GG-1", "PA-GG-2", "PA-GG-3", "PA-GG-4", "PA-GG-5")
    first = position().turn
    stuck = position(plots=(), canal_supply=0, step="start", hands={first: full, 1 - first: ()})
    w = TakenokoWork(stuck, random.Random(1))
    w.settle()
    assert w.turn == first and w.step == "action" and w.asked == [END]
    assert GAME.public_choices(w.freeze(), first) == [ACT["validate"], END]
    w.play(first, END)
    w.settle()
    assert w.turn == 1 - first
    assert keys(w.events)[:3] == ["turn", "forfeit", "turn_end"]
    # The other player, hand empty, has OBJECTIVE as the only choice, public or not: it is played
    # for them (then the deck is asked).
    assert w.used == ("objective",) and w.step == "category"


def test_tk_act_05_free_actions_cost_nothing_repeat_and_wait_for_ones_turn() -> None:
    """TK-ACT-05: placing canals is free and repeatable; only the active seat acts."""
    start = position(garden=[plot("G", q, r, 1) for q, r in RING], boards={0: board(canals=2), 1: board(canals=2)})
    seat = start.turn
    once, _ = play(start, "act:place_canal", "canal:1,0,2")
    twice, _ = play(once, "act:place_canal", "canal:0,-1,0")
    assert twice.used == () and twice.boards[seat].canals == 0 and len(twice.canals) == 2
    other = 1 - seat
    assert GAME.legal_actions(twice, other) == ()
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(twice, other, GAME.parse_action("act:irrigation"), random.Random(1))
    assert refused.value.msg.key == "takenoko.error.not_your_turn"


def test_end_turn_passes_play_clockwise_and_opens_the_next_turn() -> None:
    """END_TURN: the next seat plays; a new round starts when play comes back to the first player,
    and from round 2 the turn opens with the weather die (TK-SETUP-05)."""
    start = position(garden=SMALL)
    first = start.turn
    mine, events = play(start, "act:irrigation", "act:gardener", "tile:1,0", "end")
    assert mine.turn == 1 - first and mine.round == 1 and mine.weather == "" and "turn_end" in keys(events)
    theirs, events = play(mine, "act:irrigation", "act:gardener", "tile:0,0", "end")
    assert theirs.turn == first and theirs.round == 2 and theirs.weather and "roll" in keys(events)


def test_plot_spots_above_25_are_asked_by_row_first() -> None:
    """§4.3: 27 plot spots: the board row first (rows counted from the top), then its spots."""
    state, _ = play(position(garden=garden_of(STRIP)), "act:plot")
    rows = codes(state)
    assert state.step == "plot_spot" and all(c.startswith("row:") for c in rows) and 2 <= len(rows) <= 25
    picked, _ = play(state, rows[2])
    spots = codes(picked)
    assert 1 <= len(spots) <= 25 and all(c.startswith("spot:") for c in spots)
    placed, _ = play(picked, spots[0]) if len(spots) > 1 else (picked, [])
    assert len(placed.garden) == 27 and placed.group == -1


def test_destinations_above_25_are_asked_by_direction_first() -> None:
    """§4.3 GARDENER/PANDA: more than 25 destinations: the direction first, then the tile."""
    star = [(dq * k, dr * k) for dq, dr in DIRS for k in range(1, 6)][:27]
    state, _ = play(position(garden=garden_of(star)), "act:gardener")
    assert codes(state) == ["dir:E", "dir:NE", "dir:NW", "dir:W", "dir:SW", "dir:SE"]
    east, _ = play(state, "dir:E")
    assert sorted(codes(east)) == sorted(f"tile:{k},0" for k in range(1, 6))
    moved, _ = play(east, "tile:3,0")
    assert moved.gardener == (3, 0) and moved.group == -1


def test_canal_edges_above_25_are_asked_by_row_first() -> None:
    """§4.3 canal edges: more than 25 legal edges, the row first. (This position holds 20 canals
    on the garden and one more on the board, one above the box: a real game tops out at 25.)"""
    hexes = [(q, r) for q in range(-3, 4) for r in range(-3, 4) if 0 < max(abs(q), abs(r), abs(q + r)) <= 3]
    hexes.sort(key=lambda h: (max(abs(h[0]), abs(h[1]), abs(h[0] + h[1])), h))
    canals = [
        (-1, 0, 1), (-1, -1, 0), (-1, -1, 1), (-1, -2, 0), (-1, -1, 2), (-2, -1, 0), (-2, 0, 2),
        (-3, 0, 0), (-3, 1, 1), (-3, 1, 0), (-3, 2, 1), (-3, 2, 0), (-3, 3, 1), (-2, 1, 2),
        (-2, 2, 2), (-2, 2, 1), (0, -1, 0), (0, 1, 1), (0, 1, 0), (0, 2, 2),
    ]  # fmt: skip
    start = position(garden=garden_of(hexes[:27]), canals=canals, boards={0: board(canals=1), 1: board(canals=1)})
    asked, _ = play(start, "act:place_canal")
    rows = codes(asked)
    assert all(c.startswith("row:") for c in rows) and len(rows) >= 2
    picked, _ = play(asked, rows[0])
    assert all(c.startswith("canal:") for c in codes(picked)) or picked.step != "canal"


def test_a_single_choice_is_played_for_the_player() -> None:
    """§4.3: a step with one choice is not asked; the engine plays it and says so."""
    start = position(garden=[plot("G", 1, 0, 1)])
    state, events = play(start, "act:gardener")
    assert state.gardener == (1, 0) and state.step == "action" and "only.gardener" in keys(events)


def test_validate_is_offered_in_public_whenever_the_hand_holds_a_card() -> None:
    """§4.3 + secrets: VALIDATE among the public choices with any card in hand; a player with no
    card met is refused privately (nothing_met)."""
    start = position(garden=SMALL, hands={0: ("PA-GG-1",), 1: ("PA-GG-2",)})
    seat = start.turn
    public = GAME.public_choices(start, seat)
    assert public is not None and "act:validate" in [GAME.action_code(a) for a in public]
    assert "act:validate" not in codes(start)
    with pytest.raises(IllegalAction) as refused:
        play(start, "act:validate")
    assert refused.value.msg.key == "takenoko.error.nothing_met"


def test_tk_act_02_03_a_refused_action_says_why() -> None:
    """Issue 28: "act:panda is not possible now" said nothing of why. A choice out of turn says
    what is asked first; an action chosen twice, or after the last one, names the rule it breaks
    (TK-ACT-02), in both languages."""
    state, _ = GAME.setup(2, GAME.check_options(2, {}), rng_for(5, 0))
    reasons: dict[str, str] = {}
    for ply in playout(GAME, state, 5, ai_player(GAME, 5), max_plies=400):
        s = ply.after
        if s.step == "over":
            break
        for name in ("panda", "gardener", "plot"):
            try:
                GAME.apply(s, s.turn, ACT[name], rng_for(5, 10_000))
            except IllegalAction as refused:
                reasons.setdefault(refused.msg.key, Text("fr").msg(refused.msg))
    assert {"takenoko.error.not_now_step", "takenoko.error.action_twice"} <= set(reasons), reasons
    assert "takenoko.error.not_now" not in reasons, reasons
    assert "vos deux actions doivent être différentes" in reasons["takenoko.error.action_twice"]


def test_takenoko_events_say_each_thing_once_and_name_the_place_chosen() -> None:
    """Issue 28: "puts an enclosure on the green plot with an enclosure", "a canal between the
    green plot and the green plot". An improvement is put on the plot as it was; a canal between
    two plots of one colour says so once; a place chosen by its letter on the boards is named by
    that letter."""
    seen: list[str] = []
    for seed in range(12):
        state, _ = GAME.setup(2, GAME.check_options(2, {}), rng_for(seed, 0))
        # Random players reach every kind of event, in a fraction of the AI's time.
        for ply in islice(playout(GAME, state, seed, random_player(GAME, seed), max_plies=10_000), 400):
            seen += [Text("en").msg(e) for e in ply.events if e.to is None]
    chips = [line for line in seen if " on the " in line and line.startswith(("Ann", "Player")) and "puts" in line]
    assert chips and not [line for line in chips if "with a" in line.split(" on the ", 1)[1]], chips[:5]
    canals = [line for line in seen if "lays a canal" in line]
    assert canals and not [line for line in canals if re.search(r"the (\w+) plot and the \1 plot", line)]
    assert any("between two " in line for line in canals), canals[:5]
    assert any(re.search(r"moves the (gardener|panda) to the .* \([a-y]\)\.$", line) for line in seen)
