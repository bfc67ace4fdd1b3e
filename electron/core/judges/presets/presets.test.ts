import { describe, expect, it } from 'vitest';
import { exampleItems } from '../../../testing/exampleItems';
import { PRESET_NAMES, presetSchema } from '../../schemas/presets';
import { judgeSchemaProblems, unmappedQuestions } from '../compatibility';
import { validateJudge } from '../judgeJson';
import { buildRequest } from '../request';
import { JUDGE_PRESETS, judgePreset } from './index';

describe('preset judges', () => {
  it('cover every annotation preset and answer all of its questions', () => {
    for (const name of PRESET_NAMES) {
      const judge = judgePreset(name);
      expect(judge, name).toBeDefined();
      const schema = presetSchema(name)!;
      expect(judgeSchemaProblems(judge!, schema), name).toEqual([]);
      expect(unmappedQuestions(judge!, schema), name).toEqual([]);
    }
  });

  it('are valid judge files in canonical form', () => {
    for (const judge of Object.values(JUDGE_PRESETS)) {
      const result = validateJudge(judge);
      expect(result.ok ? result.judge : result.issues, judge.id).toEqual(judge);
    }
  });

  it('ask for strict structured output: every property required, nothing else allowed', () => {
    const check = (schema: Record<string, unknown>, where: string): void => {
      if (schema.type === 'object') {
        const properties = Object.keys(schema.properties as object);
        expect(schema.required, where).toEqual(properties);
        expect(schema.additionalProperties, where).toBe(false);
        for (const [key, child] of Object.entries(schema.properties as Record<string, Record<string, unknown>>)) check(child, `${where}.${key}`);
      }
      if (schema.type === 'array') check(schema.items as Record<string, unknown>, `${where}[]`);
    };
    for (const judge of Object.values(JUDGE_PRESETS)) check(judge.output.schema, judge.id);
  });

  it('render on the shared example items without a missing field', () => {
    const { plans, graph, conversations } = exampleItems();
    const items = { plan: plans, graph: [graph], conversation: conversations };
    for (const judge of Object.values(JUDGE_PRESETS)) {
      const schema = presetSchema(judge.schemaId)!;
      for (const item of items[judge.kinds[0]]) {
        const built = buildRequest(judge, { item, unit: null, schema }, 'test-model');
        expect(built.ok ? '' : built.error, `${judge.id} on ${item.externalId}`).toBe('');
        if (built.ok) {
          expect(built.request.messages.map((m) => m.role)).toEqual(['system', 'user']);
          expect(built.request.messages[1].content).not.toMatch(/\{\{/);
          expect(built.request.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
        }
      }
    }
  });
});
