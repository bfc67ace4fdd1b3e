import { bytes, count } from './numberFormat';

/** What a progress line needs of a `job.progress` event (JobProgress in the API). */
export interface ProgressAmount {
  done: number;
  total: number | null;
  /** 'bytes', a plural noun ('labels', 'rows'), or absent for steps of work. */
  unit?: string;
}

/**
 * How much of a job is done, in what it counts: "1.0 MB of 2.0 MB" for an import reading its
 * file, "120,000 of 360,000 labels" when it writes the labels a release carries, "3 of 7" for
 * steps. The CLI's progress line and the app's bars say it alike.
 */
export function progressAmount(p: ProgressAmount): string {
  if (p.unit === 'bytes') return p.total ? `${bytes(p.done)} of ${bytes(p.total)}` : bytes(p.done);
  return `${count(p.done)} of ${p.total ? count(p.total) : '?'}${p.unit ? ` ${p.unit}` : ''}`;
}

/** Its speed in the same unit: "1.5 MB/s", "4,100 labels/s". */
export function progressRate(rate: number, unit?: string): string {
  return unit === 'bytes' ? `${bytes(rate)}/s` : `${count(Math.round(rate))}${unit ? ` ${unit}` : ''}/s`;
}
