import type { CalibrationReport, PairFigure, QuestionCalibration } from '../../../api/contract';
import { bandText } from '../../../common/bandText';
import { coef, count, counted, decimal, interval, percent, percentInterval, pValue, range, withReason } from '../../../common/numberFormat';

/** One piece of the calibration report, written the same way to Markdown and HTML. */
export type Block =
  | { kind: 'h1' | 'h2' | 'h3' | 'p'; text: string }
  | { kind: 'table'; caption: string; head: string[]; numeric: boolean[]; rows: string[][] };

const table = (caption: string, head: [string, boolean][], rows: string[][]): Block => ({ kind: 'table', caption, head: head.map(([h]) => h), numeric: head.map(([, n]) => n), rows });
const unitName = (unit: string) => (unit.endsWith('|') ? unit.slice(0, -1) : unit.replace('|', ' '));

function pairRows(q: QuestionCalibration): string[][] {
  const row = (label: string, p: PairFigure) => [label, count(p.units), percent(p.percentAgreement.value), withReason(p.kappa.value, p.kappa.reason), interval(p.kappa.ci95), interval(p.bootstrap?.ci95), bandText(p.landisKoch.judgement)];
  return [
    ...q.vsAnnotators.map((p) => row(`judge vs ${p.raters[1]}`, p)),
    ...(q.vsGold ? [row('judge vs gold', q.vsGold)] : []),
    ...q.humanHuman.map((p) => row(`${p.raters[0]} vs ${p.raters[1]} (same units)`, p)),
  ];
}

function evidence(q: QuestionCalibration): Block[] {
  const out: Block[] = [];
  const alt = q.verdict.altTest;
  if (alt) {
    out.push(
      table(
        `Alternative annotator test (scoring ${alt.scoring}, ε = ${decimal(alt.epsilon, 2)}, Benjamini–Yekutieli q = ${decimal(alt.q, 2)}; ${counted(alt.items, 'item')} with at least ${counted(alt.minRatersPerItem, 'human label')} and a judge label; annotators with at least ${counted(alt.minItemsPerRater, 'item')})`,
        [['Annotator', false], ['Items', true], ['mean(W_human − W_judge)', true], ['t', true], ['p', true], ['Judge wins', false], ['Advantage', true], ['p (beaten by more than ε)', true], ['Note', false]],
        alt.annotators.map((a) => [a.rater, count(a.n), decimal(a.meanDifference, 3), a.t === null ? '—' : Number.isFinite(a.t) ? decimal(a.t, 3) : a.t > 0 ? '+∞' : '−∞', pValue(a.pValue), a.rejected ? 'yes' : a.rejectedAgainst ? 'no (beaten by more than ε)' : 'no', decimal(a.advantage, 3), pValue(a.pValueAgainst), a.note ?? '']),
      ),
      { kind: 'p', text: `Winning rate ${decimal(alt.winningRate, 3)} (passes at 0.5: ${alt.passed ? 'passed' : 'not passed'}); advantage probability ${decimal(alt.advantageProbability, 3)}; share of annotators who beat the judge by more than ε ${decimal(alt.losingRate, 3)}.${alt.reason ? ` ${alt.reason}.` : ''}` },
    );
    for (const s of alt.skipped) out.push({ kind: 'p', text: `Not tested: ${s.rater} (${s.reason}).` });
    if (alt.dropped.length > 0) out.push({ kind: 'p', text: `Items left out (${count(alt.dropped.length)}): ${alt.dropped.map((d) => `${unitName(d.unit)} (${d.reason})`).join('; ')}.` });
  }
  const ni = q.verdict.nonInferiority;
  if (ni) {
    out.push(
      table(
        // The threshold is −margin, the value the difference is tested against; titled "Margin" it read as the margin itself.
        `Non-inferiority of judge–human to human–human agreement (paired percentile bootstrap over units, ${count(ni.resamples)} resamples, seed ${ni.seed}); margin ${decimal(ni.margin, 2)}: can replace when the interval’s lower end is above the threshold −${decimal(ni.margin, 2)}, cannot when its upper end is below it`,
        [['Units', true], ['Judge–human', true], ['Human–human', true], ['Difference', true], ['95% interval', true], ['Threshold (−margin)', true], ['p', true]],
        [[count(ni.n), coef(ni.judgeHuman), coef(ni.humanHuman), coef(ni.difference), interval(ni.ci95), `−${decimal(ni.margin, 2)}`, pValue(ni.pValue)]],
      ),
    );
    if (ni.reason) out.push({ kind: 'p', text: `Note: ${ni.reason}.` });
  }
  return out;
}

