import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts';
import type { SystemRanking } from '../../../../../electron/api/contract';
import { formatCount, sentenceStart } from '../../../common/format';
import { formatKappa } from '../calibration/calibrationFigures';
import { Section } from '../calibration/Section';
import { decimal } from '../../../../../electron/common/numberFormat';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const score = (v: number | null) => decimal(v, 2);

/** Systems ranked by the mean score each run gives their items, side by side, and Spearman's ρ between the two rankings. */
export function SystemRankingPanel({ ranking, a, b }: { ranking: SystemRanking; a: number; b: number }) {
  const rows = [...ranking.systems].sort((x, y) => (x.rankA ?? Infinity) - (y.rankA ?? Infinity));
  // ρ in full colour only when its test says the runs rank alike; a ρ = 1.00 over three systems is no evidence.
  const alike = ranking.spearmanTest.pValue !== null && ranking.spearmanTest.verdict === 'the runs rank the systems alike';
  return (
    <Section
      title={`Systems by ${ranking.by} · ${ranking.question}`}
      testId="system-ranking"
      note={`Each system’s mean score (the levels’ values) from each run, rank 1 the best. Spearman’s ρ says whether the two judges order the systems alike, tested one-sided (ρ > 0) by exact permutation up to ten systems.`}
      action={
        <Typography
          sx={{ fontWeight: 700, fontSize: 18, fontVariantNumeric: 'tabular-nums', color: alike ? undefined : 'text.secondary' }}
          data-testid="spearman"
          title={ranking.spearmanTest.message}
        >
          ρ = {formatKappa(ranking.spearman.value)}
        </Typography>
      }
    >
      <Typography variant="body2" color="text.secondary" component="p" sx={{ mb: 1 }} data-testid="spearman-test">
        {sentenceStart(ranking.spearmanTest.message)}.
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, gap: 2, alignItems: 'start' }}>
        <BarChart
          height={Math.max(160, rows.length * 44 + 60)}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: rows.map((r) => r.system), width: 120 }]}
          series={[
            { label: `Run ${a}`, data: rows.map((r) => r.scoreA), color: '#2f5d8a', valueFormatter: (v) => score(v) },
            { label: `Run ${b}`, data: rows.map((r) => r.scoreB), color: '#c47814', valueFormatter: (v) => score(v) },
          ]}
          margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
          slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
        />
        <Table size="small" aria-label="System ranking" sx={{ '& td, & th': { px: 1 } }}>
          <TableHead>
            <TableRow>
              <TableCell>System</TableCell>
              <TableCell align="right">Items</TableCell>
              <TableCell align="right">Run {a} score</TableCell>
              <TableCell align="right">Rank</TableCell>
              <TableCell align="right">Run {b} score</TableCell>
              <TableCell align="right">Rank</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.system} data-testid="system-row" data-system={r.system}>
                <TableCell>{r.system}</TableCell>
                <TableCell align="right" sx={num}>{formatCount(r.units)}</TableCell>
                <TableCell align="right" sx={num}>{score(r.scoreA)}</TableCell>
                <TableCell align="right" sx={{ ...num, fontWeight: 600 }}>{r.rankA ?? '—'}</TableCell>
                <TableCell align="right" sx={num}>{score(r.scoreB)}</TableCell>
                <TableCell align="right" sx={{ ...num, fontWeight: 600, color: r.rankA !== r.rankB ? 'warning.main' : undefined }}>{r.rankB ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Section>
  );
}
