"""English and French catalogues have the same keys and the same placeholders."""

from __future__ import annotations

import ast
import json
import re
import string
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import LOCALES, catalogue, placeholders
from rules.engine import Game
from rules.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "bot" / "i18n"


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


def test_no_empty_text() -> None:
    for locale in LOCALES:
        assert [k for k, v in catalogue(locale).items() if not v.strip()] == []


def game_problems(game: str, rules: Game[Any, Any, Any], entries: dict[str, dict[str, str]]) -> list[str]:
    """What a registered game's texts lack, in ``entries`` (locale -> catalogue): its name and
    tagline, its ``/<game> new`` command and every option's label and values, its standing
    orders' field names where it has orders, the same keys and placeholders in every locale."""
    needed = [f"{game}.name", f"{game}.tagline", f"cmd.{game}.name", f"cmd.{game}.description"]
    needed += [f"cmd.{game}.new.name", f"cmd.{game}.new.description"]
    for spec in rules.options:
        needed += [f"cmd.{game}.new.{spec.name}.name", f"cmd.{game}.new.{spec.name}.description"]
        needed += [f"cmd.{game}.new.{spec.name}.label"]
        needed += [f"cmd.{game}.new.{spec.name}.{value}" for value in spec.choices]
    problems = [f"{locale}: no {key}" for locale in LOCALES for key in needed if key not in entries[locale]]
    own = {
        locale: {k: v for k, v in entries[locale].items() if k.startswith((f"{game}.", f"cmd.{game}."))}
        for locale in LOCALES
    }
    for locale in LOCALES:
        problems += [f"{locale}: no {k}" for k in own["en"].keys() - own[locale].keys()]
        problems += [f"{locale}: only here: {k}" for k in own[locale].keys() - own["en"].keys()]
        problems += [
            f"{locale}: placeholders of {k}"
            for k in own["en"].keys() & own[locale].keys()
            if placeholders(own["en"][k]) != placeholders(own[locale][k])
        ]
    return problems


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_registered_game_has_its_texts(game: str) -> None:
    assert game_problems(game, GAMES[game], {locale: catalogue(locale) for locale in LOCALES}) == []


SOURCES = ("rules", "bot", "cogs")
KEY_PREFIXES = ("error.", "lobby.", "table.", "core.", "discord.", "offline.", "main.", "cmd.")
LITERAL_KEY = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")


