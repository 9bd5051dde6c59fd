-- Tempo and coming back (SQLite's migration 0006): each seat's private standing orders, who
-- decided each logged move ("" the seat itself, "order", "timeout" or "ai" standing in for an
-- absent player), and the seats of a player across tables (for /game turns).
ALTER TABLE tables ADD COLUMN orders TEXT NOT NULL DEFAULT '{}';
ALTER TABLE actions ADD COLUMN how TEXT NOT NULL DEFAULT '';
CREATE INDEX seats_by_user ON seats (user_id);
