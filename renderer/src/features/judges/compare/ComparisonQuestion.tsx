import { Alert, Box, Chip, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts';
import { Link as RouterLink } from 'react-router';
import type { QuestionComparison } from '../../../../../electron/api/contract';
import { formatCount, plural, sentenceStart } from '../../../common/format';
import { MONO_FONT } from '../../../theme/theme';
import { formatKappa, formatPercent, questionTitle, statisticName, unitHref, unitTitle } from '../calibration/calibrationFigures';
import { Section } from '../calibration/Section';

const OUTCOMES = [
  { key: 'fixed', label: 'Fixed', color: '#2e7d4f' },
  { key: 'regressed', label: 'Regressed', color: '#b3261e' },
  { key: 'unchangedCorrect', label: 'Right in both', color: '#a9c3dc' },
  { key: 'unchangedWrong', label: 'Wrong in both', color: '#e0c7a0' },
] as const;

/** One question of two runs compared against gold: fixed, regressed, unchanged, and how far the runs agree. */
export function ComparisonQuestion({ q, itemIds, a, b }: { q: QuestionComparison; itemIds: Record<string, number>; a: number; b: number }) {
  const counts = { fixed: q.fixed.length, regressed: q.regressed.length, unchangedCorrect: q.unchangedCorrect, unchangedWrong: q.unchangedWrong };
  // Green or red only when the exact McNemar test finds a difference; a bare 55% → 75% on 20 units is not one.
  const verdictColour = q.mcnemar.better === 'b' ? 'success.main' : q.mcnemar.better === 'a' ? 'error.main' : undefined;
  const accuracyNote = (ci: [number, number] | null) => `Wilson 95% ${ci ? `${formatPercent(ci[0])}–${formatPercent(ci[1])}` : '—'}, n\u00a0=\u00a0${formatCount(q.withGold)}`;
  // Without gold there is no right or wrong: fixed and regressed are not zero but unknown.
  const noGold = q.withGold === 0;
  const figures: [string, string, string, string | undefined, string?][] = [
    [`Accuracy vs gold, run ${a}`, formatPercent(q.accuracyA), 'compare-accuracy-a', q.accuracyA === null ? undefined : accuracyNote(q.accuracyACi95)],
    [`Accuracy vs gold, run ${b}`, formatPercent(q.accuracyB), 'compare-accuracy-b', q.accuracyB === null ? undefined : accuracyNote(q.accuracyBCi95), verdictColour],
    ['Fixed', noGold ? '—' : formatCount(counts.fixed), 'compare-fixed', undefined],
    ['Regressed', noGold ? '—' : formatCount(counts.regressed), 'compare-regressed', undefined],
    ['Answers changed', `${formatCount(q.changed)} of ${formatCount(q.units)}`, 'compare-changed', undefined],
    [`Runs agree, ${statisticName(q.agreement.statistic)}`, formatKappa(q.agreement.kappa.value), 'compare-kappa', undefined],
  ];
  return (
    <Section
      title={questionTitle(q)}
      testId="comparison-question"
      note={`On the ${plural(q.units, 'unit')} both runs answered; ${formatCount(q.withGold)} of them ${q.withGold === 1 ? 'has' : 'have'} a gold answer, which decides fixed (run ${a} wrong, run ${b} right) and regressed (the reverse).`}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(6, minmax(0, 1fr))', gap: 2, mb: 1.5 }}>
        {figures.map(([label, value, testId, note, color]) => (
          <Box key={label}>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.3 }}>
              {label}
            </Typography>
            <Typography sx={{ fontWeight: 700, fontSize: 20, fontVariantNumeric: 'tabular-nums', color }} data-testid={testId}>
              {value}
            </Typography>
            {note && (
              <Typography variant="caption" color="text.secondary" component="div" sx={{ lineHeight: 1.3, fontVariantNumeric: 'tabular-nums' }} data-testid={`${testId}-interval`}>
                {note}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
      {noGold && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="compare-no-gold">
          {sentenceStart(q.difference)}. The runs’ agreement above is not accuracy: it says how often they answer alike, not which is right.
        </Alert>
      )}
      {q.withGold > 0 && (
        <Typography variant="body2" sx={{ mb: 1, fontWeight: verdictColour ? 600 : undefined, color: verdictColour ?? 'text.secondary' }} data-testid="compare-difference" data-better={q.mcnemar.better ?? 'none'}>
          {sentenceStart(q.difference)}.
        </Typography>
      )}
      {q.withGold > 0 && (
        <BarChart
          height={96}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: ['units with gold'], width: 0, disableTicks: true, tickLabelStyle: { display: 'none' } }]}
          xAxis={[{ min: 0, max: q.withGold, tickMinStep: 1 }]}
          series={OUTCOMES.map((o) => ({ label: o.label, data: [counts[o.key]], color: o.color, stack: 'outcome', valueFormatter: (v) => formatCount(v ?? 0) }))}
          margin={{ top: 4, right: 12, bottom: 0, left: 12 }}
          slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
        />
      )}
      {!noGold && (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 2, mt: 1.5 }}>
          <UnitList title={`Fixed by run ${b}`} units={q.fixed} itemIds={itemIds} color="success" testId="fixed-units" />
          <UnitList title={`Regressed in run ${b}`} units={q.regressed} itemIds={itemIds} color="error" testId="regressed-units" />
        </Box>
      )}
    </Section>
  );
}

function UnitList({ title, units, itemIds, color, testId }: { title: string; units: string[]; itemIds: Record<string, number>; color: 'success' | 'error'; testId: string }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.75 }}>
        {title} ({formatCount(units.length)})
      </Typography>
      {units.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          None.
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        {units.map((unit) => {
          const href = unitHref(unit, itemIds);
          const label = <span style={{ fontFamily: MONO_FONT, fontSize: 12 }}>{unitTitle(unit)}</span>;
          return href ? (
            <Chip key={unit} size="small" variant="outlined" color={color} label={label} component={RouterLink} to={href} clickable />
          ) : (
            <Chip key={unit} size="small" variant="outlined" color={color} label={label} />
          );
        })}
      </Box>
    </Box>
  );
}
