// Child process of largeFile.test.ts: writes a ~1 GB JSONL of conversations with long
// messages, imports it, and prints the outcome with this process's peak memory.
import fs from 'node:fs';
import path from 'node:path';
import { openSession } from '../session';
import { importFiles } from './importFiles';

const [dir, megabytesArg, corruptLast] = process.argv.slice(2);
const file = path.join(dir, 'large.jsonl');
const target = Number(megabytesArg) * 1e6;
const filler = 'The customer explains the problem at length. '.repeat(20_000); // ~940 KB of text
const out = fs.createWriteStream(file);
let bytes = 0;
let records = 0;
while (bytes < target) {
  const line = `${JSON.stringify({ id: `large-${records}`, messages: [{ role: 'user', content: filler }, { role: 'assistant', content: `Reply ${records}.` }] })}\n`;
  bytes += line.length;
  records++;
  if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
}
if (corruptLast === 'corrupt') out.write('{"id": "broken", "messages": [\n');
await new Promise<void>((resolve) => out.end(() => resolve()));

const session = openSession({ workspacePath: path.join(dir, 'large.accord') });
const started = performance.now();
const report = (await importFiles(session.ctx, [{ path: file, displayName: 'large.jsonl' }])).files[0];
const seconds = (performance.now() - started) / 1000;
const { n } = session.ctx.sql.one(session.ctx.sql.q.selectFrom('items').select((eb) => eb.fn.countAll<number>().as('n')))!;
session.close();
fs.rmSync(file);
const peakMb = process.resourceUsage().maxRSS / 1024;
process.stdout.write(`${JSON.stringify({ status: report.status, imported: report.imported, errors: report.errors, records, itemsInWorkspace: n, bytes, seconds, peakMb })}\n`);
