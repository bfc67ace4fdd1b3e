-- Datasets, their source files, items and validator findings (DESIGN.md §2).
CREATE TABLE datasets (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE,
  kind        TEXT NOT NULL CHECK (kind IN ('graph', 'plan', 'conversation')),
  created_at  TEXT NOT NULL
);

-- One row per imported source file; the content hash makes a re-import a no-op.
CREATE TABLE imports (
  id            INTEGER PRIMARY KEY,
  dataset_id    INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
  file_name     TEXT NOT NULL,
  content_hash  TEXT NOT NULL,
  format        TEXT NOT NULL,
  item_count    INTEGER NOT NULL,
  skipped_count INTEGER NOT NULL,
  imported_at   TEXT NOT NULL,
  UNIQUE (dataset_id, content_hash)
);

CREATE TABLE items (
  id            INTEGER PRIMARY KEY,
  dataset_id    INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
  external_id   TEXT NOT NULL,
  kind          TEXT NOT NULL CHECK (kind IN ('graph', 'plan', 'conversation')),
  payload       TEXT NOT NULL,           -- canonical JSON
  raw_text      TEXT,                    -- source text when it was not valid JSON
  content_hash  TEXT NOT NULL,           -- sha256 of the canonical payload + raw text
  metadata      TEXT NOT NULL DEFAULT '{}',
  metrics       TEXT,                    -- reference metrics JSON, when computable
  import_id     INTEGER REFERENCES imports(id) ON DELETE SET NULL,
  source_line   INTEGER,
  error_count   INTEGER NOT NULL DEFAULT 0,
  warning_count INTEGER NOT NULL DEFAULT 0,
  info_count    INTEGER NOT NULL DEFAULT 0,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL,
  UNIQUE (dataset_id, external_id)
);
CREATE INDEX items_by_kind ON items (kind, id);
CREATE INDEX items_by_external_id ON items (external_id);

CREATE TABLE findings (
  id         INTEGER PRIMARY KEY,
  item_id    INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  validator  TEXT NOT NULL,
  severity   TEXT NOT NULL CHECK (severity IN ('error', 'warning', 'info')),
  location   TEXT,                       -- JSON UnitLocation, NULL = whole item
  message    TEXT NOT NULL
);
CREATE INDEX findings_by_item ON findings (item_id);
