import { describe, expect, it } from 'vitest';
import { judgeToJson, judgeVersion, parseJudgeText, validateJudge } from './judgeJson';
import { judgePreset } from './presets';

const minimal = {
  id: 'my-judge',
  title: 'Mine',
  schemaId: 'conversation-validity',
  template: { user: 'Is this valid?\n{{conversation}}' },
  output: { schema: { type: 'object' } },
  mapping: [{ question: 'validity', field: 'validity' }],
};

describe('validateJudge', () => {
  it('fills defaults for a hand-written judge', () => {
    const result = validateJudge(minimal);
    expect(result.ok && result.judge).toEqual({
      format: 'accord.judge',
      id: 'my-judge',
      title: 'Mine',
      description: '',
      schemaId: 'conversation-validity',
      kinds: [],
      per: 'item',
      template: { system: '', user: 'Is this valid?\n{{conversation}}' },
      sampling: { temperature: 0, topP: null, maxTokens: null, seed: null },
      output: { mode: 'json_schema', name: 'judgement', schema: { type: 'object' }, strict: true },
      mapping: [{ question: 'validity', field: 'validity' }],
    });
  });

  it('lists every problem with its path', () => {
    const result = validateJudge({
      ...minimal,
      extra: 1,
      template: { user: '{{conversaton}}' },
      sampling: { temperature: 3 },
      mapping: [{ question: 'validity', field: 'a..b' }, { question: 'validity', field: 'v' }],
    });
    expect(result.ok).toBe(false);
    const issues = result.ok ? [] : result.issues.map((i) => `${i.path}: ${i.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^: Unrecognized key: "extra"/),
        expect.stringMatching(/^sampling\.temperature: /),
        'mapping[0].field: field must be a property path such as "verdict" or "answer.value"',
      ]),
    );
    // Cross-field checks run once the shape is right.
    const second = validateJudge({ ...minimal, template: { user: '{{conversaton}}' }, mapping: [minimal.mapping[0], minimal.mapping[0]] });
    expect(second.ok ? [] : second.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      expect.stringMatching(/^template\.user: unknown placeholder \{\{conversaton\}\}; known: item_id, /),
      'mapping[1].question: "validity" is mapped twice',
    ]);
  });

  it('refuses text that is not JSON, with the reason', () => {
    expect(() => parseJudgeText('{nope')).toThrow(/^invalid judge: not valid JSON: /);
  });
});

describe('judge export and import', () => {
  it('round-trips every preset unchanged', () => {
    for (const id of ['plan-quality-reference', 'plan-step-tags', 'plan-metrics', 'sop-graph-review', 'workflow-trim', 'conversation-quality', 'conversation-validity']) {
      const judge = judgePreset(id)!;
      expect(parseJudgeText(judgeToJson(judge))).toEqual(judge);
    }
  });
});

describe('judgeVersion', () => {
  it('changes with the template and settings, not with the title', () => {
    const judge = judgePreset('conversation-validity')!;
    const version = judgeVersion(judge);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(judgeVersion({ ...judge, title: 'Renamed', description: 'other' })).toBe(version);
    expect(judgeVersion({ ...judge, template: { ...judge.template, user: `${judge.template.user} ` } })).not.toBe(version);
    expect(judgeVersion({ ...judge, sampling: { ...judge.sampling, temperature: 0.2 } })).not.toBe(version);
    // Key order does not matter: the hash is over canonical JSON.
    const reordered = JSON.parse(JSON.stringify({ mapping: judge.mapping, output: judge.output, sampling: judge.sampling, template: judge.template, per: judge.per }));
    expect(judgeVersion({ ...judge, ...reordered })).toBe(version);
  });
});
