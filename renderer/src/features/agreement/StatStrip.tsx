import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { QuestionAgreementRow } from '../../../../electron/api/contract';
import { coef, interval, percent } from './agreementFormat';
import { BandChip } from './BandChip';

function Figure({ label, value, detail, testId }: { label: string; value: ReactNode; detail?: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1.5, minWidth: 120 }} data-testid={testId}>
      <Typography variant="overline" color="text.secondary" component="div" sx={{ lineHeight: 1.6 }}>
        {label}
      </Typography>
      <Typography sx={{ fontSize: 22, fontWeight: 650, fontVariantNumeric: 'tabular-nums', lineHeight: 1.3 }}>{value}</Typography>
      {detail && (
        <Typography variant="caption" color="text.secondary" component="div">
          {detail}
        </Typography>
      )}
    </Paper>
  );
}

/** A question's headline figures at a glance: n, % agreement, κ with both intervals and band, α, AC1, PABAK. */
export function StatStrip({ row }: { row: QuestionAgreementRow }) {
  const h = row.headline;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
      <Figure label="Units" value={row.pairableUnits} detail={`rated by 2+ of ${row.raters.length} raters (${row.units} with any rating)`} />
      <Figure label={row.kind === 'multilabel' ? 'Identical tag sets' : '% agreement'} value={percent(row.percentAgreement)} detail={`${row.disagreements} disagreeing units`} />
      <Figure
        testId="headline-figure"
        label={h.label}
        value={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            {coef(h.value)} <BandChip band={h.band} />
          </Box>
        }
        detail={
          <>
            normal {interval(h.ci95Normal)} · bootstrap {interval(h.ci95Bootstrap)}
          </>
        }
      />
      {row.alpha && <Figure label={`Krippendorff's α (${row.alpha.metric})`} value={coef(row.alpha.value)} />}
      {row.gwetAC1 !== null && <Figure label="Gwet's AC1" value={coef(row.gwetAC1)} />}
      {row.pabak !== null && <Figure label="PABAK" value={coef(row.pabak)} />}
    </Box>
  );
}
