import { describe, expect, it } from 'vitest';
import { renderedSegments } from './renderedSegments';

describe('renderedSegments', () => {
  it('marks what each placeholder became', () => {
    expect(renderedSegments('Query: {{query}}\n\nPlan:\n{{plan}}', 'Query: How many calls?\n\nPlan:\n1. T2S(...)\n2. LLM(...)')).toEqual([
      { kind: 'text', text: 'Query: ' },
      { kind: 'value', name: 'query', text: 'How many calls?' },
      { kind: 'text', text: '\n\nPlan:\n' },
      { kind: 'value', name: 'plan', text: '1. T2S(...)\n2. LLM(...)' },
    ]);
  });

  it('handles a placeholder at the start, an optional one, and an empty value', () => {
    expect(renderedSegments('{{item_id}}: {{lineage?}}.', 'pq-001: (none).')).toEqual([
      { kind: 'value', name: 'item_id', text: 'pq-001' },
      { kind: 'text', text: ': ' },
      { kind: 'value', name: 'lineage', text: '(none)' },
      { kind: 'text', text: '.' },
    ]);
    expect(renderedSegments('[{{metadata.model}}]', '[]')).toEqual([
      { kind: 'text', text: '[' },
      { kind: 'value', name: 'metadata.model', text: '' },
      { kind: 'text', text: ']' },
    ]);
  });

  it('gives the text back unmarked when it does not follow the template', () => {
    expect(renderedSegments('Query: {{query}}', 'Something else')).toEqual([{ kind: 'text', text: 'Something else' }]);
    expect(renderedSegments('{{a}}{{b}}', 'xy')).toEqual([{ kind: 'text', text: 'xy' }]);
    expect(renderedSegments('fixed', 'fixed and more')).toEqual([{ kind: 'text', text: 'fixed and more' }]);
  });
});
