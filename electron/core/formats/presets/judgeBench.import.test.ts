import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { annotationWorkspace, type AnnotationWorkspace } from '../../../testing/annotationWorkspace';
import { RELEASES } from '../../../testing/fixtures';
import type { Conversation, MessageTurn } from '../conversations/model';
import { METRIC_NOT_IMPORTED, NO_TASK } from './judgeBench';

/**
 * JUDGE-BENCH files in the shapes of WMT-23 (a continuous metric), LLMBar (pairwise outputs) and
 * ToxicChat (majority votes only), written for Accord (fixtures/releases), imported through the
 * import service: the questions made, the labels per rater slot, and the turns an annotator sees;
 * and a file written here with a continuous score that is not a number, a metric that is not a
 * question, and instances whose fields are all context (a claim and its evidence).
 */
let ws: AnnotationWorkspace;
afterEach(() => ws.dispose());

const importRelease = async (name: string) => (await ws.api('datasets.import', { sources: [{ path: path.join(RELEASES, name) }] })).files[0]!;
const item = async (externalId: string) => ws.api('items.get', { id: ws.itemId(externalId) });
/** Each turn as `role[field]: text`. */
const turns = (payload: unknown) => (payload as Conversation).turns.map((t) => `${t.role}${t.agent ? `[${t.agent}]` : t.extra?.name ? `[${String(t.extra.name)}]` : ''}: ${(t as MessageTurn).text}`);
const labels = async (task: string) =>
  (await ws.api('labels.export', { task, format: 'jsonl' })).content
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { item: string; rater: string; question: string; value: unknown })
    .map((l) => `${l.item} ${l.question} ${l.rater} ${String(l.value)}`)
    .sort();

