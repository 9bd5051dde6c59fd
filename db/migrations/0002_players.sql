-- What the bot remembers about a user across tables: closed DMs (error 50007) and language.
CREATE TABLE players (
    user_id    TEXT PRIMARY KEY,
    dm_closed  INTEGER NOT NULL DEFAULT 0,
    locale     TEXT,
    updated_at TEXT NOT NULL
);
