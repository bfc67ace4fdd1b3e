import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentHashOf } from './preparedItems';

describe('contentHashOf', () => {
  it('is the SHA-256 of kind, payload and raw text joined by NUL (packs compare it across versions)', () => {
    const item = { kind: 'plan', payload: '{"plan":"ünïcode ✓"}', rawText: 'not json {' };
    const joined = createHash('sha256').update('plan\0{"plan":"ünïcode ✓"}\0not json {').digest('hex');
    expect(contentHashOf(item)).toBe(joined);
    // Value from `printf 'conversation\0{}\0' | sha256sum`.
    expect(contentHashOf({ kind: 'conversation', payload: '{}', rawText: null })).toBe('ac1799f47d3020ee1ed37dc1f1fca917c252608fce20e9821da7c22658d7bacf');
  });
});
