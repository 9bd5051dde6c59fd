"""Message catalogues (English and French) and the ``Text`` that renderers write with.

Catalogues are JSON files, one per area (``core.json``, ``mogul.json`` ...) in ``en/`` and ``fr/``;
placeholders use ``str.format`` syntax. A key missing in a locale falls back to English, and a test
makes sure no key is missing in the first place.

Numbers, money and plurals are formatted per locale by Babel (CLDR data), never by hand, through
three placeholder formats a catalogue text may use:

- ``{n:num}``: the number as the locale writes it (``10,000`` / ``10 000``);
- ``{amount:money}``, ``{amount:money+}``: an amount of the games' dollars (``$10,000``,
  ``10 000 $``), with a sign when negative (and, for ``money+``, when positive);
- ``{n:plural|one=# chip|other=# chips}``: the form of the locale's CLDR plural category for
  ``n`` (French counts 0 and 1 as ``one``), ``#`` standing for the formatted number; a category
  the text does not give falls back to ``other``.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.dates import format_datetime, format_timedelta
from babel.numbers import format_decimal

from rules.engine import Msg, ParamValue, Seat

LOCALES = ("en", "fr")
DEFAULT_LOCALE = "en"
_ROOT = Path(__file__).parent


def normalize_locale(locale: str | None) -> str:
    """Map a Discord locale ('fr', 'en-US', 'en-GB' ...) to one of ours."""
    if locale:
        short = str(locale).split("-")[0].lower()
        if short in LOCALES:
            return short
    return DEFAULT_LOCALE


_EXTRA: dict[str, dict[str, str]] = {}


def add_catalogue(locale: str, entries: Mapping[str, str]) -> None:
    """Add entries for a game that ships outside bot/i18n (a plug-in, a test game)."""
    _EXTRA.setdefault(locale, {}).update(entries)
    catalogue.cache_clear()
    _FILLED.clear()


@cache
def catalogue(locale: str) -> dict[str, str]:
    """Every key of ``locale``, merged from its JSON files (and any added entries).

    Texts name commands as English slash commands ("/game hand"); Discord shows a French reader
    the French names ("/partie main"), so other locales get their own names written in."""
    merged: dict[str, str] = dict(_EXTRA.get(locale, {}))
    for path in sorted((_ROOT / locale).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        clash = merged.keys() & data.keys()
        if clash:
            raise ValueError(f"{path}: keys defined twice: {sorted(clash)[:5]}")
        merged.update(data)
    if locale != DEFAULT_LOCALE:
        own = merged

        def localized(match: re.Match[str]) -> str:
            sub = own.get(f"cmd.game.{match.group(1)}.name")
            return f"/{own.get('cmd.game.name', 'game')} {sub}" if sub else match.group(0)

        merged = {key: text if key.startswith("cmd.") else COMMAND.sub(localized, text) for key, text in merged.items()}
    return merged


COMMAND = re.compile(r"/game ([a-z]+)\b")
"""A /game subcommand named in a text."""


def offline_commands(text: str, locale: str | None) -> str:
    """``text`` with its slash commands named as the offline table's commands ("hand")."""
    entries = catalogue(normalize_locale(locale))
    names = {entries.get(f"cmd.game.{sub}.name", sub): sub for sub in _SUBCOMMANDS}
    group = re.escape(entries.get("cmd.game.name", "game"))
    pattern = re.compile(rf"/(?:game|{group}) ([\w-]+)")
    opening, closing = ("«\u202f", "\u202f»") if normalize_locale(locale) == "fr" else ("“", "”")
    return pattern.sub(lambda m: f"{opening}{names.get(m.group(1), m.group(1))}{closing}", text)


_SUBCOMMANDS = (
    "join",
    "leave",
    "start",
    "cancel",
    "addbot",
    "board",
    "hand",
    "move",
    "log",
    "status",
    "games",
    "rules",
    "settings",
    "pause",
    "resume",
    "kick",
    "return",
    "undo",
    "remind",
    "leaderboard",
    "history",
)


def placeholders(text: str) -> set[str]:
    """The placeholder names in a catalogue text, also those inside a plural's forms
    (``{n:plural|one=# {colour} share|other=...}``)."""
    found: set[str] = set()
    for _, field, spec, _ in string.Formatter().parse(text):
        if field:
            found.add(field)
        if spec:
            found |= placeholders(spec)
    return found


