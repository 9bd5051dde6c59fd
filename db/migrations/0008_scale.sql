-- A hundred thousand tables (issue 30): every command finds its rows through an index, and the
-- leaderboard is kept as games end instead of being recomputed from every finished game.

-- A channel's tables, newest first (the last game of a channel, /game history).
CREATE INDEX tables_by_channel ON tables (channel_id, id);

-- A seat is live while its table is (lobby or active): /game turns reads a player's live seats,
-- not every table they ever sat at. A trigger keeps it with the table's status.
ALTER TABLE seats ADD COLUMN live INTEGER NOT NULL DEFAULT 1;
UPDATE seats SET live = 0
WHERE table_id IN (SELECT id FROM tables WHERE status NOT IN ('lobby', 'active'));
CREATE INDEX seats_live_by_user ON seats (user_id) WHERE live = 1;

CREATE TRIGGER seats_live_with_table AFTER UPDATE OF status ON tables
WHEN OLD.status IS NOT NEW.status
BEGIN
    UPDATE seats SET live = NEW.status IN ('lobby', 'active') WHERE table_id = NEW.id;
END;

-- Every finished game, in the order its ratings were applied (seq): the rebuild replays them in
-- this order. ``rated`` is 0 while its ratings wait to be applied (the games that ended before
-- this migration: the bot rebuilds the ratings once on start). A server's id 0: no server.
CREATE TABLE finishes (
    seq      INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id INTEGER NOT NULL UNIQUE REFERENCES tables (id) ON DELETE CASCADE,
    guild_id INTEGER NOT NULL,
    rated    INTEGER NOT NULL DEFAULT 0
);
INSERT INTO finishes (table_id, guild_id, rated)
SELECT id, COALESCE(guild_id, 0), 0 FROM tables WHERE status = 'over' ORDER BY id;
CREATE INDEX finishes_by_guild ON finishes (guild_id, seq);
CREATE INDEX finishes_pending ON finishes (seq) WHERE rated = 0;

-- Each player's rating in a server, per game and for every game together (game ''), updated by
-- the move that ends a game, in its transaction; the leaderboard reads it in index order.
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,                       -- 0: no server
    game     TEXT    NOT NULL,                       -- '': every game together
    user_id  TEXT    NOT NULL,
    name     TEXT    NOT NULL,                       -- as in their latest rated game
    mu       REAL    NOT NULL,
    sigma    REAL    NOT NULL,
    rating   INTEGER NOT NULL,                       -- what the leaderboard shows and sorts by
    games    INTEGER NOT NULL,
    wins     INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX ratings_board ON ratings (guild_id, game, rating DESC, wins DESC, name);
CREATE INDEX ratings_by_games ON ratings (guild_id, game, games);
