-- Gold and people, managed (issue 13).
--
-- Tasks: archived (hidden from annotators' lists, read-only, restorable) or deleted to the
-- trash (hidden from every reader, everything under it kept until a lead restores it or purges
-- it for good after a backup); `deleting` while a purge removes its rows in chunks.
ALTER TABLE tasks ADD COLUMN state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'archived', 'trashed', 'deleting'));
ALTER TABLE tasks ADD COLUMN archived_at TEXT;
ALTER TABLE tasks ADD COLUMN archived_by TEXT;
ALTER TABLE tasks ADD COLUMN trashed_at TEXT;
ALTER TABLE tasks ADD COLUMN trashed_by TEXT;

-- Annotators: a deactivated one keeps their labels but cannot be assigned or act; one merged
-- into another (two records of the same person) is kept, inactive, so the history of labels
-- it made (label_events, append-only) still names who made them.
ALTER TABLE annotators ADD COLUMN active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1));
ALTER TABLE annotators ADD COLUMN deactivated_at TEXT;
ALTER TABLE annotators ADD COLUMN merged_into INTEGER REFERENCES annotators(id);

-- Merges of two annotators, for provenance: who into whom, by whom, what moved and how the
-- labels both had on the same question were settled (JSON).
CREATE TABLE annotator_merges (
  id          INTEGER PRIMARY KEY,
  from_id     INTEGER NOT NULL REFERENCES annotators(id),
  into_id     INTEGER NOT NULL REFERENCES annotators(id),
  from_name   TEXT NOT NULL,
  into_name   TEXT NOT NULL,
  conflicts   TEXT NOT NULL,               -- 'keep-into' | 'keep-from' | 'keep-newest'
  summary     TEXT NOT NULL,               -- JSON: counts moved and the conflicts settled
  merged_by   TEXT,
  merged_at   TEXT NOT NULL
);

-- The gold edit log is gold_events (0020, append-only): every decision with who made it and
-- when. It now also says why (the adjudicator's reason for changing a gold answer) and what the
-- decision replaced (JSON {value, na}; NULL for a first decision).
ALTER TABLE gold_events ADD COLUMN reason TEXT;
ALTER TABLE gold_events ADD COLUMN previous TEXT;
