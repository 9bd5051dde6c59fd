"""Objective cards: drawing, validating and when each card holds (TK-OBJ-01..07) and worked
examples 6 and 7 of §10."""

from __future__ import annotations

import pytest

from rules.engine import IllegalAction
from rules.takenoko import GAME
from rules.takenoko.cards import Bamboos, Irrigated, gardener_card_holds, judge, plot_card_holds
from rules.takenoko.data import CARDS
from tests.rules.takenoko.helpers import board, codes, keys, play, plot, position

YELLOW_CURVE = [plot("Y", 1, -1), plot("Y", 0, -1), plot("Y", -1, 0)]


def holds(card_id: str, garden: list, eaten: tuple[int, int, int] = (0, 0, 0)) -> bool:  # type: ignore[type-arg]
    """Whether a card holds on a hand-built garden (and board)."""
    placed = position(garden=garden).garden
    return judge(placed, card_id, board(eaten=eaten))


def test_example_6_a_curve_in_any_rotation() -> None:
    """§10 example 6 (TK-OBJ-03): yellow (1,−1), (0,−1), (−1,0) are PL-Y-CURVE (rotated 3×,
    anchored at (1,−1)) and not a LINE."""
    assert holds("PL-Y-CURVE", YELLOW_CURVE)
    assert not holds("PL-Y-LINE", YELLOW_CURVE) and not holds("PL-G-CURVE", YELLOW_CURVE)
    state = position(garden=YELLOW_CURVE, hands={0: ("PL-Y-CURVE",), 1: ("PL-Y-CURVE",)})
    done, events = play(state, "act:validate")  # one card holds: validated at once
    assert done.done[done.turn] == ("PL-Y-CURVE",) and "validated" in keys(events)


@pytest.mark.parametrize(
    ("tips", "middles", "valid"),
    [(("G", "P"), ("P", "G"), True), (("G", "P"), ("G", "P"), True), (("P", "P"), ("G", "G"), False)],
)
def test_example_7_two_colour_diamonds_and_their_mirror(
    tips: tuple[str, str], middles: tuple[str, str], valid: bool
) -> None:
    """§10 example 7 (TK-OBJ-03, §2 two-colour diamond): tips (1,−1), (2,0), middles (1,0), (2,−1):
    tips G,P with middles P,G or (mirror) G,P hold; tips P,P with middles G,G do not."""
    garden = [
        plot(tips[0], 1, -1),
        plot(tips[1], 2, 0, chip=True),
        plot(middles[0], 1, 0),
        plot(middles[1], 2, -1, chip=True),
    ]
    assert holds("PL-GP-DIA", garden) is valid
    assert not holds("PL-GY-DIA", garden)


def test_tk_obj_03_every_plot_irrigated_and_never_the_pond() -> None:
    """TK-OBJ-03: a dry plot breaks the shape; the pond never counts; extra neighbours and bamboo are
    ignored; one plot may serve several cards."""
    line = [plot("G", 1, 0, 3), plot("G", 2, 0), plot("G", 3, 0, irrigated=False)]
    assert not holds("PL-G-LINE", line)
    wet = [*line[:2], plot("G", 3, 0), plot("G", 2, -1), plot("Y", 1, -1)]
    assert holds("PL-G-LINE", wet) and holds("PL-G-TRI", wet)
    # (−1,0), the pond and (1,0) are in a line, but the pond is not a green plot.
    assert not holds("PL-G-LINE", [plot("G", -1, 0), plot("G", 1, 0)])


def test_tk_obj_04_single_bamboo_cards_need_exactly_4_and_the_improvement() -> None:
    """TK-OBJ-04: one bamboo of the colour, height exactly 4, with the improvement shown (printed or
    chip); a '0' card wants none."""
    fertile = [plot("G", 1, 0, 4, improvement="f", chip=True), plot("G", 0, 1, 4)]
    assert holds("GA-G-F", fertile) and holds("GA-G-0", fertile)
    assert not holds("GA-G-W", fertile) and not holds("GA-Y-0", fertile)
    assert not holds("GA-G-F", [plot("G", 1, 0, 3, improvement="f")])


def test_tk_obj_05_several_bamboos_of_exactly_3() -> None:
    """TK-OBJ-05: at least n plots of the colour with height exactly 3, anywhere; a 4 does not count."""
    pinks = [plot("P", 1, 0, 3), plot("P", -1, 1, 3), plot("P", 0, -1, 4)]
    assert holds("GA-P-2x3", pinks)
    assert not holds("GA-P-2x3", [pinks[0], pinks[2]])
    assert gardener_card_holds(CARDS["GA-G-4x3"], Bamboos([])) is False


def test_tk_obj_06_panda_cards_return_their_sections() -> None:
    """TK-OBJ-06: the board holds the sections; validating returns exactly those to the reserve."""
    assert holds("PA-GYP-1", [], eaten=(1, 1, 1)) and not holds("PA-GYP-1", [], eaten=(2, 0, 1))
    state = position(
        hands={0: ("PA-GG-1",), 1: ("PA-GG-1",)}, boards={0: board(eaten=(3, 1, 0)), 1: board(eaten=(3, 1, 0))}
    )
    seat = state.turn
    done, _ = play(state, "act:validate")
    assert done.boards[seat].eaten == (1, 1, 0) and done.bamboo == (
        state.bamboo[0] + 2,
        state.bamboo[1],
        state.bamboo[2],
    )


