import { describe, expect, it } from 'vitest';
import { exampleItems } from '../../testing/exampleItems';
import { presetSchema } from '../schemas/presets';
import type { BindingContext } from './placeholders';
import { NONE_TEXT, placeholdersIn, renderTemplate, unknownPlaceholders } from './template';

const { plans, graph, conversations } = exampleItems();
const planSchema = presetSchema('plan-quality')!;
const ctx = (item = plans[0], unit: string | null = null, schema = planSchema): BindingContext => ({ item, unit, schema });

describe('renderTemplate', () => {
  it('binds plan fields to readable text', () => {
    const rendered = renderTemplate('Q: {{query}}\n{{plan}}\nid={{item_id}} ds={{dataset}} steps={{metadata.step_count}}', ctx());
    expect(rendered).toEqual({
      ok: true,
      text:
        'Q: How many billing-dispute calls last month ended with a supervisor escalation?\n' +
        "Step 1: T2S([], 'Count calls from last month whose call driver is billing dispute and that were escalated to a supervisor')\n" +
        '  depends on: nothing\nid=q-001 ds=plans steps=1',
    });
  });

  it('fails an item that lacks a required field, naming it, and fills an optional one with (none)', () => {
    expect(renderTemplate('{{lineage}} {{planner}}', ctx())).toEqual({ ok: false, error: 'item q-001 has no {{lineage}}, {{planner}} to fill the prompt with' });
    expect(renderTemplate('L: {{lineage?}}', ctx())).toEqual({ ok: true, text: `L: ${NONE_TEXT}` });
    // A graph has no query: a plan judge pointed at a graph fails per item, clearly.
    expect(renderTemplate('{{query}}', ctx(graph)).ok).toBe(false);
  });

  it('binds the unit of a per-unit call', () => {
    expect(renderTemplate('{{unit}}: {{step}}', ctx(plans[1], 'step:3'))).toEqual({
      ok: true,
      text: '3: Step 3: T2S((1), "Average duration of these calls")\n  depends on: step 1',
    });
    expect(renderTemplate('{{node}}', ctx(graph, 'node:5', presetSchema('sop-graph-review')!))).toMatchObject({ ok: true, text: expect.stringMatching(/^Node 5 "Close Case" \[end\]/) });
    expect(renderTemplate('{{turn}}', ctx(conversations[0], 'turn:1'))).toEqual({
      ok: true,
      text: "[turn 1] User: Hi, I'd like to return a lamp I bought. My email is dana.k@example.com.",
    });
    expect(renderTemplate('{{step}}', ctx(plans[1], 'step:99')).ok).toBe(false);
  });

  it('binds conversation fields: turns with tool calls, scenario and expected trace', () => {
    const rendered = renderTemplate('{{scenario}}\n--\n{{expected_trace}}\n--\n{{conversation}}', ctx(conversations[0]));
    expect(rendered.ok).toBe(true);
    const text = rendered.ok ? rendered.text : '';
    expect(text).toContain('Scenario type: correct_context');
    expect(text).toContain('1. Customer Lookup({"email":"dana.k@example.com"})');
    expect(text).toContain('[turn 2] Agent calls Customer Lookup({"email":"dana.k@example.com"})');
    expect(text).toContain('[turn 3] Tool output: {"customerStatus":"found"}');
  });

  it('renders the task schema as a rubric', () => {
    const rendered = renderTemplate('{{questions}}', ctx());
    expect(rendered.ok && rendered.text).toContain('overall_quality: How good is this plan overall?');
    expect(rendered.ok && rendered.text).toContain('- "Very Good": Correct, complete and efficient; only nitpicks remain.');
  });
});

describe('placeholdersIn', () => {
  it('lists uses once, optional only when every use is optional, and finds unknown names', () => {
    expect(placeholdersIn('{{ plan }} {{gold_plan?}} {{plan?}}')).toEqual([
      { name: 'plan', optional: false },
      { name: 'gold_plan', optional: true },
    ]);
    expect(unknownPlaceholders('{{plan}} {{gold}} {{metadata.model}} {{metadata.}}')).toEqual(['gold', 'metadata.']);
  });
});
