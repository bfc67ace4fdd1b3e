import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobProgress } from '../../api/contract';
import { annotationWorkspace, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { openSession } from '../session';
import { dispatch } from '../dispatch';
import { RELEASES } from '../../testing/fixtures';
import { importFiles } from './importFiles';

// The labels a JUDGE-BENCH file carries go to its task in memory, with a labels file's checks:
// each arrives as written (no CSV guard on a category that begins with a quote and a sign).
let ws: AnnotationWorkspace;
let dir: string;
afterEach(() => {
  ws.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Categories that begin with a quote and a sign, as guidelines that quote the symbol write them. */
const CATEGORIES = ["'+' (better)", "'-' (worse)", "'=' (same)"];

function judgeBenchFile(): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-annotations-'));
  const file = path.join(dir, 'signs.json');
  const instances = [0, 1, 2].map((i) => ({
    id: `reply-${i + 1}`,
    instance: `Reply ${i + 1}, "quoted", with a comma`,
    annotations: { comparison: { individual_human_scores: [CATEGORIES[i]!, CATEGORIES[(i + 1) % 3]!] } },
  }));
  fs.writeFileSync(file, JSON.stringify({ dataset: 'Signs', annotations: [{ metric: 'comparison', category: 'categorical', prompt: 'Better, worse or the same?', labels_list: CATEGORIES }], instances }));
  return file;
}

describe('labels carried by an imported file', () => {
  it('arrive exactly as written, even a category that starts with a quote and a sign', async () => {
    ws = await annotationWorkspace([]);
    const report = (await ws.api('datasets.import', { sources: [{ path: judgeBenchFile() }] })).files[0]!;
    expect(report.task).toEqual({ id: (await ws.api('tasks.get', { task: 'signs' })).id, name: 'signs', questions: 1, raters: 2, labels: 6 });
    const exported = await ws.api('labels.export', { task: 'signs', format: 'jsonl' });
    const values = exported.content
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { item: string; rater: string; value: string })
      .map((l) => `${l.item} ${l.rater} ${l.value}`)
      .sort();
    expect(values).toEqual([
      "reply-1 rater 1 '+' (better)",
      "reply-1 rater 2 '-' (worse)",
      "reply-2 rater 1 '-' (worse)",
      "reply-2 rater 2 '=' (same)",
      "reply-3 rater 1 '=' (same)",
      "reply-3 rater 2 '+' (better)",
    ]);
  });
});

describe('progress of the labels a file carries', () => {
  it('counts the labels written under a label of their own, then goes back to the bytes of the files', async () => {
    ws = await annotationWorkspace([]);
    const events: JobProgress[] = [];
    const session = openSession({ workspacePath: ws.ctx.workspacePath, emit: (event, payload) => event === 'job.progress' && events.push(payload as JobProgress) });
    try {
      const reply = await dispatch(session.ctx, 'datasets.import', { sources: [{ path: judgeBenchFile() }], jobId: 'import-1' }, { owner: true });
      expect(reply.ok).toBe(true);
    } finally {
      session.close();
    }
    const labels = events.filter((e) => e.label === 'Labels of task "signs"');
    expect(labels.length).toBeGreaterThan(0);
    // How many are coming is said at once, before the task is made.
    expect(labels[0]).toMatchObject({ done: 0, total: null });
    expect(labels[1]).toMatchObject({ done: 0, total: 6 });
    expect(labels.every((e) => e.unit === 'labels' && e.jobId === 'import-1')).toBe(true);
    // The phase's last count is sent before the label changes back, however soon.
    expect(labels.at(-1)).toMatchObject({ done: 6, total: 6 });
    const last = events.at(-1)!;
    expect(last).toMatchObject({ label: `Importing ${path.join(dir, 'signs.json')}`, unit: 'bytes', finished: true });
    expect(last.done).toBe(fs.statSync(path.join(dir, 'signs.json')).size);
    expect(events.indexOf(labels[0]!)).toBeGreaterThan(events.findIndex((e) => e.unit === 'bytes'));
  });
});

describe('a release whose labels the caller may not import', () => {
  it('is refused before its dataset is published, saying why, and leaves nothing behind', async () => {
    ws = await annotationWorkspace([]);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-annotations-'));
    // The session's own context names nobody (as a team server's did for its import jobs).
    const session = openSession({ workspacePath: ws.ctx.workspacePath });
    try {
      const report = await importFiles(session.ctx, [{ path: path.join(RELEASES, 'judge-bench-support.json'), displayName: 'judge-bench-support.json' }]);
      expect(report.files[0]).toMatchObject({ status: 'rejected', imported: 0 });
      expect(report.files[0]!.errors[0]!.message).toMatch(/^Nobody has said who they are, so only their own labels could be imported; the file has labels of "rater 1", "rater 2", "rater 3"\. Only adjudicators and leads/);
    } finally {
      session.close();
    }
    expect(await ws.api('datasets.list', {})).toEqual([]);
  });
});
