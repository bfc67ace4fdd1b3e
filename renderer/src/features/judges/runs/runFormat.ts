import type { RunSummary } from '../../../../../electron/api/contract';
import { dollars } from '../../../../../electron/common/numberFormat';

/**
 * A cost in dollars: "—" when unknown (some model had no price — an unknown cost is not a free
 * one), up to four decimals below a cent so small runs do not read "$0.00".
 */
export const formatCost = dollars;

/** Seconds a run took, or has taken so far while it runs; null when the timestamps are unreadable. */
export function runSeconds(run: Pick<RunSummary, 'startedAt' | 'finishedAt'>, now: number = Date.now()): number | null {
  const start = Date.parse(run.startedAt);
  const end = run.finishedAt === null ? now : Date.parse(run.finishedAt);
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  return Math.max(0, (end - start) / 1000);
}

/** Requests answered or given up on, of those the run needs. */
export function runDone(run: Pick<RunSummary, 'ok' | 'invalid' | 'failed'>): number {
  return run.ok + run.invalid + run.failed;
}

/**
 * A run's status as its chip says it: a finished run whose calls did not all give a readable
 * answer is "finished with gaps", never plain "finished", with how many and how.
 */
export function runStatusText(run: Pick<RunSummary, 'status' | 'failed' | 'invalid' | 'pending'>): { label: string; gaps: boolean } {
  const missing = [run.failed > 0 && `${run.failed} failed`, run.invalid > 0 && `${run.invalid} unreadable`, run.status === 'finished' && run.pending > 0 && `${run.pending} not run`].filter(Boolean);
  if (run.status === 'finished' && missing.length > 0) return { label: `finished with gaps: ${missing.join(', ')}`, gaps: true };
  return { label: run.status, gaps: false };
}

/** Whether a run can be resumed: it stopped with requests left, or some failed and may succeed now. */
export function canResume(run: Pick<RunSummary, 'status' | 'pending' | 'failed'>): boolean {
  return run.status !== 'running' && (run.pending > 0 || run.failed > 0 || run.status === 'failed');
}

/** Whether a run can be cancelled: it is running (the service says if this app is not the one running it). */
export function canCancel(run: Pick<RunSummary, 'status'>): boolean {
  return run.status === 'running';
}

/** The run page's account of an output fallback (a title and a sentence), or null when the run asked the way its judge said. */
export function outputFallbackNote(settings: Pick<RunSummary['settings'], 'outputFallback'>): { title: string; text: string } | null {
  const fallback = settings.outputFallback;
  if (!fallback) return null;
  const how = `with the response schema written into the prompt, and every answer was checked against it`;
  return fallback.cause === 'refused'
    ? { title: `Endpoint rejected ${fallback.from}; used ${fallback.to}`, text: `Every request from then on asked for ${fallback.to} instead, ${how}. The endpoint answered:` }
    : {
        title: `Used ${fallback.to}: the endpoint rejects ${fallback.from}`,
        text: `An earlier run on this endpoint found it rejects ${fallback.from}; this run reused that run's cached ${fallback.to} answers and asked the same way, ${how}.`,
      };
}

/** How a run's status is coloured everywhere. */
export const RUN_STATUS_COLOR = {
  running: 'info',
  finished: 'success',
  cancelled: 'warning',
  failed: 'error',
} as const satisfies Record<RunSummary['status'], string>;

/** The judge and model of a run in a few words: "plan-quality-reference on gpt-4o-mini". */
export function runName(run: Pick<RunSummary, 'id' | 'judge' | 'model'>): string {
  return `Run ${run.id} · ${run.judge.id} on ${run.model}`;
}
