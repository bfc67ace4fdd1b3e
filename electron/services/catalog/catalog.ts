import type { DatasetSummary, ItemDetail, ItemFilter, ItemNeighbours, ItemPage, ItemRow, WorkspaceInfo } from '../../api/contract';
import {
  datasetSummaries,
  anyItemOfKind,
  findByExternalId,
  findingSeverities,
  findingsOf,
  getItem,
  isBrowsable,
  itemNeighbours,
  listItems,
  metadataFields,
  type ItemFullRow,
  type ItemListRow,
  type ItemSort,
  workspaceCounts,
} from '../../../db/queries/browse';
import { schemaVersionOf } from '../../../db/sql/portable';
import type { ArtifactKind, MetadataValue, UnitLocation } from '../../core/formats/types';
import type { ServiceContext } from '../context';
import { NotFoundError } from '../errors';
import { headlineOf } from './headline';
import { isReadingAid, metadataWithoutScores, withoutScores } from '../../core/blindness/automaticScores';
import { blindBrowsing, scoresHiddenFrom } from '../annotation/visibility';

/** The open workspace at a glance. */
export function workspaceInfo(ctx: ServiceContext): WorkspaceInfo {
  return { path: ctx.workspacePath, schemaVersion: schemaVersionOf(ctx.sql), ...workspaceCounts(ctx.sql), baseUrl: ctx.baseUrl };
}

/** Datasets with counts and source files. */
export function listDatasets(ctx: ServiceContext): DatasetSummary[] {
  // Finding counts of items hiding automatic scores from the caller count reading aids only: no verdict in aggregate either.
  const { datasets, files } = datasetSummaries(ctx.sql, blindBrowsing(ctx.sql, ctx.caller));
  return datasets.map((d) => ({
    id: d.id,
    name: d.name,
    kind: d.kind as ArtifactKind,
    itemCount: d.item_count,
    itemsWithErrors: d.with_errors,
    itemsWithWarnings: d.with_warnings,
    findingCount: d.finding_count,
    createdAt: d.created_at,
    files: files
      .filter((f) => f.dataset_id === d.id)
      .map((f) => ({ fileName: f.file_name, format: f.format, itemCount: f.item_count, skippedCount: f.skipped_count, importedAt: f.imported_at })),
  }));
}

export interface PageArgs extends ItemFilter {
  offset: number;
  limit: number;
  sort: ItemSort;
  descending: boolean;
}

/** A filtered, sorted page of items. */
export function listItemPage(ctx: ServiceContext, args: PageArgs): ItemPage {
  const { offset, limit, sort, descending, ...filter } = args;
  // Filters and sort act on what the caller is shown, so a page's order and membership leak no hidden score.
  const { total, rows } = listItems(ctx.sql, { ...filter, blind: blindBrowsing(ctx.sql, ctx.caller) }, { offset, limit, sort, descending });
  const hidden = scoresHiddenFrom(ctx.sql, ctx.caller, rows.map((r) => r.id));
  const findings = findingSeverities(ctx.sql, rows.filter((r) => hidden.has(r.id)).map((r) => r.id));
  return { total, offset, rows: rows.map((r) => (hidden.has(r.id) ? rowWithoutScores(toItemRow(r), findings.get(r.id)!) : toItemRow(r))) };
}

/**
 * A list row of an item whose task hides automatic scores from the caller: no reference column,
 * no score metadata, and finding counts of the findings that help reading only (no verdicts).
 */
function rowWithoutScores(row: ItemRow, findings: readonly { validator: string; severity: string }[]): ItemRow {
  const aids = findings.filter((f) => isReadingAid(f));
  const counted = (severity: string) => aids.filter((f) => f.severity === severity).length;
  return {
    ...row,
    headline: null,
    metadata: metadataWithoutScores(row.metadata),
    errorCount: counted('error'),
    warningCount: counted('warning'),
    infoCount: counted('info'),
    scoresHidden: true,
  };
}

