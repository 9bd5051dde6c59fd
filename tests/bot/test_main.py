"""``python -m bot`` without a token explains how to get one and how to play offline."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main


def test_no_token_exits_with_a_clear_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main([]) == 2
    message = capsys.readouterr().err
    assert "DISCORD_TOKEN" in message and ".env" in message
    assert "discord.com/developers/applications" in message
    assert "applications.commands" in message
    assert "scripts/bot.sh offline mogul" in message  # works as written, outside the venv too


def test_offline_mode_is_reached_through_main(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(""))
    assert main(["offline", "mogul", "--players", "a,b,c", "--ai", "a,b,c", "--seed", "1"]) == 0
    assert "🏆" in capsys.readouterr().out


def test_without_network_the_bot_says_so_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue: with a token but no network, ~79 lines of aiohttp traceback and voice warnings."""
    import aiohttp

    from bot import client
    from bot.settings import Settings

    async def unreachable(self: object, token: str) -> None:
        raise aiohttp.ClientConnectionError("Cannot connect to host discord.com:443")

    monkeypatch.setattr(client.GameBot, "start", unreachable)
    with pytest.raises(SystemExit) as stopped:
        client.run(Settings(discord_token="x.y.z", database_path=":memory:"))
    message = str(stopped.value)
    assert message.startswith("Discord cannot be reached") and "\n" not in message
