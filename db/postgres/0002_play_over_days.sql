-- Play over days (SQLite's migration 0005): per-table settings (clocks, timeout policy), the
-- clocks as they run, the next time something falls due (a reminder or a timeout: the
-- scheduler's rows), the last turn ping, the results of a finished game, each player's reminder
-- preference; the players' unused locale goes.
ALTER TABLE tables ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
ALTER TABLE tables ADD COLUMN clocks TEXT NOT NULL DEFAULT '{}';
ALTER TABLE tables ADD COLUMN due_at TEXT;
ALTER TABLE tables ADD COLUMN ping_message_id BIGINT;
ALTER TABLE tables ADD COLUMN results TEXT;

CREATE INDEX tables_due ON tables (due_at) WHERE status = 'active' AND due_at IS NOT NULL;
CREATE INDEX tables_finished ON tables (guild_id, game) WHERE status = 'over';

ALTER TABLE players ADD COLUMN reminders BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE players DROP COLUMN locale;
