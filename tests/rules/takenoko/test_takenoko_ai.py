"""The AI's parts: the worlds it searches in (guess.py) keep what its seat sees and nothing else,
its judgement of a position (appraise.py) rewards what brings points, and the choices every
level makes alike (validate at once, the best card first)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from rules.engine import AI_LEVELS, ai_player, playout
from rules.takenoko import GAME
from rules.takenoko.actions import ACT, VALIDATE
from rules.takenoko.ai import NORMAL, Level, _judge, decide
from rules.takenoko.appraise import WEIGHTS, _hunger, _unseen_panda, appraise, card_costs, spend, turns_left, view_of
from rules.takenoko.data import CARDS, PLOTS
from rules.takenoko.guess import sample_world
from rules.takenoko.state import TakenokoState
from rules.takenoko.view import hand_counts
from tests.rules.takenoko.helpers import board, play, plot, position

GARDEN = [plot("G", 1, 0, 2), plot("Y", 1, -1, 1), plot("P", 0, -1, 1), plot("G", -1, 0, 0)]


def ai_game_states(players: int, seed: int) -> list[TakenokoState]:
    """Every state of an all-AI game where a seat decides."""
    state = GAME.start(players, {"pros_variant": "on"}, seed)
    found = []
    for ply in playout(GAME, state, seed, ai_player(GAME, seed)):
        if ply.after.step != "over":
            found.append(ply.after)
    return found


STATES = ai_game_states(3, 5)[::4]


def test_a_world_keeps_everything_its_seat_sees() -> None:
    """A world (TK-SETUP-02/03, §7): the same public view and the seat's own view; every card and
    plot still in play once; each hand keeps its size per category, each deck its size."""
    rng = random.Random(1)
    for state in STATES:
        seat = rng.randrange(state.players)
        world = sample_world(state, seat, rng)
        assert GAME.view(world, None) == GAME.view(state, None)
        assert GAME.view(world, seat) == GAME.view(state, seat)
        assert [hand_counts(h) for h in world.hands] == [hand_counts(h) for h in state.hands]
        cards = [c for h in world.hands for c in h] + [c for d in world.decks for c in d]
        assert Counter(cards + [c for d in world.done for c in d]) == Counter(list(CARDS))
        plots = [p.id for p in world.garden] + list(world.plots) + list(world.drawn) + [world.placing]
        assert sorted(p for p in plots if p) == sorted(PLOTS)


def test_a_world_depends_on_its_seats_view_alone() -> None:
    """Swapping the other seats' secrets (their hands, the decks) changes no world: the AI cannot
    read a hidden card through its worlds."""
    for n, state in enumerate(STATES):
        seat = state.turn
        a, b = (s for s in range(3) if s != seat)
        swapped = GAME.swap_secrets(state, a, b, random.Random(n))
        assert sample_world(swapped, seat, random.Random(9)) == sample_world(state, seat, random.Random(9))


def test_worlds_differ_in_what_the_seat_cannot_see() -> None:
    """Two worlds deal the unseen cards differently (the search averages over them)."""
    state = STATES[5]
    worlds = {sample_world(state, state.turn, random.Random(k)).decks for k in range(4)}
    assert len(worlds) > 1


def test_appraise_counts_validated_points_and_progress() -> None:
    """The judgement: a validated card is worth more than the same card in hand; a panda card with
    its sections on the board more than one still hungry; another seat's points count against."""
    hand = {0: ("PA-GG-1", "GA-Y-0"), 1: ("PL-P-LINE",)}
    hungry = position(garden=GARDEN, hands=hand, turn=1)
    fed = position(garden=GARDEN, hands=hand, turn=1, boards={0: board(eaten=(2, 0, 0))})
    assert appraise(fed, 0) > appraise(hungry, 0)
    done = fed.model_copy(update={"hands": (("GA-Y-0",), hand[1]), "done": (("PA-GG-1",), ())})
    assert appraise(done, 0) > appraise(fed, 0)
    rival = fed.model_copy(update={"done": ((), ("PA-PP-1", "PA-PP-2"))})
    assert appraise(rival, 0) < appraise(fed, 0)


