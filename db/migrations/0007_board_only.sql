-- A front end remembers one message per table, its board (written with the table's next move:
-- db/cache.py Posted). The turn ping's own message id was never read: dropped.
ALTER TABLE tables DROP COLUMN ping_message_id;
