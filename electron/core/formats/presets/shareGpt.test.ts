import { describe, expect, it } from 'vitest';
import type { Conversation } from '../conversations/model';
import { findPreset, presetFormat } from './index';

describe('the ShareGPT preset', () => {
  it('reads function_call / observation turns (JSON calls) as a tool call and its output, paired', () => {
    const reader = presetFormat(findPreset('sharegpt')!, 'jsonl').createReader({ fileName: 'tools.jsonl' });
    const [item] = reader.add(
      {
        conversations: [
          { from: 'human', value: 'Weather in Oslo?' },
          { from: 'function_call', value: '{"name": "get_weather", "arguments": {"city": "Oslo"}}' },
          { from: 'observation', value: '{"temp": 3}' },
          { from: 'gpt', value: 'It is 3 degrees.' },
        ],
      },
      1,
      4,
    );
    const conversation = item!.payload as Conversation;
    expect(item!.externalId).toBe('conversation-4');
    expect(conversation.turns.map((t) => t.role)).toEqual(['user', 'tool_call', 'tool_output', 'assistant']);
    expect(conversation.actualTrace).toEqual([{ name: 'get_weather', arguments: { city: 'Oslo' }, turn: 1 }]);
    expect(item!.findings).toEqual([]);
  });

  it("reads ToolLLaMA's function turns as outputs of the calls written as Action / Action Input lines", () => {
    const reader = presetFormat(findPreset('sharegpt')!, 'json-array').createReader({ fileName: 'toolllama.json' });
    const [item] = reader.add(
      {
        id: 'Step 4: order 4411?',
        conversations: [
          { from: 'user', value: 'order 4411?' },
          { from: 'assistant', value: '\nThought: look it up\nAction: getorder\nAction Input: {"order_id": 4411}' },
          { from: 'function', value: '{"error": "", "response": "shipped"}' },
          { from: 'assistant', value: 'It has shipped.' },
          // An output after text with no call in the form read: the call was not read, and said so.
          { from: 'function', value: '{"error": "", "response": "again"}' },
        ],
      },
      1,
      1,
    );
    const conversation = item!.payload as Conversation;
    expect(conversation.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool_call', 'tool_output', 'assistant', 'tool_output']);
    expect(conversation.actualTrace).toEqual([{ name: 'getorder', arguments: { order_id: 4411 }, turn: 2 }]);
    expect(conversation.turns[3]).toMatchObject({ sourceRole: 'function', output: { callTurn: 2, content: { error: '', response: 'shipped' } } });
    expect(item!.findings.map((f) => [f.validator, f.location?.turn])).toEqual([['conversation-orphan-tool-output', 5]]);
    expect(item!.findings[0].message).toMatch(/its call was not read: the assistant message at turn 4 holds no call Accord reads/);
  });
});
