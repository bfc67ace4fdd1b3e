import type { ApiEvents, EventName } from '../api/contract';
import type { Db } from '../../db/workspace';
import { JobRegistry, WriteLock } from './jobs';

/** What every service function gets: the workspace and the means to report on long work. */
export interface ServiceContext {
  db: Db;
  workspacePath: string;
  /** Browser mode's base URL for deep links (e.g. `http://127.0.0.1:4873/`), else null. */
  baseUrl: string | null;
  emit<E extends EventName>(event: E, payload: ApiEvents[E]): void;
  jobs: JobRegistry;
  writeLock: WriteLock;
  /** Browser mode: maps an upload id to the temporary file holding the uploaded bytes. */
  resolveUpload(uploadId: string): string | null;
}

export interface ContextOptions {
  db: Db;
  workspacePath: string;
  baseUrl?: string | null;
  emit?: ServiceContext['emit'];
  resolveUpload?: ServiceContext['resolveUpload'];
}

/** Builds a service context; transports pass their event sink and upload store. */
export function createServiceContext(options: ContextOptions): ServiceContext {
  const emit = options.emit ?? (() => {});
  return {
    db: options.db,
    workspacePath: options.workspacePath,
    baseUrl: options.baseUrl ?? null,
    emit,
    jobs: new JobRegistry((progress) => emit('job.progress', progress)),
    writeLock: new WriteLock(),
    resolveUpload: options.resolveUpload ?? (() => null),
  };
}
