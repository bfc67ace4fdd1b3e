-- Annotation (DESIGN.md §2, §4): annotators and raters, tasks with their items and seeded
-- assignments, labels (the current state) with their append-only history, submissions, gold
-- labels with theirs, and the label packs imported from other machines.

CREATE TABLE annotators (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL UNIQUE,
  role       TEXT NOT NULL CHECK (role IN ('annotator', 'adjudicator', 'lead')),
  created_at TEXT NOT NULL
);

-- Whoever gives labels: a human annotator or a judge run. The judge tables come in a later
-- migration; judge_run_id will refer to them (SQLite cannot add that foreign key afterwards,
-- so that migration checks it with triggers).
CREATE TABLE raters (
  id           INTEGER PRIMARY KEY,
  name         TEXT NOT NULL UNIQUE,
  kind         TEXT NOT NULL CHECK (kind IN ('human', 'judge')),
  annotator_id INTEGER UNIQUE REFERENCES annotators(id) ON DELETE CASCADE,
  judge_run_id INTEGER,
  created_at   TEXT NOT NULL,
  CHECK ((kind = 'human' AND annotator_id IS NOT NULL AND judge_run_id IS NULL)
      OR (kind = 'judge' AND annotator_id IS NULL))
);

CREATE TABLE tasks (
  id                     INTEGER PRIMARY KEY,
  name                   TEXT NOT NULL UNIQUE,
  schema_json            TEXT NOT NULL,       -- the LabelSchema, canonical JSON
  schema_id              TEXT NOT NULL,
  schema_version         INTEGER NOT NULL,
  annotators_per_item    INTEGER NOT NULL DEFAULT 2 CHECK (annotators_per_item >= 1),
  overlap_mode           TEXT NOT NULL DEFAULT 'all' CHECK (overlap_mode IN ('all', 'fixed')),
  seed                   INTEGER NOT NULL,
  blind                  INTEGER NOT NULL DEFAULT 1 CHECK (blind IN (0, 1)),
  adjudication_policy    TEXT NOT NULL DEFAULT 'any' CHECK (adjudication_policy IN ('any', 'threshold')),
  adjudication_threshold REAL CHECK (adjudication_threshold IS NULL OR adjudication_threshold BETWEEN 0 AND 1),
  selection              TEXT NOT NULL DEFAULT '{}',  -- JSON: the datasets and filter the items were chosen by
  created_at             TEXT NOT NULL
);

CREATE TABLE task_items (
  task_id  INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  item_id  INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  added_at TEXT NOT NULL,
  PRIMARY KEY (task_id, item_id)
) WITHOUT ROWID;
CREATE INDEX task_items_by_item ON task_items (item_id);

CREATE TABLE task_annotators (
  task_id      INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  annotator_id INTEGER NOT NULL REFERENCES annotators(id) ON DELETE CASCADE,
  added_at     TEXT NOT NULL,
  PRIMARY KEY (task_id, annotator_id)
) WITHOUT ROWID;

