import { Box, Chip, Tooltip } from '@mui/material';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import type { TraceAlignmentRow } from '../../../../../electron/api/artifacts';
import { plural } from '../../../common/format';
import { parameterMismatches } from './turnMarks';

/**
 * Where a tool call stands against the expected trace, on the call itself: the expected call it
 * matches, or extra, misordered, or with differing parameters.
 */
export function TraceMark({ row }: { row: TraceAlignmentRow }) {
  const mismatches = parameterMismatches(row);
  let label: string;
  let tone: 'warning' | 'error';
  let title: string;
  if (row.status === 'extra') {
    [label, tone, title] = ['Extra call', 'warning', 'The expected trace has no such call here'];
  } else if (row.status === 'retry') {
    [label, tone, title] = [`Failed · retried at call #${(row.retriedBy ?? 0) + 1}`, 'warning', 'The call failed and the agent made it again: not counted as an extra call'];
  } else if (row.status === 'misordered') {
    [label, tone, title] = [`Misordered · expected #${row.expectedIndex! + 1}`, 'warning', 'Expected, but out of order'];
  } else if (mismatches.length > 0) {
    [label, tone, title] = [`${plural(mismatches.length, 'parameter')} differ${mismatches.length === 1 ? 's' : ''}`, 'error', mismatches.map((p) => p.name).join(', ')];
  } else {
    // A call that is as expected needs no colour: a quiet note of which expected call it is.
    return (
      <Tooltip title="Matches the expected call, arguments equal">
        <Box component="span" data-testid="turn-trace-mark" data-status="match" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.4, fontSize: 12, color: 'text.secondary' }}>
          <CheckOutlined sx={{ fontSize: 14, color: 'success.main' }} aria-hidden />
          Expected #{row.expectedIndex! + 1}
        </Box>
      </Tooltip>
    );
  }
  return (
    <Tooltip title={title}>
      <Chip size="small" variant="outlined" color={tone} label={label} data-testid="turn-trace-mark" data-status={row.status} sx={{ height: 20, fontSize: 11.5, bgcolor: '#fff' }} />
    </Tooltip>
  );
}
