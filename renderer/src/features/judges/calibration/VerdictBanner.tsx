import { Box, Paper, Typography } from '@mui/material';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import type { Verdict } from '../../../../../electron/api/contract';
import { count, decimal, pValue } from '../../../../../electron/common/numberFormat';
import { sentenceStart } from '../../../common/format';
import { VERDICT_TITLE, VERDICT_TONE } from './calibrationFigures';

const ICON = { can: CheckCircleOutlined, cannot: ErrorOutlineOutlined, insufficient: HelpOutlineOutlined } as const;

/** The verdict first — can, cannot, not enough evidence — with the sentence of evidence and the test's figures. */
export function VerdictBanner({ verdict }: { verdict: Verdict }) {
  const tone = VERDICT_TONE[verdict.verdict];
  const Icon = ICON[verdict.verdict];
  const figures: [string, string, string][] = [
    ['Test', verdict.test ?? 'none possible', 'verdict-test'],
    [verdict.test === 'alternative annotator test' ? 'Items' : 'Units', count(verdict.n), 'verdict-n'],
    ...(verdict.altTest && verdict.test === 'alternative annotator test' ? [['Scoring', verdict.altTest.scoring, 'verdict-scoring'] as [string, string, string]] : []),
    [verdict.test === 'alternative annotator test' ? 'ε' : 'Margin', decimal(verdict.margin, 2), 'verdict-margin'],
    [verdict.test === 'alternative annotator test' ? 'Median p' : 'p', pValue(verdict.pValue), 'verdict-p'],
  ];
  // The message starts with the verdict itself; the title says it, so the sentence gives the evidence.
  const reason = verdict.message.replace(/^[^:]*:\s*/, '');
  return (
    <Paper
      variant="outlined"
      role="status"
      data-testid="verdict"
      data-verdict={verdict.verdict}
      sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap', px: 2.5, py: 2, borderLeft: 5, borderLeftColor: `${tone}.main`, bgcolor: tone === 'secondary' ? 'background.default' : `${tone}.light` }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flex: '1 1 420px', minWidth: 0 }}>
        <Icon sx={{ color: `${tone}.main`, fontSize: 28, mt: 0.25 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, fontSize: 18, color: `${tone}.main`, lineHeight: 1.3 }} data-testid="verdict-title">
            {VERDICT_TITLE[verdict.verdict]}
          </Typography>
          <Typography variant="body2" sx={{ mt: 0.25 }} data-testid="verdict-message">
            {sentenceStart(reason)}.
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        {figures.map(([label, value, testId]) => (
          <Box key={testId} sx={{ minWidth: 72, pl: 2, borderLeft: 1, borderColor: 'rgba(0,0,0,0.08)' }}>
            <Typography variant="caption" color="text.secondary" component="div">
              {label}
            </Typography>
            <Typography sx={{ fontWeight: 700, fontSize: testId === 'verdict-test' ? 14 : 20, fontVariantNumeric: 'tabular-nums', lineHeight: 1.4, maxWidth: 170 }} data-testid={testId}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
