-- As SQLite's migration 0007: the turn ping's message id was never read.
ALTER TABLE tables DROP COLUMN ping_message_id;
