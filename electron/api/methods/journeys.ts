import { z } from 'zod';
import type { JourneyEnumeration } from '../../core/formats/graphs/journeys';
import { method } from '../define';

/** Largest `limit` a caller may ask for: a journey of a 200-node graph can list 200 ids. */
export const MAX_JOURNEY_LIMIT = 5_000;

/**
 * The journeys (start → end paths) of a graph item, in the order the graph lists its edges,
 * for listing and highlighting in the graph viewer. `cappedBy` says when there are more than
 * were listed (`count`: more than `limit`; `steps`: the search itself was cut short).
 */
export interface ItemJourneys extends JourneyEnumeration {
  /** The `limit` the list was cut at. */
  limit: number;
}

export const journeyMethods = {
  /** Journeys of the graph item `id`; `invalid-input` for an item of another kind. */
  'items.journeys': method<ItemJourneys>()(
    z.object({
      id: z.number().int(),
      limit: z.number().int().min(1).max(MAX_JOURNEY_LIMIT).default(1_000),
    }),
    { access: 'public' },
  ),
};
