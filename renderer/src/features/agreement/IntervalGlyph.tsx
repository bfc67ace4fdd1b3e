import { Box } from '@mui/material';

type Interval = readonly [number, number];

// 100 px: at 120 the summary table did not fit a 1280-px window.
const WIDTH = 100;
const HEIGHT = 24;
const MIN = -0.2;
const x = (v: number) => ((Math.max(MIN, Math.min(1, v)) - MIN) / (1 - MIN)) * (WIDTH - 8) + 4;

/**
 * A κ and its intervals drawn on the −0.2…1 scale with the Landis–Koch cut points: the thick
 * bar is the bootstrap interval, the thin line the normal one, the square the estimate — so a
 * column of rows reads like a forest plot.
 */
export function IntervalGlyph({ value, normal, bootstrap, label }: { value: number | null; normal: Interval | null; bootstrap: Interval | null; label: string }) {
  if (value === null) return null;
  return (
    <Box component="svg" width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} sx={{ display: 'block' }}>
      {[0.2, 0.4, 0.6, 0.8].map((t) => (
        <line key={t} x1={x(t)} x2={x(t)} y1={4} y2={HEIGHT - 4} stroke="#e1e5ea" />
      ))}
      <line x1={x(0)} x2={x(0)} y1={2} y2={HEIGHT - 2} stroke="#8a96a5" />
      <line x1={x(1)} x2={x(1)} y1={4} y2={HEIGHT - 4} stroke="#e1e5ea" />
      {/* The normal interval runs just under the bootstrap one, so both stay visible where they overlap. */}
      {normal && <line x1={x(normal[0])} x2={x(normal[1])} y1={HEIGHT / 2 + 5} y2={HEIGHT / 2 + 5} stroke="#5b6878" strokeWidth={1} />}
      {bootstrap && <line x1={x(bootstrap[0])} x2={x(bootstrap[1])} y1={HEIGHT / 2} y2={HEIGHT / 2} stroke="#214566" strokeWidth={4} strokeLinecap="round" />}
      <rect x={x(value) - 4.5} y={HEIGHT / 2 - 4.5} width={9} height={9} fill={value < 0 ? '#b3261e' : '#2f5d8a'} stroke="#fff" strokeWidth={1.5} />
    </Box>
  );
}