class _LocaleFormatter(string.Formatter):
    """``str.format`` with the ``num``, ``money`` and ``plural`` formats of one locale."""

    def __init__(self, locale: str) -> None:
        self.locale = locale
        self.babel = Locale.parse(locale)
        self._numbers: dict[int, str] = {}
        self._plurals: dict[str, dict[str, str]] = {}
        self._categories: dict[int, str] = {}

    def number(self, value: int) -> str:
        """``value`` grouped as the locale writes numbers (Babel's answer, remembered: boards
        write the same few numbers again and again, and Babel takes some 20 µs for each)."""
        found = self._numbers.get(value)
        if found is None:
            found = str(format_decimal(value, locale=self.babel))
            if len(self._numbers) < 100_000:
                self._numbers[value] = found
        return found

    def format_text(self, text: str, params: dict[str, Any]) -> str:
        """``text`` with its placeholders filled: ``string.Formatter.format`` for our formats,
        from the text's parts parsed once (the parse, in Python, cost more than the rest)."""
        out: list[str] = []
        for literal, field, spec, conversion in _parts(text):
            out.append(literal)
            if field is None:
                continue
            value = params[field]
            if conversion:
                value = self.convert_field(value, conversion)
            if "{" in spec:  # placeholders inside a plural's forms
                spec = spec.format(**params)
            out.append(self.format_field(value, spec))
        return "".join(out)

    def format_field(self, value: Any, format_spec: str) -> str:
        """Format one placeholder, understanding our three formats."""
        if format_spec == "num":
            return self.number(int(value))
        if format_spec in ("money", "money+"):
            amount = int(value)
            sign = "−" if amount < 0 else ("+" if format_spec == "money+" and amount > 0 else "")
            return sign + t("core.money", self.locale, amount=self.number(abs(amount)))
        if format_spec.startswith("plural|"):
            forms = self._plurals.get(format_spec)
            if forms is None:
                forms = dict(part.split("=", 1) for part in format_spec[len("plural|") :].split("|"))
                self._plurals[format_spec] = forms
            count = abs(int(value))
            category = self._categories.get(count)
            if category is None:
                category = str(self.babel.plural_form(count))
                if len(self._categories) < 100_000:
                    self._categories[count] = category
            return (forms.get(category) or forms["other"]).replace("#", self.number(int(value)))
        return str(super().format_field(value, format_spec))


@cache
def _parts(text: str) -> tuple[tuple[str, str | None, str, str | None], ...]:
    """A catalogue text cut into (literal, field, format spec, conversion) parts, once."""
    parts = []
    for literal, field, spec, conversion in string.Formatter().parse(text):
        if field is not None and not field.isidentifier():
            raise ValueError(f"catalogue placeholders are plain names, not {field!r}: {text!r}")
        parts.append((literal, field, spec or "", conversion))
    return tuple(parts)


@cache
def _needs_locale(text: str) -> bool:
    """True if a catalogue text uses one of the locale formats (num, money, plural)."""
    return any(spec and spec.split("|")[0] in _SPECS for _, _, spec, _ in string.Formatter().parse(text))


_SPECS = {"num", "money", "money+", "plural"}


@cache
def _formatter(locale: str) -> _LocaleFormatter:
    return _LocaleFormatter(locale)


_FILLED: dict[tuple[object, ...], str] = {}
"""Filled texts by (locale, key, parameters): a board redrawn after a move says again most of
what it said before (the same legend, the same player lines), and filling costs more than
finding it here. Parameters are strings and whole numbers (``ParamValue``), so the key is exact."""


def t(key: str, locale: str | None = None, /, **params: ParamValue) -> str:
    """The text for ``key`` in ``locale`` (English if absent), placeholders filled."""
    loc = locale if locale in LOCALES else normalize_locale(locale)
    if params:
        memo = (loc, key, *params.items())
        found = _FILLED.get(memo)
        if found is not None:
            return found
    text = catalogue(loc).get(key) or catalogue(DEFAULT_LOCALE).get(key)
    if text is None:
        raise KeyError(f"no catalogue entry {key!r}")
    if not params:
        return text
    # Most texts need only str.format (in C); the locale formatter parses in Python.
    filled = _formatter(loc).format_text(text, params) if _needs_locale(text) else text.format(**params)
    if len(_FILLED) >= 50_000:
        _FILLED.clear()
    _FILLED[memo] = filled
    return filled


def number(value: int, locale: str | None) -> str:
    """``value`` as ``locale`` writes numbers."""
    return _formatter(normalize_locale(locale)).number(value)


def duration(seconds: float, locale: str | None) -> str:
    """A length of time as ``locale`` says it, rounded ("2 hours", "3 jours")."""
    return str(format_timedelta(timedelta(seconds=seconds), locale=_formatter(normalize_locale(locale)).babel))


MOMENT = {"en": "MMM d 'at' HH:mm", "fr": "d MMM 'à' H 'h' mm"}
"""How each language writes a day and a time without the year ("Nov 29 at 14:02", "29 nov. à
14 h 02"), in CLDR's date pattern syntax (the month's name is Babel's, per locale)."""


def moment(when: datetime, locale: str | None) -> str:
    """A day and time in UTC as ``locale`` writes them (for front ends that cannot show a reader's
    local time): "Nov 29 at 14:02 (UTC)", "29 nov. à 14 h 02 (UTC)"."""
    loc = normalize_locale(locale)
    babel = _formatter(loc).babel
    return str(format_datetime(when, MOMENT.get(loc, MOMENT["en"]), tzinfo=UTC, locale=babel)) + " (UTC)"


class Text:
    """A reader's language and the table's player names: what renderers write with."""

    def __init__(self, locale: str | None, names: Sequence[str] | Mapping[Seat, str] = ()) -> None:
        self.locale = normalize_locale(locale)
        self._names = dict(enumerate(names)) if isinstance(names, Sequence) else dict(names)

    def __call__(self, key: str, /, **params: ParamValue) -> str:
        """The catalogue text for ``key`` with its placeholders filled."""
        return t(key, self.locale, **params)

    def name(self, seat: Seat) -> str:
        """The display name of the player in ``seat``."""
        found = self._names.get(seat)
        return found if found is not None else self("core.seat_name", n=seat + 1)

    def msg(self, msg: Msg) -> str:
        """A whole ``Msg``: terms translated (with the Msg's own parameters, so a term may hold a
        number: a clause of an order's read-back), seats named, then the sentence."""
        params: dict[str, ParamValue] = dict(msg.params)
        params.update({k: self(v, **msg.params) for k, v in msg.terms.items()})
        params.update({k: self.name(v) for k, v in msg.seats.items()})
        return self(msg.key, **params)
