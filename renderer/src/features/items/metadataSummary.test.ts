import { describe, expect, it } from 'vitest';
import { metadataSummary } from './metadataSummary';

describe('metadataSummary', () => {
  it('puts the keys reviewers filter by first and drops empty values', () => {
    const metadata = { turnCount: 12, note: '', intent: 'refund', model: 'gpt-4o', domain: null, resolved: true };
    expect(metadataSummary(metadata)).toEqual([
      ['model', 'gpt-4o'],
      ['intent', 'refund'],
      ['turnCount', '12'],
    ]);
    expect(metadataSummary(metadata, 5)).toEqual([
      ['model', 'gpt-4o'],
      ['intent', 'refund'],
      ['turnCount', '12'],
      ['resolved', 'true'],
    ]);
  });

  it('leaves keys that repeat the external id for last', () => {
    const plan = { query_id: 'q-002', model: null, subjective: true, parse_status: 'tolerant', step_count: 4 };
    expect(metadataSummary(plan)).toEqual([
      ['parse_status', 'tolerant'],
      ['subjective', 'true'],
      ['step_count', '4'],
    ]);
  });
});