function errorAndPrevalence(q: QuestionCalibration): Block[] {
  const out: Block[] = [];
  const e = q.errorRates;
  if (q.goldSelection) out.push({ kind: 'p', text: `Note: ${q.goldSelection}.` });
  if (e) {
    const rate = (r: (typeof e.classes)[number]['tpr']) => [`${percent(r.rate)} (${r.x}/${r.n})`, percent(r.lower), r.n === 0 ? 'no such units' : r.lower !== null && r.lower >= e.threshold ? '—' : r.needed === null ? 'not at this rate' : count(r.needed)];
    out.push(
      table(
        `Error rates against ${e.reference} on ${counted(e.units, 'unit')}, with exact (Clopper–Pearson) 95% lower bounds; ${e.status} at ${decimal(e.threshold, 2)}`,
        [[e.classes.length === 1 ? 'Positive answer' : 'Answer (one vs rest)', false], ['TPR', true], ['Lower bound', true], ['Needed', true], ['TNR', true], ['Lower bound', true], ['Needed', true]],
        e.classes.map((c) => [c.category, ...rate(c.tpr), ...rate(c.tnr)]),
      ),
      { kind: 'p', text: `${e.message.charAt(0).toUpperCase()}${e.message.slice(1)}.` },
    );
  }
  const p = q.correctedPassRate;
  if (p.positive === undefined) out.push({ kind: 'p', text: `Corrected pass rate: — (${p.reason}).` });
  else {
    const budget = (x: typeof p.ppi) => (x.estimate === null ? (x.reason ?? '—') : x.labelsNeeded === null ? 'labels alone cannot reach it' : `${counted(x.labelsNeeded, 'labeled unit')} (${count(x.moreLabels ?? 0)} more)`);
    out.push(
      table(
        `The “${p.positive}” rate corrected for judge error: the judge says ${percent(p.apparent)} on ${counted(p.unlabeled, 'unit')} without a reference; ${counted(p.labeled, 'unit')} ${p.labeled === 1 ? 'has' : 'have'} one. Label budget for a half-width of ${percent(p.targetHalfWidth, 0)}.`,
        [['Estimate', false], ['Rate', true], ['95% interval', true], ['Half-width', true], ['Label budget', false]],
        [
          ['Rogan–Gladen (delta method)', percent(p.roganGladen.estimate), percentInterval(p.roganGladen.ci95), percent(p.roganGladen.halfWidth), budget(p.roganGladen)],
          ['Prediction-powered', percent(p.ppi.estimate), percentInterval(p.ppi.ci95), percent(p.ppi.halfWidth), budget(p.ppi)],
        ],
      ),
      { kind: 'p', text: `TPR ${percent(p.roganGladen.tpr)} and TNR ${percent(p.roganGladen.tnr)} on the labeled units. ${p.method}.` },
    );
  }
  return out;
}

