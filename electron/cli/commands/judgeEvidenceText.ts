import type { AltTestResult, CorrectedEstimate, JudgeProbes, QuestionCalibration } from '../../api/contract';
import { count, decimal, percent, pValue, range, counted } from '../../common/numberFormat';
import { tooFewAnnotators } from '../../core/judges/calibration/altTest';
import { unitText } from './unitText';

/** Dropped items are summed up by reason, and the first few named. */
const NAMED_DROPS = 5;

/** The alternative annotator test as text: settings, one line per annotator, the outcome, and what was left out and why. */
export function describeAltTest(r: AltTestResult, title: string): string {
  const lines = [
    `alternative annotator test: ${title}`,
    `  scoring ${r.scoring}, ε = ${decimal(r.epsilon, 2)}, Benjamini–Yekutieli q = ${decimal(r.q, 2)}; ${counted(r.items, 'item')} with at least ${counted(r.minRatersPerItem, 'human label')} and a judge label`,
  ];
  if (r.annotators.length > 0) {
    const width = Math.max(9, ...r.annotators.map((a) => a.rater.length)) + 2;
    lines.push(`  ${'annotator'.padEnd(width)}${'items'.padStart(6)}  ${'W_h − W_j'.padStart(9)}  ${'p'.padStart(7)}  ${'judge wins'.padEnd(10)}  advantage`);
    for (const a of r.annotators) {
      lines.push(`  ${a.rater.padEnd(width)}${String(a.n).padStart(6)}  ${decimal(a.meanDifference, 3).padStart(9)}  ${pValue(a.pValue).padStart(7)}  ${(a.rejected ? 'yes' : 'no').padEnd(10)}  ${decimal(a.advantage, 2)}`);
      if (a.note) lines.push(`    ${a.note}`);
    }
    const won = r.annotators.filter((a) => a.rejected).length;
    // Too few annotators tested: the winning rate is shown, but it neither passes nor fails the judge.
    const outcome = r.reason ? `: ${r.reason}` : r.passed ? ' ≥ 0.5: passed — the judge can replace an annotator' : ' < 0.5: not passed';
    lines.push(`  winning rate ${decimal(r.winningRate, 2)} (${won} of ${r.annotators.length})${outcome}; advantage probability ${decimal(r.advantageProbability, 2)}`);
  } else lines.push(`  ${r.reason ?? tooFewAnnotators(0)}`);
  for (const s of r.skipped) lines.push(`  skipped ${s.rater}: ${s.reason}`);
  if (r.dropped.length > 0) {
    const byReason = new Map<string, string[]>();
    for (const d of r.dropped) byReason.set(d.reason, [...(byReason.get(d.reason) ?? []), d.unit]);
    for (const [reason, units] of byReason) {
      const named = units.slice(0, NAMED_DROPS).map(unitText).join(', ');
      lines.push(`  dropped ${counted(units.length, 'item')} (${reason}): ${named}${units.length > NAMED_DROPS ? ', …' : ''}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

const estimate = (name: string, e: CorrectedEstimate, target: number) => {
  if (e.estimate === null) return `    ${name}: — (${e.reason})`;
  const budget = e.labelsNeeded === null ? `labels alone cannot bring it under ±${decimal(target, 2)}` : e.moreLabels === 0 ? `within ±${decimal(target, 2)} already` : `${counted(e.moreLabels ?? 0, 'more labeled unit')} for ±${decimal(target, 2)}`;
  return `    ${name}: ${percent(e.estimate)} (95% ${range(e.ci95 ? [e.ci95[0] * 100, e.ci95[1] * 100] : null, 1)}%; ±${decimal((e.halfWidth ?? 0) * 100, 1)} points); ${budget}`;
};

/** The evidence beside the verdict, as text: the alt-test per annotator, error rates, the corrected pass rate, the certainty split. */
export function evidenceLines(q: QuestionCalibration): string[] {
  const lines: string[] = [];
  const alt = q.verdict.altTest;
  if (alt) {
    for (const a of alt.annotators) lines.push(`    alt-test vs ${a.rater}: ${counted(a.n, 'item')}, W_h − W_j ${decimal(a.meanDifference, 3)}, p ${pValue(a.pValue)}, judge ${a.rejected ? 'wins' : 'does not win'}, advantage ${decimal(a.advantage, 2)}${a.note ? ` (${a.note})` : ''}`);
    for (const s of alt.skipped) lines.push(`    alt-test skipped ${s.rater}: ${s.reason}`);
  }
  if (q.goldSelection) lines.push(`  note: ${q.goldSelection}`);
  if (q.errorRates) {
    lines.push(`  error rates: ${q.errorRates.message}`);
    for (const c of q.errorRates.classes) {
      const rate = (r: typeof c.tpr) => `${decimal(r.rate, 2)} (${r.x}/${r.n}, lower bound ${decimal(r.lower, 2)})`;
      lines.push(`    ${q.errorRates.classes.length === 1 ? '' : `${c.category}: `}TPR ${rate(c.tpr)}, TNR ${rate(c.tnr)}`);
    }
  }
  const pass = q.correctedPassRate;
  if (pass.positive === undefined) lines.push(`  corrected pass rate: — (${pass.reason})`);
  else {
    lines.push(`  corrected “${pass.positive}” rate: the judge says ${percent(pass.apparent)} on ${counted(pass.unlabeled, 'unit')} without a reference; ${counted(pass.labeled, 'unit')} ${pass.labeled === 1 ? 'has' : 'have'} one`);
    lines.push(estimate('Rogan–Gladen', pass.roganGladen, pass.targetHalfWidth), estimate('prediction-powered', pass.ppi, pass.targetHalfWidth));
  }
  const strata = q.certainty.filter((s) => s.units > 0);
  if (strata.length > 0) {
    lines.push(`  by human certainty: ${strata.map((s) => `${s.certainty} ${counted(s.units, 'unit')} — judge ${percent(s.judgeHuman)}, humans ${percent(s.humanHuman)}`).join('; ')}`);
  }
  return lines;
}

/** Stability and bias probes as text. */
export function describeProbes(p: JudgeProbes): string {
  const kind = p.kind === 'stability' ? 'reruns of one judge version on one model' : p.kind === 'paraphrase' ? 'rewordings of one judge on one model' : p.kind === 'mixed' ? `different ${p.mixedBy}` : null;
  const lines = [`probes of run${p.runs.length === 1 ? '' : 's'} ${p.runs.map((r) => r.id).join(', ')} on "${p.question}", task "${p.task}"${kind ? ` (${kind})` : ''}`];
  for (const r of p.runs) lines.push(`  run ${r.id}: ${r.judge}@${r.version} on ${r.model}; cost ${counted(r.requests, 'request')} sent, ${count(r.cacheHits)} from cache (free), ${counted(r.units, 'unit')}`);
  if (p.kind === 'mixed') lines.push(`  not a stability probe: the runs are not reruns of one judge on one model (${p.mixedBy}), so the figures below are agreement between different judges or models`);
  for (const res of p.results) {
    const head = res.tag ? `  tag ${res.tag}:` : ' ';
    if (res.rerun) {
      const x = res.rerun;
      const ci = `95% ${range(x.flipRateCi95 ? [x.flipRateCi95[0] * 100, x.flipRateCi95[1] * 100] : null, 1)}%`;
      const rate = p.kind === 'mixed' ? `the runs disagree on ${percent(x.flipRate)} of units` : `flip rate ${percent(x.flipRate)}`;
      lines.push(`${head} ${rate} (${count(x.flips)} of ${counted(x.units, 'unit')}; ${ci}), Fleiss κ among the runs ${decimal(x.kappa, 3)} (95% ${range(x.kappaCi95, 3)})${x.reason ? ` — ${x.reason}` : ''}`);
    } else lines.push(`${head} flip rate: — (one run; give --run twice or more)`);
    for (const b of res.lengthBias) lines.push(`    run ${b.run}: score vs response length, Spearman ρ ${decimal(b.rho, 3)} (95% ${range(b.ci95, 3)}) on ${counted(b.units, 'unit')}${b.reason ? ` — ${b.reason}` : ''}`);
  }
  lines.push(`  position swap: ${p.positionSwap}`);
  return `${lines.join('\n')}\n`;
}
