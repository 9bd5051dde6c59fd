"""English and French catalogues have the same keys and the same placeholders."""

from __future__ import annotations

import json
from pathlib import Path

from bot.i18n import LOCALES, catalogue, placeholders
from rules.registry import GAMES

I18N = Path(__file__).resolve().parent.parent / "bot" / "i18n"


def shipped(locale: str) -> dict[str, str]:
    merged: dict[str, str] = {}
    for path in sorted((I18N / locale).glob("*.json")):
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def test_every_locale_has_the_same_files() -> None:
    files = {loc: sorted(p.name for p in (I18N / loc).glob("*.json")) for loc in LOCALES}
    assert all(names == files["en"] for names in files.values())


def test_same_keys_in_every_locale() -> None:
    en = shipped("en")
    for locale in LOCALES:
        other = shipped(locale)
        assert sorted(en.keys() - other.keys()) == [], f"missing in {locale}"
        assert sorted(other.keys() - en.keys()) == [], f"only in {locale}"


def test_same_placeholders_in_every_locale() -> None:
    en = shipped("en")
    for locale in LOCALES:
        other = shipped(locale)
        differ = {
            k: (placeholders(en[k]), placeholders(other[k]))
            for k in en
            if placeholders(en[k]) != placeholders(other.get(k, ""))
        }
        assert differ == {}, f"{locale}: {differ}"


def test_no_empty_text_and_every_game_is_named() -> None:
    for locale in LOCALES:
        entries = catalogue(locale)
        assert [k for k, v in entries.items() if not v.strip()] == []
        for game in GAMES:
            assert f"{game}.name" in entries and f"{game}.tagline" in entries
