import { describe, expect, it } from 'vitest';
import type { Annotator, AnnotatorProgress, TaskSummary } from '../../../../electron/api/contract';
import { annotatorChoices } from './annotatorChoices';

const person = (name: string, role: Annotator['role'] = 'annotator', active = true): Annotator => ({ id: 0, name, role, createdAt: '', active, mergedInto: null });
const progress = (name: string, labels: number, secondsSpent: number): AnnotatorProgress => ({
  name,
  role: 'annotator',
  assigned: 6,
  submitted: labels > 0 ? 6 : 0,
  started: 0,
  skipped: 0,
  remaining: labels > 0 ? 0 : 6,
  labels,
  secondsSpent,
});
const task = (name: string, rows: AnnotatorProgress[]) => ({ name, annotators: rows.map((r) => r.name), progress: rows }) as unknown as TaskSummary;

describe('who the annotator pickers offer', () => {
  // A JUDGE-BENCH release imported: its three rater slots labelled every reply, in no time (the file's labels).
  const release = task('judge-bench-support', [progress('rater 1', 12, 0), progress('rater 2', 12, 0), progress('rater 3', 10, 0)]);
  // ana labelled in the app; ben was assigned and has not started.
  const review = task('plan-review', [progress('ana', 30, 412.5), progress('ben', 0, 0)]);
  const everyone = [person('ana'), person('ben'), person('cleo'), person('lea', 'lead'), person('rater 1'), person('rater 2'), person('rater 3'), person('old', 'annotator', false)];

  it("keeps a release's rater slots apart from the workspace's people", () => {
    expect(annotatorChoices(everyone, [release, review])).toEqual({ people: ['ana', 'ben', 'cleo', 'lea'], imported: ['rater 1', 'rater 2', 'rater 3'] });
  });

  it('counts a rater as a person once they have work of their own: labels timed in the app, or items assigned and not yet labelled', () => {
    const labelled = task('round 2', [progress('rater 1', 4, 95)]);
    const assigned = task('round 3', [progress('rater 2', 0, 0)]);
    expect(annotatorChoices(everyone, [release, labelled, assigned]).imported).toEqual(['rater 3']);
  });

  it('lists each in the order people are counted in: rater 2 before rater 10', () => {
    const crowd = task('crowd', [10, 2, 1].map((n) => progress(`rater ${n}`, 1, 0)));
    expect(annotatorChoices([person('rater 10'), person('rater 2'), person('rater 1'), person('Zoe'), person('al')], [crowd])).toEqual({ people: ['al', 'Zoe'], imported: ['rater 1', 'rater 2', 'rater 10'] });
  });

  it('never puts leads or adjudicators apart, and leaves out the inactive and those already on the task', () => {
    const adjudicated = task('imported', [progress('ada', 3, 0), progress('lea', 3, 0)]);
    const people = [person('ada', 'adjudicator'), person('lea', 'lead'), ...everyone.slice(4)];
    expect(annotatorChoices(people, [release, adjudicated], ['rater 2'])).toEqual({ people: ['ada', 'lea'], imported: ['rater 1', 'rater 3'] });
  });
});