describe('JUDGE-BENCH through the import service', () => {
  it('imports a continuous metric as a score question with its scores as labels, beside a graded one (WMT-23 shape)', async () => {
    ws = await annotationWorkspace([]);
    const report = await importRelease('judge-bench-translation-continuous.json');
    const task = await ws.api('tasks.get', { task: 'judge-bench-translation-continuous' });
    // quality: 3 + 2 + 2 scores (one null); tone kept: 3 + 2 + 3.
    expect(report.task).toEqual({ id: task.id, name: 'judge-bench-translation-continuous', questions: 2, raters: 3, labels: 15 });
    expect(task.schema.questions.map((q) => [q.id, q.type, q.type === 'score' ? q.values.map((v) => v.value) : q.type === 'ordinal' ? q.levels.map((l) => l.value) : []])).toEqual([
      // The declared worst 0 and best 100, and the seven scores given, lowest first.
      ['quality', 'score', [0, 10.5, 14, 66.5, 68, 80, 90, 95.5, 100]],
      ['tone_kept', 'ordinal', ['1', '2', '3']],
    ]);
    expect((await labels('judge-bench-translation-continuous')).filter((l) => l.includes(' quality '))).toEqual([
      '0 quality rater 1 66.5',
      '0 quality rater 2 80',
      '0 quality rater 3 68',
      '1 quality rater 1 10.5',
      '1 quality rater 2 14',
      '2 quality rater 1 90',
      '2 quality rater 2 95.5',
    ]);
    const quality = await ws.api('agreement.question', { task: 'judge-bench-translation-continuous', question: 'quality', bootstrap: 0 });
    // Krippendorff's α (interval), computed in Python from its definition over the pairable values:
    // D_o = Σ_u Σ_{i≠j in u} (v_i − v_j)² / (m_u − 1) / n, D_e = Σ_{i≠j} (v_i − v_j)² / (n(n − 1)), α = 1 − D_o / D_e;
    // units [66.5, 80, 68], [10.5, 14], [90, 95.5] (n = 7) → 0.975488549467486.
    expect(quality.statistics.find((s) => s.key === 'krippendorffAlpha.interval')?.value).toBeCloseTo(0.975488549467486, 12);
    // The same formula on tone kept, units [3, 2, 3], [1, 1], [3, 3, 3] (n = 8) → 0.851063829787234.
    const tone = await ws.api('agreement.question', { task: 'judge-bench-translation-continuous', question: 'tone_kept', bootstrap: 0 });
    expect(tone.statistics.find((s) => s.key === 'krippendorffAlpha.interval')?.value).toBeCloseTo(0.851063829787234, 12);

    const first = await item('0');
    // The translation is the reply; the source, the reference and the languages are context, not replies.
    expect(turns(first.payload)).toEqual(['assistant[translation]: Ihre Erstattung wurde heute ausgegeben.']);
    expect((first.payload as Conversation).scenario?.extra).toEqual({
      source_lang: 'English',
      target_lang: 'German',
      source: 'Your refund was issued today.',
      reference: 'Ihre Rückerstattung wurde heute veranlasst.',
    });
    expect(first.metadata).toMatchObject({ quality_mean_human: 71.5, tone_kept_mean_human: 2.67 });
    expect(first.findings).toEqual([]);
  });

  it('shows pairwise outputs each as a turn named by its field after the request, and imports the preferences (LLMBar shape)', async () => {
    ws = await annotationWorkspace([]);
    const report = await importRelease('judge-bench-pairwise.json');
    expect(report.task).toMatchObject({ questions: 1, raters: 2, labels: 4 });
    expect(await labels('judge-bench-pairwise')).toEqual([
      'Natural_0 quality_single_turn rater 1 model_a',
      'Natural_0 quality_single_turn rater 2 model_a',
      'Natural_1 quality_single_turn rater 1 model_b',
      'Natural_1 quality_single_turn rater 2 model_a',
    ]);
    const second = await item('Natural_1');
    expect(turns(second.payload)).toEqual([
      'user[input]: A customer asks whether a parcel can be sent to a locker.',
      'assistant[output_a]: Yes.',
      "assistant[output_b]: Yes: choose 'Parcel locker' at checkout and pick the locker on the map.",
    ]);
    expect((second.payload as Conversation).scenario?.extra).toEqual({
      outputs: 'output_a, output_b: separate outputs, each a turn named by its field, shown one after the other; not replies to each other',
    });
  });

  it('makes no task of majority votes alone, and says so and why on the first item (ToxicChat shape)', async () => {
    ws = await annotationWorkspace([]);
    const report = await importRelease('judge-bench-majority-only.json');
    expect([report.status, report.imported, report.task]).toEqual(['imported', 2, undefined]);
    const first = await item('c0a1');
    expect(first.findings.map((f) => [f.validator, f.severity, f.message])).toEqual([
      [NO_TASK, 'warning', 'no task was created: no instance carries individual_human_scores for "toxicity"; the aggregate scores are kept as item metadata (toxicity_majority_human)'],
    ]);
    expect((await item('c0a2')).metadata).toMatchObject({ toxicity_majority_human: '1' });
    expect((await ws.api('tasks.list', {})).map((t) => t.name)).toEqual([]);
  });

  it('imports the numeric scores of a continuous metric beside one that is not a number, keeps every metric\'s aggregates, and shows a claim and its evidence', async () => {
    ws = await annotationWorkspace([]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'accord-judge-bench-'));
    try {
      const file = path.join(dir, 'claims.json');
      fs.writeFileSync(
        file,
        JSON.stringify({
          dataset: 'Claims',
          annotations: [
            { metric: 'support', category: 'continuous', prompt: '{{ claim }} {{ evidence }} 0-100', worst: 0, best: 100 },
            { metric: 'checked', category: 'categorical', prompt: 'Checked?', labels_list: ['yes'] },
          ],
          instances: [
            {
              id: 'claim-1',
              instance: { claim: 'Refunds take 5 days.', evidence: 'Policy: refunds are issued within 5 working days.' },
              annotations: { support: { mean_human: 85, individual_human_scores: [80, 'n/a', 90] }, checked: { majority_human: 'yes', individual_human_scores: ['yes'] } },
            },
            { id: 'claim-2', instance: { claim: 'Parcels go to lockers.', evidence: 'FAQ: choose a locker at checkout.' }, annotations: { support: { mean_human: 70, individual_human_scores: [60, 80] } } },
          ],
        }),
      );
      const report = (await ws.api('datasets.import', { sources: [{ path: file }] })).files[0]!;
      // 80, 90, 60 and 80 are read; "n/a" is not: 4 labels from 3 rater slots.
      expect([report.status, report.imported, report.task?.labels, report.task?.raters]).toEqual(['imported', 2, 4, 3]);
      expect(await labels('claims')).toEqual(['claim-1 support rater 1 80', 'claim-1 support rater 3 90', 'claim-2 support rater 1 60', 'claim-2 support rater 2 80']);
      const first = await item('claim-1');
      expect(first.findings.map((f) => [f.validator, f.severity, f.message])).toEqual([
        [METRIC_NOT_IMPORTED, 'warning', 'metric "checked" (categorical) has only the category yes (labels_list or scores): a question needs two; its scores were not imported; the aggregate scores are kept as item metadata (checked_majority_human)'],
        [METRIC_NOT_IMPORTED, 'warning', 'metric "support" (continuous): 1 individual score is not a number and was not imported (e.g. instances[0].annotations.support.individual_human_scores[1]: "n/a"); its other scores were'],
      ]);
      expect(first.metadata).toMatchObject({ support_mean_human: 85, checked_majority_human: 'yes' });
      // Every field is context by name: the claim and the evidence are shown as the judged text, not an empty conversation.
      expect(turns(first.payload)).toEqual(['assistant[claim]: Refunds take 5 days.', 'assistant[evidence]: Policy: refunds are issued within 5 working days.']);
      expect((await item('claim-2')).findings).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