function questionBlocks(q: QuestionCalibration): Block[] {
  const title = q.tag ? `${q.question} — tag ${q.tag}` : q.question;
  const out: Block[] = [
    { kind: 'h2', text: `${title} (${q.type}, ${counted(q.units, 'unit')} judged)` },
    { kind: 'p', text: `Verdict: ${q.verdict.message}.` },
    ...evidence(q),
    { kind: 'h3', text: 'Agreement' },
    table(`${q.vsAnnotators[0]?.statistic === 'weightedKappa.quadratic' ? 'Quadratic weighted κ' : 'Cohen’s κ'} by pair, on the units the judge answered`, [['Pair', false], ['Units', true], ['% agreement', true], ['κ', true], ['95% interval', true], ['Bootstrap 95%', true], ['Band', false]], pairRows(q)),
    { kind: 'p', text: `Mean judge–human κ ${coef(q.verdict.judgeKappa)}; mean human–human κ ${coef(q.verdict.humanKappa)} (95% span ${range(q.verdict.humanRange)}) — descriptive, not the verdict.` },
    { kind: 'h3', text: 'Error rates and the corrected pass rate' },
    ...errorAndPrevalence(q),
    { kind: 'h3', text: 'Agreement by human certainty' },
    table('Units by how much the annotators agreed', [['Humans', false], ['Units', true], ['Judge–human', true], ['Human–human', true], ['Judge = majority', true]], q.certainty.map((s) => [s.certainty, count(s.units), percent(s.judgeHuman), percent(s.humanHuman), percent(s.judgeMajority)])),
    { kind: 'h3', text: 'Confusion and per-class figures' },
    table(`Rows: the judge; columns: ${q.confusion.columnRater}`, [['', false], ...q.confusion.levels.map((l): [string, boolean] => [l, true])], q.confusion.counts.map((row, i) => [q.confusion.levels[i], ...row.map(String)])),
    table(
      `Precision, recall and F1 per answer; macro: ${q.macro.basis}`,
      [['Answer', false], ['Support', true], ['Predicted', true], ['Precision', true], ['Recall', true], ['F1', true]],
      [...q.classes.map((c) => [c.category, count(c.support), count(c.predicted), decimal(c.precision, 3), decimal(c.recall, 3), decimal(c.f1, 3)]), ['macro', '', '', decimal(q.macro.precision, 3), decimal(q.macro.recall, 3), decimal(q.macro.f1, 3)]],
    ),
  ];
  if (q.ordinal) out.push({ kind: 'p', text: `Ordinal bias: judge − reference ${decimal(q.ordinal.meanSignedDifference, 2)} levels on average over ${counted(q.ordinal.pairs, 'pair')}; within one level ${percent(q.ordinal.withinOneLevel)}, exact ${percent(q.ordinal.exact)}.` });
  if (q.disagreementCount > 0) {
    out.push(
      table(
        `Disagreements with ${q.reference === 'gold' ? 'gold' : 'the annotators'}: ${count(q.disagreementCount)}${q.disagreementCount > q.disagreements.length ? ` (first ${q.disagreements.length})` : ''}`,
        [['Unit', false], ['Judge', false], ['Gold', false], ['Annotators', false]],
        q.disagreements.map((d) => [
          unitName(d.unit),
          `${d.judge.value ?? 'N/A'}${d.judge.rationale ? ` — ${d.judge.rationale}` : ''}`,
          d.gold ? `${d.gold.value ?? 'N/A'}${d.gold.rationale ? ` — ${d.gold.rationale}` : ''}` : '—',
          d.humans.map((h) => `${h.rater}: ${h.value ?? 'N/A'}${h.rationale ? ` — ${h.rationale}` : ''}`).join('; '),
        ]),
      ),
    );
  }
  return out;
}

/** The calibration report as blocks: everything `judges.calibrate` returns (bar item ids), for the Markdown and HTML reports. */
export function calibrationBlocks(report: CalibrationReport): Block[] {
  return [
    { kind: 'h1', text: `Judge calibration: run ${report.run} on task “${report.task}”` },
    { kind: 'p', text: `Judge ${report.judge} (model ${report.model}).` },
    ...report.questions.flatMap(questionBlocks),
    ...report.skipped.map((s): Block => ({ kind: 'p', text: `Not calibrated: ${s.question} (${s.reason}).` })),
    { kind: 'h2', text: 'Methods' },
    { kind: 'p', text: `Intervals: ${report.method.intervals}${report.method.bootstrap ? ` (${count(report.method.bootstrap.resamples)} resamples, seed ${report.method.bootstrap.seed})` : ''}.` },
    { kind: 'p', text: `Verdict: ${report.method.verdict}.` },
  ];
}
