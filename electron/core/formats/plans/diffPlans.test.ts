import { describe, expect, it } from 'vitest';
import { diffPlans } from './diffPlans';
import type { Plan } from './model';
import { planFromText } from './readPlan';

function plan(...steps: [string, string, (number | string)[]][]): Plan {
  const body = steps.map(([id, text, deps]) => `${JSON.stringify(id)}: ${JSON.stringify({ query: text, depends_on: deps })}`);
  return planFromText(`{${body.join(', ')}}`, 'plan');
}

// The lineage of q-003 in plans.jsonl.
const v0 = plan(['1', "T2S([], 'List agents of interactions with a refund offer and improving tone')", []]);
const v1 = plan(
  ['1', "T2S([], 'Fetch interaction_ids where a refund was offered')", []],
  ['2', "RAG((1), 'Fetch interactions where the customer tone improved after the refund offer')", [1]],
  ['3', "T2S((2), 'List the agents of these interactions')", [2]],
);
const v2 = plan(
  ['1', "T2S([], 'Fetch interaction_ids where a refund was offered')", []],
  ['2', "RAG((1), 'Fetch interactions where the customer tone improved after the refund offer')", [1]],
  ['3', "LLM('Extract interaction_ids from the Data Insights in (2)')", [2]],
  ['4', "T2S((3), 'List the agents of these interactions')", [3]],
);

describe('diffPlans', () => {
  it('q-003 version 0 → 1: the single step is rewritten in place and two steps are added', () => {
    // No prompt of v1 is similar enough to v0's (best Jaccard 4/13 with step 3), so step 1 pairs by id and tool.
    expect(diffPlans(v0, v1)).toEqual({
      added: [
        { index: 1, id: '2' },
        { index: 2, id: '3' },
      ],
      removed: [],
      changed: [{ from: { index: 0, id: '1' }, to: { index: 0, id: '1' }, matchedBy: 'same-id', changes: ['prompt'] }],
      unchanged: [],
    });
  });

  it('q-003 version 1 → 2: an LLM step is inserted, and the renumbered last step now depends on it', () => {
    expect(diffPlans(v1, v2)).toEqual({
      added: [{ index: 2, id: '3' }],
      removed: [],
      changed: [{ from: { index: 2, id: '3' }, to: { index: 3, id: '4' }, matchedBy: 'same-content', changes: ['depends_on'] }],
      unchanged: [
        { from: { index: 0, id: '1' }, to: { index: 0, id: '1' }, matchedBy: 'same-content' },
        { from: { index: 1, id: '2' }, to: { index: 1, id: '2' }, matchedBy: 'same-content' },
      ],
    });
  });

  it('sees renumbered steps with the same wiring as unchanged', () => {
    const before = plan(['1', "T2S([], 'a')", []], ['2', "LLM('b (1)')", [1]]);
    const after = plan(['1', "RAG([], 'new')", []], ['2', "T2S([], 'a')", []], ['3', "LLM('b (2)')", [2]]);
    const diff = diffPlans(before, after);
    expect(diff.added).toEqual([{ index: 0, id: '1' }]);
    expect(diff.changed).toEqual([]);
    expect(diff.unchanged.map((p) => [p.from.id, p.to.id])).toEqual([
      ['1', '2'],
      ['2', '3'],
    ]);
  });

  it('pairs a step whose tool changed (same prompt) and one whose prompt was reworded', () => {
    const before = plan(['1', "T2S([], 'Fetch calls where the tone improved')", []], ['2', "T2S((1), 'Why did they call')", [1]]);
    const after = plan(['1', "T2S([], 'Fetch calls where the customer tone improved')", []], ['2', "RAG((1), 'why did they call?')", [1]]);
    // Jaccard of the first prompts: 6 shared words of 7 → 0.86 ≥ 0.5.
    expect(diffPlans(before, after).changed).toEqual([
      { from: { index: 0, id: '1' }, to: { index: 0, id: '1' }, matchedBy: 'similar-prompt', changes: ['prompt'] },
      { from: { index: 1, id: '2' }, to: { index: 1, id: '2' }, matchedBy: 'same-prompt', changes: ['tool'] },
    ]);
  });

  it('reports new inputs as changed arguments and depends_on', () => {
    const before = plan(['1', "T2S([], 'a')", []], ['2', "T2S([], 'b')", []]);
    const after = plan(['1', "T2S([], 'a')", []], ['2', "T2S((1), 'b')", [1]]);
    expect(diffPlans(before, after).changed).toEqual([
      { from: { index: 1, id: '2' }, to: { index: 1, id: '2' }, matchedBy: 'same-content', changes: ['arguments', 'depends_on'] },
    ]);
  });

  it('removes steps that have no counterpart, one for one when repeated', () => {
    const before = plan(['1', "T2S([], 'a')", []], ['2', "T2S([], 'a')", []], ['3', "LLM('unrelated words here')", []]);
    const after = plan(['1', "T2S([], 'a')", []], ['2', "RAG([], 'something else entirely')", []]);
    const diff = diffPlans(before, after);
    expect(diff.unchanged.map((p) => [p.from.index, p.to.index])).toEqual([[0, 0]]);
    expect(diff.removed).toEqual([
      { index: 1, id: '2' },
      { index: 2, id: '3' },
    ]);
    expect(diff.added).toEqual([{ index: 1, id: '2' }]);
  });

  it('treats an unreadable version as having no steps', () => {
    const broken = planFromText('{1: {step: T2S(', 'plan_lineage[0]');
    const diff = diffPlans(broken, v1);
    expect(diff.added).toHaveLength(3);
    expect(diff.removed).toEqual([]);
  });

  it('diffs two unrelated 2,000-step plans quickly (the similarity rule is skipped beyond its limit)', () => {
    const big = (prefix: string) =>
      plan(...Array.from({ length: 2000 }, (_, i): [string, string, number[]] => [String(i + 1), `T2S([], '${prefix} ${i} words here')`, []]));
    const started = Date.now();
    const diff = diffPlans(big('alpha'), big('beta'));
    expect(Date.now() - started).toBeLessThan(5000);
    // Nothing shares content, so every step pairs with the step of the same id and tool.
    expect(diff.changed).toHaveLength(2000);
    expect(diff.changed[0]).toMatchObject({ matchedBy: 'same-id', changes: ['prompt'] });
  });
});
