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
});
