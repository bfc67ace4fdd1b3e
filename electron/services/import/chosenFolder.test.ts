import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { RELEASES } from '../../testing/fixtures';

// A folder chosen in the app arrives as its files, each named with the folder it was chosen in
// (in browser mode each is uploaded alone, so the server never sees the folder). They must
// import as the folder given by path does: one dataset named after the folder.

const FOLDER = path.join(RELEASES, 'almita-flowgraphs');
let ws: AnnotationWorkspace | undefined;
afterEach(() => ws?.dispose());

async function datasets(w: AnnotationWorkspace) {
  return (await w.api('datasets.list', {})).map((d) => [d.name, d.itemCount]);
}

describe('files of a folder chosen in the app', () => {
  it('import into one dataset named after the folder, as the folder by path does', async () => {
    ws = await annotationWorkspace([]);
    const files = fs.readdirSync(FOLDER).sort();
    const report = await ws.api('datasets.import', { sources: files.map((name) => ({ path: path.join(FOLDER, name), folder: 'almita-flowgraphs' })) });
    expect(report.files.map((f) => [f.dataset, f.status])).toEqual(files.map(() => ['almita-flowgraphs', 'imported']));
    const chosen = await datasets(ws);
    ws.dispose();

    ws = await annotationWorkspace([]);
    await ws.api('datasets.import', { sources: [{ path: FOLDER }] });
    expect(chosen).toEqual(await datasets(ws));
    expect(chosen).toEqual([['almita-flowgraphs', files.length]]);
  });

  it('go into the dataset named instead, when one is', async () => {
    ws = await annotationWorkspace([]);
    const files = fs.readdirSync(FOLDER).sort();
    await ws.api('datasets.import', { sources: files.map((name) => ({ path: path.join(FOLDER, name), folder: 'almita-flowgraphs' })), dataset: 'graphs' });
    expect(await datasets(ws)).toEqual([['graphs', files.length]]);
  });
});
