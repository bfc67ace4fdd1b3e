import type { JudgePreview } from '../../api/contract';
import { judgeCallQueries, judgeTaskItems } from '../../../db/queries/judges';
import { canFallBack } from '../../core/judges/jsonObjectFallback';
import { judgeVersion } from '../../core/judges/judgeJson';
import { buildRequest } from '../../core/judges/request';
import { nodeRequestHash } from './nodeRequestHash';
import { loadTask } from '../annotation/taskContext';
import type { ServiceContext } from '../context';
import { InvalidInputError, NotFoundError } from '../errors';
import { resolveJudge, type JudgeSource } from './judgeSource';
import { requestForms } from './outputFallback';
import { workPieces } from './workPieces';

/**
 * Renders a judge's request for one item of a task without sending it (DESIGN.md §6's
 * preview): the body exactly as a run would send it, its hash, and whether the cache of
 * `baseUrl` already answers it.
 *
 * @throws NotFoundError for an unknown task, or an item or unit not in it.
 */
export function previewJudge(
  ctx: ServiceContext,
  args: { task: string | number; judge: JudgeSource; model: string; baseUrl?: string; itemId?: number; unit?: string },
): JudgePreview {
  const task = loadTask(ctx.sql, args.task);
  const judge = resolveJudge(ctx.sql, args.judge);
  const pieces = workPieces(judge, judgeTaskItems(ctx.sql, task.record.id));
  if (pieces.length === 0) throw new InvalidInputError(`task "${task.record.name}" has nothing this judge can be asked about`);
  const piece =
    args.itemId === undefined
      ? pieces[0]
      : pieces.find((p) => p.itemId === args.itemId && (args.unit === undefined || p.unit === args.unit));
  if (!piece) throw new NotFoundError(`item ${args.itemId}${args.unit ? ` (${args.unit})` : ''} is not in task "${task.record.name}"`);
  const built = buildRequest(judge, { item: piece.item, unit: piece.unit === '' ? null : piece.unit, schema: task.schema }, args.model, nodeRequestHash);
  const cache = judgeCallQueries(ctx.sql);
  // A run answers from the cache in either form of the request (its own, or the json_object fallback).
  const forms = built.ok ? requestForms(built.request, built.hash, canFallBack(judge.output)) : [];
  const cached = args.baseUrl !== undefined && forms.some((f) => cache.cacheGet(f.hash, args.model, args.baseUrl!) !== undefined);
  return {
    judge: { id: judge.id, version: judgeVersion(judge) },
    itemId: piece.itemId,
    externalId: piece.item.externalId,
    unit: piece.unit,
    request: built.ok ? built.request : null,
    hash: built.ok ? built.hash : null,
    error: built.ok ? null : built.error,
    cached,
    requestsNeeded: pieces.length,
  };
}
