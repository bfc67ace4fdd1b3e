import { getItem } from '../../../db/queries/browse';
import type { ItemJourneys } from '../../api/contract';
import { enumerateJourneys, type SopGraph } from '../../core/formats/graphs';
import type { ServiceContext } from '../context';
import { InvalidInputError, NotFoundError } from '../errors';

/** The start → end journeys of graph item `id`, at most `limit` of them (see core `enumerateJourneys`). */
export function itemJourneys(ctx: ServiceContext, id: number, limit: number): ItemJourneys {
  const row = getItem(ctx.sql, id);
  if (!row) throw new NotFoundError(`no item with id ${id}`);
  if (row.kind !== 'graph') throw new InvalidInputError(`item ${id} is a ${row.kind}, not a graph: only graphs have journeys`);
  const graph = JSON.parse(row.payload) as SopGraph;
  return { ...enumerateJourneys(graph, { maxJourneys: limit }), limit };
}
