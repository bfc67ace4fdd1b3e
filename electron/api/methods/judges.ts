import { z } from 'zod';
import type { RunImpactCounts } from '../../common/deletionImpact';
import type { RunComparison } from '../../core/judges/calibration/compareRuns';
import type { CalibrationReport } from '../../core/judges/calibration/calibrationReport';
import type { JudgeIssue } from '../../core/judges/judgeJson';
import type { JudgeDefinition } from '../../core/judges/model';
import type { PlaceholderInfo } from '../../core/judges/placeholders';
import type { ChatRequest } from '../../core/judges/request';
import { method } from '../define';
import { taskRef } from './annotation';

export type { CalibrationReport, QuestionCalibration, CalibrationDisagreement } from '../../core/judges/calibration/calibrationReport';
export type { RunComparison, QuestionComparison, SystemRanking } from '../../core/judges/calibration/compareRuns';
export type { PairFigure } from '../../core/judges/calibration/pairFigure';
export type { Verdict, VerdictWord } from '../../core/judges/calibration/replaceVerdict';
export type { AltTestAnnotator, AltTestResult } from '../../core/judges/calibration/altTest';
export type { ErrorRates, ClassErrorRates, BoundedRate } from '../../core/judges/calibration/errorRates';
export type { CertaintyStratum } from '../../core/judges/calibration/certaintySplit';
export type { CorrectedPassRate, CalibrationSettings } from '../../core/judges/calibration/replacementEvidence';
export type { CorrectedEstimate } from '../../core/judges/calibration/correctedPrevalence';
export type { NonInferiority } from '../../core/judges/calibration/nonInferiority';
export type { JudgeDefinition, QuestionMapping, OutputMode, JudgeGranularity } from '../../core/judges/model';
export type { PlaceholderInfo } from '../../core/judges/placeholders';
export type { ChatRequest } from '../../core/judges/request';
export type { JudgeIssue } from '../../core/judges/judgeJson';

/** A judge as the judge picker lists it. */
export interface JudgeInfo {
  id: string;
  title: string;
  description: string;
  /** The label schema (annotation preset) it answers. */
  schemaId: string;
  version: string;
  /** One of Accord's presets, or a judge stored in the workspace (imported, edited, or used by a run). */
  origin: 'preset' | 'workspace';
  /** When a workspace judge was stored; null for a preset. */
  savedAt: string | null;
  definition: JudgeDefinition;
}

/** The outcome of validating judge JSON: the canonical judge with its version, or every issue with its path. */
export type JudgeValidation = { ok: true; judge: JudgeDefinition; version: string } | { ok: false; issues: JudgeIssue[] };

/** One request of a judge rendered for one item, before anything is sent. */
export interface JudgePreview {
  judge: { id: string; version: string };
  itemId: number;
  externalId: string;
  /** The unit of a per-unit judge, `''` for a per-item one. */
  unit: string;
  /** The request body exactly as it would be sent, or null when the item cannot be judged. */
  request: ChatRequest | null;
  /** SHA-256 of the request: its cache key. */
  hash: string | null;
  /** Why the item cannot be judged (a field the template needs is missing). */
  error: string | null;
  /** Whether a run on this model would answer it from the cache. */
  cached: boolean;
  /** How many requests a run of this judge on the task needs (items, or units of a per-unit judge). */
  requestsNeeded: number;
}

/** A judge run with its counts. */
export interface RunSummary {
  id: number;
  judge: { id: string; version: string; title: string };
  task: string;
  taskId: number;
  /** The rater name its labels carry (e.g. `judge:plan-quality-reference@gpt-4o-mini#3`). */
  rater: string;
  model: string;
  baseUrl: string;
  status: 'running' | 'finished' | 'cancelled' | 'failed';
  error: string | null;
  /** Requests the run needs (items, or units of a per-unit judge). */
  total: number;
  ok: number;
  /** Answered, but the answer could not be read onto the questions. */
  invalid: number;
  /** No answer after every attempt. */
  failed: number;
  /** Still to do (a cancelled or crashed run; resume it). */
  pending: number;
  /** Why calls failed or could not be read, grouped by reason, most frequent first. */
  problems: { status: 'failed' | 'invalid'; reason: string; count: number }[];
  cacheHits: number;
  /** HTTP requests sent, retries included. */
  requests: number;
  promptTokens: number;
  completionTokens: number;
  /** Total cost from the price table; null when some model had no price. */
  cost: number | null;
  settings: RunSettings;
  startedAt: string;
  finishedAt: string | null;
}

