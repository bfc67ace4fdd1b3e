import { afterEach, describe, expect, it } from 'vitest';
import type { JobProgress } from '../../api/contract';
import { formatProgress } from '../../cli/progress';
import { annotationWorkspace, LABELS_CSV_SCHEMA, type AnnotationWorkspace } from '../../testing/annotationWorkspace';
import { dispatch } from '../dispatch';
import { openSession } from '../session';

let ws: AnnotationWorkspace;
afterEach(() => ws.dispose());

describe('the agreement job’s progress', () => {
  it('is named as work and counts questions, so its line does not read as an agreement value', async () => {
    ws = await annotationWorkspace(['plans.jsonl']);
    await ws.api('tasks.create', { name: 'review', schema: { json: LABELS_CSV_SCHEMA }, datasets: ['plans'] });
    const events: JobProgress[] = [];
    const session = openSession({ workspacePath: ws.ctx.workspacePath, emit: (event, payload) => event === 'job.progress' && events.push(payload as JobProgress) });
    try {
      const reply = await dispatch(session.ctx, 'agreement.summary', { task: 'review', bootstrap: 0 }, { owner: true });
      expect(reply.ok).toBe(true);
    } finally {
      session.close();
    }
    expect(events.length).toBeGreaterThan(0);
    const total = events[0].total ?? 0;
    expect(total).toBeGreaterThan(0);
    expect(formatProgress(events[0])).toBe(`Computing agreement on "review": 0% (0 of ${total} questions)`);
    expect(events.at(-1)).toMatchObject({ done: total, total, finished: true });
  });
});
