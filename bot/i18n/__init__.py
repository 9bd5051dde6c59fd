"""Message catalogues (English and French) and the ``Text`` that renderers write with.

Catalogues are JSON files, one per area (``core.json``, ``mogul.json`` ...) in ``en/`` and ``fr/``;
placeholders use ``str.format`` syntax. A key missing in a locale falls back to English, and a test
makes sure no key is missing in the first place.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path

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


@cache
def catalogue(locale: str) -> dict[str, str]:
    """Every key of ``locale``, merged from its JSON files (and any added entries)."""
    merged: dict[str, str] = dict(_EXTRA.get(locale, {}))
    for path in sorted((_ROOT / locale).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        clash = merged.keys() & data.keys()
        if clash:
            raise ValueError(f"{path}: keys defined twice: {sorted(clash)[:5]}")
        merged.update(data)
    return merged


def placeholders(text: str) -> set[str]:
    """The placeholder names in a catalogue text."""
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


def t(key: str, locale: str | None = None, /, **params: ParamValue) -> str:
    """The text for ``key`` in ``locale`` (English if absent), placeholders filled."""
    loc = normalize_locale(locale)
    text = catalogue(loc).get(key) or catalogue(DEFAULT_LOCALE).get(key)
    if text is None:
        raise KeyError(f"no catalogue entry {key!r}")
    return text.format(**params) if params else text


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
        return self._names.get(seat, self(("core.seat_name"), n=seat + 1))

    def msg(self, msg: Msg) -> str:
        """A whole ``Msg``: terms translated, seats named, then the sentence."""
        params: dict[str, ParamValue] = dict(msg.params)
        params.update({k: self(v) for k, v in msg.terms.items()})
        params.update({k: self.name(v) for k, v in msg.seats.items()})
        return self(msg.key, **params)
