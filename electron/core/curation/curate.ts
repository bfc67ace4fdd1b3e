/**
 * ALMITA-style curation (Arcadinho et al. 2024): annotators judge each flowgraph and each
 * conversation valid or not, and the curated benchmark keeps only the items every annotator who
 * judged them accepted — one rejection removes an item. A conversation generated from a
 * flowgraph that was removed goes with it. Items nobody judged are neither kept nor removed:
 * they are listed apart, so nothing disappears without being said.
 */
import type { ArtifactKind } from '../formats/types';

/** An item of the task, with the flowgraph a conversation links to (its `graph` id). */
export interface CurationItem {
  id: number;
  externalId: string;
  kind: ArtifactKind;
  /** For a conversation: the external id of the flowgraph it was generated from, if any. */
  flowgraphId: string | null;
}

/** One annotator's verdict on one item; N/A answers are left out before (they judge nothing). */
export interface Verdict {
  itemId: number;
  rater: string;
  valid: boolean;
}

export interface RejectedItem {
  item: CurationItem;
  /** The annotators who judged it invalid, sorted. */
  rejectedBy: string[];
  /** The annotators who judged it valid, sorted. */
  acceptedBy: string[];
}

export interface FollowedItem {
  item: CurationItem;
  /** The removed flowgraph the conversation was generated from. */
  flowgraph: string;
}

/** Counts for one artifact kind. */
export interface KindCounts {
  /** Items of the kind in the task. */
  before: number;
  /** Kept: judged valid by everyone who judged them (and, for a conversation, its flowgraph not removed). */
  kept: number;
  /** Removed because an annotator rejected them. */
  rejected: number;
  /** Conversations removed because their flowgraph was. */
  removedWithFlowgraph: number;
  /** Judged by nobody: listed apart, neither kept nor removed. */
  unjudged: number;
}

export interface Curation {
  kept: CurationItem[];
  rejected: RejectedItem[];
  removedWithFlowgraph: FollowedItem[];
  unjudged: CurationItem[];
  /** Conversations naming a flowgraph id that no graph item of the task has. */
  unknownFlowgraph: FollowedItem[];
  counts: Partial<Record<ArtifactKind, KindCounts>>;
}

/**
 * Curates a task's items from the annotators' verdicts. A graph is matched to the conversations
 * naming it by its external id, among the task's graphs only.
 */
export function curate(items: readonly CurationItem[], verdicts: readonly Verdict[]): Curation {
  const byItem = new Map<number, { valid: Set<string>; invalid: Set<string> }>();
  for (const v of verdicts) {
    let entry = byItem.get(v.itemId);
    if (!entry) byItem.set(v.itemId, (entry = { valid: new Set(), invalid: new Set() }));
    (v.valid ? entry.valid : entry.invalid).add(v.rater);
  }

  const rejected: RejectedItem[] = [];
  const removedGraphs = new Set<string>();
  const notRejected: CurationItem[] = [];
  for (const item of items) {
    const entry = byItem.get(item.id);
    if (entry && entry.invalid.size > 0) {
      rejected.push({ item, rejectedBy: [...entry.invalid].sort(), acceptedBy: [...entry.valid].sort() });
      if (item.kind === 'graph') removedGraphs.add(item.externalId);
    } else {
      notRejected.push(item);
    }
  }

  // A conversation generated from a removed flowgraph goes with it, judged or not.
  const kept: CurationItem[] = [];
  const unjudged: CurationItem[] = [];
  const removedWithFlowgraph: FollowedItem[] = [];
  for (const item of notRejected) {
    if (item.kind === 'conversation' && item.flowgraphId !== null && removedGraphs.has(item.flowgraphId)) {
      removedWithFlowgraph.push({ item, flowgraph: item.flowgraphId });
    } else if (byItem.has(item.id)) {
      kept.push(item);
    } else {
      unjudged.push(item);
    }
  }
  const graphIds = new Set(items.filter((i) => i.kind === 'graph').map((i) => i.externalId));
  // Only where the task has flowgraphs: otherwise none of its links could be followed.
  const unknownFlowgraph = items
    .filter((i) => i.kind === 'conversation' && i.flowgraphId !== null && graphIds.size > 0 && !graphIds.has(i.flowgraphId))
    .map((item) => ({ item, flowgraph: item.flowgraphId! }));

  const counts: Partial<Record<ArtifactKind, KindCounts>> = {};
  const countsOf = (kind: ArtifactKind): KindCounts => (counts[kind] ??= { before: 0, kept: 0, rejected: 0, removedWithFlowgraph: 0, unjudged: 0 });
  for (const item of items) countsOf(item.kind).before++;
  for (const item of kept) countsOf(item.kind).kept++;
  for (const r of rejected) countsOf(r.item.kind).rejected++;
  for (const f of removedWithFlowgraph) countsOf(f.item.kind).removedWithFlowgraph++;
  for (const item of unjudged) countsOf(item.kind).unjudged++;
  return { kept, rejected, removedWithFlowgraph, unjudged, unknownFlowgraph, counts };
}