-- Each annotator's queue, in its seeded order.
CREATE TABLE assignments (
  task_id      INTEGER NOT NULL,
  annotator_id INTEGER NOT NULL,
  item_id      INTEGER NOT NULL,
  position     INTEGER NOT NULL,
  skipped_at   TEXT,
  PRIMARY KEY (task_id, annotator_id, item_id),
  UNIQUE (task_id, annotator_id, position),
  FOREIGN KEY (task_id, annotator_id) REFERENCES task_annotators (task_id, annotator_id) ON DELETE CASCADE,
  FOREIGN KEY (task_id, item_id) REFERENCES task_items (task_id, item_id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX assignments_by_item ON assignments (task_id, item_id);

-- Label packs merged into this workspace, for provenance.
CREATE TABLE pack_imports (
  id           INTEGER PRIMARY KEY,
  task_id      INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  annotator    TEXT NOT NULL,
  file_name    TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  origin       TEXT NOT NULL,                -- the workspace the pack was exported from
  exported_at  TEXT NOT NULL,
  applied      INTEGER NOT NULL,             -- labels that became current
  kept         INTEGER NOT NULL,             -- older edits kept in history only
  refused      INTEGER NOT NULL,             -- labels on items that changed or are unknown
  imported_at  TEXT NOT NULL
);

-- Every change to a label, append-only (see the trigger below). `previous` is the state the
-- event replaced (JSON {value, na, rationale}, NULL when there was no label), which undo
-- restores; `visible_raters` lists the raters whose labels on the item were shown to the
-- rater when the change was made (NULL: not recorded, e.g. a CSV import).
CREATE TABLE label_events (
  id              INTEGER PRIMARY KEY,
  uid             TEXT NOT NULL UNIQUE,      -- global id; travels in label packs
  task_id         INTEGER NOT NULL,
  item_id         INTEGER NOT NULL,
  unit            TEXT NOT NULL,
  question        TEXT NOT NULL,
  rater_id        INTEGER NOT NULL REFERENCES raters(id) ON DELETE CASCADE,
  action          TEXT NOT NULL CHECK (action IN ('set', 'clear', 'undo')),
  value           TEXT,                      -- JSON; NULL for N/A and for a cleared label
  na              INTEGER NOT NULL DEFAULT 0 CHECK (na IN (0, 1)),
  rationale       TEXT,
  seconds_spent   REAL NOT NULL DEFAULT 0 CHECK (seconds_spent >= 0),
  previous        TEXT,
  undoes_event_id INTEGER REFERENCES label_events(id),
  visible_raters  TEXT,
  source          TEXT NOT NULL CHECK (source IN ('ui', 'csv', 'jsonl', 'pack', 'judge')),
  pack_import_id  INTEGER REFERENCES pack_imports(id),
  applied         INTEGER NOT NULL DEFAULT 1 CHECK (applied IN (0, 1)),  -- 0: arrived older than the current label
  made_at         TEXT NOT NULL,             -- when the rater made it (perhaps on another machine)
  recorded_at     TEXT NOT NULL,
  FOREIGN KEY (task_id, item_id) REFERENCES task_items (task_id, item_id) ON DELETE CASCADE
);
CREATE INDEX label_events_by_rater_item ON label_events (task_id, item_id, rater_id, id);
CREATE TRIGGER label_events_append_only BEFORE UPDATE ON label_events
BEGIN
  SELECT RAISE(ABORT, 'label_events is append-only');
END;

-- The current label of each rater on each question of each unit.
CREATE TABLE labels (
  id            INTEGER PRIMARY KEY,
  task_id       INTEGER NOT NULL,
  item_id       INTEGER NOT NULL,
  unit          TEXT NOT NULL DEFAULT '',
  question      TEXT NOT NULL,
  rater_id      INTEGER NOT NULL REFERENCES raters(id) ON DELETE CASCADE,
  value         TEXT,                        -- JSON; NULL when N/A
  na            INTEGER NOT NULL DEFAULT 0 CHECK (na IN (0, 1)),
  rationale     TEXT,
  seconds_spent REAL NOT NULL DEFAULT 0,
  event_id      INTEGER NOT NULL REFERENCES label_events(id),
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL,               -- made_at of the event that set it
  UNIQUE (task_id, item_id, unit, question, rater_id),
  CHECK ((na = 1 AND value IS NULL) OR (na = 0 AND value IS NOT NULL)),
  FOREIGN KEY (task_id, item_id) REFERENCES task_items (task_id, item_id) ON DELETE CASCADE
);
CREATE INDEX labels_by_rater ON labels (task_id, rater_id, item_id);
CREATE INDEX labels_by_question ON labels (task_id, question);

CREATE TABLE submissions (
  task_id      INTEGER NOT NULL,
  item_id      INTEGER NOT NULL,
  rater_id     INTEGER NOT NULL REFERENCES raters(id) ON DELETE CASCADE,
  submitted_at TEXT NOT NULL,
  source       TEXT NOT NULL CHECK (source IN ('ui', 'csv', 'jsonl', 'pack', 'judge')),
  PRIMARY KEY (task_id, item_id, rater_id),
  FOREIGN KEY (task_id, item_id) REFERENCES task_items (task_id, item_id) ON DELETE CASCADE
) WITHOUT ROWID;

CREATE TABLE gold (
  task_id        INTEGER NOT NULL,
  item_id        INTEGER NOT NULL,
  unit           TEXT NOT NULL DEFAULT '',
  question       TEXT NOT NULL,
  value          TEXT,                       -- JSON; NULL when N/A
  na             INTEGER NOT NULL DEFAULT 0 CHECK (na IN (0, 1)),
  rationale      TEXT,
  adjudicator_id INTEGER REFERENCES annotators(id) ON DELETE SET NULL,
  source         TEXT NOT NULL CHECK (source IN ('unanimous', 'adjudicated')),
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL,
  PRIMARY KEY (task_id, item_id, unit, question),
  CHECK ((na = 1 AND value IS NULL) OR (na = 0 AND value IS NOT NULL)),
  FOREIGN KEY (task_id, item_id) REFERENCES task_items (task_id, item_id) ON DELETE CASCADE
) WITHOUT ROWID;

-- Every gold decision, append-only, so a changed adjudication leaves a trace. (No ON DELETE
-- SET NULL here or on label_events: that would be an UPDATE, which the triggers refuse.)
CREATE TABLE gold_events (
  id             INTEGER PRIMARY KEY,
  task_id        INTEGER NOT NULL,
  item_id        INTEGER NOT NULL,
  unit           TEXT NOT NULL,
  question       TEXT NOT NULL,
  value          TEXT,
  na             INTEGER NOT NULL DEFAULT 0,
  rationale      TEXT,
  adjudicator_id INTEGER REFERENCES annotators(id),
  source         TEXT NOT NULL CHECK (source IN ('unanimous', 'adjudicated')),
  created_at     TEXT NOT NULL,
  FOREIGN KEY (task_id, item_id) REFERENCES task_items (task_id, item_id) ON DELETE CASCADE
);
CREATE TRIGGER gold_events_append_only BEFORE UPDATE ON gold_events
BEGIN
  SELECT RAISE(ABORT, 'gold_events is append-only');
END;
