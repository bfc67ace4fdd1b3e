import { allFormats } from '../../formats/registry';
import type { Framing } from '../../formats/module';
import type { JudgeItem } from '../placeholders';

/**
 * Reads decoded records through the real format modules into judge items, for tests on the
 * shared example files (the test reads the file; this stays pure).
 *
 * @throws Error when no format of `framing` recognises the first record.
 */
export function judgeItemsFrom(framing: Framing, records: readonly unknown[], fileName: string, dataset = 'test'): JudgeItem[] {
  const format = allFormats.find((f) => f.framing === framing && f.detect(records[0]));
  if (!format) throw new Error(`no ${framing} format recognises the first record of ${fileName}`);
  const reader = format.createReader({ fileName });
  const parsed = [...records.flatMap((record, i) => reader.add(record, i + 1)), ...reader.finish()];
  return parsed.map((item) => ({ externalId: item.externalId, dataset, kind: item.kind, payload: item.payload, metadata: item.metadata }));
}