def test_the_game_is_short_once_a_seat_nears_the_emperor() -> None:
    """The turns left shrink as the leader nears the Emperor's count (TK-END-01), and after the
    Emperor only the seats still owed a last turn have one (TK-END-02)."""
    early = position(3, garden=GARDEN, round=4)
    late = early.model_copy(update={"done": ((), tuple(c for c in CARDS if c.startswith("GA"))[:7], ())})
    assert turns_left(late)[0] < turns_left(early)[0]
    emperor = late.model_copy(update={"emperor": 1, "turn": 2, "done": late.done})
    assert turns_left(emperor) == [1.0, 0.0, 0.0]


@pytest.mark.parametrize("level", AI_LEVELS)
def test_every_level_validates_at_once_the_best_card_first(level: str) -> None:
    """Every level validates as soon as a card holds (a validated card is never lost), the card
    worth most first: the end-of-turn preference plays the same (orders.py)."""
    state = position(garden=GARDEN, hands={0: ("PA-GG-1", "PA-GYP-1")}, boards={0: board(eaten=(2, 1, 1))}, turn=0)
    assert GAME.ai_action(state, 0, random.Random(1), level) == ACT["validate"]
    opened, _ = play(state, "act:validate")
    assert GAME.ai_action(opened, 0, random.Random(1), level) == VALIDATE["PA-GYP-1"]


def test_the_ai_takes_the_section_its_card_needs() -> None:
    """With a panda card one green section short and a green bamboo in reach, the AI's turn eats
    it and validates (TK-PANDA-02, TK-OBJ-06)."""
    state = position(garden=GARDEN, hands={0: ("PA-GG-1",)}, boards={0: board(eaten=(1, 0, 0))}, turn=0)
    seat = 0
    for n in range(8):
        if state.turn != seat:
            break
        action = GAME.ai_action(state, seat, random.Random(n))
        state, _ = GAME.apply(state, seat, action, random.Random(n))
    assert state.done[0] == ("PA-GG-1",)


def test_a_card_met_soon_beats_a_bigger_one_met_late() -> None:
    """The judgement is in a hurry (TK-END-01: the first seat to the Emperor's count ends the
    game): with the actions for one card only, 3 points one action away are worth more than 5
    points seven actions away (the AI's delay; at 0.93 it would wait for the 5)."""
    weights = dataclasses.replace(WEIGHTS, future=0.0)
    soon = spend([(3.0, (1.0, 0))], 7.0, weights)
    late = spend([(5.0, (7.0, 0))], 7.0, weights)
    assert soon > late > 0.0


def last_turn_states(states: list[TakenokoState]) -> list[TakenokoState]:
    """Those of ``states`` where the seat to play has its last turn (TK-END-02), its actions still
    to choose."""
    return [s for s in states if s.emperor >= 0 and s.turn != s.emperor and s.step == "action" and not s.used]


def test_a_canal_kept_in_the_last_turn_is_a_canal_wasted() -> None:
    """TK-END-02: in its last turn a seat has nothing to keep a canal or an improvement for, so
    holding one is judged worse than not (earlier, a canal kept for later is worth something); and
    a game that ends with one still held is judged worse than the same end without it."""
    game = ai_game_states(2, 7)
    last = last_turn_states(game)
    assert last
    state = last[0]
    seat = state.turn

    def holding(s: TakenokoState, seat: int, canals: int, chips: tuple[int, int, int] = (0, 0, 0)) -> TakenokoState:
        boards = list(s.boards)
        boards[seat] = boards[seat].model_copy(update={"canals": canals, "chips": chips})
        return s.model_copy(update={"boards": tuple(boards)})

    assert appraise(holding(state, seat, 1), seat) < appraise(holding(state, seat, 0), seat)
    assert appraise(holding(state, seat, 0, (1, 0, 0)), seat) < appraise(holding(state, seat, 0), seat)
    over = state.model_copy(update={"step": "over"})
    assert _judge(holding(over, seat, 1), seat, WEIGHTS) < _judge(holding(over, seat, 0), seat, WEIGHTS)
    early = game[40]
    assert appraise(holding(early, early.turn, 1), early.turn) > appraise(holding(early, early.turn, 0), early.turn)


