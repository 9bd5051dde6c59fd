-- A counter bumped by every write to a table (or its seats): the store keeps recent tables in
-- memory and re-reads one only when its revision moved, and a move is written only if the
-- revision it was decided on is still current.
ALTER TABLE tables ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
