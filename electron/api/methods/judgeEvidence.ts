import { z } from 'zod';
import type { AltTestResult } from '../../core/judges/calibration/altTest';
import type { LengthBias, RerunProbe } from '../../core/judges/calibration/probes';
import { method } from '../define';
import { taskRef } from './annotation';
import type { RunSummary } from './judges';

/** The alternative annotator test of a judge run on one question (one result per tag of a multilabel question). */
export interface RunAltTest {
  task: string;
  run: number;
  judge: string;
  question: string;
  results: { tag: string | null; result: AltTestResult }[];
}

export type { LengthBias, RerunProbe } from '../../core/judges/calibration/probes';

/** Stability and bias probes of judge runs on one question. */
export interface JudgeProbes {
  task: string;
  question: string;
  /** stability: reruns of one judge version on one model; paraphrase: one judge reworded (versions differ), one model; mixed: judges or models differ; null with one run. */
  kind: 'stability' | 'paraphrase' | 'mixed' | null;
  /**
   * For mixed runs, what differs between them (e.g. `models judge-good, judge-bad`): their flip
   * rate and κ are agreement between different judges or models, not a stability figure. Null otherwise.
   */
  mixedBy: string | null;
  /** Each run and what it cost: requests sent (retries included) and cache hits, which are free. */
  runs: { id: number; judge: string; version: string; model: string; requests: number; cacheHits: number; units: number }[];
  /** One per question, or per tag of a multilabel question. */
  results: { tag: string | null; rerun: RerunProbe | null; lengthBias: (LengthBias & { run: number })[] }[];
  positionSwap: string;
}

/**
 * Judge evidence beyond calibration (issue 19): the alternative annotator test of a run, and
 * judge labels made elsewhere brought in as a run.
 */
export const judgeEvidenceMethods = {
  /**
   * The alternative annotator test (Calderon, Reichart & Dror 2025) of a run on one question:
   * per annotator, the judge and the annotator scored against the remaining annotators, a
   * one-sided t-test against ε, Benjamini–Yekutieli at q; winning rate and advantage
   * probability. For adjudicators and leads (it reads every annotator's labels).
   */
  'judges.altTest': method<RunAltTest>()(
    z.object({
      task: taskRef,
      run: z.number().int(),
      question: z.string().min(1),
      /** Default: neg-rmse for ordinal and score questions, accuracy otherwise. */
      scoring: z.enum(['accuracy', 'neg-rmse']).optional(),
      epsilon: z.number().min(0).max(1),
      q: z.number().gt(0).lt(1).default(0.05),
      minRatersPerItem: z.number().int().min(2).max(1000).default(2),
      minItemsPerRater: z.number().int().min(2).max(1_000_000).default(30),
    }),
    { access: 'adjudicator', reason: "the alternative annotator test reads every annotator's labels beside the judge's" },
  ),
  /**
   * Stability and bias probes: across runs on the same items, the flip rate and Fleiss' κ
   * among them (reruns of one judge, or reworded prompts); per run, Spearman's ρ between score
   * and response length; each run's cost. For adjudicators and leads.
   */
  'judges.probes': method<JudgeProbes>()(
    z.object({
      task: taskRef,
      runs: z.array(z.number().int()).min(1).max(50),
      question: z.string().min(1),
      resamples: z.number().int().min(0).max(100_000).default(1000),
      seed: z.number().int().default(1),
    }),
    { access: 'adjudicator', reason: "probes read the judges' labels on every unit" },
  ),
  /**
   * Judge labels an LLM produced outside Accord (CSV `unit,value[,rationale][,question]` or
   * JSONL), imported as a finished judge run of the task; the file is checked whole first and
   * rejected with every bad line. For leads: it adds a rater's labels to the task.
   */
  'judges.importLabels': method<RunSummary>()(
    z.object({
      task: taskRef,
      name: z.string().min(1).max(200).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, ".", "_" and "-", starting with a letter or digit'),
      text: z.string().max(50_000_000),
      fileName: z.string().min(1).max(1000),
      format: z.enum(['csv', 'jsonl']).optional(),
      question: z.string().min(1).optional(),
    }),
    { access: 'lead', reason: "importing judge labels adds a rater's labels to the task" },
  ),
};
