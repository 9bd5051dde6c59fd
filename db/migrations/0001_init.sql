-- Tables, seats and the append-only action log (DESIGN.md, "Persistence").
-- db/postgres/0001_init.sql repeats this schema in PostgreSQL's dialect (BIGINT identities,
-- BOOLEAN columns): each backend migrates with its own files.
CREATE TABLE tables (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER,
    channel_id       INTEGER NOT NULL,
    game             TEXT    NOT NULL,
    options          TEXT    NOT NULL,              -- JSON object of option name -> value
    seed             TEXT    NOT NULL,              -- secret: never shown before the game is over
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'over', 'cancelled')),
    host_id          TEXT    NOT NULL,
    locale           TEXT    NOT NULL DEFAULT 'en', -- language of the public messages
    initial_state    TEXT,                          -- JSON, set at start
    state            TEXT,                          -- JSON cache of initial_state + actions
    ply              INTEGER NOT NULL DEFAULT 0,    -- number of actions applied
    state_version    INTEGER NOT NULL DEFAULT 1,
    decisions        TEXT    NOT NULL DEFAULT '[]', -- JSON [[seat, ply opened, time opened], ...]
    board_message_id INTEGER,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);

-- One live table per channel (or thread).
CREATE UNIQUE INDEX tables_one_live_per_channel
    ON tables (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX tables_by_status ON tables (status);

CREATE TABLE seats (
    table_id  INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    user_id   TEXT    NOT NULL,                     -- Discord user id, offline name, or 'ai:N'
    name      TEXT    NOT NULL,
    is_ai     INTEGER NOT NULL DEFAULT 0,
    locale    TEXT,                                 -- language of this player's private texts
    seat      INTEGER,                              -- NULL in the lobby, 0..n-1 once started
    joined_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, user_id),
    UNIQUE (table_id, seat)
);

CREATE TABLE actions (
    table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    ply        INTEGER NOT NULL,                    -- the ply this action produced (1, 2, ...)
    seat       INTEGER NOT NULL,
    action     TEXT    NOT NULL,                    -- the game's action code
    created_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, ply)
);
