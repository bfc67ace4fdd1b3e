import { Alert, Box } from '@mui/material';
import type { QuestionCalibration } from '../../../../../electron/api/contract';
import { formatCount, plural, sentenceStart } from '../../../common/format';
import { AgreementTable } from './AgreementTable';
import { hasPassRate, statisticName } from './calibrationFigures';
import { ClassMetricsPanel } from './ClassMetricsPanel';
import { CertaintySplitTable } from './CertaintySplitTable';
import { ConfusionHeatmap } from './ConfusionHeatmap';
import { DisagreementsList } from './DisagreementsList';
import { CorrectedPassRatePanel, ErrorRatesPanel } from './ErrorRatesPanel';
import { KappaForestPlot } from './KappaForestPlot';
import { OrdinalBiasPanel } from './OrdinalBiasPanel';
import { pairRows } from './pairRows';
import { ProbesSection } from './ProbesSection';
import { ReplacementEvidence } from './ReplacementEvidence';
import { Section } from './Section';
import { VerdictBanner } from './VerdictBanner';

function ClassesSection({ q, note, wide }: { q: QuestionCalibration; note: string; wide?: boolean }) {
  return (
    <Section title="Precision, recall and F1" note={`Per answer, ${note}; macro averages: ${q.macro.basis}.`} testId="classes-section">
      <ClassMetricsPanel q={q} wide={wide} />
    </Section>
  );
}

/** Everything DESIGN.md §6 asks of one question: verdict, agreement by pair, confusion, per-class figures, bias, disagreements. */
export function QuestionCalibrationPanel({ q, itemIds, run }: { q: QuestionCalibration; itemIds: Record<string, number>; run?: { taskId: number; runId: number } }) {
  const statistic = statisticName(q.vsAnnotators[0]?.statistic ?? q.vsGold?.statistic ?? (q.type === 'ordinal' || q.type === 'interval' ? 'weightedKappa.quadratic' : 'cohenKappa'));
  const nothingToCompare = q.annotators.length === 0 && q.vsGold === null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="question-calibration" data-question={q.tag ? `${q.question}:${q.tag}` : q.question}>
      <VerdictBanner verdict={q.verdict} />
      {q.noAnswers ? (
        <Alert severity="warning" data-testid="judge-answered-nothing">
          Nothing of the judge’s to measure yet: the annotators’ labels are there, but the judge gave no answer on this question. The run’s problems above say why its calls failed; retry them from there.
        </Alert>
      ) : nothingToCompare ? (
        <Alert severity="info" data-testid="nothing-to-compare">
          No annotator has submitted labels on the {plural(q.units, 'unit')} this judge answered, and none has gold, so there is nothing to measure it against yet. Submit labels in the task, or set gold in adjudication, then come back.
        </Alert>
      ) : (
        <CalibrationDetails q={q} itemIds={itemIds} statistic={statistic} run={run} />
      )}
    </Box>
  );
}

function CalibrationDetails({ q, itemIds, statistic, run }: { q: QuestionCalibration; itemIds: Record<string, number>; statistic: string; run?: { taskId: number; runId: number } }) {
  const rows = pairRows(q);
  const reference = q.reference === 'gold' ? 'gold' : 'humans (pooled)';
  const referenceNote = q.reference === 'gold' ? 'against gold, on the units gold settles' : 'against every annotator’s answer pooled (this question has no gold on the judge’s units)';
  return (
    <>
      {q.goldSelection && (
        <Alert severity="info" data-testid="gold-selection">
          {sentenceStart(q.goldSelection)}.
        </Alert>
      )}
      <Section
        title={q.verdict.altTest ? 'Alternative annotator test' : 'Non-inferiority to the annotators'}
        testId="evidence-section"
        note={
          q.verdict.altTest
            ? 'Each annotator is left out in turn; the judge and that annotator are scored against the others on every item, and the judge wins when a one-sided t-test says the annotator is not better by ε or more (Calderon, Reichart & Dror 2025).'
            : 'The judge’s agreement with the annotators against their agreement with each other, on the same units.'
        }
      >
        <ReplacementEvidence q={q} />
      </Section>
      <Section title="Error rates" note="How often the judge is right on each kind of unit, with the least it could be at 95% confidence." testId="error-rates-section">
        <ErrorRatesPanel q={q} />
      </Section>
      {/* A pass rate for pass / fail questions only: an ordinal scale has no pass level, and the card would be empty. */}
      {hasPassRate(q) && (
        <Section title="Pass rate corrected for judge error" note="The rate the judge reports, corrected by its measured errors (Rogan–Gladen, delta-method interval; prediction-powered inference), and the human labels that would narrow it." testId="corrected-section">
          <CorrectedPassRatePanel q={q} />
        </Section>
      )}
      <Section title="Agreement by human certainty" note="Units split by how much the annotators agreed on them; the judge’s agreement with each annotator beside the annotators’ agreement with each other, on the same units." testId="certainty-section">
        <CertaintySplitTable q={q} />
      </Section>
      {run && <ProbesSection q={q} taskId={run.taskId} runId={run.runId} />}
      <Section
        title="Agreement"
        testId="agreement-section"
        note={
          <>
            {sentenceStart(statistic)} with its 95% interval for each pair, on the {plural(q.units, 'unit')} the judge answered; the human–human pairs are on those same units.
            {q.type === 'ordinal' || q.type === 'interval' ? ' Weighted κ is quadratic: near misses count almost as agreement.' : ''}
          </>
        }
      >
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 5fr) minmax(0, 6fr)' }, gap: 3, alignItems: 'start' }}>
          <KappaForestPlot rows={rows} humanRange={q.verdict.humanRange} statisticLabel={statistic} />
          <AgreementTable rows={rows} statisticLabel={statistic} />
        </Box>
      </Section>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 2, alignItems: 'stretch' }}>
        <Section title="Confusion matrix" note={`The judge’s answers (rows) ${referenceNote}. The diagonal is agreement.`} testId="confusion-section">
          <ConfusionHeatmap confusion={q.confusion} referenceLabel={reference} />
        </Section>
        {q.ordinal ? (
          <Section title="Ordinal bias" note={`Does the judge rate higher or lower than ${q.reference === 'gold' ? 'gold' : 'the annotators'}, and how far off is it when it misses?`} testId="bias-section">
            <OrdinalBiasPanel q={q} />
          </Section>
        ) : (
          <ClassesSection q={q} note={referenceNote} />
        )}
      </Box>
      {q.ordinal && <ClassesSection q={q} note={referenceNote} wide />}
      <Section
        title={`Disagreements (${formatCount(q.disagreementCount)})`}
        note={`Units where the judge’s answer differs from ${q.reference === 'gold' ? 'gold' : 'an annotator'}, with every rationale side by side. Open a unit to see the item.`}
        testId="disagreements-section"
      >
        <DisagreementsList disagreements={q.disagreements} total={q.disagreementCount} annotators={q.annotators} itemIds={itemIds} reference={q.reference} />
      </Section>
    </>
  );
}
