-- Import mappings saved in the workspace by name (issue 18): where Accord's fields live in
-- someone else's records, reused by `accord import --mapping NAME` and the import dialog.
-- The mapping is kept as its JSON, checked by core/formats/mapping/readMapping.ts when saved.
CREATE TABLE import_mappings (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('graph', 'plan', 'conversation')),
  mapping_json TEXT NOT NULL,
  saved_by TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
