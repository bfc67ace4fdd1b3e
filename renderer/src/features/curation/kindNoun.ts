import type { CuratedItem } from '../../../../electron/api/contract';

/** How curation names a kind: graphs are the flowgraphs conversations were generated from. */
export function kindNoun(kind: CuratedItem['kind'], n: number): string {
  const singular = kind === 'graph' ? 'Flowgraph' : kind === 'plan' ? 'Plan' : 'Conversation';
  return n === 1 ? singular : `${singular}s`;
}
