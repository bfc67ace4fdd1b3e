import { describe, expect, it } from 'vitest';
import { exampleItems } from '../../testing/exampleItems';
import { presetSchema } from '../schemas/presets';
import { judgePreset } from './presets';
import { matchAnswer } from './matchAnswer';
import { parseReply, type ReplyTarget } from './parseReply';
import type { OrdinalQuestion } from '../schemas/model';

const { plans, graph } = exampleItems();
const target = (item = plans[1], unit: string | null = null): ReplyTarget => ({ kind: item.kind, payload: item.payload, unit });
const quality = presetSchema('plan-quality')!;
const overall = quality.questions[0] as OrdinalQuestion;

describe('matchAnswer', () => {
  it('maps values, labels, numbers, booleans and the value map onto the question', () => {
    expect(matchAnswer(overall, 'Very Good')).toEqual({ ok: true, value: 'Very Good', na: false });
    expect(matchAnswer(overall, ' very good ')).toEqual({ ok: true, value: 'Very Good', na: false });
    expect(matchAnswer(overall, 6)).toEqual({ ok: true, value: 'Very Good', na: false });
    expect(matchAnswer(overall, '6')).toEqual({ ok: true, value: 'Very Good', na: false });
    expect(matchAnswer(overall, 'A+', { 'a+': 'Very Good' })).toEqual({ ok: true, value: 'Very Good', na: false });
    expect(matchAnswer(overall, 'Superb')).toMatchObject({ ok: false, message: expect.stringMatching(/"Superb" is not one of "Extremely Bad"/) });
    expect(matchAnswer(overall, null)).toMatchObject({ ok: false, message: expect.stringMatching(/does not allow N\/A/) });
    expect(matchAnswer(overall, undefined)).toEqual({ ok: false, message: 'overall_quality: the answer is missing' });
    const sop = presetSchema('sop-graph-review')!.questions[0];
    expect(matchAnswer(sop, true)).toEqual({ ok: true, value: 'pass', na: false });
    expect(matchAnswer(sop, 'FAIL')).toEqual({ ok: true, value: 'fail', na: false });
  });

  it('reads tags as lists or separated text, and N/A where allowed', () => {
    const tags = presetSchema('plan-step-tags')!.questions[0];
    expect(matchAnswer(tags, ['Complex prompt', 'incorrect_tool'])).toEqual({ ok: true, value: ['incorrect_tool', 'complex_prompt'], na: false });
    expect(matchAnswer(tags, 'no_change')).toEqual({ ok: true, value: ['no_change'], na: false });
    expect(matchAnswer(tags, null)).toEqual({ ok: true, value: [], na: false });
    const completeness = presetSchema('plan-metrics')!.questions[6];
    expect(matchAnswer(completeness, null)).toEqual({ ok: true, value: null, na: true });
    expect(matchAnswer(completeness, '0.5')).toEqual({ ok: true, value: 0.5, na: false });
    expect(matchAnswer(completeness, 0.7).ok).toBe(false);
  });
});

describe('parseReply', () => {
  const quality = judgePreset('plan-quality')!;
  it('maps an item-level answer with its rationale', () => {
    const reply = '{"rationale": "Correct tools, precise prompts.", "overall_quality": "Very Good"}';
    expect(parseReply(quality, presetSchema('plan-quality')!, reply, target())).toEqual({
      ok: true,
      labels: [{ unit: '', question: 'overall_quality', value: 'Very Good', na: false, rationale: 'Correct tools, precise prompts.' }],
      answer: { rationale: 'Correct tools, precise prompts.', overall_quality: 'Very Good' },
    });
  });

  it('maps per-unit answers from a list, one label per step', () => {
    const judge = judgePreset('plan-step-tags')!;
    const reply = JSON.stringify({
      steps: [
        { step: '1', rationale: 'fine', tags: ['no_change'] },
        { step: 2, rationale: 'ok', tags: [] },
        { step: '3', rationale: 'does two things', tags: ['complex_prompt', 'incorrect_tool'] },
        { step: '4', rationale: 'fine', tags: ['no_change'] },
      ],
    });
    const result = parseReply(judge, presetSchema('plan-step-tags')!, reply, target());
    expect(result.ok && result.labels.map((l) => [l.unit, l.value, l.rationale])).toEqual([
      ['step:1', ['no_change'], 'fine'],
      ['step:2', [], 'ok'],
      ['step:3', ['incorrect_tool', 'complex_prompt'], 'does two things'],
      ['step:4', ['no_change'], 'fine'],
    ]);
  });

  it('fails the whole reply, listing every problem, when units are missing, unknown or repeated', () => {
    const judge = judgePreset('plan-step-tags')!;
    const reply = JSON.stringify({ steps: [{ step: '1', tags: ['no_change'] }, { step: '1', tags: [] }, { step: '9', tags: [] }, { step: '2', tags: ['typo'] }] });
    const result = parseReply(judge, presetSchema('plan-step-tags')!, reply, target());
    expect(result).toEqual({
      ok: false,
      error:
        'steps[1]: step 1 is answered twice; steps[2]: there is no step 9 in this item; step 2: step_tags: "typo" is not a tag; ' +
        'tags: "incorrect_tool", "incorrect_prompt", "complex_prompt", "repeated_detail", "multi_tool_prompt", "no_change"; ' +
        'step_tags: the reply does not answer steps 3, 4',
    });
  });

  it('reads nested fields of a graph review and fails on a missing one', () => {
    const judge = judgePreset('sop-graph-review')!;
    const schema = presetSchema('sop-graph-review')!;
    const answer = {
      logical_structure: { rationale: 'ok', verdict: 'pass' },
      coherence: { rationale: 'node 4 has no condition', verdict: 'fail' },
      complexity: { rationale: 'fine', verdict: 'pass' },
    };
    const result = parseReply(judge, schema, `Sure:\n\`\`\`json\n${JSON.stringify(answer)}\n\`\`\``, target(graph));
    expect(result.ok && result.labels.map((l) => `${l.question}=${l.value}`)).toEqual(['logical_structure=pass', 'coherence=fail', 'complexity=pass']);
    const partial = parseReply(judge, schema, JSON.stringify({ logical_structure: answer.logical_structure }), target(graph));
    expect(partial).toEqual({ ok: false, error: 'coherence: the reply has no "coherence.verdict"; complexity: the reply has no "complexity.verdict"' });
  });

  it('rejects replies that are not a JSON object', () => {
    expect(parseReply(quality, presetSchema('plan-quality')!, 'I refuse.', target())).toMatchObject({ ok: false, error: expect.stringMatching(/^no JSON object found/) });
    expect(parseReply(quality, presetSchema('plan-quality')!, '[1, 2]', target())).toEqual({ ok: false, error: 'the reply is JSON but not an object (a list)' });
  });

  it('reads a per-unit judge’s answer onto the call’s unit', () => {
    const judge = { ...judgePreset('plan-step-tags')!, per: 'step' as const, mapping: [{ question: 'step_tags', field: 'tags', rationaleField: 'why' }] };
    const result = parseReply(judge, presetSchema('plan-step-tags')!, '{"tags": ["incorrect_prompt"], "why": "drops the date"}', target(plans[1], 'step:2'));
    expect(result).toMatchObject({ ok: true, labels: [{ unit: 'step:2', question: 'step_tags', value: ['incorrect_prompt'], rationale: 'drops the date' }] });
  });
});
