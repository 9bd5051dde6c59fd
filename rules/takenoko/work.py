"""The turn-flow hooks that ``rules.flow`` drives on Takenoko's working copy (fields.py)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.engine import Seat
from rules.takenoko import turn as turn_flow
from rules.takenoko.actions import TakenokoAction
from rules.takenoko.fields import TakenokoFields
from rules.takenoko.state import SECRET_STEPS, TakenokoState


# Every game's working copy answers the same three hooks of ``rules.flow.Work`` (pending, advance,
# play), so they look alike from game to game; what each hook does is the game's own.
class TakenokoWork(TakenokoFields, state=TakenokoState):
    """A Takenoko state while one move is played, with the hooks that play its turn flow."""

    # -- the turn-flow hooks -----------------------------------------------------------------------
    def pending(self) -> tuple[Seat, Sequence[TakenokoAction]] | None:
        """The active seat and its choices, or None at the weather roll or once the game is over."""
        if self.step in ("start", "over"):
            return None
        self.asked = turn_flow.choices(self)
        return self.turn, self.asked

    def advance(self) -> bool:
        """Roll the weather die at the start of a turn (W0); False once the game is over."""
        if self.step != "start":
            return False
        turn_flow.start_turn(self)
        return True

    def play(self, seat: Seat, action: TakenokoAction, *, forced: bool = False) -> None:
        """Play one choice of the open decision."""
        turn_flow.play(self, action, forced=forced)

    def offer_size(self, seat: Seat, choices: Sequence[TakenokoAction]) -> int:
        """The size of the public offer of the open decision (secrets.py). A top step offers VALIDATE
        whenever the hand holds a card, so its lone legal choice (END_TURN, a weather SKIP) is
        asked, not played, unless the hand is empty: else the table would learn from the timing
        that no card holds."""
        if self.step in SECRET_STEPS:
            # Only ever shown to the player: no public offer to match.
            return len(choices)
        return len(turn_flow.choices(self, public=True))
