-- A move is written by one UPDATE: the new state together with the actions it appends (JSON
-- [[ply, seat, code], ...] in last_move). This trigger copies them into the append-only log in
-- the same statement, so state and log change together or not at all, in one round trip.
ALTER TABLE tables ADD COLUMN last_move TEXT;

CREATE TRIGGER tables_log_last_move AFTER UPDATE OF last_move ON tables
WHEN NEW.last_move IS NOT NULL
BEGIN
    INSERT INTO actions (table_id, ply, seat, action, created_at)
    SELECT NEW.id, json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'),
           NEW.updated_at
    FROM json_each(NEW.last_move);
END;
