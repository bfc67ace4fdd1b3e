-- PostgreSQL twin of ../0040_journey_coverage.sql; type mapping in 0010_init.sql.
CREATE TABLE journey_coverage (
  dataset_id    bigint NOT NULL REFERENCES datasets(id) ON DELETE CASCADE DEFERRABLE,
  graph         text NOT NULL,
  score         double precision NOT NULL,
  conversations bigint NOT NULL,
  PRIMARY KEY (dataset_id, graph)
);

-- The same backfill as SQLite's, through jsonb: json_type 'text' is jsonb 'string', 'integer'
-- and 'real' are both 'number'. A PostgreSQL workspace is made at the latest version (a copy
-- from a file), so this only meets rows in its migration test; it is kept for parity.
INSERT INTO journey_coverage (dataset_id, graph, score, conversations)
  SELECT dataset_id, metadata::jsonb ->> 'graph', avg((metrics::jsonb ->> 'toolCallAccuracy')::double precision), count(*)
  FROM items
  WHERE kind = 'conversation' AND metrics IS NOT NULL
    AND jsonb_typeof(metadata::jsonb -> 'graph') = 'string'
    AND jsonb_typeof(metrics::jsonb -> 'toolCallAccuracy') = 'number'
  GROUP BY dataset_id, metadata::jsonb ->> 'graph';

-- Differs from SQLite's json_remove in form only: jsonb writes the JSON back with its own key
-- order and spacing ({"a": 1}); metrics are read as JSON, never compared as text.
UPDATE items SET metrics = (metrics::jsonb - 'userJourneyCoverage' - 'journeyConversations')::text
  WHERE kind = 'conversation' AND metrics IS NOT NULL AND metrics::jsonb ? 'userJourneyCoverage';
