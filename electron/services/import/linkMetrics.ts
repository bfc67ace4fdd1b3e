import { sql } from 'kysely';
import { jsonIsObject, jsonNumber, jsonString } from '../../../db/sql/portable';
import { asSql, type AnyDb } from '../../../db/sql/sqliteSqlDb';
import type { SqlDb } from '../../../db/sql/sqlDb';
import { userJourneyCoverage } from '../../core/formats/conversations';
import { comparePlans, metricsOf, type PlanRecord } from '../../core/formats/plans';

/**
 * Reference metrics that need more than one item, refreshed after every import that could
 * change them (inside the write that publishes the import, so they change as it becomes visible;
 * datasets that other imports are still writing are left out):
 * - a generated plan (CSV row) is scored against the gold plan of the query it names by
 *   `query_id`, whichever of the two was imported first;
 * - each graph of a conversation dataset gets its User Journey Coverage Score: the mean Tool
 *   Call Accuracy over the dataset's conversations of that graph (table `journey_coverage`).
 */
export function refreshLinkedMetrics(conn: AnyDb, datasetId: number, kind: string, written?: JourneyScores): void {
  const db = asSql(conn);
  if (kind === 'plan') refreshGeneratedPlanMetrics(db, datasetId);
  if (kind === 'conversation') refreshJourneyCoverage(db, datasetId, written);
}

/** Tool Call Accuracies by graph name. */
export type JourneyScores = Map<string, number[]>;

/** Adds one conversation's score to the accuracies of its graph. */
export function addJourneyScore(scores: JourneyScores, graph: string, toolCallAccuracy: number): void {
  const list = scores.get(graph);
  if (list) list.push(toolCallAccuracy);
  else scores.set(graph, [toolCallAccuracy]);
}

function refreshGeneratedPlanMetrics(db: SqlDb, datasetId: number): void {
  const pairs = db.all(
    sql<{ id: number; generated: string; query: string }>`SELECT g.id AS id, g.payload AS generated, q.payload AS query
       FROM items g
       JOIN items q ON q.kind = 'plan' AND q.external_id = ${jsonString(db, sql`g.metadata`, 'query_id')}
                    AND ${jsonString(db, sql`q.payload`, 'source')} = 'query-record' AND ${jsonIsObject(db, sql`q.payload`, 'gold')}
       JOIN datasets gd ON gd.id = g.dataset_id AND (gd.state = 'ready' OR gd.id = ${datasetId})
       JOIN datasets qd ON qd.id = q.dataset_id AND (qd.state = 'ready' OR qd.id = ${datasetId})
       WHERE g.kind = 'plan' AND ${jsonString(db, sql`g.payload`, 'source')} = 'generated-row'
         AND (g.dataset_id = ${datasetId} OR q.dataset_id = ${datasetId})
       ORDER BY g.id, q.id`,
  );
  const done = new Set<number>();
  for (const pair of pairs) {
    if (done.has(pair.id)) continue; // the first query with that id wins, as in the item view
    done.add(pair.id);
    const generated = JSON.parse(pair.generated) as PlanRecord;
    const query = JSON.parse(pair.query) as PlanRecord;
    if (!generated.plan || !query.gold) continue;
    const metrics = { ...metricsOf(comparePlans(generated.plan, query.gold)), goldFrom: query.queryId };
    db.run(sql`UPDATE items SET metrics = ${JSON.stringify(metrics)} WHERE id = ${pair.id}`);
  }
}

/**
 * Recomputes the dataset's rows of `journey_coverage`, one per graph. The score is not copied
 * into each conversation (that rewrote every row of the dataset on each import); item reads
 * join it back in (db/queries/browse.ts). `written` holds the scores of every conversation in
 * the dataset when the import started from an empty one; otherwise they are read back.
 */
function refreshJourneyCoverage(db: SqlDb, datasetId: number, written?: JourneyScores): void {
  const scores = written ?? readJourneyScores(db, datasetId);
  db.run(db.q.deleteFrom('journey_coverage').where('dataset_id', '=', datasetId));
  const rows = [...scores].map(([graph, accuracies]) => [datasetId, graph, userJourneyCoverage(accuracies), accuracies.length]);
  db.copyRows('journey_coverage', ['dataset_id', 'graph', 'score', 'conversations'], rows);
}

function readJourneyScores(db: SqlDb, datasetId: number): JourneyScores {
  const rows = db.all(
    sql<{ graph: unknown; tca: unknown }>`SELECT ${jsonString(db, sql`metadata`, 'graph')} AS graph, ${jsonNumber(db, sql`metrics`, 'toolCallAccuracy')} AS tca
       FROM items WHERE dataset_id = ${datasetId} AND kind = 'conversation' AND metrics IS NOT NULL ORDER BY id`,
  );
  const scores: JourneyScores = new Map();
  for (const { graph, tca } of rows) if (typeof graph === 'string' && typeof tca === 'number') addJourneyScore(scores, graph, tca);
  return scores;
}
