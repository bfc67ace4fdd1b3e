import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allFormats } from '../../core/formats/registry';
import { contentHashOf, parseFile, prepareLines, type ParseEvent } from './preparedItems';

describe('contentHashOf', () => {
  it('is the SHA-256 of kind, payload and raw text joined by NUL (packs compare it across versions)', () => {
    const item = { kind: 'plan', payload: '{"plan":"ünïcode ✓"}', rawText: 'not json {' };
    const joined = createHash('sha256').update('plan\0{"plan":"ünïcode ✓"}\0not json {').digest('hex');
    expect(contentHashOf(item)).toBe(joined);
    // Value from `printf 'conversation\0{}\0' | sha256sum`.
    expect(contentHashOf({ kind: 'conversation', payload: '{}', rawText: null })).toBe('ac1799f47d3020ee1ed37dc1f1fca917c252608fce20e9821da7c22658d7bacf');
  });
});

describe('sharing the parsing of a JSONL file (hand-off)', () => {
  it('gives the same items and skips, in file order, whether lines are parsed here or handed over', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-handoff-'));
    try {
      // 1,500 records: blank lines, broken lines and records without an id (named by ordinal).
      const lines: string[] = [];
      for (let i = 1; i <= 1500; i++) {
        if (i % 101 === 0) lines.push('{"id": broken');
        else if (i % 17 === 0) lines.push(JSON.stringify({ messages: [{ role: 'user', content: `no id ${i}` }] }));
        else lines.push(JSON.stringify({ id: `c-${i}`, messages: [{ role: 'user', content: `hello ${i}` }] }));
        if (i % 40 === 0) lines.push('   ');
      }
      const file = path.join(dir, 'shared.jsonl');
      fs.writeFileSync(file, `${lines.join('\n')}\n`);
      const format = allFormats.find((f) => f.id === 'conversations-chat-jsonl')!;
      expect(format.independentRecords).toBe(true);
      const flatten = (events: ParseEvent[]) =>
        events.flatMap((e) => (e.type === 'items' ? e.items.map((item) => `${item.line} ${item.externalId} ${item.payload}`) : e.type === 'skip' ? [`skip ${e.error.line}`] : []));

      const alone: ParseEvent[] = [];
      for await (const event of parseFile(file, 'jsonl', format, 'shared.jsonl')) alone.push(event);

      // Every other batch boundary hands the next lines over; they are parsed with a reader of
      // their own, as the importing thread does.
      let asked = 0;
      let handOffs = 0;
      const shared: ParseEvent[] = [];
      const ownReader = format.createReader({ fileName: 'shared.jsonl' });
      for await (const event of parseFile(file, 'jsonl', format, 'shared.jsonl', { handOff: () => asked++ % 2 === 0 })) {
        if (event.type === 'lines') {
          handOffs++;
          shared.push(...prepareLines(event.lines, ownReader));
        } else shared.push(event);
      }
      expect(handOffs).toBeGreaterThan(2);
      // Items and skips in file order, both ways.
      const lineOf = (entry: string) => parseInt(entry.replace(/^skip /, ''), 10);
      expect(flatten(shared)).toEqual(flatten(alone));
      expect(flatten(alone).map(lineOf)).toEqual([...flatten(alone).map(lineOf)].sort((a, b) => a - b));
      expect(flatten(alone).filter((e) => e.startsWith('skip'))).toHaveLength(14);
      expect(flatten(alone).some((e) => e.includes(' shared-17 '))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
