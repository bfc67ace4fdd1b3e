import { describe, expect, it } from 'vitest';
import { findPlaceholders, parseStepCall } from './stepCall';

describe('parseStepCall', () => {
  it('splits T2S, RAG and LLM calls of the example plans into tool, arguments and prompt', () => {
    expect(parseStepCall("T2S([], 'Count calls from last month')")).toMatchObject({
      tool: 'T2S',
      arguments: ['[]'],
      argumentRefs: [],
      prompt: 'Count calls from last month',
      placeholders: [],
    });
    expect(parseStepCall('RAG((1), "Why did these customers decide to cancel?")')).toMatchObject({
      tool: 'RAG',
      arguments: ['(1)'],
      argumentRefs: ['1'],
      prompt: 'Why did these customers decide to cancel?',
    });
    const llm = parseStepCall("LLM('Answer (query) using the reasons in (2) and the durations in (3)')");
    expect(llm.tool).toBe('LLM');
    expect(llm.arguments).toEqual([]);
    // Offsets counted by hand: "Answer " is 7 characters, " using the reasons in " and " and the durations in " 22 each.
    expect(llm.placeholders).toEqual([
      { kind: 'query', text: '(query)', start: 7, end: 14 },
      { kind: 'step', ref: '2', text: '(2)', start: 36, end: 39 },
      { kind: 'step', ref: '3', text: '(3)', start: 61, end: 64 },
    ]);
  });

  it('reads references from lists of steps', () => {
    expect(parseStepCall("T2S([(1), (3)], 'x')").argumentRefs).toEqual(['1', '3']);
    expect(parseStepCall("T2S([1, 2, 1], 'x')").argumentRefs).toEqual(['1', '2']);
    expect(parseStepCall("T2S(previous, 'x')").argumentRefs).toEqual([]);
  });

  it('keeps commas, parentheses and quotes that are inside the prompt', () => {
    expect(parseStepCall(`LLM('Compare (1), (2) and "the rest", then stop')`)).toMatchObject({
      arguments: [],
      prompt: 'Compare (1), (2) and "the rest", then stop',
    });
    expect(parseStepCall(String.raw`LLM("say \"no\"")`).prompt).toBe('say "no"');
    expect(parseStepCall(String.raw`LLM('it\'s')`).prompt).toBe("it's");
  });

  it("keeps an unescaped apostrophe inside a single-quoted prompt (the customer's tone)", () => {
    expect(parseStepCall("RAG((1), 'Where did the customer's tone improve?')")).toMatchObject({
      arguments: ['(1)'],
      prompt: "Where did the customer's tone improve?",
    });
  });

  it('takes an unquoted last argument as the prompt when nothing is quoted', () => {
    expect(parseStepCall('LLM(Summarise the reasons in (2))')).toMatchObject({ arguments: [], prompt: 'Summarise the reasons in (2)' });
    expect(parseStepCall('T2S((1))')).toMatchObject({ arguments: ['(1)'], argumentRefs: ['1'], prompt: '' });
  });

  it('keeps text that is not a call whole, with tool null', () => {
    expect(parseStepCall('Fetch the calls (1)')).toMatchObject({ tool: null, prompt: 'Fetch the calls (1)', arguments: [] });
    expect(parseStepCall("T2S([], 'x') and more").tool).toBeNull();
    expect(parseStepCall("T2S([], 'x'").tool).toBeNull();
  });
});

describe('findPlaceholders', () => {
  it('finds (k) and (query) with offsets, any case, spaces allowed inside', () => {
    expect(findPlaceholders('use ( 12 ) for (Query)')).toEqual([
      { kind: 'step', ref: '12', text: '( 12 )', start: 4, end: 10 },
      { kind: 'query', text: '(Query)', start: 15, end: 22 },
    ]);
    expect(findPlaceholders('(x) (1a) ()')).toEqual([]);
  });
});
