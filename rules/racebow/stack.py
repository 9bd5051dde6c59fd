"""The colour stack: the three printed actions TOP, BOT and SWP (RB-STACK-01..06), decision S.

A stack is a string of colour letters, bottom→top ("YOR"), filled upward with no gaps
(RB-STACK-01). The actions name colours, never slots (§4.2).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from rules.engine import IllegalAction, Seat, with_item

from . import movement, scoring
from .actions import BOTS, SKIP, SWAPS, TOPS, RacebowAction

if TYPE_CHECKING:
    from .fields import RacebowFields
    from .state import RacebowState

SYMBOL_KIND = {"^": "top", "v": "bot", "x": "swp"}
"""Which action each action cell prints."""


def operate(stack: str, action: RacebowAction) -> str:
    """The stack after ``action``: TOP x puts x on the highest occupied slot, the pawns above it
    shifting down (RB-STACK-03); BOT x puts x in slot 1, the pawns below it shifting up
    (RB-STACK-04); SWP x y exchanges them (RB-STACK-05). SKIP leaves it as it is."""
    x = action.colour
    if action.kind == "top":
        return stack.replace(x, "") + x
    if action.kind == "bot":
        return x + stack.replace(x, "")
    if action.kind == "swp":
        y = action.other
        return stack.translate({ord(x): y, ord(y): x})
    return stack


@lru_cache(maxsize=1024)
def stack_choices(stack: str, symbol: str) -> tuple[RacebowAction, ...]:
    """Decision S on a cell printing ``symbol``: every action that changes the stack, in slot
    order (SWP pairs by the lower slot first, RB-MOVE-09), then SKIP. A choice that would change
    nothing is not offered (RB-STACK-06): TOP never names the top pawn, BOT never the bottom one."""
    kind = SYMBOL_KIND[symbol]
    if kind == "top":
        ops = [TOPS[c] for c in stack[:-1]]
    elif kind == "bot":
        ops = [BOTS[c] for c in stack[1:]]
    else:
        ops = [SWAPS[stack[i], stack[j]] for i in range(len(stack)) for j in range(i + 1, len(stack))]
    return (*ops, SKIP)


def check_stack_action(s: RacebowState, seat: Seat, action: RacebowAction) -> None:
    """Raise IllegalAction, with the reason, unless ``action`` answers the open decision S."""
    tile, cell = s.where[seat]
    kind = SYMBOL_KIND[s.cells[tile - s.first][cell]]
    if action.kind == "skip":
        return
    if action.kind not in SYMBOL_KIND.values():
        raise IllegalAction("racebow.error.answer_stack")
    if action.kind != kind:
        raise IllegalAction(f"racebow.error.cell_is.{kind}")
    stack = s.stacks[seat]
    if any(c and c not in stack for c in (action.colour, action.other)):
        raise IllegalAction("racebow.error.not_in_stack", stack=stack)
    if operate(stack, action) == stack:
        raise IllegalAction("racebow.error.no_change")


def play(w: RacebowFields, seat: Seat, action: RacebowAction) -> None:
    """Resolve decision S, check for a win (RB-END-01), then close the step."""
    if action.kind == "skip":
        w.event("racebow.event.skip", seats={"player": seat})
    else:
        stack = operate(w.stacks[seat], action)
        w.stacks = with_item(w.stacks, seat, stack)
        # "the red" / "le rouge", "l’orange": the article changes with the colour in French.
        terms = {"colour": f"racebow.colour_the.{action.colour}"}
        if action.kind == "swp":
            terms["other"] = f"racebow.colour_the.{action.other}"
        w.event(f"racebow.event.{action.kind}", params={"stack": stack}, terms=terms, seats={"player": seat})
        if scoring.check_win(w, seat):
            return
    movement.end_step(w, seat)
