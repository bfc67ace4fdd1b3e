// Written by `npm run schema:types` from the migrations (db/sql/schemaTypes.ts); do not edit.
import type { Generated } from 'kysely';

export interface AnnotatorMergesTable {
  id: Generated<number>;
  from_id: number;
  into_id: number;
  from_name: string;
  into_name: string;
  conflicts: string;
  summary: string;
  merged_by: string | null;
  merged_at: string;
}

export interface AnnotatorsTable {
  id: Generated<number>;
  name: string;
  role: string;
  created_at: string;
  active: Generated<number>;
  deactivated_at: string | null;
  merged_into: number | null;
}

export interface AssignmentsTable {
  task_id: number;
  annotator_id: number;
  item_id: number;
  position: number;
  skipped_at: string | null;
}

export interface DatasetsTable {
  id: Generated<number>;
  name: string;
  kind: string;
  created_at: string;
  state: Generated<string>;
  trashed_at: string | null;
  trashed_by: string | null;
}

export interface FindingsTable {
  id: Generated<number>;
  item_id: number;
  validator: string;
  severity: string;
  location: string | null;
  message: string;
}

export interface GoldTable {
  task_id: number;
  item_id: number;
  unit: Generated<string>;
  question: string;
  value: string | null;
  na: Generated<number>;
  rationale: string | null;
  adjudicator_id: number | null;
  source: string;
  created_at: string;
  updated_at: string;
}

export interface GoldEventsTable {
  id: Generated<number>;
  task_id: number;
  item_id: number;
  unit: string;
  question: string;
  value: string | null;
  na: Generated<number>;
  rationale: string | null;
  adjudicator_id: number | null;
  source: string;
  created_at: string;
  reason: string | null;
  previous: string | null;
}

