import { describe, expect, it } from 'vitest';
import { templateTokens, unknownPlaceholders } from './templateTokens';

const NAMES = new Set(['query', 'plan', 'gold_plan']);

describe('templateTokens', () => {
  it('splits text and placeholders without losing a character', () => {
    const template = 'Query: {{query}}\n\nPlan:\n{{ plan }} and {{lineage?}} {{metadata.model}}';
    const tokens = templateTokens(template, NAMES);
    expect(tokens.map((t) => t.text).join('')).toBe(template);
    expect(tokens.filter((t) => t.kind === 'placeholder')).toEqual([
      { kind: 'placeholder', text: '{{query}}', name: 'query', optional: false, known: true },
      { kind: 'placeholder', text: '{{ plan }}', name: 'plan', optional: false, known: true },
      { kind: 'placeholder', text: '{{lineage?}}', name: 'lineage', optional: true, known: false },
      { kind: 'placeholder', text: '{{metadata.model}}', name: 'metadata.model', optional: false, known: true },
    ]);
  });

  it('leaves braces that are no placeholder as text', () => {
    expect(templateTokens('JSON like {"a": {"b": 1}} and {{ }}', NAMES)).toEqual([{ kind: 'text', text: 'JSON like {"a": {"b": 1}} and {{ }}' }]);
  });

  it('lists unknown placeholders once', () => {
    expect(unknownPlaceholders('{{nope}} {{query}} {{nope?}} {{other}}', NAMES)).toEqual(['nope', 'other']);
  });
});
