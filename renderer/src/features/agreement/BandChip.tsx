import { Chip } from '@mui/material';
import type { LandisKochBand } from '../../../../electron/api/contract';

const TONE: Record<LandisKochBand, { bg: string; fg: string }> = {
  poor: { bg: '#fbeaea', fg: '#8c1d18' },
  slight: { bg: '#fbeaea', fg: '#8c1d18' },
  fair: { bg: '#fdf1dc', fg: '#7a4500' },
  moderate: { bg: '#eef2f6', fg: '#3d4a59' },
  substantial: { bg: '#e8eff6', fg: '#214566' },
  'almost perfect': { bg: '#e7f4ec', fg: '#1f5e39' },
};

/** The Landis–Koch band of a κ, tinted from poor (red) to almost perfect (green); a dash when κ is undefined. */
export function BandChip({ band }: { band: LandisKochBand | null }) {
  if (band === null) return <span aria-label="no band">—</span>;
  const tone = TONE[band];
  return <Chip size="small" label={band} sx={{ bgcolor: tone.bg, color: tone.fg, fontWeight: 600, height: 22 }} />;
}
