import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMATS } from '../electron/testing/fixtures';

// A fresh clone must test itself: no tracked file may reach for the team's example folder that
// sits beside the working copy on one machine (a user's clone does not have it). The examples
// live in fixtures/formats, reached through FORMATS (electron/testing/fixtures.ts).
const root = path.resolve(import.meta.dirname, '..');

/** Where a tracked file (other than Markdown) names a folder outside the clone. */
function outsideReferences(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    // The example folder by its name, however it is reached.
    const byName = /['"`/]shared\/formats/.test(line);
    // A relative path up to a `shared` folder, resolved from the file's own folder: inside the
    // clone is fine; beside it is not.
    const beside = [...line.matchAll(/((?:\.\.\/)+)shared\b/g)].some((match) =>
      path.relative(root, path.resolve(root, path.dirname(file), match[1], 'shared')).startsWith('..'),
    );
    if (byName || beside) found.push(`${file}:${i + 1}: ${line.trim()}`);
  });
  return found;
}

describe('the clone stands alone', () => {
  it('no tracked file other than Markdown refers to a folder beside the clone', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((f) => f !== '' && !f.endsWith('.md') && fs.existsSync(path.join(root, f)));
    expect(files.length).toBeGreaterThan(100);
    const offending = files.flatMap((f) => outsideReferences(f, fs.readFileSync(path.join(root, f), 'utf8')));
    expect(offending).toEqual([]);
  });

  it('catches the forms the tests used to take', () => {
    // Spelled in pieces, so that this file passes its own check.
    const up = (n: number) => '../'.repeat(n);
    const folder = ['shared', 'formats'].join('/');
    expect(outsideReferences('electron/core/formats/graphs/x.test.ts', `new URL('${up(5)}${folder}/flowgraph.txt', import.meta.url)`)).toHaveLength(1);
    expect(outsideReferences('electron/core/schemas/x.test.ts', `path.resolve(import.meta.dirname, '${up(4)}shared')`)).toHaveLength(1);
    expect(outsideReferences('e2e/x.ts', `path.join(root, '${folder}')`)).toHaveLength(1);
    expect(outsideReferences('renderer/src/features/items/x.tsx', `import { plural } from '${up(2)}shared/format';`)).toEqual([]);
  });

  it('holds one example of every input format in fixtures/formats', () => {
    expect(fs.readdirSync(FORMATS).sort()).toEqual([
      'README.md',
      'conversation-roles.json',
      'conversations-chat.jsonl',
      'flowgraph.txt',
      'labels-schema.json',
      'labels.csv',
      'plans-generated.csv',
      'plans.jsonl',
      'ratings.csv',
      'sop-graph.json',
      'trajectory-events.jsonl',
    ]);
  });
});