function toItemRow(row: ItemListRow): ItemRow {
  const metrics = row.metrics ? (JSON.parse(row.metrics) as Record<string, unknown>) : null;
  return {
    id: row.id,
    externalId: row.external_id,
    datasetId: row.dataset_id,
    dataset: row.dataset,
    kind: row.kind as ArtifactKind,
    metadata: JSON.parse(row.metadata) as Record<string, MetadataValue>,
    errorCount: row.error_count,
    warningCount: row.warning_count,
    infoCount: row.info_count,
    headline: headlineOf(row.kind as ArtifactKind, metrics),
  };
}

/** One item with payload, findings and reference metrics (including linked ones). */
export function getItemDetail(ctx: ServiceContext, id: number): ItemDetail {
  const row = getItem(ctx.sql, id);
  if (!row) throw new NotFoundError(`no item with id ${id}`);
  const base = toItemRow(row);
  const payload = JSON.parse(row.payload) as unknown;
  const metrics = withJourneyCoverage(row, row.metrics ? (JSON.parse(row.metrics) as Record<string, unknown>) : null);
  const detail: ItemDetail = {
    ...base,
    payload,
    rawText: row.raw_text,
    contentHash: row.content_hash,
    findings: findingsOf(ctx.sql, id).map((f) => ({
      validator: f.validator,
      severity: f.severity,
      location: f.location ? (JSON.parse(f.location) as UnitLocation) : null,
      message: f.message,
    })),
    metrics,
    sourceLine: row.source_line,
    sourceFile: row.source_file,
    link: itemLink(id),
  };
  // The procedure a conversation names links to the graph with that id. Where the workspace holds
  // no graph at all the name is only a name (tau-bench's domains, a roles file's procedure), not a
  // broken link; among graphs, an id none has is one (ALMITA's flowgraph_id).
  const flowgraph = row.kind === 'conversation' ? base.metadata.graph : undefined;
  if (typeof flowgraph === 'string') {
    const graph = findByExternalId(ctx.sql, 'graph', flowgraph);
    if (graph || anyItemOfKind(ctx.sql, 'graph')) detail.flowgraph = { id: flowgraph, item: graph ? { id: graph.id, externalId: flowgraph } : null };
  }
  // An annotator of a task that hides automatic scores gets the item without them (issue 13).
  if (!scoresHiddenFrom(ctx.sql, ctx.caller, [id]).has(id)) return detail;
  return { ...withoutScores(detail), headline: null, scoresHidden: true };
}

/** A conversation's metrics with its graph's User Journey Coverage Score, stored per graph. */
function withJourneyCoverage(row: ItemFullRow, metrics: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!metrics || row.journey_coverage === null) return metrics;
  return { ...metrics, userJourneyCoverage: row.journey_coverage, journeyConversations: row.journey_conversations };
}

export interface NeighbourArgs extends ItemFilter {
  id: number;
  sort: ItemSort;
  descending: boolean;
}

/**
 * An item's position in the list a filter and sort give, with its previous and next items, so
 * next/previous work on an item opened from a bare deep link as from the list.
 *
 * @throws {NotFoundError} when no item has that id.
 */
export function getItemNeighbours(ctx: ServiceContext, args: NeighbourArgs): ItemNeighbours {
  const { id, sort, descending, ...filter } = args;
  if (!isBrowsable(ctx.sql, id)) throw new NotFoundError(`no item with id ${id}`);
  const found = itemNeighbours(ctx.sql, id, { ...filter, blind: blindBrowsing(ctx.sql, ctx.caller) }, { sort, descending });
  const ref = (row: { id: number; external_id: string } | null) => (row ? { id: row.id, externalId: row.external_id } : null);
  return { total: found.total, position: found.position, previous: ref(found.previous), next: ref(found.next) };
}

/** The deep link of an item (and optionally a unit inside it), relative to the app root. */
export function itemLink(id: number, unit?: string): string {
  return `#/items/${id}${unit ? `?unit=${encodeURIComponent(unit)}` : ''}`;
}

/** Metadata fields and values for filter menus. */
export function listMetadataFields(ctx: ServiceContext, datasetId?: number) {
  return metadataFields(ctx.sql, datasetId, blindBrowsing(ctx.sql, ctx.caller));
}
