import { describe, expect, it } from 'vitest';
import { planFromText, planFromValue } from './readPlan';

describe('planFromValue', () => {
  it('reads an object of steps (q-003 best_plan of plans.jsonl, first two steps)', () => {
    const plan = planFromValue(
      {
        '1': { query: "T2S([], 'Fetch interaction_ids where a refund was offered')", depends_on: [] },
        '2': { query: "RAG((1), 'Fetch interactions where the customer tone improved after the refund offer')", depends_on: [1] },
      },
      'best_plan',
    );
    expect(plan).toMatchObject({ parseStatus: 'json', rawText: null, jsonError: null, readError: null });
    expect(plan.steps[1]).toEqual({
      index: 1,
      id: '2',
      text: "RAG((1), 'Fetch interactions where the customer tone improved after the refund offer')",
      textField: 'query',
      tool: 'RAG',
      arguments: ['(1)'],
      argumentRefs: ['1'],
      prompt: 'Fetch interactions where the customer tone improved after the refund offer',
      placeholders: [],
      dependsOn: ['1'],
      extra: {},
    });
  });

  it('takes the text from "step" when there is no "query", and keeps other step fields', () => {
    const plan = planFromValue({ a: { step: "LLM('x')", depends_on: ['(1)', 2], note: 'n', query_hint: 1 } }, 'plan');
    expect(plan.steps[0]).toMatchObject({ id: 'a', textField: 'step', dependsOn: ['1', '2'], extra: { note: 'n', query_hint: 1 } });
    const both = planFromValue({ 1: { query: "LLM('q')", step: "LLM('s')" } }, 'plan');
    expect(both.steps[0]).toMatchObject({ prompt: 'q', dependsOn: [], extra: { step: "LLM('s')" } });
  });

  it('keeps a __proto__ step field as data', () => {
    const step = JSON.parse('{"query": "LLM(\'x\')", "__proto__": {"polluted": true}}');
    const plan = planFromValue({ 1: step }, 'plan');
    const extra = plan.steps[0].extra;
    expect(Object.getPrototypeOf(extra)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(extra, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('turns a wrong shape into an invalid plan whose reason names the field', () => {
    const cases: [unknown, string][] = [
      [[{ query: "LLM('x')" }], 'plan: expected an object of steps, found an array'],
      [{ 1: "T2S([], 'x')" }, 'plan.1: expected a step object with "query" (or "step") and "depends_on", found "T2S([], \'x\')"'],
      [{ 1: { depends_on: [] } }, 'plan.1: missing "query" (or "step"), the step\'s text'],
      [{ 1: { query: 42 } }, 'plan.1.query: expected a string, found 42'],
      [{ 2: { query: "LLM('x')", depends_on: 1 } }, 'plan.2.depends_on: expected a list of step ids, found 1'],
      [{ 2: { query: "LLM('x')", depends_on: [{}] } }, 'plan.2.depends_on[0]: expected a step id (a number or a string), found an object'],
      [{ 'a b': { query: 1 } }, 'plan["a b"].query: expected a string, found 1'],
    ];
    for (const [value, message] of cases) {
      const plan = planFromValue(value, 'plan');
      expect(plan.parseStatus).toBe('invalid');
      expect(plan.steps).toEqual([]);
      expect(plan.readError).toEqual({ kind: 'shape', message, line: null, column: null });
      expect(plan.rawText).toBe(JSON.stringify(value, null, 2));
    }
  });
});

describe('planFromText', () => {
  it('reads strict JSON text as json, without keeping the raw text', () => {
    const plan = planFromText('{"1": {"query": "T2S([], \'x\')", "depends_on": []}}', 'plan');
    expect(plan).toMatchObject({ parseStatus: 'json', rawText: null, jsonError: null });
    expect(plan.steps).toHaveLength(1);
  });

  it('reads the q-002 plan tolerantly, keeping the raw text and where JSON broke', () => {
    const text =
      '{ 1: {"step": T2S([], "Fetch call_ids of cancellation calls that mention a competitor"), "depends_on": []}, 2: {"step": RAG((1), "Why did these customers decide to cancel?"), "depends_on": [1]}, 3: {"step": T2S((1), "Average duration of these calls"), "depends_on": [1]}, 4: {"step": LLM("Answer (query) using the reasons in (2) and the durations in (3)"), "depends_on": [2, 3]}, }';
    const plan = planFromText(text, 'plan');
    expect(plan.parseStatus).toBe('tolerant');
    expect(plan.rawText).toBe(text);
    expect(plan.jsonError).toEqual({ line: 1, column: 3, message: 'property name 1 is not in double quotes' });
    expect(plan.steps.map((s) => [s.id, s.tool, s.textField, s.dependsOn])).toEqual([
      ['1', 'T2S', 'step', []],
      ['2', 'RAG', 'step', ['1']],
      ['3', 'T2S', 'step', ['1']],
      ['4', 'LLM', 'step', ['2', '3']],
    ]);
    expect(plan.steps[3].prompt).toBe('Answer (query) using the reasons in (2) and the durations in (3)');
  });

  it('keeps steps in source order and keeps repeated step ids', () => {
    const plan = planFromText('{"2": {"query": "LLM(\'b\')"}, "1": {"query": "LLM(\'a\')"}, "2": {"query": "LLM(\'c\')"}}', 'plan');
    expect(plan.steps.map((s) => [s.index, s.id, s.prompt])).toEqual([
      [0, '2', 'b'],
      [1, '1', 'a'],
      [2, '2', 'c'],
    ]);
  });

  it('marks unreadable text invalid with both the JSON error and the tolerant failure', () => {
    const text = '{ 1: {"step": T2S([], "Agents with improving tone after refund"), "depends_on": []}, ';
    const plan = planFromText(text, 'plan');
    expect(plan).toMatchObject({ parseStatus: 'invalid', steps: [], rawText: text });
    expect(plan.jsonError).toMatchObject({ line: 1, column: 3 });
    expect(plan.readError).toMatchObject({ kind: 'syntax', line: 1, column: text.length + 1 });
  });

  it('marks readable text of the wrong shape invalid (shape), keeping the text', () => {
    const plan = planFromText('[1, 2]', 'plan_lineage[1]');
    expect(plan).toMatchObject({ parseStatus: 'invalid', rawText: '[1, 2]', jsonError: null });
    expect(plan.readError).toEqual({ kind: 'shape', message: 'plan_lineage[1]: expected an object of steps, found an array', line: null, column: null });
  });
});
