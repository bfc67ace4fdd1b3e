import type { Annotator, TaskSummary } from '../../../../electron/api/contract';
import { compareNames } from '../../../../electron/common/personName';

/** Who a task's annotator pickers offer: the workspace's people first, imported raters apart. */
export interface AnnotatorChoices {
  /** Active people of the workspace, in the order people are listed in (compareNames): offered by default. */
  people: string[];
  /**
   * Active annotators who exist only through labels imported from a file: a JUDGE-BENCH
   * release's rater slots ("rater 1" … "rater 120", made by its import), a labels file's authors;
   * in the same order ("rater 2" before "rater 10"). They can be assigned like anyone, so a
   * picker offers them on request, counted.
   */
  imported: string[];
}

/**
 * Splits the active annotators into the workspace's people and imported-only raters. An imported
 * rater is an annotator (not an adjudicator or lead) who is on at least one task and, on every
 * task they are on, has labels and not a second spent on them: the app times every label made
 * in it (a label pack brings its times along), while an imported file's labels come without
 * (the label rows record where each came from, but the annotator list does not carry that).
 * Someone on no task yet, or with items assigned and nothing labelled, is a person a lead added.
 * `exclude`: names already on the task, offered by neither list.
 */
export function annotatorChoices(annotators: readonly Annotator[], tasks: readonly TaskSummary[], exclude: readonly string[] = []): AnnotatorChoices {
  const work = new Map<string, { labels: number; secondsSpent: number }[]>();
  for (const task of tasks) {
    for (const p of task.progress) (work.get(p.name) ?? work.set(p.name, []).get(p.name)!).push(p);
  }
  const importedOnly = (a: Annotator) => {
    const rows = work.get(a.name) ?? [];
    return a.role === 'annotator' && rows.length > 0 && rows.every((p) => p.labels > 0 && p.secondsSpent === 0);
  };
  const offered = annotators.filter((a) => a.active && !exclude.includes(a.name)).sort((a, b) => compareNames(a.name, b.name));
  return { people: offered.filter((a) => !importedOnly(a)).map((a) => a.name), imported: offered.filter(importedOnly).map((a) => a.name) };
}
