"""``python -m bot`` runs the bot; ``python -m bot offline <game> ...`` plays a table in the terminal;
``python -m bot copy-db --from <sqlite file> --to <postgresql url>`` moves the data to PostgreSQL;
``python -m bot rebuild-ratings [--check]`` recomputes the leaderboard from the finished games."""

from __future__ import annotations

import sys


def main(argv: list[str]) -> int:
    """Dispatch to the offline table, the database copy, the ratings' rebuild or the Discord client."""
    if argv[:1] == ["offline"]:
        from bot.offline import main as offline

        return offline(argv[1:])
    if argv[:1] == ["copy-db"]:
        from bot.copy_db import main as copy_db

        return copy_db(argv[1:])
    if argv[:1] == ["rebuild-ratings"]:
        from bot.leaderboard import main as rebuild_ratings

        return rebuild_ratings(argv[1:])
    from bot.i18n import t
    from bot.settings import Settings

    settings = Settings()
    if not settings.discord_token.strip():
        print(t("main.no_token", "en"), file=sys.stderr)
        return 2
    from bot.client import run

    run(settings)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
