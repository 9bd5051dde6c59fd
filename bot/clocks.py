"""Turn clocks for games played over days: the arithmetic of each player's time bank, reminders,
timeouts and pauses.

Board Game Arena's turn-based clock is the model: every player has a bank of time (72 hours by
default); their clock runs while one of their decisions is open; each move refills the bank by a
bonus (24 hours) up to its starting size, so a player who answers within a day never runs short,
and one who vanishes is noticed within three days. Two reminders go out, at half the time left
and near the end. When the bank is empty the table's policy applies (the AI plays that decision,
or the turn is skipped where the rules allow it); after two timeouts in a row the seat is marked
away and the AI plays it until the player comes back. The host may pause the table, at most seven
days in all per game, so a pause can never stall a game for good.

Plain arithmetic over the typed clocks of db/records.py, without I/O: the service decides with it
inside the guarded write of each move (bot/timekeeper.py runs what falls due).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import lru_cache
from typing import Any

from bot.errors import BadOption
from db.records import HOUR, Clocks, SeatClock, TableSettings

POLICIES = ("ai", "skip")
"""What a timeout does: the AI plays the decision, or the turn is skipped where the rules allow."""
BANK_CHOICES = (0, 24, 48, 72, 168)
"""Bank sizes a host may choose, in hours (0: no clock)."""
BONUS_CHOICES = (0, 6, 12, 24, 48)
"""Bonuses per move a host may choose, in hours."""
MAX_PAUSE = timedelta(days=7)
TIMEOUTS_BEFORE_AWAY = 2
NEAR_END = timedelta(hours=2)
"""The last reminder comes this long before the deadline (or at three quarters, if sooner)."""


def settings_problem(settings: TableSettings) -> str | None:
    """The first clock setting outside the offered choices, by its command option's name (clock,
    bonus, timeouts), or None when all are valid."""
    if not isinstance(settings.bank_hours, int) or settings.bank_hours not in BANK_CHOICES:
        return "clock"
    if not isinstance(settings.bonus_hours, int) or settings.bonus_hours not in BONUS_CHOICES:
        return "bonus"
    if settings.policy not in POLICIES:
        return "timeouts"
    if not isinstance(settings.hints, bool):
        return "hints"
    return None


def make_settings(
    bank_hours: int | None = None,
    bonus_hours: int | None = None,
    policy: str | None = None,
    hints: bool | None = None,
) -> TableSettings:
    """A table's settings from what a host chose (each unset value keeps its default)."""
    default = TableSettings()
    return TableSettings(
        bank_hours=default.bank_hours if bank_hours is None else bank_hours,
        bonus_hours=default.bonus_hours if bonus_hours is None else bonus_hours,
        policy=default.policy if policy is None else policy,
        hints=default.hints if hints is None else hints,
    )


CHOICES = ("bank_hours", "bonus_hours", "policy", "hints")
"""What a front end may choose of a table's settings (``settings_from``'s keys)."""


def settings_from(choices: Mapping[str, Any]) -> TableSettings:
    """A table's settings from a front end's choices by name (``CHOICES``); a name that is not a
    setting is refused, naming it (its values are checked where the settings are used)."""
    for name in choices:
        if name not in CHOICES:
            raise BadOption("error.clock_field", field=name, fields=", ".join(CHOICES))
    return make_settings(**choices)


@lru_cache(maxsize=4096)
def parse_time(text: str) -> datetime:
    """An ISO time as the store writes it (remembered: every move reads the times its open
    decisions opened at, which stay the same until they close)."""
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@lru_cache(maxsize=256)
def iso(moment: datetime) -> str:
    """A time as the store writes it (UTC, whole seconds; remembered: a move writes its time in
    several places)."""
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def pause_left(clocks: Clocks, now: datetime) -> timedelta:
    """How much pause the table may still use (counting the pause under way)."""
    used = timedelta(seconds=clocks.pause_used)
    if clocks.paused_at is not None:
        used += now - parse_time(clocks.paused_at)
    return max(timedelta(0), MAX_PAUSE - used)


def pause_end(clocks: Clocks, now: datetime) -> datetime:
    """When the pause under way ends if it is resumed at ``now``: then, or when its seven days ran
    out if that came first (the bot was down): the clocks ran again from that moment."""
    assert clocks.paused_at is not None
    limit = parse_time(clocks.paused_at) + max(timedelta(0), MAX_PAUSE - timedelta(seconds=clocks.pause_used))
    return min(now, limit)


def deadline(since: str, clock: SeatClock) -> datetime:
    """When a decision opened at ``since`` runs out of time."""
    return parse_time(since) + timedelta(seconds=clock.bank)


def reminder_times(since: str, clock: SeatClock) -> tuple[datetime, datetime]:
    """The two reminders of a decision: at half the time left, and near the end."""
    start = parse_time(since)
    bank = timedelta(seconds=clock.bank)
    end = start + bank
    return start + bank / 2, max(start + bank / 2, end - min(NEAR_END, bank / 4))


def used(since: str, now: datetime, paused_at: str | None = None) -> float:
    """Seconds of a decision's clock used from ``since`` to ``now``: a clock held by the host's
    pause stopped when the pause began (a decision opened during the pause has used nothing)."""
    end = now if paused_at is None else min(now, parse_time(paused_at))
    return max(0.0, (end - parse_time(since)).total_seconds())


