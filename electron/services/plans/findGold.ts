import type { PlanGoldLink } from '../../api/contract';
import { comparePlans, type PlanRecord } from '../../core/formats/plans';
import { itemLink } from '../catalog/catalog';
import { scoresHiddenFrom } from '../annotation/visibility';
import type { ServiceContext } from '../context';
import { InvalidInputError, NotFoundError } from '../errors';

/**
 * The query record a generated plan names, with the plan compared to its gold plan (see
 * `plans.findGold`). The comparison is computed here rather than stored: the stored metrics
 * keep only the scores, the viewer also needs which steps matched.
 */
export function findPlanGold(ctx: ServiceContext, id: number): PlanGoldLink | null {
  const row = ctx.db.prepare("SELECT i.kind, i.payload FROM items i JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready' WHERE i.id = ?").get(id) as { kind: string; payload: string } | undefined;
  if (!row) throw new NotFoundError(`no item with id ${id}`);
  if (row.kind !== 'plan') throw new InvalidInputError(`item ${id} is a ${row.kind}, not a plan`);
  const generated = JSON.parse(row.payload) as PlanRecord;
  if (generated.source !== 'generated-row' || generated.queryId === null) return null;

  // Same choice as the stored metrics (linkMetrics.ts): a record with a gold plan, the first imported.
  const query = ctx.db
    .prepare(
      `SELECT i.id, i.external_id, i.payload, d.name AS dataset
       FROM items i JOIN datasets d ON d.id = i.dataset_id AND d.state = 'ready'
       WHERE i.kind = 'plan' AND i.external_id = ? AND json_extract(i.payload, '$.source') = 'query-record'
       ORDER BY coalesce(json_type(i.payload, '$.gold') = 'object', 0) DESC, i.id
       LIMIT 1`,
    )
    .get(generated.queryId) as { id: number; external_id: string; payload: string; dataset: string } | undefined;
  if (!query) return null;
  const record = JSON.parse(query.payload) as PlanRecord;
  return {
    itemId: query.id,
    externalId: query.external_id,
    dataset: query.dataset,
    link: itemLink(query.id),
    query: record.query,
    subjective: record.subjective,
    compound: record.compound,
    gold: record.gold,
    // An annotator of a task that hides automatic scores gets the gold plan without the scores (issue 13).
    comparison: record.gold && generated.plan && !scoresHiddenFrom(ctx.db, ctx.caller, [id]).has(id) ? comparePlans(generated.plan, record.gold) : null,
  };
}
