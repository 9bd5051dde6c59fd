-- Tempo and coming back: each seat's private standing orders (JSON {seat: {field: value}}), who
-- decided each logged move ("" the seat itself, "order", "timeout" or "ai" standing in for an
-- absent player), and the seats of a player across tables (for /game turns).
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

CREATE INDEX seats_by_user ON seats (user_id);
