import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELEASES } from '../../../testing/fixtures';
import { readSopSession } from '../../formats/sopSessions/readSopSession';
import type { JudgeItem } from '../placeholders';
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
    // The Agent-S judge reads a session's SOP and execution memory, which only Agent-S sessions have.
    const sessions = agentSSessions();
    for (const judge of Object.values(JUDGE_PRESETS)) {
      const schema = presetSchema(judge.schemaId)!;
      for (const item of judge.id === 'agent-s-step-review' ? sessions : items[judge.kinds[0]]) {
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

describe('the Agent-S step review judge', () => {
  it("shows the SOP and every step with its turn, state, type, action, status and observation, and the rule's steps", () => {
    const s103 = agentSSessions().find((i) => i.externalId === 's-103')!;
    const built = buildRequest(judgePreset('agent-s-step-review')!, { item: s103, unit: null, schema: presetSchema('agent-s-step-review')! }, 'test-model');
    const user = built.ok ? built.request.messages[1].content : built.error;
    expect(user).toContain('SOP:\nSeller payment on hold\n1. Ask the seller for the order id\n2. Check the payment status of the order (get_payment_status)\n    2.1 If the payment');
    expect(user).toContain('[turn 1] state 2 · api_call get_payment_status → fail\n    observation: {"error":"order not found"}');
    expect(user).toContain('[turn 2] state 2.2.a · message_to_user tell_release_date → success (incorrect by rule: the agent continued past a failed step)');
  });
});

/** The Agent-S sessions of fixtures/releases as judge items. */
function agentSSessions(): JudgeItem[] {
  const lines = fs.readFileSync(path.join(RELEASES, 'agent-s-sessions.jsonl'), 'utf8').trim().split('\n');
  return lines.map((line, i) => {
    const item = readSopSession(JSON.parse(line) as unknown, { ordinal: i + 1, line: i + 1 });
    return { externalId: item.externalId, dataset: 'agent-s-sessions', kind: item.kind, payload: item.payload, metadata: item.metadata };
  });
}
