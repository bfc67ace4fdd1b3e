import { describe, expect, it } from 'vitest';
import { readMapping } from './readMapping';

const mapping = (readOnlyTools: unknown) => ({
  name: 'm',
  kind: 'conversation',
  id: 'id',
  messages: { path: 'messages', role: 'role' },
  scoring: { modes: ['state-changing'], readOnlyTools },
});

describe('readMapping: scoring.readOnlyTools', () => {
  it('takes tool names and name prefixes ending in *', () => {
    expect(readMapping(mapping(['get_*', 'calculate'])).kind).toBe('conversation');
  });

  it('refuses a * anywhere but at the end, or entries that are not text', () => {
    for (const bad of [['get_*_details'], ['*get'], [3], 'get_*']) {
      expect(() => readMapping(mapping(bad))).toThrow('scoring.readOnlyTools: a list of tool names, each a name or a name prefix ending in * (get_*)');
    }
  });
});
