import { afterEach, describe, expect, it } from 'vitest';
import { CROWD_RATERS } from '../../common/raterList';
import { loadTask } from '../annotation/taskContext';
import { agreementWorkspace, plan, type TestLabel } from '../../testing/agreementWorkspace';
import { analyseQuestion } from './analyseQuestion';
import { resolveSelection } from './selection';

const SCHEMA = {
  id: 'crowd-test',
  title: 'Crowd',
  kinds: ['plan'],
  questions: [
    { id: 'grade', type: 'ordinal', title: 'Grade', levels: ['1', '2', '3', '4'], required: false, allowNA: true },
    { id: 'tags', type: 'multilabel', title: 'Problems', tags: ['a', 'b', 'c'], required: false, allowNA: true },
  ],
};

/** A crowd one rater larger than CROWD_RATERS: "rater 1" … "rater 11", counted order. */
const CROWD = Array.from({ length: CROWD_RATERS + 1 }, (_, r) => `rater ${r + 1}`);
const TAG_SETS = ['a', 'a;b', '', 'c', 'b;c', 'a;b;c'];

/**
 * 20 plans; each rater skips some (so pairs rest on different units) and answers from the
 * plan's own grade and tags with their own slips, so every pair differs from every other.
 */
function crowdLabels(raters: readonly string[]): TestLabel[] {
  return raters.flatMap((rater, r) =>
    Array.from({ length: 20 }, (_, i) => i).flatMap((i): TestLabel[] => {
      if ((i + r) % 5 === 0) return [];
      const slip = (i * 7 + r * 3) % 4 === 0 ? 1 : 0;
      return [
        [plan(i + 1), '', 'grade', rater, String(1 + ((i + slip) % 4))],
        [plan(i + 1), '', 'tags', rater, TAG_SETS[(i + slip + (r % 2)) % TAG_SETS.length]],
      ];
    }),
  );
}

let ws: Awaited<ReturnType<typeof agreementWorkspace>> | undefined;
afterEach(() => ws?.dispose());

/** The question's analysis of every rater, with every pair (what `agreement.question` computes before it answers). */
function fullAnalysis(w: NonNullable<typeof ws>, question: string) {
  const task = loadTask(w.ctx.sql, 't');
  const args = { filter: {}, includeJudges: false };
  const q = task.schema.questions.find((x) => x.id === question)!;
  return analyseQuestion(w.ctx.sql, task.record.id, q, resolveSelection(w.ctx.sql, task.record.id, args), { ...args, bootstrap: 0, seed: 1, maxDisagreements: 0 });
}

describe('a crowd question without its pairs, and agreement.pair', () => {
  it('leaves a crowd’s pairs out of agreement.question, and gives each pair as the whole analysis computes it', async () => {
    const w = (ws = await agreementWorkspace(SCHEMA));
    await w.labels(crowdLabels(CROWD));
    const detail = await w.api('agreement.question', { task: 't', question: 'grade', bootstrap: 0 });
    expect(detail.row.raters).toEqual(CROWD);
    expect(detail.pairsOnRequest).toBe(true);
    expect(detail.report!.pairs).toEqual([]);
    // One rater matrix in the answer, the question's: the report's copy is left out.
    expect(detail.report).not.toHaveProperty('raterMatrix');
    expect(detail.raterMatrix.raters).toEqual(CROWD);
    // The crowd summary still rests on every pair.
    expect(detail.manyRaters!.pairs).toBe((CROWD.length * (CROWD.length - 1)) / 2);

    const all = fullAnalysis(w, 'grade').report!.pairs;
    expect(all).toHaveLength(55);
    for (const expected of all) {
      const answer = await w.api('agreement.pair', { task: 't', question: 'grade', pair: [...expected.raters] });
      expect(answer).toEqual({ pair: expected, tag: null });
    }
    // Asked the other way round, the pair comes as the analysis lists it (the screen turns it).
    const reversed = await w.api('agreement.pair', { task: 't', question: 'grade', pair: ['rater 9', 'rater 2'] });
    expect(reversed.pair.raters).toEqual(['rater 2', 'rater 9']);
    expect(reversed.pair.units).toBeGreaterThan(0);
  });

  it('gives a multilabel crowd’s pair tag by tag', async () => {
    const w = (ws = await agreementWorkspace(SCHEMA));
    await w.labels(crowdLabels(CROWD));
    const detail = await w.api('agreement.question', { task: 't', question: 'tags', bootstrap: 0 });
    expect(detail.pairsOnRequest).toBe(true);
    expect(detail.tags!.map((t) => t.report.pairs)).toEqual([[], [], []]);
    expect(detail.tags!.filter((t) => 'raterMatrix' in t.report)).toEqual([]);
    const tags = fullAnalysis(w, 'tags').tags!;
    for (const tag of tags) {
      for (const expected of [tag.report.pairs[0], tag.report.pairs[17], tag.report.pairs.at(-1)!]) {
        expect(await w.api('agreement.pair', { task: 't', question: 'tags', pair: [...expected.raters], tag: tag.tag })).toEqual({ pair: expected, tag: tag.tag });
      }
    }
  });

  it('keeps every pair in the answer for a few raters', async () => {
    const w = (ws = await agreementWorkspace(SCHEMA));
    await w.labels(crowdLabels(CROWD.slice(0, CROWD_RATERS)));
    const detail = await w.api('agreement.question', { task: 't', question: 'grade', bootstrap: 0 });
    expect(detail.pairsOnRequest).toBeUndefined();
    expect(detail.report!.pairs).toHaveLength(45);
    expect(detail.report!.raterMatrix).toEqual(detail.raterMatrix);
    expect(detail.report!.pairs).toEqual(fullAnalysis(w, 'grade').report!.pairs);
  });

  it('says what is wrong with a pair it cannot give', async () => {
    const w = (ws = await agreementWorkspace(SCHEMA));
    await w.labels(crowdLabels(CROWD.slice(0, 3)));
    const pair = (args: Record<string, unknown>) => w.api('agreement.pair', { task: 't', question: 'grade', pair: ['rater 1', 'rater 2'], ...args } as never);
    await expect(pair({ question: 'tags' })).rejects.toThrow('tags is a multilabel question: its pairs are compared tag by tag; say which tag (a, b, c)');
    await expect(pair({ question: 'tags', tag: 'z' })).rejects.toThrow('no tag "z" in tags (tags: a, b, c)');
    await expect(pair({ tag: 'a' })).rejects.toThrow('grade has no tags; leave out tag "a"');
    await expect(pair({ pair: ['rater 1', 'rater 9'] })).rejects.toThrow('rater 9 gave no submitted answer to grade in this selection of task "t"');
    await expect(pair({ question: 'nope' })).rejects.toThrow('no question "nope" in task "t" (questions: grade, tags)');
    await expect(pair({ pair: ['rater 1', 'rater 1'] })).rejects.toThrow('a pair needs two different raters');
  });
});
