-- As SQLite's migration 0009: a player's heads-up, off unless they turn it on.
ALTER TABLE players ADD COLUMN heads_up BOOLEAN NOT NULL DEFAULT FALSE;
