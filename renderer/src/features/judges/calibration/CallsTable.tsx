import { Alert, Box, Chip, Collapse, IconButton, Link, MenuItem, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, TextField, Typography } from '@mui/material';
import KeyboardArrowDownOutlined from '@mui/icons-material/KeyboardArrowDownOutlined';
import { Fragment, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { CallView } from '../../../../../electron/api/contract';
import { useApiQuery } from '../../../api/useApiQuery';
import { formatCount, plural } from '../../../common/format';
import { MONO_FONT } from '../../../theme/theme';
import { formatCost } from '../runs/runFormat';

const STATUS_COLOR = { ok: 'success', invalid: 'warning', failed: 'error' } as const;
const PAGE = 50;
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Every call of a run: status, attempts, tokens, latency, cost; open one to read the raw response, the labels read from it, or the error. */
export function CallsTable({ runId, viewer }: { runId: number; viewer: string | undefined }) {
  const [status, setStatus] = useState<'' | CallView['status']>('');
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const calls = useApiQuery(`judges.calls:${runId}:${status}:${page}:${viewer}`, (api) =>
    api['judges.calls']({ run: runId, status: status || undefined, offset: page * PAGE, limit: PAGE }),
  );
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5 }}>
        <TextField select size="small" label="Status" value={status} onChange={(e) => { setStatus(e.target.value as typeof status); setPage(0); }} sx={{ width: 180 }} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">All calls</MenuItem>
          <MenuItem value="ok">Answered</MenuItem>
          <MenuItem value="invalid">Unreadable</MenuItem>
          <MenuItem value="failed">Failed</MenuItem>
        </TextField>
        {calls.data && (
          <Typography variant="body2" color="text.secondary">
            {plural(calls.data.total, 'call')}
          </Typography>
        )}
      </Box>
      {calls.error && <Alert severity="error">{calls.error}</Alert>}
      {calls.data && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Calls">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>Item</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Answer</TableCell>
                <TableCell align="right">Attempts</TableCell>
                <TableCell align="right">Tokens in / out</TableCell>
                <TableCell align="right">Latency</TableCell>
                <TableCell align="right">Cost</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {calls.data.rows.map((call) => (
                <Fragment key={call.id}>
                  <TableRow hover data-testid="call-row" sx={{ '& > td': { borderBottom: open === call.id ? 0 : undefined } }}>
                    <TableCell padding="checkbox">
                      <IconButton size="small" aria-label={`Details of the call for ${call.externalId}`} onClick={() => setOpen(open === call.id ? null : call.id)}>
                        <KeyboardArrowDownOutlined fontSize="small" sx={{ transform: open === call.id ? 'rotate(180deg)' : undefined }} />
                      </IconButton>
                    </TableCell>
                    <TableCell>
                      <Link component={RouterLink} to={`/items/${call.itemId}${call.unit ? `?unit=${encodeURIComponent(call.unit)}` : ''}`} sx={{ fontFamily: MONO_FONT, fontSize: 12.5 }}>
                        {call.externalId}
                        {call.unit && ` · ${call.unit.replace(':', ' ')}`}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <Chip size="small" label={call.status} color={STATUS_COLOR[call.status]} variant="outlined" />
                      {call.cached && <Chip size="small" label="cached" sx={{ ml: 0.5 }} />}
                    </TableCell>
                    <TableCell sx={{ maxWidth: 360 }}>
                      <Typography variant="body2" noWrap title={call.error ?? undefined} color={call.error ? 'error' : 'text.primary'}>
                        {call.labels ? call.labels.map((l) => `${l.question}${l.unit ? ` (${l.unit})` : ''}: ${l.na ? 'N/A' : Array.isArray(l.value) ? l.value.join(', ') : String(l.value)}`).join(' · ') : (call.error ?? '—')}
                      </Typography>
                    </TableCell>
                    <TableCell align="right" sx={num}>{call.attempts}</TableCell>
                    <TableCell align="right" sx={num}>{call.promptTokens === null ? '—' : `${formatCount(call.promptTokens)} / ${formatCount(call.completionTokens ?? 0)}`}</TableCell>
                    <TableCell align="right" sx={num}>{call.latencyMs === null ? '—' : `${formatCount(Math.round(call.latencyMs))} ms`}</TableCell>
                    <TableCell align="right" sx={num}>{formatCost(call.cost)}</TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={8} sx={{ py: 0, borderBottom: open === call.id ? undefined : 0 }}>
                      <Collapse in={open === call.id} unmountOnExit>
                        <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 2, py: 1.5 }}>
                          <Block title="Model’s message" text={call.content ?? call.error ?? '—'} />
                          <Block title="Raw response" text={call.rawResponse ?? '—'} />
                        </Box>
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              ))}
            </TableBody>
          </Table>
          <TablePagination component="div" count={calls.data.total} page={page} rowsPerPage={PAGE} rowsPerPageOptions={[PAGE]} onPageChange={(_e, p) => setPage(p)} />
        </TableContainer>
      )}
    </Box>
  );
}

function Block({ title, text }: { title: string; text: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary">
        {title}
      </Typography>
      <Box component="pre" sx={{ m: 0, p: 1.25, bgcolor: '#fafbfc', border: 1, borderColor: 'divider', borderRadius: 1, fontFamily: MONO_FONT, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 320, overflow: 'auto' }}>
        {text}
      </Box>
    </Box>
  );
}
