import type { CalibrationReport, PairFigure, QuestionCalibration, RunComparison, RunSummary } from '../../api/contract';
import { decimal, dollars, percent, percentInterval, withReason, count, counted } from '../../common/numberFormat';
import { bandText } from '../../common/bandText';
import { evidenceLines } from './judgeEvidenceText';
import { unitText } from './unitText';
import { GOLD_RATER } from '../../common/goldRater';

const num = (x: number | null | undefined, digits = 2) => decimal(x, digits);
const money = (x: number | null) => (x === null ? 'unknown (no price for the model)' : dollars(x));

/**
 * A run's status as the run page's chip says it: a finished run whose calls did not all give a
 * readable answer is "finished with gaps: 30 failed", never plain "finished".
 */
function statusText(run: Pick<RunSummary, 'status' | 'failed' | 'invalid' | 'pending'>): string {
  const missing = [run.failed > 0 && `${count(run.failed)} failed`, run.invalid > 0 && `${count(run.invalid)} unreadable`, run.status === 'finished' && run.pending > 0 && `${count(run.pending)} not run`].filter(Boolean);
  return run.status === 'finished' && missing.length > 0 ? `finished with gaps: ${missing.join(', ')}` : run.status;
}

/** A run summary in a few lines. */
export function describeRun(run: RunSummary): string {
  const lines = [
    `run ${run.id}: ${run.judge.id} (version ${run.judge.version}) on ${run.model} at ${run.baseUrl}, task "${run.task}" — ${statusText(run)}`,
    `  ${run.ok} answered, ${run.invalid} unreadable, ${run.failed} failed, ${run.pending} pending of ${run.total}; ` +
      `${count(run.cacheHits)} from cache, ${counted(run.requests, 'request')} sent`,
    `  tokens ${run.promptTokens} in, ${run.completionTokens} out; cost ${money(run.cost)}`,
    `  labels as rater "${run.rater}"`,
  ];
  if (run.error) lines.push(`  error: ${run.error}`);
  // Why calls failed or could not be read, as the run page lists them.
  for (const p of run.problems) lines.push(`  ${count(p.count)} ${p.status === 'failed' ? 'failed' : 'unreadable'}: ${p.reason}`);
  if (run.status === 'cancelled' || (run.status === 'failed' && run.pending > 0)) lines.push(`  resume with: accord judge run --task ${run.taskId} --resume ${run.id}`);
  else if (run.status !== 'running' && (run.failed > 0 || run.pending > 0)) lines.push(`  retry the failed calls with: accord judge run --task ${run.taskId} --resume ${run.id}`);
  return `${lines.join('\n')}\n`;
}

function figure(label: string, p: PairFigure): string {
  const ci = p.kappa.ci95 ? ` [${num(p.kappa.ci95[0])}, ${num(p.kappa.ci95[1])}]` : '';
  const kappa = withReason(p.kappa.value, p.kappa.reason, (v) => `${num(v)}${ci}`);
  // The band as judged on the pair's interval and n (bandText): no verdict from the estimate alone.
  const band = p.landisKoch.judgement ? ` ${bandText(p.landisKoch.judgement)}` : '';
  return `  ${label.padEnd(34)} n=${String(p.units).padEnd(5)} agreement ${percent(p.percentAgreement.value).padEnd(7)} ${p.statistic === 'cohenKappa' ? 'κ' : 'κw'} ${kappa}${band}`;
}