def test_an_improvement_held_near_the_end_is_better_laid_now() -> None:
    """TK-IMP-02: an improvement is laid only on a bare plot, and late in a game the bamboo has
    grown on every plot; so with two turns or fewer left, one held is judged worse than none (the
    seat lays it while a bare plot is there), while earlier one held is worth something."""
    rival_done = tuple(c for c in CARDS if c.startswith("PA"))[:8]
    early = position(garden=GARDEN, hands={0: ("PA-GG-1",)}, turn=0, round=3)
    late = early.model_copy(update={"done": ((), rival_done), "round": 12})
    assert 0.0 < turns_left(late)[0] <= WEIGHTS.chip_turns < turns_left(early)[0]

    def holding(state: TakenokoState, chips: tuple[int, int, int]) -> TakenokoState:
        return state.model_copy(update={"boards": (board(chips=chips), state.boards[1])})

    assert appraise(holding(late, (0, 1, 0)), 0) < appraise(holding(late, (0, 0, 0)), 0)
    assert appraise(holding(early, (0, 1, 0)), 0) > appraise(holding(early, (0, 0, 0)), 0)


def test_a_panda_player_is_slowed_when_the_panda_deck_runs_short() -> None:
    """TK-OBJ-01: a card is drawn from the top of its deck, and a deck can run out. A rival whose
    validated cards are panda cards (public) has more to draw than the panda deck holds: its later
    points are judged lower the fewer panda cards are left (so drawing them denies a panda rush)."""
    pandas = tuple(c for c in CARDS if c.startswith("PA"))
    state = position(garden=GARDEN, hands={0: ("GA-Y-0",), 1: ("PL-P-LINE",)}, done=((), pandas[:3]), turn=0, round=8)
    full = tuple(c for c in state.decks[2] if c not in pandas[:3])

    def panda_deck(cards: int) -> TakenokoState:
        return state.model_copy(update={"decks": (state.decks[0], state.decks[1], full[:cards])})

    assert appraise(panda_deck(1), 0) > appraise(panda_deck(6), 0)
    assert appraise(panda_deck(6), 0) == appraise(panda_deck(len(full)), 0)


def test_the_deck_drawn_from_is_judged_by_its_cards_not_its_top_card() -> None:
    """Drawing an objective (TK-OBJ-01): the AI weighs each deck by several of the cards it may
    give, so its choice does not hang on the one card a world happens to put on top. Here three
    gardener cards are left unseen (one met in a single growth, two whose pink bamboo is gone):
    judged by the world's top card alone, the deck chosen changes with the world; judged by the
    deck, it is the same in every world."""
    gardener = [c for c in CARDS if c.startswith("GA")]
    unseen = ["GA-Y-0", "GA-P-0", "GA-P-W"]
    seen = [c for c in gardener if c not in unseen]
    garden = [plot("Y", 1, 0, 3), plot("G", 1, -1, 2), plot("G", 0, -1, 1), plot("Y", -1, 0, 1)]
    state = position(
        4,
        garden=garden,
        hands={0: ("PA-GG-1",), 1: (), 2: (), 3: ()},
        done=((), tuple(seen[:4]), tuple(seen[4:8]), tuple(seen[8:])),
        turn=0,
    )
    state, _ = play(state.model_copy(update={"bamboo": (state.bamboo[0], state.bamboo[1], 0)}), "act:objective")
    assert state.step == "category"

    def decks_chosen(level: Level) -> set[str]:
        return {decide(state, 0, random.Random(k), level).name for k in range(12)}

    assert len(decks_chosen(dataclasses.replace(NORMAL, draws=1))) > 1
    assert len(decks_chosen(NORMAL)) == 1


