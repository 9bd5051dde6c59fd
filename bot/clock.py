"""Turn clocks for games played over days: each player's time bank, reminders, timeouts, pauses.

Board Game Arena's turn-based clock is the model: every player has a bank of time (72 hours by
default); their clock runs while one of their decisions is open; each move refills the bank by a
bonus (24 hours) up to its starting size, so a player who answers within a day never runs short,
and one who vanishes is noticed within three days. Two reminders go out, at half the time left
and near the end. When the bank is empty the table's policy applies (the AI plays that decision,
or the turn is skipped where the rules allow it); after two timeouts in a row the seat is marked
away and the AI plays it until the player comes back. The host may pause the table, at most seven
days in all per game, so a pause can never stall a game for good.

Everything here is plain arithmetic over ISO times and JSON, without I/O: the service decides
with it inside the guarded write of each move.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import lru_cache

HOUR = 3600.0
DEFAULT_BANK_HOURS = 72
DEFAULT_BONUS_HOURS = 24
MAX_PAUSE = timedelta(days=7)
TIMEOUTS_BEFORE_AWAY = 2
NEAR_END = timedelta(hours=2)
"""The last reminder comes this long before the deadline (or at three quarters, if sooner)."""
POLICIES = ("ai", "skip")
BANK_CHOICES = (0, 24, 48, 72, 168)
"""Bank sizes a host may choose, in hours (0: no clock)."""
BONUS_CHOICES = (0, 6, 12, 24, 48)


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


@dataclass(frozen=True)
class TableSettings:
    """What the host chose for the table's clock."""

    bank_hours: int = DEFAULT_BANK_HOURS
    """Each player's time bank; 0 = no clock (nobody is ever timed out)."""
    bonus_hours: int = DEFAULT_BONUS_HOURS
    """Time added to the mover's bank after each move, up to the bank's starting size."""
    policy: str = "ai"
    """When a clock runs out: "ai" plays the decision, "skip" passes the turn where the rules allow."""

    @property
    def timed(self) -> bool:
        """True when players have a clock at all."""
        return self.bank_hours > 0

    def to_json(self) -> str:
        """As stored."""
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_json(cls, text: str | None) -> TableSettings:
        """From the stored JSON (missing fields keep their defaults)."""
        return _settings(text or "{}")


@dataclass(frozen=True)
class SeatClock:
    """One seat's clock and standing."""

    bank: float
    """Seconds left in the bank when the seat's current decision opened."""
    timeouts: int = 0
    """Timeouts in a row (a move of the player's own resets it)."""
    away_since: str | None = None
    """Since when the AI plays this seat (two timeouts, /game leave, or a kick); None: present."""
    ai_seconds: float = 0.0
    """Seconds the AI played this seat before its latest return (for the results)."""
    reminded: int = 0
    """Reminders sent for the current decision (0, 1 or 2)."""
    moved_at: str | None = None
    """When the player last made a move of their own (for the recap of what they missed)."""

    @property
    def away(self) -> bool:
        """True while the AI plays this seat."""
        return self.away_since is not None


@dataclass(frozen=True)
class Clocks:
    """Every seat's clock, and the table's pause."""

    seats: tuple[SeatClock, ...] = ()
    paused_at: str | None = None
    pause_used: float = 0.0
    """Seconds of pause used so far in this game (at most seven days in all)."""

    @classmethod
    def start(cls, players: int, settings: TableSettings) -> Clocks:
        """Full banks for everyone."""
        return cls(seats=tuple(SeatClock(bank=settings.bank_hours * HOUR) for _ in range(players)))

    def to_json(self) -> str:
        """As stored (every move writes it: built by hand, not by the slower ``asdict``)."""
        return json.dumps(
            {"seats": [vars(s) for s in self.seats], "paused_at": self.paused_at, "pause_used": self.pause_used},
            sort_keys=True,
        )

    @classmethod
    def from_json(cls, text: str | None, players: int, settings: TableSettings) -> Clocks:
        """From the stored JSON; a table stored before clocks existed gets full banks."""
        if not text or text == "{}":
            return cls.start(players, settings)
        return _clocks(text)

    def with_seat(self, seat: int, clock: SeatClock) -> Clocks:
        """These clocks with one seat's replaced."""
        seats = (*self.seats[:seat], clock, *self.seats[seat + 1 :])
        return Clocks(seats=seats, paused_at=self.paused_at, pause_used=self.pause_used)

    @property
    def paused(self) -> bool:
        """True while the host's pause holds every clock."""
        return self.paused_at is not None

    def pause_left(self, now: datetime) -> timedelta:
        """How much pause the table may still use (counting the pause under way)."""
        used = timedelta(seconds=self.pause_used)
        if self.paused_at is not None:
            used += now - parse_time(self.paused_at)
        return max(timedelta(0), MAX_PAUSE - used)


def deadline(since: str, clock: SeatClock) -> datetime:
    """When a decision opened at ``since`` runs out of time."""
    return parse_time(since) + timedelta(seconds=clock.bank)


def reminder_times(since: str, clock: SeatClock) -> tuple[datetime, datetime]:
    """The two reminders of a decision: at half the time left, and near the end."""
    start = parse_time(since)
    bank = timedelta(seconds=clock.bank)
    end = start + bank
    return start + bank / 2, max(start + bank / 2, end - min(NEAR_END, bank / 4))


def after_move(clock: SeatClock, since: str, now: datetime, settings: TableSettings) -> SeatClock:
    """The mover's clock after a move of their own: time used is spent, the bonus added (capped);
    a move of one's own also ends a run of timeouts."""
    used = (now - parse_time(since)).total_seconds()
    cap = settings.bank_hours * HOUR
    bank = min(cap, max(0.0, clock.bank - used) + settings.bonus_hours * HOUR)
    # Built directly: ``dataclasses.replace`` costs more than the rest of a move's clock work.
    return SeatClock(
        bank=bank, timeouts=0, away_since=clock.away_since, ai_seconds=clock.ai_seconds, reminded=0, moved_at=iso(now)
    )


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
    """The AI takes the seat from now on."""
    return clock if clock.away else replace(clock, away_since=iso(now))


def come_back(clock: SeatClock, now: datetime) -> SeatClock:
    """The player takes their seat back; the AI's time is counted for the results."""
    if clock.away_since is None:
        return clock
    played = (now - parse_time(clock.away_since)).total_seconds()
    return replace(clock, away_since=None, timeouts=0, ai_seconds=clock.ai_seconds + played)


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
        return [Due("resume")] if clocks.pause_left(now) <= timedelta(0) else []
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
        return now + clocks.pause_left(now)
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


@lru_cache(maxsize=256)
def _settings(text: str) -> TableSettings:
    """Parsed settings (read at every move: parsed once per distinct text)."""
    data = json.loads(text)
    return TableSettings(**{k: data[k] for k in ("bank_hours", "bonus_hours", "policy") if k in data})


@lru_cache(maxsize=4096)
def _clocks(text: str) -> Clocks:
    """Parsed clocks (a move reads them and its outbox reads what it wrote: parsed once)."""
    data = json.loads(text)
    return Clocks(
        seats=tuple(SeatClock(**seat) for seat in data["seats"]),
        paused_at=data.get("paused_at"),
        pause_used=float(data.get("pause_used", 0.0)),
    )
