-- Judges (DESIGN.md §2, §6): judge definitions by version, runs of a judge over a task's
-- items, every call of a run, and a request cache. API keys are never stored: a run keeps
-- the base URL and model only.

-- A judge definition, one row per version (the hash of its template and settings).
CREATE TABLE judges (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL,                  -- the judge id, e.g. plan-quality-reference
  version    TEXT NOT NULL,                  -- 16 hex digits of SHA-256 over template + settings
  title      TEXT NOT NULL,
  schema_id  TEXT NOT NULL,                  -- the label schema it answers
  definition TEXT NOT NULL,                  -- the judge JSON, as exported
  created_at TEXT NOT NULL,
  UNIQUE (name, version)
);

-- One run of a judge over a task's items on one model. Its labels are given by the rater whose
-- judge_run_id is this run.
CREATE TABLE judge_runs (
  id                INTEGER PRIMARY KEY,
  judge_id          INTEGER NOT NULL REFERENCES judges(id),
  task_id           INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  model             TEXT NOT NULL,
  base_url          TEXT NOT NULL,
  settings          TEXT NOT NULL,           -- JSON: concurrency, timeout, attempts, cache, prices, header names (never values)
  status            TEXT NOT NULL CHECK (status IN ('running', 'finished', 'cancelled', 'failed')),
  error             TEXT,                    -- why a failed run stopped
  units_total       INTEGER NOT NULL DEFAULT 0,  -- requests the run needs (items, or units of a per-unit judge)
  calls_ok          INTEGER NOT NULL DEFAULT 0,
  calls_invalid     INTEGER NOT NULL DEFAULT 0,  -- answered, but the answer could not be read
  calls_failed      INTEGER NOT NULL DEFAULT 0,  -- no answer after every attempt
  cache_hits        INTEGER NOT NULL DEFAULT 0,
  requests          INTEGER NOT NULL DEFAULT 0,  -- HTTP requests sent, retries included
  prompt_tokens     INTEGER NOT NULL DEFAULT 0,
  completion_tokens INTEGER NOT NULL DEFAULT 0,
  cost              REAL,                    -- NULL when some model had no price
  started_at        TEXT NOT NULL,
  finished_at       TEXT
);
CREATE INDEX judge_runs_by_task ON judge_runs (task_id, id);

-- Every call of a run: one per item (or per unit of a per-unit judge). A call is recorded
-- before its labels are applied; `applied_at` says they were, so a resumed run applies what a
-- crash left unapplied and never calls twice for a recorded answer.
CREATE TABLE judge_calls (
  id                INTEGER PRIMARY KEY,
  run_id            INTEGER NOT NULL REFERENCES judge_runs(id) ON DELETE CASCADE,
  item_id           INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  unit              TEXT NOT NULL DEFAULT '',
  request_hash      TEXT,                    -- NULL when the prompt could not be rendered
  status            TEXT NOT NULL CHECK (status IN ('ok', 'invalid', 'failed')),
  raw_response      TEXT,                    -- the response body as received (JSON text)
  content           TEXT,                    -- the model's message
  parsed            TEXT,                    -- JSON: the labels read from it
  error             TEXT,
  attempts          INTEGER NOT NULL DEFAULT 0,
  cached            INTEGER NOT NULL DEFAULT 0 CHECK (cached IN (0, 1)),
  prompt_tokens     INTEGER,
  completion_tokens INTEGER,
  latency_ms        REAL,
  cost              REAL,                    -- 0 for a cache hit; NULL when the model has no price
  applied_at        TEXT,
  created_at        TEXT NOT NULL,
  UNIQUE (run_id, item_id, unit)
);
CREATE INDEX judge_calls_by_item ON judge_calls (item_id);

-- Responses by the hash of the rendered request, per model and endpoint: a rerun of the same
-- requests costs nothing.
CREATE TABLE judge_cache (
  request_hash      TEXT NOT NULL,
  model             TEXT NOT NULL,
  base_url          TEXT NOT NULL,
  raw_response      TEXT NOT NULL,
  content           TEXT NOT NULL,
  prompt_tokens     INTEGER,
  completion_tokens INTEGER,
  created_at        TEXT NOT NULL,
  PRIMARY KEY (request_hash, model, base_url)
) WITHOUT ROWID;

-- Judge raters made before this migration can refer to no run yet.
UPDATE raters SET judge_run_id = NULL WHERE judge_run_id IS NOT NULL;

-- raters.judge_run_id (0020) refers to judge_runs; SQLite cannot add that foreign key to an
-- existing table, so these triggers enforce it: the run must exist, and deleting a run
-- deletes its rater (and with it, by cascade, its labels).
CREATE TRIGGER raters_judge_run_insert BEFORE INSERT ON raters
WHEN NEW.judge_run_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM judge_runs WHERE id = NEW.judge_run_id)
BEGIN
  SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: raters.judge_run_id refers to no judge run');
END;
CREATE TRIGGER raters_judge_run_update BEFORE UPDATE OF judge_run_id ON raters
WHEN NEW.judge_run_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM judge_runs WHERE id = NEW.judge_run_id)
BEGIN
  SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed: raters.judge_run_id refers to no judge run');
END;
CREATE TRIGGER judge_runs_delete_rater AFTER DELETE ON judge_runs
BEGIN
  DELETE FROM raters WHERE judge_run_id = OLD.id;
END;
CREATE UNIQUE INDEX raters_by_judge_run ON raters (judge_run_id) WHERE judge_run_id IS NOT NULL;