@pytest.mark.parametrize("level", AI_LEVELS)
def test_no_level_ends_its_last_turn_holding_a_canal_or_an_improvement(level: str) -> None:
    """TK-END-02: a seat's last turn is the last use for what it holds, so every level lays its
    canals (TK-IRR-02) and improvements (TK-IMP-02) before it ends that turn (here the garden
    has a bare plot for the improvement)."""
    state = last_turn_states(ai_game_states(2, 8))[0]
    seat = state.turn
    assert any(p.height == 0 and not p.improvement for p in state.garden)
    boards = list(state.boards)
    boards[seat] = boards[seat].model_copy(update={"canals": 2, "chips": (0, 0, 1)})
    state = state.model_copy(update={"boards": tuple(boards)})
    for n in range(40):
        if state.turn != seat or state.step == "over":
            break
        action = GAME.ai_action(state, seat, random.Random(n), level)
        state, _ = GAME.apply(state, seat, action, random.Random(n))
    assert state.turn != seat or state.step == "over"
    assert state.boards[seat].canals == 0
    assert state.boards[seat].chips == (0, 0, 0)


def test_a_canal_with_nowhere_to_go_is_worth_nothing() -> None:
    """TK-IRR-02: a canal is laid on a legal edge; with none in the garden a canal held is worth no
    more than none (so the AI stops taking IRRIGATION for canals it cannot lay), and with one it is
    worth something."""

    def holding(state: TakenokoState, canals: int) -> TakenokoState:
        return state.model_copy(update={"boards": (board(canals=canals), state.boards[1])})

    bare = position(hands={0: ("PA-GG-1",)}, turn=0)
    assert appraise(holding(bare, 2), 0) == appraise(holding(bare, 0), 0)
    grown = position(garden=GARDEN, hands={0: ("PA-GG-1",)}, turn=0)
    assert appraise(holding(grown, 2), 0) > appraise(holding(grown, 0), 0)


def gardener_cost(state: TakenokoState, seat: int, card_id: str) -> float:
    """What ``card_id`` in ``seat``'s hand costs, in actions (canals counted), as the hand is
    costed together."""
    view = view_of(state)
    costs = card_costs(view, state, seat, _hunger(state, seat, _unseen_panda(state, seat)))
    order = sorted(state.hands[seat], key=lambda c: -CARDS[c].points)
    steps, canals = costs[order.index(card_id)][1]
    return steps + canals


def test_two_gardener_cards_do_not_count_one_plot_twice() -> None:
    """TK-OBJ-04/05: one green bamboo cannot stand at 3 sections for one card and at 4 for another:
    costed together, the card worth less must grow another plot."""
    garden = [plot("G", 1, 0, 3), plot("Y", 1, -1, 1)]
    alone = position(garden=garden, hands={0: ("GA-G-0",), 1: ("PL-Y-LINE",)}, turn=0)
    both = position(garden=garden, hands={0: ("GA-G-0", "GA-G-4x3"), 1: ("PL-Y-LINE",)}, turn=0)
    assert gardener_cost(alone, 0, "GA-G-0") == 1.0
    assert gardener_cost(both, 0, "GA-G-0") > 3.0


def test_bamboo_a_hungry_panda_may_eat_costs_more_to_grow() -> None:
    """TK-PANDA-02: a rival holding panda cards and no section eaten eats the bamboo grown for a
    gardener card before it stands; an enclosure guards it (TK-IMP-04)."""
    garden = [plot("Y", 1, 0, 1), plot("Y", 1, -1, 1, improvement="e")]
    mine = {0: ("GA-Y-0", "GA-Y-E")}
    fed = position(garden=garden, hands={**mine, 1: ("PL-G-LINE",)}, turn=0)
    hungry = position(garden=garden, hands={**mine, 1: ("PA-YY-1", "PA-YY-2")}, turn=0)
    assert gardener_cost(hungry, 0, "GA-Y-0") > gardener_cost(fed, 0, "GA-Y-0")
    assert gardener_cost(hungry, 0, "GA-Y-E") == gardener_cost(fed, 0, "GA-Y-E")
