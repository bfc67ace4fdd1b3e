import { z } from 'zod';
import { method } from '../define';

/** What the shell shows about the open workspace. */
export interface WorkspaceInfo {
  path: string;
  schemaVersion: number;
  datasets: number;
  items: number;
  /** Browser mode: the base URL deep links start with; null under Electron. */
  baseUrl: string | null;
}

/** Progress of a long job (import, bootstrap, judge run), sent as the `job.progress` event. */
export interface JobProgress {
  jobId: string;
  /** Short label, e.g. "Importing plans.jsonl". */
  label: string;
  done: number;
  /** null while unknown. */
  total: number | null;
  /**
   * What `done` and `total` count: 'bytes' (an import reading its files), or a plural noun
   * ('labels', 'rows'); absent: steps of the work (questions, items judged).
   */
  unit?: string;
  /** Units per second so far (this phase's, when a job's label and unit changed on the way). */
  rate: number;
  /** Seconds left, null while unknown. */
  etaSeconds: number | null;
  finished: boolean;
}

export const workspaceMethods = {
  'workspace.info': method<WorkspaceInfo>()(z.object({}), { access: 'public' }),
  'jobs.cancel': method<{ cancelled: boolean }>()(z.object({ jobId: z.string().min(1) }), { access: 'adjudicator' }),
};
