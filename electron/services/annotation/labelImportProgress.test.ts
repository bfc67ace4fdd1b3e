import { afterEach, describe, expect, it } from 'vitest';
import type { JobProgress } from '../../api/contract';
import { annotationWorkspace, LABELS_CSV_SCHEMA, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { dispatch } from '../dispatch';
import { openSession } from '../session';

let ws: AnnotationWorkspace;
afterEach(() => ws.dispose());

describe('labels.import as a job', () => {
  it('counts the labels written under the caller’s job id, to the last one', async () => {
    ws = await annotationWorkspace(['plans.jsonl']);
    await ws.api('tasks.create', { name: 'crowd', schema: { json: LABELS_CSV_SCHEMA }, datasets: ['plans'] });
    const raters = Array.from({ length: 12 }, (_, r) => `rater ${r + 1}`);
    const rows = raters.flatMap((rater) => ['q-001', 'q-002', 'q-003'].map((item) => `${item},,overall_quality,${rater},Good,`));
    const file = ws.file('crowd-labels.csv', `item,unit,question,rater,value,rationale\n${rows.join('\n')}\n`);
    const events: JobProgress[] = [];
    const session = openSession({ workspacePath: ws.ctx.workspacePath, emit: (event, payload) => event === 'job.progress' && events.push(payload as JobProgress) });
    try {
      const reply = await dispatch(session.ctx, 'labels.import', { task: 'crowd', source: { path: file }, jobId: 'labels-1' }, { owner: true });
      expect(reply).toMatchObject({ ok: true, value: { status: 'imported', added: 36 } });
    } finally {
      session.close();
    }
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.jobId === 'labels-1' && e.label === 'Importing labels from crowd-labels.csv' && e.unit === 'labels')).toBe(true);
    expect(events.at(-1)).toMatchObject({ done: 36, total: 36, finished: true });
  });
});
