-- Nothing lost silently (issue 13, rule 1), two pieces.
--
-- 1. Labels made on an earlier version of an item. A re-import that changes an item's content
-- keeps its labels; each label and label event now records the content hash of the item it was
-- made on (set by db/queries/labels.ts, the one place labels are written), so a label whose
-- hash differs from the item's current one reads as "made on an earlier version" until its
-- rater checks and saves it again. NULL: made on an earlier version whose hash was not kept.
ALTER TABLE labels ADD COLUMN item_hash TEXT;
ALTER TABLE label_events ADD COLUMN item_hash TEXT;

-- Backfill. A re-import stages only the records whose content changed (0050) and stamps the
-- item's updated_at when it applies them, so an item whose updated_at is past its created_at
-- changed then. A label or event recorded at or after that moment was made on the current
-- content; one recorded before it, on an earlier version (its hash unknown: NULL).
UPDATE labels SET item_hash = (
  SELECT i.content_hash FROM items i JOIN label_events e ON e.id = labels.event_id
  WHERE i.id = labels.item_id AND (i.updated_at <= i.created_at OR e.recorded_at >= i.updated_at)
);

-- label_events is append-only (0020): its trigger steps aside for this one backfill only.
DROP TRIGGER label_events_append_only;
UPDATE label_events SET item_hash = (
  SELECT i.content_hash FROM items i
  WHERE i.id = label_events.item_id AND (i.updated_at <= i.created_at OR label_events.recorded_at >= i.updated_at)
);
CREATE TRIGGER label_events_append_only BEFORE UPDATE ON label_events
BEGIN
  SELECT RAISE(ABORT, 'label_events is append-only');
END;

-- 2. Judge runs in the trash. Deleting a run hides it, its calls and its judge's labels from
-- every reader until a lead restores it or purges it for good (after a backup); `deleting`
-- while a purge removes its rows in chunks.
ALTER TABLE judge_runs ADD COLUMN state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'trashed', 'deleting'));
ALTER TABLE judge_runs ADD COLUMN trashed_at TEXT;
ALTER TABLE judge_runs ADD COLUMN trashed_by TEXT;