function describeQuestion(q: QuestionCalibration): string {
  const title = q.tag ? `${q.question} — tag ${q.tag}` : q.question;
  const lines = [`${title} (${q.type}, ${counted(q.units, 'unit')} judged)`];
  for (const p of q.vsAnnotators) lines.push(figure(`judge vs ${p.raters[1]}`, p));
  if (q.vsGold) lines.push(figure('judge vs gold', q.vsGold));
  for (const p of q.humanHuman) lines.push(figure(`${p.raters[0]} vs ${p.raters[1]} (same units)`, p));
  lines.push(`  verdict: ${q.verdict.message}`);
  lines.push(...evidenceLines(q));
  const width = Math.max(8, ...q.confusion.levels.map((l) => l.length)) + 1;
  lines.push(`  confusion (rows: judge, columns: ${q.confusion.columnRater === GOLD_RATER ? 'gold' : q.confusion.columnRater})`, `    ${''.padEnd(width)}${q.confusion.levels.map((l) => l.padStart(width)).join('')}`);
  q.confusion.counts.forEach((row, i) => lines.push(`    ${q.confusion.levels[i].padEnd(width)}${row.map((c) => String(c).padStart(width)).join('')}`));
  lines.push(`  per class against ${q.reference === 'gold' ? 'gold' : 'the annotators (pooled)'}: precision / recall / F1`);
  for (const c of q.classes) lines.push(`    ${c.category.padEnd(width)} ${num(c.precision)} / ${num(c.recall)} / ${num(c.f1)}  (support ${c.support})`);
  lines.push(`    ${'macro'.padEnd(width)} ${num(q.macro.precision)} / ${num(q.macro.recall)} / ${num(q.macro.f1)}  (${q.macro.basis})`);
  if (q.ordinal) lines.push(`  ordinal: judge − reference ${num(q.ordinal.meanSignedDifference)} on average; within one level ${percent(q.ordinal.withinOneLevel)}, exact ${percent(q.ordinal.exact)}`);
  if (q.disagreementCount > 0) {
    lines.push(`  disagreements: ${q.disagreementCount}${q.disagreementCount > q.disagreements.length ? ` (first ${q.disagreements.length})` : ''}`);
    for (const d of q.disagreements) {
      lines.push(`    ${unitText(d.unit)}: judge ${d.judge.value ?? 'N/A'}${d.judge.rationale ? ` — ${d.judge.rationale}` : ''}`);
      if (d.gold) lines.push(`      gold ${d.gold.value ?? 'N/A'}${d.gold.rationale ? ` — ${d.gold.rationale}` : ''}`);
      for (const h of d.humans) lines.push(`      ${h.rater} ${h.value ?? 'N/A'}${h.rationale ? ` — ${h.rationale}` : ''}`);
    }
  }
  return lines.join('\n');
}

/** A calibration report as text, one block per question. */
export function describeCalibration(report: CalibrationReport): string {
  const head = `calibration of run ${report.run} (${report.judge}) on task "${report.task}"\nintervals: ${report.method.intervals}\n`;
  const skipped = report.skipped.map((s) => `skipped ${s.question}: ${s.reason}\n`).join('');
  return `${head}\n${report.questions.map(describeQuestion).join('\n\n')}\n${skipped}`;
}

/** Two runs' agreement named by its statistic: "quadratic-weighted κ 0.76 (unweighted 0.32)", or "Cohen's κ 0.41". */
function agreementText(p: PairFigure): string {
  if (p.statistic === 'cohenKappa') return `Cohen’s κ ${num(p.kappa.value)}`;
  return `quadratic-weighted κ ${num(p.kappa.value)} (unweighted ${num(p.cohenKappa.value)})`;
}

/** A run comparison as text. */
export function describeComparison(c: RunComparison): string {
  const lines = [`run ${c.runA.id} (${c.runA.rater}) → run ${c.runB.id} (${c.runB.rater}), task "${c.task}"`];
  for (const q of c.questions) {
    const title = q.tag ? `${q.question} — tag ${q.tag}` : q.question;
    const agree = `runs agree ${agreementText(q.agreement)}`;
    if (q.withGold === 0) {
      lines.push(`${title}: ${counted(q.units, 'unit')}, ${count(q.changed)} changed; ${agree}`, `  ${q.difference}`);
      continue;
    }
    lines.push(
      `${title}: ${counted(q.units, 'unit')}, ${count(q.changed)} changed; against gold (${counted(q.withGold, 'unit')}): ${q.fixed.length} fixed, ${q.regressed.length} regressed, ` +
        `${q.unchangedCorrect} still right, ${q.unchangedWrong} still wrong; ${agree}`,
      `  accuracy vs gold ${percent(q.accuracyA)} (Wilson 95% ${percentInterval(q.accuracyACi95)}) → ${percent(q.accuracyB)} (${percentInterval(q.accuracyBCi95)}), n = ${count(q.withGold)}: ${q.difference}`,
    );
    if (q.fixed.length > 0) lines.push(`  fixed: ${q.fixed.map(unitText).join(', ')}`);
    if (q.regressed.length > 0) lines.push(`  regressed: ${q.regressed.map(unitText).join(', ')}`);
  }
  for (const r of c.rankings) {
    lines.push(`${r.question}: systems by ${r.by}, Spearman ${r.spearmanTest.message}`);
    for (const s of r.systems) lines.push(`  ${s.system.padEnd(24)} A ${num(s.scoreA)} (#${s.rankA ?? '—'})  B ${num(s.scoreB)} (#${s.rankB ?? '—'})`);
  }
  for (const s of c.skipped) lines.push(`skipped ${s.question}: ${s.reason}`);
  return `${lines.join('\n')}\n`;
}
