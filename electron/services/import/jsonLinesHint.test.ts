import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORMATS } from '../../testing/fixtures';
import { tempSession } from '../../testing/tempWorkspace';
import { importFiles } from './importFiles';

// BFCL releases its questions as BFCL_v4_*.json files that hold one JSON object per line: read
// as one JSON value, the second line was "unexpected content after the JSON value" and no more.
let ws: ReturnType<typeof tempSession>;
beforeEach(() => {
  ws = tempSession();
});
afterEach(() => ws.dispose());

const importOne = async (file: string) => (await importFiles(ws.ctx, [{ path: file, displayName: path.basename(file) }])).files[0];
const HINT =
  'invalid JSON: unexpected content after the JSON value: the file looks like JSON Lines (one record per line) under a .json name; renamed to .jsonl (or .ndjson) it is read that way';

describe('a .json file that holds JSON Lines', () => {
  it('is rejected with an error naming the second line and saying it looks like JSON Lines (a BFCL question file)', async () => {
    const file = ws.file(
      'BFCL_v4_parallel.json',
      [
        '{"id": "parallel_0", "question": [[{"role": "user", "content": "Weather in Oslo and in Lima?"}]], "function": [{"name": "get_weather", "description": "Weather of a city", "parameters": {"type": "dict", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]}',
        '{"id": "parallel_1", "question": [[{"role": "user", "content": "Convert 5 and 9 USD to EUR."}]], "function": [{"name": "convert", "description": "Convert money", "parameters": {"type": "dict", "properties": {"amount": {"type": "number"}}, "required": ["amount"]}}]}',
        '',
      ].join('\n'),
    );
    const report = await importOne(file);
    expect(report).toMatchObject({ file: 'BFCL_v4_parallel.json', status: 'rejected', imported: 0 });
    expect(report.errors).toEqual([{ line: 2, column: 1, message: HINT }]);
    expect(ws.db.prepare('SELECT count(*) AS n FROM datasets').get()).toEqual({ n: 0 });
  });

  it('is read as JSON Lines once renamed to .jsonl, as the error says', async () => {
    const text = fs.readFileSync(path.join(FORMATS, 'conversations-chat.jsonl'), 'utf8');
    const asJson = await importOne(ws.file('chats.json', text));
    expect(asJson.status).toBe('rejected');
    expect(asJson.errors).toEqual([{ line: 2, column: 1, message: HINT }]);
    const asJsonl = await importOne(ws.file('chats.jsonl', text));
    // conversations-chat.jsonl holds 2 conversations, one a line.
    expect(asJsonl).toMatchObject({ status: 'imported', imported: 2, errors: [] });
  });
});
