import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { describeFound, issuesText, jsonPath, shapeMessage, zodIssues } from './shapeErrors';

describe('the one wording of a wrong JSON shape', () => {
  it('says what was found: a scalar as written, a string quoted and cut, nothing when missing', () => {
    expect([undefined, null, 42, true, 'yes', [], {}].map(describeFound)).toEqual(['nothing', 'null', '42', 'true', '"yes"', 'an array', 'an object']);
    expect(describeFound('x'.repeat(50))).toBe(`"${'x'.repeat(40)}…"`);
  });

  it('puts the path first: <path>: expected <type>, found <what>', () => {
    expect(shapeMessage('nodes[3].id', 'a string', undefined)).toBe('nodes[3].id: expected a string, found nothing');
    expect(shapeMessage('', 'a plan record', [1])).toBe('expected a plan record, found an array');
    expect(jsonPath(['questions', 2, 'levels', 0, 'value'])).toBe('questions[2].levels[0].value');
  });

  it('words zod’s type errors the same way, and keeps the messages a schema wrote', () => {
    const schema = z.object({ item: z.string(), rater: z.string({ error: 'rater must be a name' }), tags: z.array(z.string()) });
    const parsed = schema.safeParse({ rater: 7, tags: ['a', 3] }, { reportInput: true });
    expect(parsed.success).toBe(false);
    const issues = zodIssues(parsed.error!);
    expect(issues).toEqual([
      { path: 'item', message: 'expected a string, found nothing' },
      { path: 'rater', message: 'rater must be a name' },
      { path: 'tags[1]', message: 'expected a string, found 3' },
    ]);
    expect(issuesText(issues, 'line', 2)).toBe('item: expected a string, found nothing; rater: rater must be a name; and 1 more');
  });
});
