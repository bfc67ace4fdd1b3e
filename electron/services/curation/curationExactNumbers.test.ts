import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { RELEASES } from '../../testing/fixtures';

// Issue 18 part 4: the curated export writes conversations with their integers beyond 2^53 as the
// source wrote them — bare digits, not rounded, not turned into strings.
const ID = '12345678901234567891';
const SCHEMA = JSON.parse(fs.readFileSync(path.join(RELEASES, 'almita-validity.schema.json'), 'utf8')) as unknown;

let ws: AnnotationWorkspace;
let dir: string;
afterEach(() => {
  ws.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** almita-conversations.jsonl with a 20-digit ticket number on every record, one line each or pretty-printed. */
function conversations(pretty: boolean): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-curation-exact-'));
  const lines = fs.readFileSync(path.join(RELEASES, 'almita-conversations.jsonl'), 'utf8').trim().split('\n');
  const withTicket = lines.map((line) => line.replace(/^\{/, `{"ticket": ${ID}, `));
  const file = path.join(dir, pretty ? 'almita-conversations.json' : 'almita-conversations.jsonl');
  // Pretty-printed through a placeholder: JSON.parse here would round the ticket itself.
  const prettyRecord = (line: string) => JSON.stringify(JSON.parse(line.replace(ID, '"TICKET"')), null, 2).replace('"TICKET"', ID);
  fs.writeFileSync(file, pretty ? `[\n${withTicket.map(prettyRecord).join(',\n')}\n]\n` : `${withTicket.join('\n')}\n`);
  return file;
}

async function curatedConversations(file: string): Promise<string> {
  ws = await annotationWorkspace([path.join(RELEASES, 'almita-flowgraphs'), file]);
  await ws.api('tasks.create', { name: 'almita', schema: { json: SCHEMA }, datasets: ['almita-flowgraphs', 'almita-conversations'], annotators: ['ana', 'ben'], seed: 1 });
  await ws.api('labels.import', { task: 'almita', source: { path: path.join(RELEASES, 'almita-labels.csv') } });
  const { files } = await ws.api('curation.export', { task: 'almita', question: 'valid' });
  return files.find((f) => f.kind === 'conversation')!.text;
}

describe('curated conversations with integers beyond 2^53', () => {
  for (const pretty of [false, true]) {
    it(`write them bare, digit for digit (${pretty ? 'a pretty-printed JSON array' : 'JSONL'})`, async () => {
      const text = await curatedConversations(conversations(pretty));
      const lines = text.trimEnd().split('\n');
      expect(lines).toHaveLength(3);
      for (const line of lines) {
        expect(line).toContain(`"ticket":${ID}`);
        expect(line).not.toContain('numbersAsWritten');
      }
    });
  }
});
