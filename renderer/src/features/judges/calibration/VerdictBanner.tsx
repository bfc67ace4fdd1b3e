import { Box, Paper, Typography } from '@mui/material';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import type { Verdict } from '../../../../../electron/api/contract';
import { VERDICT_TITLE, VERDICT_TONE, formatInterval, formatKappa } from './calibrationFigures';

const ICON = { within: CheckCircleOutlined, below: ErrorOutlineOutlined, above: HelpOutlineOutlined, undetermined: HelpOutlineOutlined } as const;

/** The plain verdict: is the judge within the human range? With the three figures it rests on. */
export function VerdictBanner({ verdict, statisticLabel }: { verdict: Verdict; statisticLabel: string }) {
  const tone = VERDICT_TONE[verdict.verdict];
  const Icon = ICON[verdict.verdict];
  const figures: [string, string, string][] = [
    [`Judge vs annotators (mean ${statisticLabel})`, formatKappa(verdict.judgeKappa), 'verdict-judge'],
    [`Annotator pairs (mean ${statisticLabel})`, formatKappa(verdict.humanKappa), 'verdict-human'],
    ['Human range (95%)', formatInterval(verdict.humanRange), 'verdict-range'],
  ];
  // The message starts with the verdict itself; the title says it, so the sentence gives the reasons.
  const reason = verdict.message.replace(/^[^:]*:\s*/, '');
  return (
    <Paper
      variant="outlined"
      role="status"
      data-testid="verdict"
      data-verdict={verdict.verdict}
      sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap', px: 2.5, py: 2, borderLeft: 5, borderLeftColor: `${tone}.main`, bgcolor: tone === 'secondary' ? 'background.default' : `${tone}.light` }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flex: '1 1 360px', minWidth: 0 }}>
        <Icon sx={{ color: `${tone}.main`, fontSize: 28, mt: 0.25 }} />
        <Box>
          <Typography sx={{ fontWeight: 700, fontSize: 18, color: `${tone}.main`, lineHeight: 1.3 }}>{VERDICT_TITLE[verdict.verdict]}</Typography>
          <Typography variant="body2" sx={{ mt: 0.25 }}>
            {reason.charAt(0).toUpperCase() + reason.slice(1)}.
          </Typography>
        </Box>
      </Box>
      {figures.map(([label, value, testId]) => (
        <Box key={label} sx={{ minWidth: 150, pl: 2.5, borderLeft: 1, borderColor: 'rgba(0,0,0,0.08)' }}>
          <Typography variant="caption" color="text.secondary" component="div">
            {label}
          </Typography>
          <Typography sx={{ fontWeight: 700, fontSize: 22, fontVariantNumeric: 'tabular-nums', lineHeight: 1.3 }} data-testid={testId}>
            {value}
          </Typography>
        </Box>
      ))}
    </Paper>
  );
}
