import { Box, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { CurationCounts as Counts } from '../../../../electron/api/contract';
import { count } from '../../../../electron/common/numberFormat';
import { kindNoun } from './kindNoun';

/** Before and after per kind: what the curated release keeps, and why the rest is not in it. */
export function CurationCounts({ counts }: { counts: Counts[] }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="curation-counts-title">
      <Box sx={{ px: 2.5, pt: 2, pb: 1 }}>
        <Typography variant="h3" id="curation-counts-title">
          Before and after
        </Typography>
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Items before and after curation" sx={{ '& :is(th, td):first-of-type': { pl: 2.5 }, '& :is(th, td):last-of-type': { pr: 2.5 }, '& td': { fontVariantNumeric: 'tabular-nums' } }}>
          <TableHead>
            <TableRow>
              <TableCell>Kind</TableCell>
              <TableCell align="right">Before</TableCell>
              <TableCell align="right">Kept</TableCell>
              <TableCell align="right">Rejected</TableCell>
              <TableCell align="right">Removed with flowgraph</TableCell>
              <TableCell align="right">Not judged</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {counts.map((c) => (
              <TableRow key={c.kind} data-testid={`curation-counts-${c.kind}`}>
                <TableCell sx={{ fontWeight: 600 }}>{kindNoun(c.kind, 2)}</TableCell>
                <TableCell align="right">{count(c.before)}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, color: 'success.dark' }}>
                  {count(c.kept)}
                </TableCell>
                <TableCell align="right" sx={{ color: c.rejected ? 'error.main' : 'text.secondary' }}>
                  {count(c.rejected)}
                </TableCell>
                <TableCell align="right" sx={{ color: c.removedWithFlowgraph ? 'error.main' : 'text.secondary' }}>
                  {count(c.removedWithFlowgraph)}
                </TableCell>
                <TableCell align="right" sx={{ color: c.unjudged ? 'warning.dark' : 'text.secondary' }}>
                  {count(c.unjudged)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
