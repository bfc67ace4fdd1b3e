import { describe, expect, it } from 'vitest';
import { exampleItems } from '../../testing/exampleItems';
import { presetSchema } from '../schemas/presets';
import { answerSchemaProblems } from './answerSchema';
import { isJsonSchemaRefusal, jsonObjectFallback, SCHEMA_INSTRUCTION } from './jsonObjectFallback';
import { parseReply } from './parseReply';
import { judgePreset } from './presets';
import { buildRequest, requestHash } from './request';

const { plans } = exampleItems();

describe('isJsonSchemaRefusal', () => {
  it('recognises the 400s OpenAI-compatible servers send when they do not take json_schema', () => {
    // Wordings as the provider reports them ("HTTP <status>: <status> <server message>").
    expect(isJsonSchemaRefusal(400, "HTTP 400: Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.")).toBe(true);
    expect(isJsonSchemaRefusal(400, 'HTTP 400: Unsupported response_format type')).toBe(true);
    expect(isJsonSchemaRefusal(400, 'HTTP 400: json_schema is not supported by this server')).toBe(true);
    expect(isJsonSchemaRefusal(400, 'HTTP 400: This model does not support Structured Outputs')).toBe(true);
    expect(isJsonSchemaRefusal(422, 'HTTP 422: body.response_format: value is not a valid enumeration member')).toBe(true);
  });

  it('leaves every other error alone', () => {
    expect(isJsonSchemaRefusal(400, 'HTTP 400: context length exceeded')).toBe(false);
    expect(isJsonSchemaRefusal(400, 'HTTP 400: status code (no body)')).toBe(false);
    // Named, but not a refusal of the request: a rate limit, a server error, a broken body.
    expect(isJsonSchemaRefusal(429, 'HTTP 429: response_format requests are rate limited')).toBe(false);
    expect(isJsonSchemaRefusal(500, 'HTTP 500: json_schema backend crashed')).toBe(false);
    expect(isJsonSchemaRefusal(null, 'the response body is not JSON; it begins: "response_format"')).toBe(false);
  });
});

describe('jsonObjectFallback', () => {
  const judge = judgePreset('plan-quality')!;
  const built = buildRequest(judge, { item: plans[1], unit: null, schema: presetSchema('plan-quality')! }, 'm');
  if (!built.ok) throw new Error(built.error);

  it('asks for json_object and writes the schema at the end of the prompt, changing nothing else', () => {
    const fallback = jsonObjectFallback(built.request);
    expect(fallback.response_format).toEqual({ type: 'json_object' });
    const { messages, response_format: _a, ...rest } = fallback;
    const { messages: original, response_format: _b, ...originalRest } = built.request;
    expect(rest).toEqual(originalRest);
    expect(messages[0]).toEqual(original[0]);
    expect(messages[1].content).toBe(`${original[1].content}\n\n${SCHEMA_INSTRUCTION}\n${JSON.stringify(judge.output.schema, null, 2)}`);
    // The original is untouched, and the fallback is another request (another cache key).
    expect(built.request.response_format?.type).toBe('json_schema');
    expect(requestHash(fallback)).not.toBe(built.hash);
  });

  it('refuses a request that did not ask for json_schema', () => {
    expect(() => jsonObjectFallback({ ...built.request, response_format: { type: 'json_object' } })).toThrow(/only a json_schema request/);
  });
});

describe('checking answers against the response schema', () => {
  const judge = judgePreset('plan-quality')!;
  const schema = presetSchema('plan-quality')!;
  const target = { kind: plans[1].kind, payload: plans[1].payload, unit: null };

  it('lists what does not follow the schema, with paths', () => {
    expect(answerSchemaProblems(judge.output.schema, { rationale: 'fine', overall_quality: 'Good' })).toEqual([]);
    expect(answerSchemaProblems(judge.output.schema, { overall_quality: 'Great', extra: 1 })).toEqual([
      'rationale: expected a string, found nothing',
      'overall_quality: Invalid option: expected one of "Extremely Bad"|"Very Bad"|"Bad"|"Acceptable"|"Good"|"Very Good"|"Extremely Good"',
      '(the answer): Unrecognized key: "extra"',
    ]);
    // Nested objects of the graph review: the path names the field.
    const graphJudge = judgePreset('sop-graph-review')!;
    const problems = answerSchemaProblems(graphJudge.output.schema, { logical_structure: { rationale: 'x', verdict: 'maybe' } });
    expect(problems.some((p) => p.startsWith('logical_structure.verdict: '))).toBe(true);
  });

  it('refuses, with checkSchema, an answer the mapping alone would accept', () => {
    // No rationale: the mapping reads overall_quality and is content; the schema requires a rationale.
    const reply = '{"overall_quality": "Good"}';
    expect(parseReply(judge, schema, reply, target).ok).toBe(true);
    expect(parseReply(judge, schema, reply, target, { checkSchema: true })).toEqual({
      ok: false,
      error: "the reply does not follow the judge's response schema: rationale: expected a string, found nothing",
    });
    expect(parseReply(judge, schema, '{"rationale": "ok", "overall_quality": "Good"}', target, { checkSchema: true }).ok).toBe(true);
  });
});
