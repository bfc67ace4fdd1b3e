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
  const db = ctx.sql;
  const readyPlans = db.q
    .selectFrom('items as i')
    .innerJoin('datasets as d', (join) => join.onRef('d.id', '=', 'i.dataset_id').on('d.state', '=', 'ready'))
    .select(['i.id', 'i.kind', 'i.external_id', 'i.payload', 'd.name as dataset']);
  const row = db.one(readyPlans.where('i.id', '=', id));
  if (!row) throw new NotFoundError(`no item with id ${id}`);
  if (row.kind !== 'plan') throw new InvalidInputError(`item ${id} is a ${row.kind}, not a plan`);
  const generated = JSON.parse(row.payload) as PlanRecord;
  if (generated.source !== 'generated-row' || generated.queryId === null) return null;

  // Same choice as the stored metrics (linkMetrics.ts): a record with a gold plan, the first
  // imported. The few plans of one external id are compared here rather than in JSON SQL, which
  // the engines spell differently.
  const candidates = db.all(readyPlans.where('i.kind', '=', 'plan').where('i.external_id', '=', generated.queryId).orderBy('i.id'));
  const records = candidates.map((c) => ({ ...c, record: JSON.parse(c.payload) as PlanRecord })).filter((c) => c.record.source === 'query-record');
  const hasGoldObject = (r: PlanRecord) => typeof r.gold === 'object' && r.gold !== null && !Array.isArray(r.gold);
  const query = records.find((c) => hasGoldObject(c.record)) ?? records[0];
  if (!query) return null;
  const { record } = query;
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
    comparison: record.gold && generated.plan && !scoresHiddenFrom(db, ctx.caller, [id]).has(id) ? comparePlans(generated.plan, record.gold) : null,
  };
}
