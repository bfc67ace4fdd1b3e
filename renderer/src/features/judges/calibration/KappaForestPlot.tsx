import { Box, Typography, useTheme } from '@mui/material';
import { ChartsContainer, ChartsReferenceLine, ChartsXAxis, ChartsYAxis, useDrawingArea, useXScale, useYScale } from '@mui/x-charts';
import { formatInterval, formatKappa } from './calibrationFigures';
import { kappaDomain, PAIR_GROUP_COLOR, PAIR_GROUP_LABEL, type PairRow } from './pairRows';

interface Props {
  rows: PairRow[];
  humanRange: [number, number] | null;
  statisticLabel: string;
}

const ROW_HEIGHT = 34;

/**
 * Each pair's κ with its 95% interval on one axis (a forest plot), the human range shaded
 * behind: where the judge's rows fall against that band is the verdict at a glance.
 */
export function KappaForestPlot({ rows, humanRange, statisticLabel }: Props) {
  const [min, max] = kappaDomain(rows, humanRange);
  // The surface sizes itself to its parent, so it gets a block of its own to measure.
  return (
    <Box sx={{ width: '100%', minWidth: 0 }} data-testid="kappa-plot">
      <ChartsContainer
        height={rows.length * ROW_HEIGHT + 56}
        series={[]}
        xAxis={[{ id: 'kappa', scaleType: 'linear', min, max, label: statisticLabel, tickNumber: 6, valueFormatter: (v: number) => formatKappa(v) }]}
        yAxis={[{ id: 'pairs', scaleType: 'band', data: rows.map((r) => r.label), width: 120 }]}
        margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
      >
        <HumanRangeBand range={humanRange} />
        {min <= 0 && <ChartsReferenceLine x={0} lineStyle={{ stroke: '#aab4bf', strokeDasharray: '3 3' }} />}
        <Intervals rows={rows} />
        <ChartsXAxis axisId="kappa" />
        <ChartsYAxis axisId="pairs" disableTicks tickLabelStyle={{ fontSize: 12.5 }} />
      </ChartsContainer>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap', mt: 0.5 }}>
        {[...new Set(rows.map((r) => r.group))].map((group) => (
          <Typography key={group} variant="caption" color="text.secondary" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
            <Box component="span" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: PAIR_GROUP_COLOR[group] }} />
            {PAIR_GROUP_LABEL[group]}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

function HumanRangeBand({ range }: { range: [number, number] | null }) {
  const x = useXScale<'linear'>('kappa');
  const { top, height } = useDrawingArea();
  if (!range) return null;
  const [a, b] = [x(range[0]), x(range[1])];
  return (
    <g aria-label={`Human range ${formatInterval(range)}`}>
      <rect x={a} y={top} width={Math.max(1, b - a)} height={height} fill="#e7f4ec" />
      <text x={(a + b) / 2} y={top + 11} textAnchor="middle" fontSize={10.5} fill="#2e7d4f">
        human range
      </text>
    </g>
  );
}

function Intervals({ rows }: { rows: PairRow[] }) {
  const theme = useTheme();
  const x = useXScale<'linear'>('kappa');
  const y = useYScale<'band'>('pairs');
  const half = y.bandwidth() / 2;
  return (
    <g>
      {rows.map((row) => {
        const cy = (y(row.label) ?? 0) + half + 4;
        const { value, ci95 } = row.figure.kappa;
        const color = PAIR_GROUP_COLOR[row.group];
        return (
          <g key={row.key} data-testid="forest-row">
            {ci95 && (
              <>
                <line x1={x(ci95[0])} x2={x(ci95[1])} y1={cy} y2={cy} stroke={color} strokeWidth={2} strokeLinecap="round" />
                <line x1={x(ci95[0])} x2={x(ci95[0])} y1={cy - 5} y2={cy + 5} stroke={color} strokeWidth={1.5} />
                <line x1={x(ci95[1])} x2={x(ci95[1])} y1={cy - 5} y2={cy + 5} stroke={color} strokeWidth={1.5} />
              </>
            )}
            {value !== null ? (
              <circle cx={x(value)} cy={cy} r={5} fill={color} stroke={theme.palette.background.paper} strokeWidth={1.5}>
                <title>{`${row.label}: ${formatKappa(value)} (95% ${formatInterval(ci95)})`}</title>
              </circle>
            ) : (
              <text x={x(0) + 6} y={cy + 4} fontSize={11.5} fill={theme.palette.text.secondary}>
                undefined{row.figure.kappa.reason ? ` — ${row.figure.kappa.reason}` : ''}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}
