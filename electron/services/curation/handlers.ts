import type { HandlerTable } from '../handlerTypes';
import { exportCuration, taskCuration } from './curation';

/** ALMITA curation of a task by a validity question. */
export const curationHandlers = {
  'curation.get': (args, ctx) => taskCuration(ctx, args),
  'curation.export': (args, ctx) => exportCuration(ctx, args),
} satisfies HandlerTable<'curation.get' | 'curation.export'>;