def test_tk_obj_01_drawing_by_category_up_to_five_cards() -> None:
    """TK-OBJ-01: OBJECTIVE takes the top card of the chosen deck; with 5 in hand it is not offered."""
    state = position()
    seat = state.turn
    asked, _ = play(state, "act:objective")
    assert codes(asked) == ["cat:PL", "cat:GA", "cat:PA"]
    top = asked.decks[2][0]
    drawn, events = play(asked, "cat:PA")
    assert drawn.hands[seat][-1] == top and drawn.decks[2] == asked.decks[2][1:]
    private = [e for e in events if e.to is not None]
    assert private and all(e.to == frozenset({seat}) for e in private)
    # An empty deck is not offered.
    no_gardener = asked.model_copy(update={"decks": (asked.decks[0], (), asked.decks[2])})
    assert codes(no_gardener) == ["cat:PL", "cat:PA"]


def test_tk_obj_02_validate_is_free_repeatable_and_needs_the_condition_now() -> None:
    """TK-OBJ-02: validating costs no action, may repeat, and the card is never lost."""
    hand = ("PA-GG-1", "PA-GG-2", "GA-G-F")
    state = position(hands={0: hand, 1: hand}, boards={0: board(eaten=(4, 0, 0)), 1: board(eaten=(4, 0, 0))})
    seat = state.turn
    asked, _ = play(state, "act:validate")
    assert asked.step == "validate" and codes(asked) == ["val:PA-GG-1", "val:PA-GG-2"]
    assert GAME.public_choices(asked, seat) is None  # which card: a secret decision
    one, _ = play(asked, "val:PA-GG-2")
    assert one.step == "action" and one.used == () and one.done[seat] == ("PA-GG-2",)
    two, _ = play(one, "act:validate")
    assert two.done[seat] == ("PA-GG-2", "PA-GG-1") and two.hands[seat] == ("GA-G-F",)
    with pytest.raises(IllegalAction):
        play(two, "act:validate")


def test_tk_obj_07_pros_variant_puts_back_a_card_already_met() -> None:
    """TK-OBJ-07: with the pros variant a drawn plot or gardener card that already holds goes under
    its deck and the player picks a deck again; a card already put back in this action is kept."""
    garden = [plot("Y", 1, -1), plot("Y", 0, -1), plot("Y", -1, 0)]
    state = position(garden=garden, options={"pros_variant": "on"})
    seat = state.turn
    decks = list(state.decks)
    decks[0] = ("PL-Y-CURVE", *[c for c in decks[0] if c != "PL-Y-CURVE"])
    state = state.model_copy(update={"decks": tuple(decks), "hands": tuple(tuple(h) for h in state.hands)})
    asked, _ = play(state, "act:objective")
    back, events = play(asked, "cat:PL")
    assert back.step == "category" and back.decks[0][-1] == "PL-Y-CURVE" and "PL-Y-CURVE" not in back.hands[seat]
    assert "pros_back" in keys(events) and back.returned == ("PL-Y-CURVE",)
    public = [e for e in events if e.to is None]
    assert all("card" not in e.terms for e in public)  # the channel never learns which card
    again, _ = play(back, "cat:GA")
    assert again.step == "action" and again.returned == () and len(again.hands[seat]) == 4
    # The card put back is kept if drawn again in the same action.
    only = back.model_copy(update={"decks": (("PL-Y-CURVE",), back.decks[1], back.decks[2])})
    kept, _ = play(only, "cat:PL")
    assert "PL-Y-CURVE" in kept.hands[seat] and kept.step == "action" and kept.returned == ()


def test_tk_obj_07_panda_cards_and_the_plain_game_keep_every_draw() -> None:
    """TK-OBJ-07 [D]: panda cards are never put back; without the variant nothing is."""
    plain = position(garden=YELLOW_CURVE)
    decks = ("PL-Y-CURVE", *[c for c in plain.decks[0] if c != "PL-Y-CURVE"])
    plain = plain.model_copy(update={"decks": (decks, plain.decks[1], plain.decks[2])})
    drawn, _ = play(plain, "act:objective", "cat:PL")
    assert "PL-Y-CURVE" in drawn.hands[plain.turn]
    pros = position(options={"pros_variant": "on"}, boards={0: board(eaten=(2, 0, 0)), 1: board(eaten=(2, 0, 0))})
    panda = ("PA-GG-5", *[c for c in pros.decks[2] if c != "PA-GG-5"])
    pros = pros.model_copy(update={"decks": (pros.decks[0], pros.decks[1], panda)})
    kept, _ = play(pros, "act:objective", "cat:PA")
    assert "PA-GG-5" in kept.hands[pros.turn]


def test_plot_card_holds_on_packed_hexes() -> None:
    """The matcher sees shapes anywhere, far from the pond too."""
    far = position(garden=[plot("P", 5, -3), plot("P", 6, -3), plot("P", 5, -2)]).garden
    assert plot_card_holds(CARDS["PL-P-TRI"], Irrigated(far))
