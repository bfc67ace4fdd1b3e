import type { Writable } from 'node:stream';

/** A command to run: `command` with `args`, reported under `name`. */
export interface ParallelJob {
  name: string;
  command: string;
  args: string[];
}

/** Runs the jobs, at most `concurrency` at once; resolves to the names of those that failed. */
export function runParallel(jobs: readonly ParallelJob[], options?: { concurrency?: number; out?: Writable; env?: NodeJS.ProcessEnv }): Promise<string[]>;
