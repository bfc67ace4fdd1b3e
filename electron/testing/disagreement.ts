import type { EngineWorkspace } from './engines';

/**
 * On a workspace whose task "quality" (plan-quality, annotators ana and ben) covers plan q-001:
 * ana and ben disagree on it (two edits each, then submit) and the adjudicator ada sets gold —
 * human work of every kind, for tests of what deleting a task or dataset takes with it.
 */
export async function disagreeOnQ001(ws: EngineWorkspace): Promise<void> {
  await ws.api('annotators.upsert', { name: 'ada', role: 'adjudicator' });
  const q1 = ws.itemId('q-001');
  for (const [who, value] of [['ana', 'Good'], ['ben', 'Bad']] as const) {
    await ws.api('labels.save', { task: 'quality', itemId: q1, question: 'overall_quality', value: 'Acceptable' }, who);
    await ws.api('labels.save', { task: 'quality', itemId: q1, question: 'overall_quality', value }, who);
    await ws.api('labels.submit', { task: 'quality', itemId: q1 }, who);
  }
  await ws.api('adjudication.setGold', { task: 'quality', itemId: q1, unit: '', question: 'overall_quality', value: 'Good', na: false }, 'ada');
}
