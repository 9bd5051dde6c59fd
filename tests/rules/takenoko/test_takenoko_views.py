"""What each seat sees (§7): allow-list views, secret decisions, the public offer of VALIDATE and
the swap of secrets the contract test relies on."""

from __future__ import annotations

import random

from rules.takenoko import GAME
from rules.takenoko.data import CARDS
from rules.takenoko.secrets import public_choices, swap
from rules.takenoko.view import TakenokoView
from tests.rules.takenoko.helpers import board, play, plot, position

GARDEN = [plot("G", 1, 0, 1), plot("Y", 1, -1, 1)]


def test_the_public_view_has_no_field_for_private_things() -> None:
    """§7: no hands, no drawn plots, no deck order in any view; the public view fills no seat field."""
    fields = set(TakenokoView.model_fields)
    assert not fields & {"hands", "plots", "decks", "returned"}
    public = GAME.view(position(garden=GARDEN), None)
    assert public.hand is None and public.met is None and public.drawn is None and public.seat is None
    assert public.hand_counts == ((1, 1, 1), (1, 1, 1)) and public.plots_left == 25


def test_a_seat_sees_its_hand_and_its_drawn_plots_only() -> None:
    """§7: a seat's view adds its own hand (with what holds) and, while choosing, its drawn plots."""
    state = position(
        garden=GARDEN, hands={0: ("PA-GG-1", "GA-G-F"), 1: ("PA-YY-1",)}, boards={0: board(eaten=(2, 0, 0))}
    )
    mine = GAME.view(state, 0)
    assert mine.hand == ("PA-GG-1", "GA-G-F") and mine.met == (True, False)
    assert GAME.view(state, 1).hand == ("PA-YY-1",)
    drawing, _ = play(state, "act:plot")
    seat = drawing.turn
    assert GAME.view(drawing, seat).drawn == drawing.drawn and len(drawing.drawn) == 3
    assert GAME.view(drawing, 1 - seat).drawn is None and GAME.view(drawing, None).drawn_count == 3


def test_secret_decisions_and_the_public_offer() -> None:
    """Which drawn plot and which card to validate are secret decisions (no public choices);
    elsewhere VALIDATE is offered publicly whenever the hand holds a card, and only then."""
    state = position(garden=GARDEN)
    drawing, _ = play(state, "act:plot")
    assert public_choices(drawing, drawing.turn) is None
    offered = public_choices(state, state.turn)
    assert offered is not None and "act:validate" in [GAME.action_code(a) for a in offered]
    empty = position(garden=GARDEN, hands={0: (), 1: ()})
    offered = public_choices(empty, empty.turn)
    assert offered is not None and "act:validate" not in [GAME.action_code(a) for a in offered]
    assert public_choices(state, 1 - state.turn) == ()


def test_swap_keeps_hand_sizes_per_category_and_changes_only_secrets() -> None:
    """The swap deals the two seats' cards again per category (with the decks) and redraws the
    active seat's drawn plots: every public fact stays equal."""
    state, _ = play(position(3, garden=GARDEN), "act:plot")
    seat = state.turn
    other = (seat + 1) % 3
    changed = 0
    for n in range(10):
        swapped = swap(state, seat, other, random.Random(n))
        changed += swapped != state
        for s in (seat, other):
            before = sorted(CARDS[c].category for c in state.hands[s])
            assert sorted(CARDS[c].category for c in swapped.hands[s]) == before
        assert len(swapped.drawn) == len(state.drawn)
        assert GAME.view(swapped, None) == GAME.view(state, None)
        third = 3 - seat - other
        assert GAME.view(swapped, third) == GAME.view(state, third)
    assert changed


def test_events_of_a_draw_are_private_to_the_player() -> None:
    """TK-PLOT-01: the channel reads "drew 3 plots"; the ids go to the player alone."""
    state = position(garden=GARDEN)
    _, events = play(state, "act:plot")
    private = [e for e in events if e.to is not None]
    public = [e for e in events if e.to is None]
    assert [e.key for e in private] == ["takenoko.event.you_drew_plots"]
    assert all("plots" not in e.params for e in public)
    assert "drew_plots" in [e.key.split(".")[-1] for e in public]


def test_a_lone_end_turn_is_asked_when_the_public_offer_is_wider() -> None:
    """Secrets (§7): two tables equal in public, one whose panda card holds and one whose card does
    not, reach the end of a turn. Both are asked, with the same public offer (VALIDATE, END_TURN):
    playing the lone END_TURN for the second at once would tell the table its card does not hold."""
    eaten = board(eaten=(2, 0, 0))
    tables = []
    for card in ("PA-GG-1", "PA-YY-1"):
        hands = {0: (card,), 1: ("PA-PP-1",)}
        start = position(garden=GARDEN, hands=hands, boards={0: eaten, 1: eaten}, turn=0, used=("irrigation",))
        after, events = play(start, "act:gardener", "tile:1,-1")
        tables.append((after, [e for e in events if e.to is None]))
    (holds, told), (dry, told_dry) = tables
    assert [GAME.action_code(a) for a in GAME.legal_actions(holds, 0)] == ["act:validate", "end"]
    assert [GAME.action_code(a) for a in GAME.legal_actions(dry, 0)] == ["end"]
    # Nothing public tells them apart: not the turn, not what was said, not what is offered.
    assert dry.turn == holds.turn == 0 and dry.step == holds.step == "action"
    assert told_dry == told
    assert GAME.view(dry, None) == GAME.view(holds, None)
    for table in (holds, dry):
        offered = public_choices(table, 0)
        assert offered is not None and [GAME.action_code(a) for a in offered] == ["act:validate", "end"]
        assert GAME.presentation.prompt(table, 0) == GAME.presentation.prompt(holds, 0)
        labels = [GAME.presentation.action_label(table, 0, a) for a in offered]
        assert labels == [GAME.presentation.action_label(holds, 0, a) for a in offered]
    # An empty hand has nothing to hide: its lone END_TURN is played at once.
    empty = position(garden=GARDEN, hands={0: (), 1: ("PA-PP-1",)}, turn=0, used=("irrigation",))
    ended, _ = play(empty, "act:gardener", "tile:1,-1")
    assert ended.turn == 1
