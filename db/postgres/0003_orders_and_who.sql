-- Tempo and coming back (SQLite's migration 0006): each seat's private standing orders, who
-- decided each logged move ("" the seat itself, "order", "timeout" or "ai" standing in for an
-- absent player), the table's own events (the notes), and the seats of a player across tables.
ALTER TABLE tables ADD COLUMN orders TEXT NOT NULL DEFAULT '{}';
ALTER TABLE actions ADD COLUMN how TEXT NOT NULL DEFAULT '';
CREATE TABLE notes (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    table_id   BIGINT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    ply        INTEGER NOT NULL,
    note       TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX notes_by_table ON notes (table_id, id);
CREATE INDEX seats_by_user ON seats (user_id);
