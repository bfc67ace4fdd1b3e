-- PostgreSQL twin of ../0090_label_versions_and_run_trash.sql; type mapping in 0010_init.sql.
ALTER TABLE labels ADD COLUMN item_hash text;
ALTER TABLE label_events ADD COLUMN item_hash text;

-- The same backfill as SQLite's.
UPDATE labels SET item_hash = (
  SELECT i.content_hash FROM items i JOIN label_events e ON e.id = labels.event_id
  WHERE i.id = labels.item_id AND (i.updated_at <= i.created_at OR e.recorded_at >= i.updated_at)
);

-- label_events is append-only (0020): SQLite drops and recreates its trigger around this one
-- backfill; PostgreSQL disables it for the length of the statement, inside the migration's transaction.
ALTER TABLE label_events DISABLE TRIGGER label_events_append_only;
UPDATE label_events SET item_hash = (
  SELECT i.content_hash FROM items i
  WHERE i.id = label_events.item_id AND (i.updated_at <= i.created_at OR label_events.recorded_at >= i.updated_at)
);
ALTER TABLE label_events ENABLE TRIGGER label_events_append_only;

ALTER TABLE judge_runs ADD COLUMN state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'trashed', 'deleting'));
ALTER TABLE judge_runs ADD COLUMN trashed_at text;
ALTER TABLE judge_runs ADD COLUMN trashed_by text;
