"""Every /game command and every click is one call into the service (docs/design.md): the front
end asks once and publishes what comes back, it never goes back for more."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any

from tests.cogs.support import board_of, custom_ids, hub, open_mogul, pick, prefilled, submit_form, table_in


class Counting:
    """The service, counting each call a front end makes into it."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Any:
        value = getattr(self.inner, name)
        if not inspect.iscoroutinefunction(value):
            return value

        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(name)
            return await value(*args, **kwargs)

        return counted

    async def once(self, what: Callable[[], Awaitable[Any]]) -> tuple[Any, list[str]]:
        """Run one interaction; what it returned and the service calls it made."""
        self.calls = []
        result = await what()
        return result, self.calls


async def test_each_command_and_click_is_one_service_call(simcord_env: Any) -> None:
    env = simcord_env
    guild, channel, actors = await open_mogul(env)
    service = hub(env).service
    counting = Counting(service)
    hub(env).service = counting
    table = await table_in(env, channel)
    ask = (await service.asks(table_id=table.id))[0]
    mover = actors[ask.user_id]
    idle = next(a for u, a in actors.items() if u != ask.user_id)

    for command in ("game board", "game hand", "game status", "game log", "game turns", "game history"):
        result, calls = await counting.once(lambda c=command: mover.slash(channel, c))  # type: ignore[misc]
        assert len(calls) == 1, (command, calls)
        assert result.response is not None or result.followups, command

    # /game move: the move and whether its reply stays private come back together.
    result, calls = await counting.once(lambda: mover.slash(channel, "game move", choice=pick(ask)))
    assert calls == ["act"], calls
    assert (await table_in(env, channel)).ply > table.ply

    # The order form: opening it, and each step submitted (the last one comes back read in words).
    panel, calls = await counting.once(lambda: idle.slash(channel, "game orders"))
    assert calls == ["show_orders"], calls
    button = next(c for c in custom_ids(panel.response) if c.endswith(":form"))
    shown, calls = await counting.once(lambda: idle.click(panel.response, custom_id=button))
    assert calls == ["order_form"] and shown.modal is not None, calls
    while True:
        answered, calls = await counting.once(lambda s=shown: submit_form(idle, s, prefilled(s)))  # type: ignore[misc]
        assert calls == ["order_form"], calls
        following = [c for c in custom_ids(answered.response) if ":next:" in c]
        if not following:
            break
        shown, calls = await counting.once(lambda f=following[0], a=answered: idle.click(a.response, custom_id=f))  # type: ignore[misc]
        assert calls == ["order_form"], calls
    assert any(":save:" in c or c.endswith(":save") for c in custom_ids(answered.response)), custom_ids(
        answered.response
    )

    # A click on the board's "My hand": the private view and the order's buttons in one call.
    board = await board_of(env, channel)
    mine = f"gh:{table.id}:hand"
    assert mine in custom_ids(board), custom_ids(board)
    asked = (await service.asks(table_id=table.id))[0]
    _, calls = await counting.once(lambda: actors[asked.user_id].click(board, custom_id=mine))
    assert calls == ["hand"], calls
    assert guild is not None
