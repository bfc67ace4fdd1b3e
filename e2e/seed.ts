import { itemWriter } from '../db/queries/catalog';
import { beginImport, publishImport } from '../db/queries/imports';
import type { AppFixture } from './fixtures';

/**
 * Writes `count` small synthetic conversation items straight into the fixture's workspace, in
 * one write, through the catalogue's own statements. For tests about the browser at scale,
 * where going through the importers would only spend time (the import itself has its own
 * benchmark). Every 10th item has an error, every 4th a warning.
 */
export async function seedItems(app: AppFixture, count: number, dataset = 'synthetic'): Promise<void> {
  await app.server.ctx.sqlWrite((db) => {
    const begun = beginImport(db, { datasetName: dataset, kind: 'conversation', fileName: `${dataset}.jsonl`, contentHash: `seed-${dataset}-${count}`, format: 'conversations-chat-jsonl' });
    if (begun.status !== 'begun') throw new Error(`cannot seed dataset "${dataset}": ${begun.status}`);
    const { datasetId, importId } = begun;
    const queries = itemWriter(db);
    for (let i = 0; i < count; i++) {
      const error = i % 10 === 0 ? 1 : 0;
      const warning = i % 4 === 0 ? 1 : 0;
      queries.insert(
        {
          datasetId,
          externalId: `syn-${String(i).padStart(6, '0')}`,
          kind: 'conversation',
          payload: JSON.stringify({ id: `syn-${i}`, turns: [] }),
          rawText: null,
          contentHash: `seed-${i}`,
          metadata: JSON.stringify({ model: i % 2 ? 'agent-small' : 'agent-large', domain: 'retail', turnCount: i % 17 }),
          metrics: JSON.stringify({ toolCallAccuracy: (i % 5) / 4 }),
          importId,
          sourceLine: i + 1,
          counts: { error, warning, info: 0 },
        },
        [
          ...(error ? [{ validator: 'conversation-unpaired-call', severity: 'error', location: JSON.stringify({ turn: 2 }), message: 'tool call has no output' }] : []),
          ...(warning ? [{ validator: 'conversation-turn-limit', severity: 'warning', location: null, message: 'long conversation' }] : []),
        ],
      );
    }
    publishImport(db, importId, datasetId, { imported: count, skipped: 0 });
  });
}
