import { describe, expect, it } from 'vitest';
import { rankingFields } from './rankingFields';

describe('the fields two runs rank systems by', () => {
  // The fixture plans (fixtures/plans.jsonl, 30 items): no `model` at all; a domain, ids, flags and counts.
  const plans = [
    { key: 'compound', values: [false, true] },
    { key: 'domain', values: ['banking', 'retail', 'telecom'] },
    { key: 'has_gold', values: [true] },
    { key: 'query_id', values: Array.from({ length: 30 }, (_, i) => `pq-${String(i + 1).padStart(3, '0')}`) },
    { key: 'step_count', values: [1, 2, 3, 4] },
  ];

  it('ranks by a field the items carry: never by "model" where none has one', () => {
    expect(rankingFields(plans, 30)).toEqual({ keys: ['domain', 'compound', 'step_count'], default: 'domain' });
  });

  it('prefers the model that made each item where the items say', () => {
    const withModel = [...plans, { key: 'model', values: ['gpt-4o', 'llama-3-70b'] }];
    expect(rankingFields(withModel, 30).default).toBe('model');
  });

  it('puts fields of short names before long text, fewest systems first', () => {
    // tau-bench: two trials of task 0 share their instruction, so it is no id; still, text is no name.
    const tau = [
      { key: 'instruction', values: ['You are li_wei_4412. Move reservation ZX91QK to HAT210 on May 22 in economy.', 'You are Omar Haddad. Cancel your pending order.'] },
      { key: 'reward', values: [0, 1] },
      { key: 'userId', values: ['li_wei_4412', 'omar_haddad_7301'] },
      { key: 'variant', values: ['a', 'b', 'c'] },
    ];
    expect(rankingFields(tau, 3).keys).toEqual(['userId', 'instruction', 'reward']);
  });

  it("pools a field's values over the task's datasets", () => {
    const fields = [
      { key: 'model', values: ['gpt-4o'] },
      { key: 'model', values: ['claude'] },
    ];
    expect(rankingFields(fields, 10)).toEqual({ keys: ['model'], default: 'model' });
  });

  it('has nothing to rank by when no field groups the items', () => {
    expect(rankingFields([{ key: 'has_gold', values: [true] }, { key: 'id', values: ['a', 'b'] }], 2)).toEqual({ keys: [], default: null });
  });
});
