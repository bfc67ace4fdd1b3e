import { Chip } from '@mui/material';
import type { BandJudgement, LandisKochBand } from '../../../../electron/api/contract';
import { bandText } from '../../../../electron/common/bandText';

const TONE: Record<LandisKochBand, { bg: string; fg: string }> = {
  poor: { bg: '#fbeaea', fg: '#8c1d18' },
  slight: { bg: '#fbeaea', fg: '#8c1d18' },
  fair: { bg: '#fdf1dc', fg: '#7a4500' },
  moderate: { bg: '#eef2f6', fg: '#3d4a59' },
  substantial: { bg: '#e8eff6', fg: '#214566' },
  'almost perfect': { bg: '#e7f4ec', fg: '#1f5e39' },
};

/** A range of bands or too little evidence is no verdict, so it gets no verdict's colour. */
const NEUTRAL = { bg: '#f0f0f0', fg: '#4a4a4a' };

/**
 * A range or "not enough evidence (n = 5)" on two lines, broken after the dash or before the n,
 * so that it neither widens the summary table past a 1280-px window nor splits "almost perfect".
 */
function twoLines(text: string): string {
  return text.replace(' – ', ' –\n').replace(' (n = ', '\n(n = ');
}

/**
 * The Landis–Koch judgement of a κ (core/stats' `landisKochJudgement`, on its 95% interval and
 * n): one band, tinted from poor (red) to almost perfect (green); a range of bands
 * ("substantial – almost perfect") or "not enough evidence (n = 5)" in neutral grey, with the
 * reason on hover; a dash when κ is undefined. `evidence` (the interval and n it rests on) goes
 * in the tooltip of a band or a range.
 */
export function BandChip({ judgement, evidence }: { judgement: BandJudgement | null; evidence?: string }) {
  if (judgement === null) return <span aria-label="no band">—</span>;
  const tone = judgement.kind === 'band' ? TONE[judgement.band] : NEUTRAL;
  const title = judgement.kind === 'insufficient' ? judgement.reason : evidence;
  return (
    <Chip
      size="small"
      label={twoLines(bandText(judgement))}
      title={title}
      data-testid="band-chip"
      data-kind={judgement.kind}
      sx={{
        bgcolor: tone.bg,
        color: tone.fg,
        fontWeight: judgement.kind === 'band' ? 600 : 500,
        height: 'auto',
        minHeight: 22,
        '& .MuiChip-label': { whiteSpace: 'pre', lineHeight: 1.3, py: '2px' },
      }}
    />
  );
}
