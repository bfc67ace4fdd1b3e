-- Deleting a dataset moves it to the trash (state `trashed`, 0050): its items, labels, their
-- history, gold and judge calls stay, hidden from every reader, until a lead restores it or
-- purges it for good (after a backup). Who trashed it and when, for the trash list and undo.
ALTER TABLE datasets ADD COLUMN trashed_at TEXT;
ALTER TABLE datasets ADD COLUMN trashed_by TEXT;
