-- Scheduled work (reminders, timeouts): a job falls due at due_at and is run by the one worker
-- that claims it (claimed_by, claimed_at); done_at marks it finished. Times are UTC ISO text of
-- one fixed width ('2026-11-01T12:00:00.000000+00:00'), so they compare as text.
CREATE TABLE jobs (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id   INTEGER REFERENCES tables (id) ON DELETE CASCADE, -- NULL: not tied to a table
    kind       TEXT    NOT NULL,                                  -- e.g. 'reminder', 'timeout'
    due_at     TEXT    NOT NULL,
    payload    TEXT    NOT NULL DEFAULT '{}',                     -- JSON object, the caller's
    claimed_by TEXT,                                              -- the worker holding it
    claimed_at TEXT,
    done_at    TEXT
);

-- What a claim scans: pending jobs by due time; and a table's pending jobs (to cancel them).
CREATE INDEX jobs_pending_by_due ON jobs (due_at) WHERE done_at IS NULL;
CREATE INDEX jobs_pending_by_table ON jobs (table_id) WHERE done_at IS NULL;
