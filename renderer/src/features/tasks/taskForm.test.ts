import { describe, expect, it } from 'vitest';
import { defaultTaskForm, enteredFields, taskCreateArgs, taskFormProblems, type TaskForm } from './taskForm';

const filled = (over: Partial<TaskForm> = {}): TaskForm => ({ ...defaultTaskForm('plan-quality'), name: 'round 1', datasets: ['plans'], annotators: ['ana', 'ben'], ...over });

describe('create-task form', () => {
  it('defaults to blind double annotation of any disagreement', () => {
    const form = defaultTaskForm('plan-quality');
    expect(form.blind).toBe(true);
    expect(form.perItem).toBe('2');
    expect(form.policy).toBe('any');
  });

  it('says what was entered since the form opened, so closing it can ask first', () => {
    const initial = defaultTaskForm('plan-quality');
    expect(enteredFields(initial, initial)).toEqual([]);
    expect(enteredFields({ ...initial, name: 'round 1', annotators: ['ana'], perItem: '3', overlap: 'fixed' }, initial)).toEqual(['the name', 'the annotators', 'the overlap']);
    // Typed and erased again: nothing to lose.
    expect(enteredFields({ ...initial, name: '' }, initial)).toEqual([]);
  });

  it('names the fields that stop submission', () => {
    expect(Object.keys(taskFormProblems(defaultTaskForm('plan-quality')))).toEqual(['name', 'datasets']);
    expect(taskFormProblems(filled({ overlap: 'fixed', perItem: '3' })).perItem).toBe('Only 2 annotators are listed');
    expect(taskFormProblems(filled({ overlap: 'fixed', perItem: '1.5' })).perItem).toMatch(/whole number/);
    expect(taskFormProblems(filled({ seed: '-4' })).seed).toMatch(/whole number/);
    expect(taskFormProblems(filled({ policy: 'threshold', thresholdPercent: '120' })).threshold).toMatch(/percentage/);
    expect(taskFormProblems(filled())).toEqual({});
  });

  it('builds tasks.create arguments', () => {
    expect(taskCreateArgs(filled({ search: ' pq-00 ', severity: 'error', seed: '42', policy: 'threshold', thresholdPercent: '75' }))).toEqual({
      name: 'round 1',
      schema: { preset: 'plan-quality' },
      datasets: ['plans'],
      filter: { search: 'pq-00', severity: 'error' },
      annotators: ['ana', 'ben'],
      overlap: 'all',
      perItem: 2,
      seed: 42,
      blind: true,
      hideScores: true,
      adjudication: { policy: 'threshold', threshold: 0.75 },
    });
    expect(taskCreateArgs(filled({ hideScores: false }))).toMatchObject({ hideScores: false });
    const fixed = taskCreateArgs(filled({ overlap: 'fixed', perItem: '1', annotators: ['ana', 'ben', 'cy'] }));
    expect(fixed).toMatchObject({ overlap: 'fixed', perItem: 1 });
    expect(fixed).not.toHaveProperty('seed');
    expect(fixed).not.toHaveProperty('filter');
  });
});