/** A run's settings as stored (header names only, never their values; never the key). */
export interface RunSettings {
  concurrency: number;
  timeoutMs: number;
  maxAttempts: number;
  noCache: boolean;
  prices: Record<string, { input: number; output: number }>;
  headerNames: string[];
  itemIds: number[] | null;
  /**
   * Set when the endpoint refused structured output and the run asked for `json_object`
   * instead; null while it has not (and for judges that do not ask for `json_schema`).
   */
  outputFallback: OutputFallback | null;
}

/**
 * A run that fell back from `response_format: json_schema` to `json_object` because the
 * endpoint refused the former (an HTTP 400 naming it, as vLLM, older llama.cpp server builds and
 * some gateways answer). From then on every request of the run asked for `json_object` with
 * the response schema written into the prompt, and each answer was checked against that schema.
 */
export interface OutputFallback {
  from: 'json_schema';
  to: 'json_object';
  /** `refused`: the endpoint refused a `json_schema` request of this run; `cached`: answers cached by an earlier run that had fallen back were used. */
  cause: 'refused' | 'cached';
  /** The endpoint's refusal as it answered (`HTTP 400: …`), or which cache answered. */
  reason: string;
  /** When (ISO 8601). */
  at: string;
}

/** One call of a run, for inspection. */
export interface CallView {
  id: number;
  itemId: number;
  externalId: string;
  unit: string;
  status: 'ok' | 'invalid' | 'failed';
  requestHash: string | null;
  /** The response body as received. */
  rawResponse: string | null;
  /** The model's message. */
  content: string | null;
  /** The labels read from it. */
  labels: { unit: string; question: string; value: unknown; na: boolean; rationale: string | null }[] | null;
  error: string | null;
  attempts: number;
  cached: boolean;
  promptTokens: number | null;
  completionTokens: number | null;
  latencyMs: number | null;
  cost: number | null;
  applied: boolean;
  createdAt: string;
}

/**
 * What deleting a judge run takes with it, so the dialog and `accord judge delete` say exactly
 * what goes before anything does: its calls, the cost they recorded, its judge's labels on the
 * task with their history, and the calibrations and comparisons that use it.
 */
export interface RunDeletionImpact extends RunImpactCounts {
  /** The rater name its labels carry. */
  rater: string;
  judge: string;
  model: string;
}

/** A judge run in the trash: hidden everywhere, everything under it kept until restored or purged. */
export interface TrashedRun {
  id: number;
  task: string;
  rater: string;
  trashedAt: string;
  trashedBy: string | null;
  impact: RunDeletionImpact;
}

/** A page of a run's calls. */
export interface CallPage {
  total: number;
  rows: CallView[];
}

/** Which judge: a preset (by judge id or by annotation preset), judge JSON, or the judge of an earlier run. */
export const judgeSource = z.union([
  z.object({ preset: z.string().min(1) }),
  z.object({ json: z.unknown() }),
  z.object({ run: z.number().int() }),
]);

const price = z.object({ input: z.number().min(0), output: z.number().min(0) });

// Who may look and who may run: a run's calls, its calibration and a comparison of runs reveal
// labels (the judge's answer on each unit is a strong hint to an annotator still labeling it;
// calibration shows every annotator's labels, rationales and gold), and runs spend the
// workspace's API key and add a judge's labels to the task, so all of these are declared for
// adjudicators and leads (DESIGN.md §4).

