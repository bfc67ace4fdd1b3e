import { describe, expect, it } from 'vitest';
import type { Finding } from '../types';
import type { Plan } from './model';
import type { PlanScope } from './planScope';
import { planFromText } from './readPlan';
import { validatePlan, type PlanValidationOptions } from './validatePlan';

/** A plan from [id, step text, depends_on] triples, in this order (written as strict JSON text). */
function plan(...steps: [string, string, (number | string)[]][]): Plan {
  const body = steps.map(([id, text, deps]) => `${JSON.stringify(id)}: ${JSON.stringify({ query: text, depends_on: deps })}`);
  return planFromText(`{${body.join(', ')}}`, 'plan');
}

function check(p: Plan, options: PlanValidationOptions = {}, scope: PlanScope = { kind: 'plan' }, query: string | null = null): Finding[] {
  return validatePlan(p, { scope, query, reportHopDepth: false }, options);
}

const ids = (findings: Finding[]) => findings.map((f) => f.validator);

describe('validatePlan', () => {
  it('finds nothing wrong with the q-002 best plan and reports its hop depth', () => {
    const best = plan(
      ['1', "T2S([], 'Fetch call_ids of cancellation calls that mention a competitor')", []],
      ['2', "RAG((1), 'Why did these customers decide to cancel?')", [1]],
      ['3', "T2S((1), 'Average duration of these calls')", [1]],
      ['4', "LLM('Answer (query) using the reasons in (2) and the durations in (3)')", [2, 3]],
    );
    expect(validatePlan(best, { scope: { kind: 'plan' }, query: null, reportHopDepth: true })).toEqual([
      { validator: 'plan-hop-depth', severity: 'info', location: { field: 'plan' }, message: 'hop depth 3: 1 → 2 → 4' },
    ]);
    expect(check(best)).toEqual([]);
  });

  it('flags an empty plan', () => {
    expect(check(planFromText('{}', 'plan'))).toEqual([
      { validator: 'plan-empty', severity: 'error', location: { field: 'plan' }, message: 'the plan has no steps' },
    ]);
  });

  it('flags a repeated step id at its second occurrence', () => {
    const findings = check(plan(['1', "T2S([], 'a')", []], ['1', "T2S([], 'b')", []]));
    expect(findings).toEqual([
      {
        validator: 'plan-duplicate-step-id',
        severity: 'error',
        location: { step: '1' },
        message: 'step id 1 is used twice (steps #1 and #2)',
      },
    ]);
  });

  it('flags depends_on that names a missing step or a later step', () => {
    const findings = check(plan(['1', "T2S((2), 'a')", [2]], ['2', "T2S((7), 'b')", [7]]));
    expect(findings).toEqual([
      {
        validator: 'plan-depends-on-forward',
        severity: 'error',
        location: { step: '1', field: 'depends_on' },
        message: 'step 1 depends on step 2, which comes after it; depends_on may only point to earlier steps',
      },
      {
        validator: 'plan-depends-on-unknown',
        severity: 'error',
        location: { step: '2', field: 'depends_on' },
        message: 'step 2 depends on 7, but there is no step 7',
      },
    ]);
  });

  it('flags cycles, including a step that depends on itself', () => {
    const loop = check(plan(['1', "T2S((2), 'a')", [2]], ['2', "T2S((1), 'b')", [1]]));
    expect(loop.filter((f) => f.validator === 'plan-cycle')).toEqual([
      { validator: 'plan-cycle', severity: 'error', location: { step: '1', field: 'depends_on' }, message: 'steps 1 → 2 → 1 depend on each other in a cycle' },
    ]);
    const self = check(plan(['1', "T2S((1), 'a')", [1]]));
    expect(self).toEqual([
      { validator: 'plan-cycle', severity: 'error', location: { step: '1', field: 'depends_on' }, message: 'step 1 depends on itself' },
    ]);
  });

  it('flags (k) references missing from depends_on, and dependencies no reference uses', () => {
    const findings = check(
      plan(['1', "T2S([], 'a')", []], ['2', "T2S([], 'b')", []], ['3', "LLM('Combine (1) and (2)')", [1]], ['4', "RAG([(1)], 'x')", [1, 2]]),
    );
    expect(findings).toEqual([
      {
        validator: 'plan-placeholder-mismatch',
        severity: 'warning',
        location: { step: '3', field: 'depends_on' },
        message: 'step 3 uses (2) but its depends_on [1] does not list 2',
      },
      {
        validator: 'plan-placeholder-mismatch',
        severity: 'warning',
        location: { step: '4', field: 'depends_on' },
        message: 'step 4 depends on 2 but neither its inputs nor its prompt use (2)',
      },
    ]);
  });

  it('flags an LLM step that refers to the query without (query)', () => {
    const query = 'Why do customers who mention a competitor cancel?';
    const findings = check(
      plan(
        ['1', "LLM('Answer the user question using the data')", []],
        ['2', `LLM('Answer: ${query.replace(/'/g, '')} using (1)')`, [1]],
        ['3', "LLM('Answer (query) using (1)')", [1]],
        ['4', "LLM((query), 'Rephrase the question')", []],
        ['5', "T2S([], 'Which question types are most common?')", []],
        ['6', "LLM('Summarise (1)')", [1]],
      ),
      {},
      { kind: 'plan' },
      query,
    );
    expect(findings).toEqual([
      {
        validator: 'plan-query-placeholder',
        severity: 'warning',
        location: { step: '1', field: 'query' },
        message: 'LLM step 1 refers to the query (it uses the word "question") but does not pass it as (query)',
      },
      {
        validator: 'plan-query-placeholder',
        severity: 'warning',
        location: { step: '2', field: 'query' },
        message: 'LLM step 2 refers to the query (it copies the query text) but does not pass it as (query)',
      },
    ]);
  });

  it('flags unknown tools and step text that is not a call; the dataset may declare more tools', () => {
    const p = plan(['1', "SQL([], 'a')", []], ['2', 'fetch everything', []], ['3', "t2s([], 'b')", []]);
    expect(check(p)).toEqual([
      {
        validator: 'plan-unknown-tool',
        severity: 'error',
        location: { step: '1', field: 'tool' },
        message: 'step 1 calls SQL, which is not a known tool (T2S, RAG, LLM)',
      },
      {
        validator: 'plan-step-not-a-call',
        severity: 'error',
        location: { step: '2', field: 'query' },
        message: `step 2 is not a tool call TOOL(inputs, 'prompt'): "fetch everything"`,
      },
    ]);
    expect(ids(check(p, { knownTools: ['T2S', 'SQL'] }))).toEqual(['plan-step-not-a-call']);
  });

  it('warns when the hop depth is above the limit', () => {
    const chain = plan(['1', "T2S([], 'a')", []], ['2', "T2S((1), 'b')", [1]], ['3', "T2S((2), 'c')", [2]]);
    expect(check(chain, { maxHopDepth: 2 })).toEqual([
      { validator: 'plan-hop-depth', severity: 'warning', location: { field: 'plan' }, message: 'hop depth 3 is above 2: 1 → 2 → 3' },
    ]);
    expect(check(chain, { maxHopDepth: 3 })).toEqual([]);
  });

  it('locates findings of the gold plan and of lineage versions', () => {
    const p = plan(['1', "T2S((9), 'a')", [9]]);
    const gold = check(p, {}, { kind: 'gold' });
    expect(gold.map((f) => [f.location, f.message])).toEqual([
      [{ step: '1', field: 'best_plan.depends_on' }, 'best_plan: step 1 depends on 9, but there is no step 9'],
    ]);
    const version = check(p, {}, { kind: 'lineage', version: 1 });
    expect(version.map((f) => [f.location, f.message])).toEqual([
      [{ version: 1, step: '1', field: 'depends_on' }, 'plan_lineage[1]: step 1 depends on 9, but there is no step 9'],
    ]);
    expect(check(planFromText('{}', 'x'), {}, { kind: 'lineage', version: 2 })[0].location).toEqual({ version: 2 });
  });

  it('reports plan text that is not JSON: a warning when read tolerantly, an error when unreadable', () => {
    const tolerant = planFromText("{1: {query: T2S([], 'a'), depends_on: []}}", 'plan');
    expect(check(tolerant)).toEqual([
      {
        validator: 'plan-invalid-json',
        severity: 'warning',
        location: { field: 'plan' },
        message: 'plan is not valid JSON (line 1, column 2: property name 1 is not in double quotes); read tolerantly',
      },
    ]);
    const broken = planFromText('{ 1: {"step": T2S([], "a"), "depends_on": []}, ', 'plan');
    expect(check(broken)).toEqual([
      {
        validator: 'plan-invalid-json',
        severity: 'error',
        location: { field: 'plan' },
        message:
          'plan is not valid JSON (line 1, column 3: property name 1 is not in double quotes) and could not be read even ' +
          'tolerantly (line 1, column 48: unexpected end of text, expected a property name or "}" (truncated?)); kept as raw text',
      },
    ]);
    expect(check(planFromText('{"a": ', 'plan'))[0].message).toBe(
      'plan is not valid JSON (line 1, column 7: unexpected end of text, expected a value (truncated?)); kept as raw text',
    );
  });

  it('reports a plan of the wrong shape, and nothing about its unknown steps', () => {
    expect(check(planFromText('{"1": "T2S([], \'a\')"}', 'plan'))).toEqual([
      {
        validator: 'plan-invalid-shape',
        severity: 'error',
        location: { field: 'plan' },
        message: 'plan.1: expected a step object with "query" (or "step") and "depends_on", found "T2S([], \'a\')"; kept as raw text',
      },
    ]);
  });

  it('handles a 5,000-step plan, chained or cyclic, without deep recursion', () => {
    const n = 5000;
    const chain = plan(...Array.from({ length: n }, (_, i): [string, string, number[]] => [String(i + 1), `T2S(${i ? `(${i})` : '[]'}, 's${i}')`, i ? [i] : []]));
    const started = Date.now();
    expect(check(chain)).toEqual([
      { validator: 'plan-hop-depth', severity: 'warning', location: { field: 'plan' }, message: expect.stringMatching(/^hop depth 5000 is above 5: 1 → 2 → /) },
    ]);
    // Every step depends on the next, the last on the first: one cycle through all 5,000 steps.
    const ring = plan(...Array.from({ length: n }, (_, i): [string, string, number[]] => [String(i + 1), `T2S((${(i + 1) % n + 1}), 's')`, [(i + 1) % n + 1]]));
    const cycles = check(ring).filter((f) => f.validator === 'plan-cycle');
    expect(cycles).toHaveLength(1);
    expect(cycles[0].message).toMatch(/^steps 1 → 2 → 3 → .* → 5000 → 1 depend on each other in a cycle$/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