def literal_keys() -> dict[str, str]:
    """String literals in the code that are whole catalogue keys: key -> where it is used."""
    prefixes = KEY_PREFIXES + tuple(f"{game}." for game in GAMES)
    found: dict[str, str] = {}
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            # The constant pieces of an f-string are parts of a key built at run time, not keys.
            pieces = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
            for node in ast.walk(tree):
                if (
                    id(node) not in pieces
                    and isinstance(node, ast.Constant)
                    and isinstance(node.value, str)
                    and LITERAL_KEY.fullmatch(node.value)
                    and node.value.startswith(prefixes)
                    and not node.value.endswith((".sqlite3", ".json", ".png", ".md", ".txt"))
                ):
                    found.setdefault(node.value, f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_every_key_the_code_names_exists_in_every_locale() -> None:
    """Keys spelled out in the code exist (keys built at run time are checked by the contract
    test, which renders every event, label and prompt of its playouts in both languages)."""
    for locale in LOCALES:
        entries = shipped(locale)
        missing = {key: where for key, where in literal_keys().items() if key not in entries}
        assert missing == {}, locale


def test_every_option_has_a_label_and_every_value_a_name() -> None:
    """Boards and lobbies show options as players set them, never as raw keys."""
    for locale in LOCALES:
        entries = shipped(locale)
        for game, rules in GAMES.items():
            for spec in rules.options:
                assert f"cmd.{game}.new.{spec.name}.name" in entries, (locale, game, spec.name)
                for value in spec.choices:
                    assert f"cmd.{game}.new.{spec.name}.{value}" in entries, (locale, game, spec.name, value)


def test_texts_name_options_as_their_own_locale_types_them() -> None:
    """A rules text that names an option uses the slash option's name in its own language (the
    French rules say ``premier_joueur_tournant``, which a French player types, not the English name)."""
    for game, rules in GAMES.items():
        for spec in rules.options:
            key = f"cmd.{game}.new.{spec.name}.name"
            names = {locale: shipped(locale)[key] for locale in LOCALES}
            for locale in LOCALES:
                texts = {k: v for k, v in shipped(locale).items() if not k.startswith("cmd.")}
                for other, name in names.items():
                    if name == names[locale]:
                        continue
                    wrong = [k for k, v in texts.items() if re.search(rf"(?<![\w{{-]){re.escape(name)}(?![\w}}:-])", v)]
                    assert not wrong, (locale, f"names option {spec.name} as in {other}: {name}", wrong)


def test_plural_forms_always_give_other() -> None:
    """A plural placeholder falls back to its ``other`` form, so it must have one."""
    for locale in LOCALES:
        for key, text in shipped(locale).items():
            for _, _, spec, _ in string.Formatter().parse(text):
                if spec and spec.startswith("plural|"):
                    assert "|other=" in spec, (locale, key)


# -- French as a native speaker writes it (was docs/french-review.md, a list to read by eye) ------
FRENCH_PUNCTUATION = re.compile(r"[ \u202f]:|[ \u00a0][;!?»]|«[ \u00a0]|(?<=\w)[:;!?](?=\s|$)")


def test_french_punctuation_has_its_no_break_spaces() -> None:
    """A no-break space before a colon, a narrow one before ; ! ? and inside « » (never a plain
    space, which Discord may break a line at), and the typographic apostrophe."""
    for key, text in shipped("fr").items():
        if key.startswith("cmd.") and key.endswith(".name"):
            continue  # slash command names: one word, no punctuation
        assert "'" not in text, key
        bad = FRENCH_PUNCTUATION.search(text.replace("http:", "").replace("https:", ""))
        assert bad is None, (key, text[max(0, bad.start() - 20) : bad.end() + 20])


def test_french_elides_before_a_name_that_starts_with_a_vowel() -> None:
    """French "à la place de ana" is "à la place d’ana": every French text with de, que, le or la before
    a placeholder elides when the value starts with a vowel, and not before a consonant."""
    from bot.i18n import placeholders, t

    checked = 0
    for key, text in shipped("fr").items():
        if not re.search(r"(?:^|\s)(?:de|que) \{player\}", text):
            continue
        params: dict[str, Any] = {name: 1 for name in placeholders(text)}
        params["player"] = "ana"
        filled = t(key, "fr", **params)
        assert "de ana" not in filled and "que ana" not in filled, (key, filled)
        assert "d’ana" in filled or "qu’ana" in filled, (key, filled)
        params["player"] = "ben"
        assert "d’ben" not in t(key, "fr", **params)
        checked += 1
    assert checked


@pytest.mark.parametrize(
    ("key", "params", "french"),
    [
        ("table.ai_played", {"player": "ana", "ai": 3, "total": 5, "time": ""}, "à la place d’ana"),
        ("table.event.left_game", {"player": "ana"}, "l’IA joue à sa place"),
        ("table.event.returned", {"player": "ana"}, "ana est de retour et reprend sa place."),
        ("table.you_returned", {}, "vous reprenez votre place."),
        ("undo.done", {"action": "Rester"}, "Coup annulé\xa0: «\u202fRester\u202f»."),
        (
            "offline.seat_asked",
            {"player": "ana", "ai": "", "waited": "peu", "deadline": ""},
            "• À ana de jouer, depuis peu",
        ),
        ("cmd.game.settings.description", {}, "délais dépassés"),
        ("mogul.event.auction_won", {"winner": "ben", "runner": "ana"}, "ana est deuxième."),
        ("offline.only", {"player": "ana"}, "pour ana uniquement"),
        ("table.you_played", {"action": "Rester (payer 1 jeton)"}, "C’est fait\xa0: rester (payer 1 jeton)."),
        ("racebow.private.stack", {"stack": "Y G", "right": 0}, "Votre pile\xa0: J V"),
    ],
)
def test_french_says_it_as_a_native_speaker(key: str, params: dict[str, Any], french: str) -> None:
    """Issue 28's French list: elision, "joue à sa place", "reprend sa place", "Coup annulé", "à ana
    de jouer", "délais dépassés", "est deuxième", no capital after a colon, French letters for
    Racebow's colours."""
    from bot.i18n import t

    assert french in t(key, "fr", **params)


def test_only_you_is_said_once_in_a_message() -> None:
    """French "vous seul le voyez" was said twice: the order's description and its frame each said it."""
    from bot.i18n import t

    for locale, said in (("en", "only you"), ("fr", "vous seul")):
        for key in [k for k in shipped(locale) if k.endswith(".order.describe_max") or ".order.describe." in k]:
            text = t("orders.yours", locale, order=shipped(locale)[key])
            assert text.casefold().count(said) <= 1, (locale, key, text)


def test_french_mogul_takes_the_pot_with_one_verb() -> None:
    """MG's pot is "pris" everywhere, as the picture says ("prendre le pot"), never "ramassé": one
    verb for one thing across rules, buttons, prompts, events and the board."""
    french = {key: text for key, text in shipped("fr").items() if key.startswith("mogul.")}
    assert not [key for key, text in french.items() if "ramass" in text]
    for key in ("mogul.action.drop", "mogul.board.asks.auction", "mogul.picture.ask.auction"):
        assert "prendre le pot" in french.get(key, "prendre le pot"), key
