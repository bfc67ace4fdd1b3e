import { describe, expect, it } from 'vitest';
import { baseName, createConversationFormats } from './formats';
import { conversationFormats } from './index';

describe('conversation format modules', () => {
  it('declares the five formats with their framings', () => {
    expect(conversationFormats.map((f) => [f.id, f.kind, f.framing])).toEqual([
      ['conversations-chat-jsonl', 'conversation', 'jsonl'],
      ['conversations-chat-json', 'conversation', 'json-array'],
      ['conversations-roles-json', 'conversation', 'json-array'],
      ['conversations-roles-jsonl', 'conversation', 'jsonl'],
      ['trajectory-events-jsonl', 'conversation', 'jsonl'],
    ]);
  });

  it('names records without an id after the file and their position', () => {
    const reader = conversationFormats[1].createReader({ fileName: 'batch.json' });
    const ids = [reader.add({ messages: [] }, 1), reader.add({ id: 'x', messages: [] }, 5), reader.add({ messages: [] }, 9)].map((items) => items[0].externalId);
    expect(ids).toEqual(['batch-1', 'x', 'batch-3']);
    expect(reader.finish()).toEqual([]);
  });

  it('applies a configured turn limit', () => {
    const [chat] = createConversationFormats({ maxTurns: 1 });
    const [item] = chat.createReader({ fileName: 'f.jsonl' }).add({ messages: [{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }] }, 1);
    expect(item.findings.map((f) => f.validator)).toEqual(['conversation-turn-limit']);
    expect(item.line).toBe(1);
  });

  it('records the source format it was read as', () => {
    const roles = conversationFormats.find((f) => f.id === 'conversations-roles-jsonl')!;
    const [item] = roles.createReader({ fileName: 'r.jsonl' }).add({ messages: [{ role: 'api', content: 'f()' }, { role: 'api_output', content: '{}' }] }, 3);
    expect(item.payload).toMatchObject({ sourceFormat: 'conversations-roles-jsonl' });
  });

  it.each([
    ['trajectory-events.jsonl', 'trajectory-events'],
    ['a.b.jsonl', 'a.b'],
    ['noext', 'noext'],
    ['.jsonl', '.jsonl'],
  ])('baseName(%s) = %s', (name, base) => {
    expect(baseName(name)).toBe(base);
  });
});
