-- User Journey Coverage Score per graph of a dataset (DESIGN.md §3): the mean Tool Call Accuracy
-- over the graph's conversations. It lives here, one row per (dataset, graph), instead of being
-- copied into every conversation's metrics: an import then refreshes a few rows rather than
-- rewriting each conversation of the dataset (100,000 rewrites took longer than the import).
-- Item reads join it back into a conversation's metrics.
CREATE TABLE journey_coverage (
  dataset_id    INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
  graph         TEXT NOT NULL,
  score         REAL NOT NULL,
  conversations INTEGER NOT NULL,
  PRIMARY KEY (dataset_id, graph)
) WITHOUT ROWID;

-- Workspaces from before this migration carry the score inside each conversation's metrics:
-- recompute it here from the accuracies, then drop the copies.
INSERT INTO journey_coverage (dataset_id, graph, score, conversations)
  SELECT dataset_id, json_extract(metadata, '$.graph'), avg(json_extract(metrics, '$.toolCallAccuracy')), count(*)
  FROM items
  WHERE kind = 'conversation' AND metrics IS NOT NULL
    AND json_type(metadata, '$.graph') = 'text'
    AND json_type(metrics, '$.toolCallAccuracy') IN ('integer', 'real')
  GROUP BY dataset_id, json_extract(metadata, '$.graph');

UPDATE items SET metrics = json_remove(metrics, '$.userJourneyCoverage', '$.journeyConversations')
  WHERE kind = 'conversation' AND metrics IS NOT NULL AND json_type(metrics, '$.userJourneyCoverage') IS NOT NULL;
