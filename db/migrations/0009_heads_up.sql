-- A player's heads-up (issue 27): one private notice when the player before them starts their
-- turn. Off unless the player turns it on, like reminders are on unless turned off.
ALTER TABLE players ADD COLUMN heads_up INTEGER NOT NULL DEFAULT 0;
