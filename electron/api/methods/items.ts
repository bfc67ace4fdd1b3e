import { z } from 'zod';
import type { ArtifactKind, Finding, MetadataValue } from '../../core/formats/types';
import { method } from '../define';

/** One row of the item browser. */
export interface ItemRow {
  id: number;
  externalId: string;
  datasetId: number;
  dataset: string;
  kind: ArtifactKind;
  metadata: Record<string, MetadataValue>;
  errorCount: number;
  warningCount: number;
  infoCount: number;
  /** The headline reference metric where one applies (plan tier, tool-call accuracy). */
  headline: string | null;
  /**
   * True when the item is in a task that hides automatic scores from the caller (an annotator):
   * the headline, reference metrics, validator verdicts and score fields of the source are left out.
   */
  scoresHidden?: boolean;
}

/** A page of the item browser. */
export interface ItemPage {
  total: number;
  offset: number;
  rows: ItemRow[];
}

/** Everything the item page shows. `payload` is the canonical artifact of its kind. */
export interface ItemDetail extends ItemRow {
  payload: unknown;
  rawText: string | null;
  contentHash: string;
  findings: Finding[];
  /** Reference metrics, including those computed against a linked item (e.g. a CSV plan's gold). */
  metrics: Record<string, unknown> | null;
  sourceLine: number | null;
  sourceFile: string | null;
  /** Deep link in browser mode, relative to the app root (e.g. `#/items/12`). */
  link: string;
  /**
   * A conversation that names the flowgraph it follows (`flowgraph_id`, `graph` or `procedure`):
   * that id, and the graph item of the workspace with it as external id, null when none has it.
   * Absent when the workspace holds no graph at all: the name is then only a name.
   */
  flowgraph?: { id: string; item: ItemRef | null };
}

/** An item named by its id and external id (enough to link to it and say which it is). */
export interface ItemRef {
  id: number;
  externalId: string;
}

/**
 * Where an item sits in a filtered, sorted item list, and the items either side of it: what
 * next/previous on the item page follow, whether the item was opened from the list or from a
 * bare deep link.
 */
export interface ItemNeighbours {
  /** Items matching the filter. */
  total: number;
  /** 0-based position of the item in that order; null when the filter excludes the item. */
  position: number | null;
  /** The item before it in that order; null at the start or when the item is not in the list. */
  previous: ItemRef | null;
  /** The item after it in that order; null at the end or when the item is not in the list. */
  next: ItemRef | null;
}

export const itemFilter = z.object({
  datasetId: z.number().int().optional(),
  kind: z.enum(['graph', 'plan', 'conversation']).optional(),
  /** Substring of the external id or of any metadata value. */
  search: z.string().max(200).optional(),
  /** Only items with findings at least this severe. */
  severity: z.enum(['error', 'warning', 'info']).optional(),
  /** Exact matches on metadata fields (model, domain, …). */
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
export type ItemFilter = z.infer<typeof itemFilter>;

export const itemSort = z.enum(['id', 'externalId', 'dataset', 'kind', 'findings']);

export const itemMethods = {
  'items.list': method<ItemPage>()(
    itemFilter.extend({
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(1000).default(100),
      sort: itemSort.default('id'),
      descending: z.boolean().default(false),
    }),
    { access: 'public' },
  ),
  'items.get': method<ItemDetail>()(z.object({ id: z.number().int() }), { access: 'public' }),
  /**
   * The item's position in the list a filter and sort give (as `items.list` orders it) and its
   * previous and next items there. Fails with not-found when no item has that id.
   */
  'items.neighbours': method<ItemNeighbours>()(
    itemFilter.extend({
      id: z.number().int(),
      sort: itemSort.default('id'),
      descending: z.boolean().default(false),
    }),
    { access: 'public' },
  ),
  /** Metadata field names and their most common values, for filter menus. */
  'items.metadataFields': method<{ key: string; values: MetadataValue[] }[]>()(
    z.object({ datasetId: z.number().int().optional() }),
    { access: 'public' },
  ),
};
