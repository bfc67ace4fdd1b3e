-- Imports commit in chunks (db/writePath.ts), so their rows exist before the import is done.
-- Until then nobody may see them (DESIGN.md §1): a dataset an import creates is `importing` and
-- every reader lists `ready` datasets only; a re-import into an existing dataset stages its
-- records in `import_staging` and applies them in one short transaction at the end. A dataset
-- being deleted (in chunks too) is `deleting`, hidden at once. A dataset moved to the trash is
-- `trashed`: hidden the same way, with everything under it kept until it is restored or purged
-- (0060 records who trashed it and when).
ALTER TABLE datasets ADD COLUMN state TEXT NOT NULL DEFAULT 'ready' CHECK (state IN ('importing', 'ready', 'deleting', 'trashed'));

-- An import under way is `importing`, owned by a process ("host pid"), which refreshes
-- `heartbeat_at` with every chunk. One whose owner died is cleaned up when a workspace is opened.
ALTER TABLE imports ADD COLUMN state TEXT NOT NULL DEFAULT 'done' CHECK (state IN ('importing', 'done'));
ALTER TABLE imports ADD COLUMN owner TEXT;
ALTER TABLE imports ADD COLUMN heartbeat_at TEXT;

-- items.import_id refers to imports: without this index, deleting an import (a cancelled one, or
-- with its dataset) scans every item for the foreign key, holding the lock for seconds.
CREATE INDEX items_by_import ON items (import_id);

-- Records of a re-import into an existing dataset, waiting for the import to finish: `item_id`
-- is the item a record changes (NULL for a new one); `findings` a JSON array of
-- [validator, severity, location, message].
CREATE TABLE import_staging (
  id            INTEGER PRIMARY KEY,
  import_id     INTEGER NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
  external_id   TEXT NOT NULL,
  item_id       INTEGER,
  kind          TEXT NOT NULL,
  payload       TEXT NOT NULL,
  raw_text      TEXT,
  content_hash  TEXT NOT NULL,
  metadata      TEXT NOT NULL,
  metrics       TEXT,
  source_line   INTEGER,
  error_count   INTEGER NOT NULL,
  warning_count INTEGER NOT NULL,
  info_count    INTEGER NOT NULL,
  findings      TEXT NOT NULL,
  UNIQUE (import_id, external_id)
);