export interface ImportMappingsTable {
  id: Generated<number>;
  name: string;
  kind: string;
  mapping_json: string;
  saved_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface ImportStagingTable {
  id: Generated<number>;
  import_id: number;
  external_id: string;
  item_id: number | null;
  kind: string;
  payload: string;
  raw_text: string | null;
  content_hash: string;
  metadata: string;
  metrics: string | null;
  source_line: number | null;
  error_count: number;
  warning_count: number;
  info_count: number;
  findings: string;
}

export interface ImportsTable {
  id: Generated<number>;
  dataset_id: number;
  file_name: string;
  content_hash: string;
  format: string;
  item_count: number;
  skipped_count: number;
  imported_at: string;
  state: Generated<string>;
  owner: string | null;
  heartbeat_at: string | null;
}

export interface InvitesTable {
  id: Generated<number>;
  token_sha256: string;
  annotator_id: number;
  role: string;
  created_by: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
  used_at: string | null;
}

export interface ItemsTable {
  id: Generated<number>;
  dataset_id: number;
  external_id: string;
  kind: string;
  payload: string;
  raw_text: string | null;
  content_hash: string;
  metadata: Generated<string>;
  metrics: string | null;
  import_id: number | null;
  source_line: number | null;
  error_count: Generated<number>;
  warning_count: Generated<number>;
  info_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  args: string;
  state: Generated<string>;
  leased_by: string | null;
  lease_until: string | null;
  attempts: Generated<number>;
  progress_done: Generated<number>;
  progress_total: number | null;
  error: string | null;
  created_by: string | null;
  created_at: string;
  finished_at: string | null;
  result: string | null;
}

export interface JourneyCoverageTable {
  dataset_id: number;
  graph: string;
  score: number;
  conversations: number;
}

export interface JudgeCacheTable {
  request_hash: string;
  model: string;
  base_url: string;
  raw_response: string;
  content: string;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  created_at: string;
}

export interface JudgeCallsTable {
  id: Generated<number>;
  run_id: number;
  item_id: number;
  unit: Generated<string>;
  request_hash: string | null;
  status: string;
  raw_response: string | null;
  content: string | null;
  parsed: string | null;
  error: string | null;
  attempts: Generated<number>;
  cached: Generated<number>;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  latency_ms: number | null;
  cost: number | null;
  applied_at: string | null;
  created_at: string;
}

export interface JudgeRunsTable {
  id: Generated<number>;
  judge_id: number;
  task_id: number;
  model: string;
  base_url: string;
  settings: string;
  status: string;
  error: string | null;
  units_total: Generated<number>;
  calls_ok: Generated<number>;
  calls_invalid: Generated<number>;
  calls_failed: Generated<number>;
  cache_hits: Generated<number>;
  requests: Generated<number>;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  cost: number | null;
  started_at: string;
  finished_at: string | null;
  state: Generated<string>;
  trashed_at: string | null;
  trashed_by: string | null;
}

export interface JudgesTable {
  id: Generated<number>;
  name: string;
  version: string;
  title: string;
  schema_id: string;
  definition: string;
  created_at: string;
}

export interface LabelEventsTable {
  id: Generated<number>;
  uid: string;
  task_id: number;
  item_id: number;
  unit: string;
  question: string;
  rater_id: number;
  action: string;
  value: string | null;
  na: Generated<number>;
  rationale: string | null;
  seconds_spent: Generated<number>;
  previous: string | null;
  undoes_event_id: number | null;
  visible_raters: string | null;
  source: string;
  pack_import_id: number | null;
  applied: Generated<number>;
  made_at: string;
  recorded_at: string;
  visible: string | null;
  item_hash: string | null;
}

export interface LabelOriginalsTable {
  task_id: number;
  item_id: number;
  unit: string;
  question: string;
  rater_id: number;
  answered: number;
  value: string | null;
  na: Generated<number>;
  rationale: string | null;
  event_id: number | null;
  revised_at: string;
}

export interface LabelsTable {
  id: Generated<number>;
  task_id: number;
  item_id: number;
  unit: Generated<string>;
  question: string;
  rater_id: number;
  value: string | null;
  na: Generated<number>;
  rationale: string | null;
  seconds_spent: Generated<number>;
  event_id: number;
  created_at: string;
  updated_at: string;
  item_hash: string | null;
}

export interface PackImportsTable {
  id: Generated<number>;
  task_id: number;
  annotator: string;
  file_name: string;
  content_hash: string;
  origin: string;
  exported_at: string;
  applied: number;
  kept: number;
  refused: number;
  imported_at: string;
}

export interface RatersTable {
  id: Generated<number>;
  name: string;
  kind: string;
  annotator_id: number | null;
  judge_run_id: number | null;
  created_at: string;
}

export interface SubmissionsTable {
  task_id: number;
  item_id: number;
  rater_id: number;
  submitted_at: string;
  source: string;
}

export interface TaskAnnotatorsTable {
  task_id: number;
  annotator_id: number;
  added_at: string;
}

export interface TaskItemsTable {
  task_id: number;
  item_id: number;
  added_at: string;
}

export interface TasksTable {
  id: Generated<number>;
  name: string;
  schema_json: string;
  schema_id: string;
  schema_version: number;
  annotators_per_item: Generated<number>;
  overlap_mode: Generated<string>;
  seed: number;
  blind: Generated<number>;
  adjudication_policy: Generated<string>;
  adjudication_threshold: number | null;
  selection: Generated<string>;
  created_at: string;
  discussion_opened_at: string | null;
  discussion_opened_by: string | null;
  hide_scores: Generated<number>;
  state: Generated<string>;
  archived_at: string | null;
  archived_by: string | null;
  trashed_at: string | null;
  trashed_by: string | null;
}

export interface TeamSessionsTable {
  id: Generated<number>;
  token_sha256: string;
  invite_id: number;
  created_at: string;
}

/** Every table of a workspace, for Kysely. */
export interface Schema {
  annotator_merges: AnnotatorMergesTable;
  annotators: AnnotatorsTable;
  assignments: AssignmentsTable;
  datasets: DatasetsTable;
  findings: FindingsTable;
  gold: GoldTable;
  gold_events: GoldEventsTable;
  import_mappings: ImportMappingsTable;
  import_staging: ImportStagingTable;
  imports: ImportsTable;
  invites: InvitesTable;
  items: ItemsTable;
  jobs: JobsTable;
  journey_coverage: JourneyCoverageTable;
  judge_cache: JudgeCacheTable;
  judge_calls: JudgeCallsTable;
  judge_runs: JudgeRunsTable;
  judges: JudgesTable;
  label_events: LabelEventsTable;
  label_originals: LabelOriginalsTable;
  labels: LabelsTable;
  pack_imports: PackImportsTable;
  raters: RatersTable;
  submissions: SubmissionsTable;
  task_annotators: TaskAnnotatorsTable;
  task_items: TaskItemsTable;
  tasks: TasksTable;
  team_sessions: TeamSessionsTable;
}
