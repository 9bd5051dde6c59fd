"""The quick reference of each game (``/game rules``, and ``rules`` offline), in the reader's language."""

from __future__ import annotations

from bot.i18n import catalogue, t


def rule_topics(game: str, locale: str | None) -> dict[str, str]:
    """The quick-reference topics of ``game`` (the catalogue keys ``<game>.rules.<topic>``, in the
    catalogue's order), each with its name in ``locale`` (``<game>.topic.<topic>``)."""
    prefix = f"{game}.rules."
    topics = [key[len(prefix) :] for key in catalogue("en") if key.startswith(prefix)]
    return {topic: t(f"{game}.topic.{topic}", locale) for topic in topics}


def find_topic(topics: dict[str, str], typed: str) -> str | None:
    """The topic a player named, by its name in their language or by its key (any case)."""
    wanted = typed.strip().casefold()
    return next((topic for topic, name in topics.items() if wanted in (topic.casefold(), name.casefold())), None)


def guide(game: str, topic: str, locale: str | None) -> str:
    """A topic of ``game``'s quick reference (by its name in ``locale`` or its key), ending with
    the other topics; without a topic, or with an unknown one, the list of topics."""
    name = t(f"{game}.name", locale)
    topics = rule_topics(game, locale)
    if not topics:
        return t("discord.rules_none", locale, game=name)
    if not topic.strip():
        return t("discord.rules_topics", locale, game=name, topics=", ".join(topics.values()))
    chosen = find_topic(topics, topic)
    if chosen is None:
        return t("discord.rules_unknown_topic", locale, game=name, topic=topic, topics=", ".join(topics.values()))
    others = t("discord.rules_more", locale, topics=", ".join(n for k, n in topics.items() if k != chosen))
    return f"{t(f'{game}.rules.{chosen}', locale)}\n\n{others}"