def after_move(
    clock: SeatClock,
    since: str,
    now: datetime,
    settings: TableSettings,
    *,
    paused_at: str | None = None,
    own: bool = True,
) -> SeatClock:
    """The mover's clock after a move of theirs: the time used is spent (none of it during the
    host's pause), the bonus added (capped); it also ends a run of timeouts. ``own`` False for a
    move their standing order made: it is theirs for the clock, but not a visit (``moved_at``
    stays, so the recap still starts at their last own decision)."""
    cap = settings.bank_hours * HOUR
    left = max(0.0, clock.bank - used(since, now, paused_at))
    bank = min(cap, left + settings.bonus_hours * HOUR)
    # Built directly: ``dataclasses.replace`` costs more than the rest of a move's clock work.
    return SeatClock(
        bank=bank,
        timeouts=0,
        away_since=clock.away_since,
        ai_seconds=clock.ai_seconds,
        reminded=0,
        moved_at=iso(now) if own else clock.moved_at,
        kicked=clock.kicked,
        decisions=clock.decisions,
        ai_decisions=clock.ai_decisions,
        hints=clock.hints,
        undo_bank=left if own else clock.undo_bank,
    )


def undone(clock: SeatClock) -> SeatClock:
    """The clock of a player who took their last move back: the bank that move left them, without
    its bonus, and one decision fewer (they decide it again)."""
    bank = clock.bank if clock.undo_bank is None else clock.undo_bank
    return replace(clock, bank=bank, undo_bank=None, decisions=max(0, clock.decisions - 1))


def counted(clock: SeatClock, moves: int, by_ai: int) -> SeatClock:
    """``clock`` with ``moves`` more decisions of its seat, ``by_ai`` of them made by the AI for an
    absent player (the fair leaderboard counts them)."""
    if not moves:
        return clock
    return replace(clock, decisions=clock.decisions + moves, ai_decisions=clock.ai_decisions + by_ai)


def resumed(since: str, paused_at: str, now: datetime) -> str:
    """When a decision's clock counts from once the host's pause ends at ``now``: pushed on by the
    part of the pause it was open for (all of it for one opened before the pause, only the time
    since it opened for one opened during it), so the pause takes no one's time and gives none."""
    start = parse_time(since)
    held = now - max(start, parse_time(paused_at))
    return iso(start + held) if held > timedelta(0) else since


def after_timeout(clock: SeatClock, now: datetime, settings: TableSettings) -> SeatClock:
    """A seat whose time ran out: the bonus only, one more timeout in a row, and away after two."""
    timeouts = clock.timeouts + 1
    away = clock.away_since or (iso(now) if timeouts >= TIMEOUTS_BEFORE_AWAY else None)
    return replace(
        clock,
        bank=min(settings.bank_hours, settings.bonus_hours) * HOUR,
        timeouts=timeouts,
        away_since=away,
        reminded=0,
    )


def leave(clock: SeatClock, now: datetime) -> SeatClock:
    """The AI takes the seat from now on, until its player comes back with /game return (they left,
    or the host kicked them: a stray command does not take the seat back)."""
    return clock if clock.away else replace(clock, away_since=iso(now), kicked=True)


def come_back(clock: SeatClock, now: datetime) -> SeatClock:
    """The player takes their seat back; the AI's time is counted for the results."""
    if clock.away_since is None:
        return clock
    played = (now - parse_time(clock.away_since)).total_seconds()
    return replace(clock, away_since=None, timeouts=0, ai_seconds=clock.ai_seconds + played, kicked=False)


def ai_seconds(clock: SeatClock, now: datetime) -> float:
    """All the time the AI has played this seat, up to ``now``."""
    extra = (now - parse_time(clock.away_since)).total_seconds() if clock.away_since else 0.0
    return clock.ai_seconds + extra


@dataclass(frozen=True)
class Due:
    """Something that falls due at a table: a reminder (stage 1 or 2), a timeout, or the end of
    the pause."""

    kind: str  # "remind", "timeout" or "resume"
    seat: int = -1
    stage: int = 0
    at: datetime = field(default_factory=lambda: datetime.min.replace(tzinfo=UTC))


def pending(
    decisions: list[tuple[int, str]], clocks: Clocks, settings: TableSettings, humans: set[int], now: datetime
) -> list[Due]:
    """What is due at ``now`` (or earlier) for the open decisions (seat, since) of present humans."""
    if clocks.paused:
        return [Due("resume")] if pause_left(clocks, now) <= timedelta(0) else []
    if not settings.timed:
        return []
    found: list[Due] = []
    for seat, since in decisions:
        clock = clocks.seats[seat]
        if seat not in humans or clock.away:
            continue
        end = deadline(since, clock)
        if now >= end:
            found.append(Due("timeout", seat, at=end))
            continue
        for stage, at in enumerate(reminder_times(since, clock), start=1):
            if clock.reminded < stage and now >= at:
                found.append(Due("remind", seat, stage, at))
    return found


def next_due(
    decisions: list[tuple[int, str]], clocks: Clocks, settings: TableSettings, humans: set[int], now: datetime
) -> datetime | None:
    """When something next falls due at the table (None: nothing will until someone moves)."""
    if clocks.paused:
        return now + pause_left(clocks, now)
    if not settings.timed:
        return None
    times: list[datetime] = []
    for seat, since in decisions:
        clock = clocks.seats[seat]
        if seat not in humans or clock.away:
            continue
        times.append(deadline(since, clock))
        times.extend(at for stage, at in enumerate(reminder_times(since, clock), start=1) if clock.reminded < stage)
    return min(times) if times else None
