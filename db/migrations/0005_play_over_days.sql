-- Play over days: per-table settings (clocks, timeout policy), the clocks as they run, the next
-- time something falls due (a reminder or a timeout: the scheduler's rows), the last turn ping,
-- the results of a finished game, and each player's reminder preference.
ALTER TABLE tables ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';   -- JSON, see bot/clock.py
ALTER TABLE tables ADD COLUMN clocks TEXT NOT NULL DEFAULT '{}';     -- JSON, see bot/clock.py
ALTER TABLE tables ADD COLUMN due_at TEXT;                           -- ISO time; NULL: nothing due
ALTER TABLE tables ADD COLUMN ping_message_id INTEGER;
ALTER TABLE tables ADD COLUMN results TEXT;                          -- JSON standings, once over

CREATE INDEX tables_due ON tables (due_at) WHERE status = 'active' AND due_at IS NOT NULL;
CREATE INDEX tables_finished ON tables (guild_id, game) WHERE status = 'over';

ALTER TABLE players ADD COLUMN reminders INTEGER NOT NULL DEFAULT 1;
ALTER TABLE players DROP COLUMN locale;                              -- never used
