import type { ItemJourneys } from './graphTypes';

/** One start → end path, as `items.journeys` lists it: node ids and the edge keys between them. */
export type Journey = ItemJourneys['journeys'][number];
