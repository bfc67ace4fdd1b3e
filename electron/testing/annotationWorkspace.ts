import fs from 'node:fs';
import path from 'node:path';
import type { InputOf, MethodName, ResultOf } from '../api/contract';
import { dispatch } from '../services/dispatch';
import { importFiles } from '../services/import/importFiles';
import { FORMATS } from './fixtures';
import { tempSession } from './tempWorkspace';

/** A failed API call in a test, with the reply's error code. */
export class TestCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A temporary workspace with some of fixtures/formats imported, and `api()` to call contract
 * methods through the dispatcher (argument validation and access rules included), for
 * annotation tests.
 */
export async function annotationWorkspace(files: string[] = ['plans.jsonl', 'conversations-chat.jsonl']) {
  const ws = tempSession();
  await importFiles(
    ws.ctx,
    files.map((f) => ({ path: path.isAbsolute(f) ? f : path.join(FORMATS, f), displayName: path.basename(f) })),
  );
  /** Calls `method` as the person `as` (a name), or as the workspace's owner acting as lead (as the CLI does without --as). */
  const api = async <M extends MethodName>(method: M, args: InputOf<M>, as?: string): Promise<ResultOf<M>> => {
    const reply = await dispatch(ws.ctx, method, args, as === undefined ? { owner: true } : { name: as });
    if (!reply.ok) throw new TestCallError(reply.error.code, reply.error.message);
    return reply.value as ResultOf<M>;
  };
  /** The id of an item by external id. */
  const itemId = (externalId: string): number =>
    (ws.db.prepare('SELECT id FROM items WHERE external_id = ?').get(externalId) as { id: number } | undefined)?.id ??
    (() => {
      throw new Error(`no item ${externalId}`);
    })();
  return { ...ws, api, itemId };
}

export type AnnotationWorkspace = Awaited<ReturnType<typeof annotationWorkspace>>;

/** A schema asking the questions of fixtures/formats/labels.csv: validity, overall_quality and per-step tags (fixtures/formats/labels-schema.json). */
export const LABELS_CSV_SCHEMA = JSON.parse(fs.readFileSync(path.join(FORMATS, 'labels-schema.json'), 'utf8')) as Record<string, unknown>;