export const judgeMethods = {
  'judges.presets': method<JudgeInfo[]>()(z.object({}), { access: 'public' }),
  /** Every judge: the presets, then the judges stored in the workspace (newest first), each version once. */
  'judges.list': method<JudgeInfo[]>()(z.object({}), { access: 'public' }),
  /** Validates judge JSON and stores it in the workspace (a version already stored is kept as it is). */
  'judges.save': method<JudgeInfo>()(z.object({ judge: z.unknown() }), { access: 'annotator' }),
  /**
   * Whether an API key is configured where runs read it (the server's `OPENAI_API_KEY`, or the
   * desktop keychain). Only the yes/no: the key itself never leaves the process that uses it.
   */
  'judges.keyStatus': method<{ configured: boolean }>()(z.object({ baseUrl: z.string().max(2000).optional() }), { access: 'public' }),
  /** Placeholders a template may use, with the item kinds that have them. */
  'judges.placeholders': method<PlaceholderInfo[]>()(z.object({}), { access: 'public' }),
  /** Validates judge JSON (already parsed). */
  'judges.validate': method<JudgeValidation>()(z.object({ judge: z.unknown() }), { access: 'public' }),
  /** Validates judge JSON text (a file the user picked). */
  'judges.import': method<JudgeValidation>()(z.object({ text: z.string().max(5_000_000) }), { access: 'public' }),
  /** A judge as JSON text, ready to save. */
  'judges.export': method<{ fileName: string; text: string }>()(z.object({ judge: judgeSource }), { access: 'public' }),
  /** Renders a judge's request for one item of a task (the first when `itemId` is omitted), without sending it. */
  'judges.preview': method<JudgePreview>()(
    z.object({
      task: taskRef,
      judge: judgeSource,
      model: z.string().min(1).default('preview'),
      baseUrl: z.string().url().optional(),
      itemId: z.number().int().optional(),
      unit: z.string().max(200).optional(),
    }),
    { access: 'adjudicator' },
  ),
  /**
   * Runs a judge over a task's items on an OpenAI-compatible endpoint (or resumes run `resume`:
   * recorded calls are not sent again). The API key comes from the server's environment
   * (`OPENAI_API_KEY`) or the desktop keychain, never from the arguments. Cancel with
   * `jobs.cancel` (or `judges.cancel` by run id): the run stops taking items, lets calls in
   * flight finish, and returns with status `cancelled`. When the endpoint refuses
   * `json_schema`, the run falls back to `json_object` once (see {@link OutputFallback}).
   * On a team server the run is queued as a job any of the team's servers runs (another takes
   * it over if that one dies) and comes back at once, `running`; extra headers are refused there.
   */
  'judges.run': method<RunSummary>()(
    z.object({
      task: taskRef,
      judge: judgeSource.optional(),
      baseUrl: z.string().url().optional(),
      model: z.string().min(1).optional(),
      /** Extra headers; only their names are stored. */
      headers: z.record(z.string(), z.string()).default({}),
      concurrency: z.number().int().min(1).max(256).default(4),
      timeoutMs: z.number().int().min(10).max(600_000).default(60_000),
      maxAttempts: z.number().int().min(1).max(20).default(5),
      noCache: z.boolean().default(false),
      /** Prices per one million tokens, by model (`*` for any other). */
      prices: z.record(z.string(), price).default({}),
      itemIds: z.array(z.number().int()).optional(),
      resume: z.number().int().optional(),
      jobId: z.string().optional(),
    }),
    { access: 'adjudicator', reason: "judge runs spend the workspace's API key and budget and add a judge's labels to the task", long: true },
  ),
  /**
   * Cancels a run under way in this app by its id — the same as `jobs.cancel` on its job, for
   * a run whose job id the caller does not have (one left going in the background). The run
   * stops taking items, lets calls in flight finish and be recorded, and ends `cancelled`,
   * resumable with nothing answered sent again. `cancelled: false` when the run has already
   * stopped; a `conflict` error when another process runs it (the CLI) or its process died.
   */
  'judges.cancel': method<{ cancelled: boolean }>()(z.object({ run: z.number().int() }), { access: 'adjudicator', reason: "judge runs spend the workspace's API key and budget and add a judge's labels to the task" }),
  /** Runs with their counts, cost and settings — no label, so anyone may list them (the screens still keep them for adjudicators and leads). */
  'judges.runs': method<RunSummary[]>()(z.object({ task: taskRef.optional() }), { access: 'public' }),
  /** What deleting a run would take with it (for the confirmation). */
  'judges.deleteImpact': method<RunDeletionImpact>()(z.object({ run: z.number().int() }), { access: 'lead', reason: 'deleting a judge run removes its calls, cost record and labels' }),
  /**
   * Deletes a stopped run by moving it to the trash: it, its calls and its judge's labels are
   * hidden from the run list, agreement, calibration, comparison and exports at once, all kept,
   * so `judges.restore` brings every call and label back. Says what went. Purging is separate.
   */
  'judges.delete': method<{ trashed: boolean; impact: RunDeletionImpact }>()(z.object({ run: z.number().int() }), {
    access: 'lead',
    reason: 'deleting a judge run removes its calls, cost record and labels',
  }),
  /** The runs in the trash (of one task, or all), newest first, each with what it holds. */
  'judges.trash': method<TrashedRun[]>()(z.object({ task: taskRef.optional() }), { access: 'lead' }),
  /** Brings a trashed run back as it was, every call and label with it. */
  'judges.restore': method<{ restored: boolean }>()(z.object({ run: z.number().int() }), { access: 'lead' }),
  /** Deletes a trashed run for good, after a backup of the workspace. `confirm` must be `run N`, typed. */
  'judges.purge': method<{ purged: boolean; backup: string | null; impact: RunDeletionImpact }>()(z.object({ run: z.number().int(), confirm: z.string() }), {
    access: 'lead',
    reason: 'purging a judge run deletes its calls and labels for good',
  }),
  'judges.runGet': method<RunSummary>()(z.object({ run: z.number().int() }), { access: 'public' }),
  /** A run's calls: raw responses, parse results or errors, tokens, latency, cost. For adjudicators and leads. */
  'judges.calls': method<CallPage>()(
    z.object({
      run: z.number().int(),
      status: z.enum(['ok', 'invalid', 'failed']).optional(),
      itemId: z.number().int().optional(),
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(1000).default(100),
    }),
    { access: 'adjudicator', reason: "a judge run's calls hold the judge's answer on each unit, a strong hint to anyone still labeling them" },
  ),
  /**
   * A run beside the humans, per question: the judge against each annotator and against gold,
   * the human–human figure on the same units, each with its interval, and a verdict; the
   * confusion matrix, per-class precision / recall / F1, ordinal bias, and the disagreements
   * with rationales. For adjudicators and leads.
   */
  'judges.calibrate': method<CalibrationReport>()(
    z.object({
      task: taskRef,
      run: z.number().int(),
      question: z.string().min(1).optional(),
      bootstrap: z.number().int().min(0).max(100_000).default(0),
      seed: z.number().int().default(1),
      maxDisagreements: z.number().int().min(0).max(100_000).default(50),
      /** The verdict's settings (defaults in DEFAULT_CALIBRATION_SETTINGS): the alt-test's ε and BY q, the non-inferiority margin on κ, the fewest units, the non-inferiority bootstrap's resamples. */
      epsilon: z.number().min(0).max(1).optional(),
      q: z.number().gt(0).lt(1).optional(),
      margin: z.number().min(0).max(2).optional(),
      minUnits: z.number().int().min(2).max(1_000_000).optional(),
      verdictResamples: z.number().int().min(100).max(100_000).optional(),
      /** Lower bound TPR and TNR must reach to certify the judge (default 0.8). */
      certifyThreshold: z.number().gt(0).lt(1).optional(),
      /** Half-width the corrected pass rate's label budget aims at (default 0.05). */
      targetHalfWidth: z.number().gt(0).lt(1).optional(),
      /** The alternative annotator test's scoring: accuracy, or neg-rmse (ordered questions; the others keep accuracy). Default: neg-rmse on ordered questions, accuracy on the others. */
      scoring: z.enum(['accuracy', 'neg-rmse']).optional(),
    }),
    { access: 'adjudicator', reason: "judge calibration puts a judge beside every annotator's labels and gold, with their rationales" },
  ),
  /**
   * Two runs on the same task: what changed against gold (fixed, regressed, unchanged), and
   * systems ranked by both (Spearman's ρ). For adjudicators and leads.
   */
  'judges.compare': method<RunComparison>()(
    z.object({ runA: z.number().int(), runB: z.number().int(), question: z.string().min(1).optional(), by: z.string().min(1).default('model') }),
    { access: 'adjudicator', reason: 'comparing judge runs scores each against gold, unit by unit' },
  ),
};
