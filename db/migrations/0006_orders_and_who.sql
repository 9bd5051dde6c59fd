-- Tempo and coming back: each seat's private standing orders (JSON {seat: {field: value}}), who
-- decided each logged move ("" the seat itself, "order", "timeout" or "ai" standing in for an
-- absent player), the table's own events (timeouts, pauses, kicks...: the notes, written by the
-- same UPDATE as the move through a trigger, as the actions are), and the seats of a player
-- across tables (for /game turns).
ALTER TABLE tables ADD COLUMN orders TEXT NOT NULL DEFAULT '{}';
ALTER TABLE actions ADD COLUMN how TEXT NOT NULL DEFAULT '';

DROP TRIGGER tables_log_last_move;
CREATE TRIGGER tables_log_last_move AFTER UPDATE OF last_move ON tables
WHEN NEW.last_move IS NOT NULL
BEGIN
    INSERT INTO actions (table_id, ply, seat, action, how, created_at)
    SELECT NEW.id, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
           COALESCE(json_extract(value, '$[3]'), ''), NEW.updated_at
    FROM json_each(NEW.last_move);
END;

ALTER TABLE tables ADD COLUMN last_notes TEXT;
CREATE TABLE notes (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id   INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    ply        INTEGER NOT NULL,                    -- the table's ply when it happened
    note       TEXT    NOT NULL,                    -- the public event, as JSON
    created_at TEXT    NOT NULL
);
CREATE INDEX notes_by_table ON notes (table_id, id);

CREATE TRIGGER tables_log_last_notes AFTER UPDATE OF last_notes ON tables
WHEN NEW.last_notes IS NOT NULL
BEGIN
    INSERT INTO notes (table_id, ply, note, created_at)
    SELECT NEW.id, json_extract(value, '$[0]'), json_extract(value, '$[1]'), NEW.updated_at
    FROM json_each(NEW.last_notes);
END;

CREATE INDEX seats_by_user ON seats (user_id);
