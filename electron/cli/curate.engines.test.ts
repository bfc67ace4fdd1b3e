import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnnotationWorkspace } from '../testing/annotationWorkspace';
import { runAccord } from '../testing/cliRun';
import { ENGINES, useEngines } from '../testing/engines';
import { RELEASES } from '../testing/fixtures';

// `accord curate -w FILE|postgres://…`: the same report and files from a workspace file and from
// a PostgreSQL workspace (issue 16). The verdicts are those of services/curation/curation.test.ts.

const engines = useEngines({ beforeAll, afterAll, afterEach });
const SCHEMA = JSON.parse(fs.readFileSync(path.join(RELEASES, 'almita-validity.schema.json'), 'utf8')) as unknown;

async function curatedTask(local: AnnotationWorkspace): Promise<void> {
  await local.api('tasks.create', { name: 'almita', schema: { json: SCHEMA }, datasets: ['almita-flowgraphs', 'almita-conversations'], annotators: ['ana', 'ben'], seed: 1 });
  await local.api('labels.import', { task: 'almita', source: { path: path.join(RELEASES, 'almita-labels.csv') } });
}

describe.each(ENGINES)('accord curate on %s', (engine) => {
  it('prints the counts and writes the kept items', async () => {
    const ws = await engines.open(engine, [path.join(RELEASES, 'almita-flowgraphs'), path.join(RELEASES, 'almita-conversations.jsonl')], curatedTask);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-cli-curate-engines-'));
    try {
      const out = path.join(dir, 'kept.jsonl');
      const run = await runAccord(['curate', '--task', 'almita', '--question', 'valid', '--out', out, '-w', ws.ctx.workspacePath]);
      expect([run.code, run.stderr]).toEqual([0, `3 kept conversations written to ${out}\n1 kept flowgraph written to ${path.join(dir, 'kept.flowgraphs.txt')}\n`]);
      const table = run.stdout.split('\n').filter((l) => /^(flowgraphs|conversations)\s/.test(l)).map((l) => l.trim().split(/\s{2,}/));
      expect(table).toEqual([
        ['flowgraphs', '3', '1', '1', '0', '1'],
        ['conversations', '5', '3', '1', '1', '0'],
      ]);
      expect(fs.readFileSync(out, 'utf8').trimEnd().split('\n').map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(['almita-c1', 'almita-c4', 'almita-c5']);
      const refused = await runAccord(['curate', '--task', 'almita', '--question', 'nope', '-w', ws.ctx.workspacePath]);
      expect([refused.code !== 0, refused.stderr]).toEqual([true, expect.stringContaining('no question "nope"')]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
