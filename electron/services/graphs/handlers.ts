import type { HandlerTable } from '../handlerTypes';
import { itemJourneys } from './journeys';

/** Methods over SOP-graph items. */
export const graphHandlers = {
  'items.journeys': ({ id, limit }, ctx) => itemJourneys(ctx, id, limit),
} satisfies HandlerTable<'items.journeys'>;
